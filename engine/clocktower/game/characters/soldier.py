"""The Soldier: safe from the Demon."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, works
from engine.clocktower.game.roles import Role


class Soldier(Role):
    id = "soldier"

    def protects(self, state: State, seat: Seat, target: int) -> bool:
        return seat.player == target and works(state, target)
