"""The Tea Lady: while both her living neighbours are good, neither can die (of anything but the
Assassin's kill). Her ability must work: alive, sober and healthy."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, neighbours, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


class TeaLady(Role):
    id = "tealady"

    def cannot_die(self, state: State, seat_: Seat, target: int, cause: str) -> bool:
        near = neighbours(state, seat_.player)
        if target not in near or not works(state, seat_.player):
            return False
        return all(seat(state, p).alignment == "good" for p in near)
