"""The Po: each night after the first may choose a player, who dies, or no one; after a night on
which its last choice was no one, it chooses three players, each attacked in turn. The choice
of no one counts even when the Po is drunk or poisoned; a night it is kept asleep (the
Exorcist) is no choice at all, so a charge waits."""

from __future__ import annotations

from engine.clocktower.game.characters._demon import Demon, prey
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import NOBODY, State, marks_of, put_marks
from engine.clocktower.game.roles import Table

CHARGES = 0.25  # how often a simulated Po chooses no one to kill three the next night


def charged(state: State, player: int) -> bool:
    """Whether ``player``'s last choice as the Po was no one."""
    last = marks_of(state, "po_choice", player)
    return bool(last) and last[-1].note == "nobody"


class Po(Demon):
    id = "po"
    reasoned = True
    reminders = {"po_choice": "the Po's last choice"}

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """One a night or (``CHARGES``) none; three after a night it chose no one, which the
        model reads from a night without deaths (a protected kill also leaves none: an
        approximation)."""
        if night <= 1:
            return (1.0,)
        if night > 2 and last == 0:
            return (CHARGES, 0.0, 0.0, 1.0 - CHARGES)
        return (CHARGES, 1.0 - CHARGES)

    def demon_choices(
        self, state: State, player: int, key: str
    ) -> tuple[State, tuple[int, ...]] | None:
        if not self.acts(state, player):
            return None
        everyone = tuple(s.player for s in state.seats)
        if charged(state, player):
            chosen = tuple(choose(state, key + ":pick", player, self.id, everyone, pick=3))
        else:
            (one,) = choose(state, key + ":pick", player, self.id, (NOBODY, *everyone))
            chosen = () if one == NOBODY else (one,)
        note = "nobody" if not chosen else "chose"
        return put_marks(state, "po_choice", player, (player,), note=note), chosen

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        if pick == 1 and table.rng.random() < CHARGES:
            return (NOBODY,)
        return prey(table, state, player, options, pick)
