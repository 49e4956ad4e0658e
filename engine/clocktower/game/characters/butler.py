"""The Butler: each night, chooses a Master; by day, their vote counts only if the Master's
does (a raised hand of the Butler counts only when the Master raised theirs too)."""

from __future__ import annotations

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State, mark_target, put_mark
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


class Butler(Role):
    id = "butler"
    reminders = {"master": "the Butler's master"}

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        (target,) = choose(state, key, player, self.id, others)
        return put_mark(state, "master", player, target), []

    def vote_counts(self, state: State, seat: Seat, yes: tuple[int, ...]) -> bool:
        if not works(state, seat.player):
            return True
        return mark_target(state, "master", seat.player) in yes
