"""The Assassin: once per game, at night after the first, may choose a player, who dies even if
something would keep them alive (the Sailor, the Tea Lady, the Innkeeper, the Fool, even the
Zombuul's first death: ``death.UNSTOPPABLE``). Choosing while drunk or poisoned spends the
ability to no effect."""

from __future__ import annotations

from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import NOBODY, Seat, State, with_seat
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works

STRIKES = 0.4  # how often a simulated Assassin strikes on a night it may


class Assassin(Role):
    id = "assassin"
    reasoned = True

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """Its one kill, struck on a night after the first with chance ``STRIKES`` if not
        struck before (whether it was is not public: the chance is the marginal one)."""
        if night <= 1:
            return (1.0,)
        now = STRIKES * (1.0 - STRIKES) ** (night - 2)
        return (1.0 - now, now)

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.alive and not seat.used

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key, player, self.id, (NOBODY, *everyone))
        if target == NOBODY:
            return state, []
        state = with_seat(state, player, used=True)
        state, effects = aim(state, player, target, key)
        if not works(state, player):
            return state, effects
        state, more = die(state, target, "assassin", key)
        return state, effects + more

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        if table.rng.random() >= STRIKES:
            return (NOBODY,)
        teammates = table.team(state, player)
        prey = [p for p in options if p not in teammates and p != NOBODY]
        return (table.rng.choice(prey),) if prey else (NOBODY,)
