"""The Goblin: if they publicly claim to be the Goblin when nominated, and are executed that
day, their team (evil, unless their alignment changed) wins at once, whether or not the
execution kills them. The claim counts when made right after their nomination: today, with
their nomination the latest (a claim waits for the vote to end, ``claims.claim``; a claim made
before they are nominated, or after someone else's nomination, does not count). The ability must
work at the execution (the reminder holds only while it does).

Jinxes: the Cerenovus may make a player mad about being the Goblin; a Plague Doctor's
storyteller who would gain the Goblin's ability gives it to a Minion. Neither is run yet."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, marks_of, put_mark
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import holds

CLAIMED = "goblin_claimed"


class Goblin(Role):
    id = "goblin"
    reasoned = True  # the reasoning model: its claim is not weighed
    policy = "No rulings: a Goblin who claimed when nominated and is executed that day wins."
    endings = {"goblin": "the Goblin claimed when nominated and was executed"}
    reminders = {CLAIMED: "claimed to be the Goblin when nominated"}

    def claimed(self, state: State, seat: Seat, claimer: int, cid: str, key: str) -> Result:
        if claimer != seat.player or cid != self.id or not state.history:
            return state, []
        last = state.history[-1]
        if last.day != state.day or last.nominee != claimer or last.exile:
            return state, []
        return put_mark(state, CLAIMED, claimer, claimer, dusks=1), []

    def judges_execution(self, state: State, seat: Seat, executee: int) -> tuple[str, str] | None:
        if executee != seat.player:
            return None
        if not any(holds(state, m) for m in marks_of(state, CLAIMED, seat.player)):
            return None
        return seat.alignment, "goblin"
