"""The Scarlet Woman: becomes the Demon when it dies, if five or more players were alive."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


class ScarletWoman(Role):
    id = "scarletwoman"
    reasoned = True
    inherits = 5

    def takes_over(self, state: State, seat: Seat, alive_before: int) -> bool:
        return works(state, seat.player) and alive_before >= (self.inherits or 0)
