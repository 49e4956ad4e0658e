"""The Princess: on her first day (the day after she became the Princess, the first day for a
Princess dealt), if she nominated the player executed that day, the Demon does not kill that
night (``kill.stay_demons``, at her place in the night order, before the Demons; nobody wakes).
Her ability must work then: a drunk or poisoned Princess stays nobody's hand.

Jinx: a Cannibal who nominated, executed and so ate the Princess has her ability that same day,
whichever day it is (``cannibal.LUNCH``: the player they ate)."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.abilities.change import became_on
from engine.clocktower.game.abilities.kill import stay_demons
from engine.clocktower.game.characters.cannibal import LUNCH
from engine.clocktower.game.model import Seat, State, marks_of
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


def first_day(state: State, player: int) -> int:
    """The Princess' first day: the day after the night she became it (day 1 if dealt)."""
    return max(became_on(state, player), 1)


class Princess(Role):
    id = "princess"
    reminders = {"no_kill": "the Demon does not kill tonight"}
    policy: ClassVar[str] = "No rulings: the Demon's kills stop exactly as the ability says."

    def wakes(self, state: State, seat: Seat) -> bool:
        if not works(state, seat.player):
            return False
        if seat.character == "cannibal":  # the jinx: the day they ate her is their first
            eaten = marks_of(state, LUNCH, seat.player)
            return bool(eaten) and eaten[0].target == state.executed
        return state.day == first_day(state, seat.player)

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn: the Princess does not wake

    def night(self, state: State, player: int, key: str) -> Result:
        executed = state.executed
        nominated = any(
            n.day == state.day and n.nominator == player and n.nominee == executed
            for n in state.history
        )
        if executed is None or not nominated:
            return state, []
        return stay_demons(state, player), []
