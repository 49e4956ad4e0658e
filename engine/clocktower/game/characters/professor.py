"""The Professor: once per game, at night after the first, may choose a dead player; if they are
a Townsfolk (as they register: a dead Spy may), they come back to life, with their ability and
their vote. One whose turn comes later in the night wakes tonight. Choosing anyone else, or
choosing while drunk or poisoned, spends the ability to no effect.

The reasoning model reads no evidence from it: it learns nothing, and a revival is not on the
public record."""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.death import revive
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import NOBODY, Seat, State, lives, with_seat
from engine.clocktower.game.registration import may_register_as_team
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works

USES = 0.5  # how often a simulated Professor revives someone when it may


class Professor(Role):
    id = "professor"
    policy = (
        "A dead Spy chosen registers as a Townsfolk (and returns) 10-50% of the time, more when "
        "good is ahead."
    )

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.alive and not seat.used and any(not s.alive for s in state.seats)

    def night(self, state: State, player: int, key: str) -> Result:
        dead = tuple(s.player for s in state.seats if not s.alive)
        (target,) = choose(state, key + ":pick", player, self.id, (NOBODY, *dead))
        if target == NOBODY:
            return state, []
        state = with_seat(state, player, used=True)
        state, effects = aim(state, player, target, key)
        if not works(state, player) or lives(state, target):
            return state, effects
        options = may_register_as_team(state, target, "townsfolk")
        townsfolk = rule(
            state, key, "registration", options, player=target, team="townsfolk", cause=self.id
        )
        return (revive(state, target) if townsfolk else state), effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A simulated Professor brings back the dead player it trusts most, now and then."""
        dead = [s.player for s in state.seats if not s.alive]
        if dead and table.rng.random() < USES:
            return (table.ranked(state, player, dead)[-1],)
        return (NOBODY,)
