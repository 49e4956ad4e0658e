"""The Banshee: if the Demon kills her (a ``demon`` death while her ability works), everyone
learns it at dawn (``Wailed``, public), and from then on she may nominate twice a day and vote
twice per nomination, dead or alive: her hand counts twice (``vote_factor``) and, dead, spends no
ghost vote (``ballot``). Drunk or poisoned later, she nominates and votes as anyone else.

Jinx with the Vortox: the table still learns that the Banshee died (the announcement is not the
Banshee's information, so the Vortox does not falsify it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.model import Seat, State, marks_of, put_mark
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import sober
from engine.core import Event, Public

WAILED = "wailed"
NOMINATIONS = 2


@dataclass(frozen=True)
class Wailed(Event, Public):
    """At dawn: the Demon killed the Banshee."""

    event = "wailed"
    player: int


def wailing(state: State, seat: Seat) -> bool:
    """Whether the Banshee, killed by the Demon, has her ability (sober) now."""
    return bool(marks_of(state, WAILED, seat.player)) and sober(state, seat.player)


class Banshee(Role):
    id = "banshee"
    events = (Wailed,)
    reminders = {WAILED: "killed by the Demon: nominates and votes twice"}
    policy: ClassVar[str] = "No rulings: the table learns of the Demon's kill as the ability says."

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if cause != "demon" or not sober(state, seat.player):
            return state, []
        return put_mark(state, WAILED, seat.player, seat.player, note=str(state.night)), []

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        tonight = [m for m in marks_of(state, WAILED, seat.player) if m.note == str(state.night)]
        return state, [Wailed(seat.player)] if tonight else []

    def may_nominate(self, state: State, seat: Seat, by: int) -> str | None:
        if by != seat.player or not wailing(state, seat):
            return None
        if state.nominators.count(by) >= NOMINATIONS:
            return "The Banshee nominates at most twice a day."
        return ""

    def ballot(self, state: State, seat: Seat, voter: int) -> str | None:
        if voter == seat.player and not seat.alive and wailing(state, seat):
            return "free"
        return None

    def vote_factor(self, state: State, seat: Seat, voter: int) -> int:
        return 2 if voter == seat.player and wailing(state, seat) else 1

    def says(self, event: Any, words: Words) -> str:
        return (
            f"😱 The Demon killed {words.strong(words.player(event.player))}, the "
            f"{words.character(self.id)}: from now on they may nominate twice a day and vote "
            "twice on each nomination."
        )
