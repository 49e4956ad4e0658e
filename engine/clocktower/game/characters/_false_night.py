"""What the Fibbin and Deus ex Fiasco share: once per game, at a dawn, the storyteller may name
a player whose information the night after is false (``Role.misinforms``, as under the Vortox:
any false answer). Naming someone spends it; the bot names a random candidate with chance
``USE`` at each dawn until it has."""

from __future__ import annotations

import random
from typing import ClassVar

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import SYSTEM, Mark, Pending, Seat, State, put_marks, seat
from engine.clocktower.game.roles import Result, Role


class FalseNight(Role):
    """A Fabled that, once per game, makes a named player's information false for one night."""

    kind: ClassVar[str] = ""  # the reminder and the ruling's topic
    USE: ClassVar[float] = 0.5  # the bot's chance of naming someone at a given dawn

    def candidates(self, state: State) -> tuple[int, ...]:
        """Whom the storyteller may name: the living good players."""
        return tuple(s.player for s in state.seats if s.alive and s.alignment == "good")

    def named(self, state: State) -> Mark | None:
        return next((m for m in state.marks if m.kind == self.kind), None)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if self.named(state) is not None:
            return state, []
        chosen = rule(state, f"{key}:{self.kind}", self.kind, (0, *self.candidates(state)), truth=0)
        if chosen == 0:
            return state, []
        night = str(state.night + 1)
        return put_marks(state, self.kind, SYSTEM, (chosen,), character=self.id, note=night), []

    def misinforms(self, state: State, seat_: Seat, learner: int) -> bool:
        mark = self.named(state)
        return (
            mark is not None
            and mark.target == learner
            and mark.note == str(state.night)
            and seat(state, learner).alignment == "good"
        )

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != self.kind or len(pending.options) < 2:
            return None
        return rng.randrange(1, len(pending.options)) if rng.random() < self.USE else 0
