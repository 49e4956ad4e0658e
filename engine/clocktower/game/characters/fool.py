"""The Fool: the first time they would die, they do not (if their ability works then; the
Assassin's kill is not stopped). A death some protection already stops does not spend it. By
day the town sees the executed Fool survive; at night nothing shows.

The reasoning model reads no evidence from it: it learns nothing; the death it escapes is among
the stopped kills of the night's death count (``SAVED``)."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, with_seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


class Fool(Role):
    id = "fool"

    def spares(
        self, state: State, seat: Seat, target: int, cause: str, key: str
    ) -> tuple[State, bool]:
        if target != seat.player or seat.used or not works(state, target):
            return state, False
        return with_seat(state, target, used=True), True
