"""The Butcher (Traveller): each day, after the day's first execution (even of someone who did
not die, even a mid-day one), may nominate once more, any player, even one nominated today; the
day goes on after the execution while they may, and the new vote starts from an empty block."""

from __future__ import annotations

from engine.clocktower.game.abilities.votes import nomination_rule
from engine.clocktower.game.actions import Nominate
from engine.clocktower.game.model import Mark, Seat, State, marks_of, put_mark, residents
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works

NOMINATES = 0.5  # how often a simulated Butcher nominates again


class Butcher(Role):
    id = "butcher"
    reminders = {"butchered": "nominated again today"}

    def nominates_again(self, state: State, seat: Seat, by: int) -> bool:
        return (
            by == seat.player
            and state.executed is not None
            and not marks_of(state, "butchered", by)
            and works(state, by)
        )

    def nominating(
        self, state: State, seat: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        if nominator != seat.player or state.executed is None:
            return state, []
        return put_mark(state, "butchered", nominator, nominee, dusks=1), []

    def holds(self, state: State, mark: Mark) -> bool:
        return True

    def day_move(self, table: Table, state: State) -> Nominate | None:
        for s in state.seats:
            if s.character != self.id or not self.nominates_again(state, s, s.player):
                continue
            if nomination_rule(state, s.player) is not None:  # a Bishop's storyteller nominates
                continue
            if table.once("butcher", state.day):
                pool = [p for p in residents(state) if p != s.player]
                if pool and table.rng.random() < NOMINATES:
                    return Nominate(s.player, table.ranked(state, s.player, pool)[0])
        return None
