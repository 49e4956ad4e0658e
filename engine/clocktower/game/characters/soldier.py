"""The Soldier: safe from the Demon."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


class Soldier(Role):
    id = "soldier"

    def protects(self, state: State, seat: Seat, target: int) -> bool:
        return seat.player == target and works(state, target)
