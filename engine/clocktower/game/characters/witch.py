"""The Witch: each night, curses a player; if they nominate the next day, they die (their
nomination still stands). With just three players alive the Witch loses her ability for good.
A cursed player's nomination that does not kill because the Witch is drunk or poisoned worked
abnormally."""

from __future__ import annotations

from engine.clocktower.game import abnormal
from engine.clocktower.game.characters._sv import trusted_prey
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Mark, Seat, State, alive, living, marks_of, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import active, works

LAST = 3  # with this many players alive the Witch loses her ability


class Witch(Role):
    id = "witch"
    reasoned = True
    reminders = {"cursed": "cursed"}

    def wakes(self, state: State, seat: Seat) -> bool:
        return active(state, seat.player) and len(living(state)) > LAST

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        return put_mark(state, "cursed", player, target, dusks=1), []

    def holds(self, state: State, mark: Mark) -> bool:
        return (
            seat(state, mark.source).character == mark.character
            and len(living(state)) > LAST
            and works(state, mark.source)
        )

    def nominating(
        self, state: State, seat_: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        for m in marks_of(state, "cursed", seat_.player):
            if m.target != nominator or not alive(state, nominator):
                continue
            if self.holds(state, m):
                return die(state, nominator, "curse", key + ":curse")
            if alive(state, seat_.player) and len(living(state)) > LAST:
                return abnormal.mark(state, seat_.player), []
        return state, []

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """The good player the town trusts most: the one whose nomination the town would follow
        (a cursed leader either dies nominating or keeps quiet for a day)."""
        target = trusted_prey(table, state, player, options)
        return None if target is None else (target,)
