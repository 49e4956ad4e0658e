"""What the Bad Moon Rising Demons share: the usual shape of their wake (asleep on the first
night unless it acts then, or when kept asleep; choose ``picks`` players; attack each in turn)
and the prey a simulated Demon picks (anyone but its team); and the bot storyteller's pick for
Demons whose kill is the storyteller's (``storyteller_prey``)."""

from __future__ import annotations

from random import Random
from typing import ClassVar

from engine.clocktower.game.abilities.kill import attack_all
from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.abilities.wake import kept_asleep
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import NOBODY, State, alive, seat
from engine.clocktower.game.roles import Result, Role, Table


def prey(
    table: Table, state: State, player: int, options: list[int], pick: int
) -> tuple[int, ...] | None:
    """Random players other than the simulated Demon's known teammates (or None: too few).
    Aimed at those the town values most, as the Imp kills, Bad Moon Rising's Demons (who kill
    several a night) left good 25% of games, 35% aiming one night in five (100 games at ten
    players each); at random, 47% (docs/benchmarks.md)."""
    teammates = table.team(state, player)
    pool = [p for p in options if p not in teammates and p != 0] or [p for p in options if p]
    return tuple(table.rng.sample(pool, pick)) if len(pool) >= pick else None


class Demon(Role):
    """A Demon whose wake is its ``demon_choices``, each chosen player attacked in turn."""

    picks: ClassVar[int] = 1  # players chosen a night
    first_night: ClassVar[bool] = False  # acts on the first night too (the Pukka)

    def acts(self, state: State, player: int) -> bool:
        """Whether it wakes to choose tonight (the Zombuul adds its own condition)."""
        return (self.first_night or state.night > 1) and not kept_asleep(state, player)

    def demon_choices(
        self, state: State, player: int, key: str
    ) -> tuple[State, tuple[int, ...]] | None:
        if not self.acts(state, player):
            return None
        everyone = tuple(s.player for s in state.seats)
        return state, tuple(choose(state, key + ":pick", player, self.id, everyone, self.picks))

    def night(self, state: State, player: int, key: str) -> Result:
        found = self.demon_choices(state, player, key)
        if found is None:
            return state, []
        state, chosen = found
        return attack_all(state, player, chosen, key)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return prey(table, state, player, options, pick)


def storyteller_prey(state: State, options: tuple[int, ...], attacker: int, rng: Random) -> int:
    """The bot storyteller's pick of whom a Demon's "a player might die" kills (Lil' Monsta,
    Legion, the Yaggababble): a random living good player the attack can kill; with none, a
    random other living player it can kill (so a game never stalls on a protected last good
    player); with none, nobody (``NOBODY``, which must be among ``options``). Returns the index
    into ``options``."""
    living = [p for p in options if p and alive(state, p) and p != attacker]
    killable = [p for p in living if not safe_from_demon(state, p)]
    good = [p for p in killable if seat(state, p).alignment == "good"]
    pool = good or killable or [NOBODY]
    return options.index(rng.choice(pool))
