"""The Zealot: while five or more players live (Travellers count), the living Zealot must vote
for every nomination (not for exiles), even one who thinks they may be drunk or poisoned.

Their own lowered hand is refused (``Role.ballot``: ``forced``); a hand the storyteller or a
timeout sets for them is taken as it is (a forgotten vote is not counted, as the rules say).
Dead, the Zealot votes like anyone dead. Self-play raises a forced hand (``selfplay.table``)."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.model import Seat, State, living, seat
from engine.clocktower.game.roles import Role

FORCED_AT = 5  # players alive from which the Zealot must vote


def forced(state: State, player: int) -> bool:
    """Whether the Zealot ``player`` must vote now: alive, with five or more alive."""
    return seat(state, player).alive and len(living(state)) >= FORCED_AT


class Zealot(Role):
    id = "zealot"
    policy: ClassVar[str] = (
        "Nothing to decide: the Zealot's own lowered hand is refused while five or more live."
    )

    def ballot(self, state: State, seat: Seat, voter: int) -> str | None:
        return "forced" if voter == seat.player and forced(state, voter) else None
