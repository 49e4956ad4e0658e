"""The Saint: if executed while alive and working, evil wins."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


class Saint(Role):
    id = "saint"
    endings = {"saint_executed": "the Saint was executed"}

    def executed(self, state: State, seat: Seat) -> tuple[str, str] | None:
        return ("evil", "saint_executed") if works(state, seat.player) else None
