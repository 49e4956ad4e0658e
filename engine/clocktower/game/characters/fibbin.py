"""The Fibbin (Fabled): once per game, one good player might get false information.

The storyteller decides at a dawn, for the night to come: nobody yet, or one living good
player, whose information that night is false (as under the Vortox: ``Role.misinforms``, any
false answer). Once a player is named the Fibbin is spent. (Its use on the first night's
information is left out: the engine has no dawn before it.)
"""

from __future__ import annotations

import random

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, put_marks, seat
from engine.clocktower.game.roles import Result, Role

FIB = "fibbin"
USE = 0.5  # the bot's chance of spending it at a given dawn


class Fibbin(Role):
    id = "fibbin"
    policy = (
        "Spent at a random dawn (half the time each dawn) on a random living good player, "
        "whose information the next night is false."
    )
    topics = {FIB: "whose information tonight is false, once per game (0: nobody yet)"}
    reminders = {FIB: "false information tonight (the Fibbin)"}

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if any(m.kind == FIB for m in state.marks):
            return state, []  # spent
        good = tuple(s.player for s in state.seats if s.alive and s.alignment == "good")
        chosen = rule(state, f"{key}:{FIB}", FIB, (0, *good), truth=0)
        if chosen == 0:
            return state, []
        night = str(state.night + 1)
        return put_marks(state, FIB, SYSTEM, (chosen,), character=self.id, note=night), []

    def misinforms(self, state: State, seat_: Seat, learner: int) -> bool:
        return seat(state, learner).alignment == "good" and any(
            m.kind == FIB and m.target == learner and m.note == str(state.night)
            for m in state.marks
        )

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != FIB or len(pending.options) < 2:
            return None
        return rng.randrange(1, len(pending.options)) if rng.random() < USE else 0
