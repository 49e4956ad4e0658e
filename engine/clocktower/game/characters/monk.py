"""The Monk: each night after the first, makes another player safe from the Demon."""

from __future__ import annotations

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State, mark_target, put_mark
from engine.clocktower.game.roles import Result, Role, Table, most_trusted
from engine.clocktower.game.working import works


class Monk(Role):
    id = "monk"
    reminders = {"safe": "safe from the Demon"}

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        (target,) = choose(state, key, player, self.id, others)
        if works(state, player):
            state = put_mark(state, "safe", player, target, dusks=1)
        return state, []

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_trusted(table, state, player, options, pick)

    def protects(self, state: State, seat: Seat, target: int) -> bool:
        return mark_target(state, "safe", seat.player) == target and works(state, seat.player)
