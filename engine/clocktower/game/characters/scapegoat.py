"""The Scapegoat (Traveller): if a player of its alignment is executed, it might be instead
(the storyteller's choice, ``scapegoat``)."""

from __future__ import annotations

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


class Scapegoat(Role):
    id = "scapegoat"
    policy = "The Scapegoat is executed instead half the time."
    topics = {"scapegoat": "whether the Scapegoat is executed instead"}

    def stand_in(self, state: State, goat: Seat, executee: int, key: str) -> int:
        same_side = goat.alignment == seat(state, executee).alignment
        if goat.player == executee or not works(state, goat.player) or not same_side:
            return executee
        options = (executee, goat.player)
        return int(
            rule(state, key + ":scapegoat", "scapegoat", options, truth=None, player=goat.player)
        )
