"""What the Bad Moon Rising Demons share: the prey a simulated Demon picks (anyone but its
team), and the usual shape of its wake — choose, then attack each choice in turn."""

from __future__ import annotations

from engine.clocktower.game.abilities.kill import attack_all
from engine.clocktower.game.model import State
from engine.clocktower.game.roles import Result, Role, Table


def prey(table: Table, state: State, player: int, options: list[int], pick: int):
    """Random players other than the simulated Demon's known teammates (or None: too few)."""
    teammates = {p for p, v in table.scores(state, player).items() if v <= -100}
    pool = [p for p in options if p not in teammates and p != 0] or [p for p in options if p]
    return tuple(table.rng.sample(pool, pick)) if len(pool) >= pick else None


class Demon(Role):
    """A Demon whose wake is its ``demon_choices``, each chosen player attacked in turn."""

    def night(self, state: State, player: int, key: str) -> Result:
        found = self.demon_choices(state, player, key)
        if found is None:
            return state, []
        state, chosen = found
        return attack_all(state, player, chosen, key)

    def choose(self, table: Table, state: State, player: int, options: list[int], pick: int):
        return prey(table, state, player, options, pick)
