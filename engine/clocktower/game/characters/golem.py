"""The Golem: may nominate only once per game; when it does, the nominee dies unless they are
the Demon (or register as one: a ruling for a Recluse).

The one nomination is spent whether or not the ability works, and a drunk or poisoned Golem's
nominee does not die (an abnormal ability). The vote on the nominee goes on as usual, the dead
nominee too."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.death import die
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.registration import registers_as
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


class Golem(Role):
    id = "golem"
    policy: ClassVar[str] = "Nothing to decide but a Recluse's registration, by the general policy."

    def may_nominate(self, state: State, seat: Seat, by: int) -> str | None:
        if by == seat.player and spent(state, by):
            return "The Golem may nominate only once per game."
        return None

    def nominating(
        self, state: State, seat: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        if nominator != seat.player:
            return state, []
        state = spend(state, nominator)
        if registers_as(state, key + ":golem", nominee, "demon", self.id):
            return state, []
        if not works(state, nominator):
            return abnormal.mark(state, nominator), []
        return die(state, nominee, "nomination", key + ":golem")  # no character named in public
