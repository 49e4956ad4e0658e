"""The Courtier: once per game, at night, may choose a character; whoever holds it is drunk for
three nights and three days (until the third dusk after), while the Courtier's ability works.
Choosing a character no one holds, or choosing while drunk or poisoned, spends the ability to no
effect. Each night until then the Courtier may choose no one.

The reasoning model reads no evidence from it: it learns nothing, and the drunkenness it brings
is in no world."""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import NOBODY, Seat, State, put_marks, with_seat
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works

DRINKS = 3  # nights and days the Courtier's choice stays drunk
USES = 0.4  # how often a simulated Courtier spends the ability on a night it may


class Courtier(Role):
    id = "courtier"

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.alive and not seat.used

    def night(self, state: State, player: int, key: str) -> Result:
        options = (NOBODY, *playable(state))
        (cid,) = choose(state, key, player, self.id, options, ask="character")
        if cid == NOBODY:
            return state, []
        state = with_seat(state, player, used=True)
        if not works(state, player):
            return state, []
        held = tuple(s.player for s in state.seats if s.character == cid)
        return put_marks(state, "drunk", player, held, dusks=DRINKS, note="courtier"), []

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A simulated Courtier names a Demon of the script, now and then."""
        demons = [c for c in options if c != NOBODY and char(state, c).team == "demon"]
        if demons and table.rng.random() < USES:
            return (table.rng.choice(demons),)
        return (NOBODY,)
