"""The Scarlet Woman: becomes the Demon when it dies, if five or more players were alive."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, works
from engine.clocktower.game.roles import Role

MIN_ALIVE = 5


class ScarletWoman(Role):
    id = "scarletwoman"

    def takes_over(self, state: State, seat: Seat, alive_before: int) -> bool:
        return works(state, seat.player) and alive_before >= MIN_ALIVE
