"""The Acrobat: each night but the first, chooses a player (anyone, dead or alive, themself too);
if that player is drunk or poisoned tonight, or becomes so later tonight, the Acrobat dies. It is
judged at the Acrobat's wake and again at the night's end (its turn added once more to the end
of tonight's wakes, with nobody woken), while the Acrobat's own ability works: a drunk or
poisoned Acrobat cannot die of it. The Acrobat learns nothing but their death."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State, evolve, mark_target, put_mark
from engine.clocktower.game.roles import Result, Role, Table, most_trusted
from engine.clocktower.game.working import sober, works

WATCHED = "watched"


class Acrobat(Role):
    id = "acrobat"
    reminders = {WATCHED: "watched by the Acrobat tonight"}
    policy: ClassVar[str] = (
        "No rulings: the Acrobat dies exactly when its chosen player is impaired."
    )

    def rouses(self, state: State, seat: Seat) -> bool:
        return (
            mark_target(state, WATCHED, seat.player) is None
        )  # the night's-end check wakes nobody

    def night(self, state: State, player: int, key: str) -> Result:
        watched = mark_target(state, WATCHED, player)
        if watched is None:
            everyone = tuple(s.player for s in state.seats)
            (watched,) = choose(state, key, player, self.id, everyone)
            state = put_mark(state, WATCHED, player, watched, dusks=1)
            state = evolve(state, queue=(*state.queue, (self.id, player)))
        if works(state, player) and not sober(state, watched):
            return die(state, player, self.id, key)
        return state, []

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """A player the Acrobat trusts: most likely sober."""
        return most_trusted(table, state, player, options, pick)
