"""What the Bureaucrat and the Thief share: each night they choose another player, whose vote
counts ``factor`` times tomorrow while their ability works."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State, mark_target, put_mark
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


class WeighsAVote(Role):
    mark: ClassVar[str] = ""
    factor: ClassVar[int] = 1

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        (target,) = choose(state, key, player, self.id, others)
        return put_mark(state, self.mark, player, target, dusks=1), []

    def vote_factor(self, state: State, seat: Seat, voter: int) -> int:
        chosen = mark_target(state, self.mark, seat.player) == voter
        return self.factor if chosen and works(state, seat.player) else 1
