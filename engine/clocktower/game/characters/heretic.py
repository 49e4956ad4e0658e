"""The Heretic: whoever wins loses, and whoever loses wins, even once the Heretic is dead.

The result of every ending the engine reaches is turned round as the game ends
(``Role.overturn``, asked by ``ending.overturned`` before any Politician reacts to it), and
the table is told why. A drunk or poisoned Heretic changes nothing: the game ends as the rules
say. Its jinxes with the Baron, Godfather, Pit-Hag and Spy (only one of each pair in play) are
setup rules (the Heretic's ``excludes`` in the catalogue)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Role, Words
from engine.clocktower.game.working import sober
from engine.core import Effect, Event, Public

OTHER = {"good": "evil", "evil": "good"}


@dataclass(frozen=True)
class Overturned(Event, Public):
    """The Heretic turned the result round: ``winner`` wins instead of the other team."""

    event = "overturned"
    winner: str


class Heretic(Role):
    id = "heretic"
    events = (Overturned,)
    policy: ClassVar[str] = (
        "Nothing to decide: the result is turned round unless the Heretic is drunk or poisoned."
    )

    def overturn(
        self, state: State, seat: Seat, winner: str, key: str
    ) -> tuple[State, str, list[Effect]]:
        if not sober(state, seat.player):
            return state, winner, []
        return state, OTHER[winner], [Overturned(OTHER[winner])]

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🙃 A {words.character(self.id)} is in play: whoever won, lost. "
            f"{words.strong(event.winner.capitalize())} wins instead."
        )
