"""The Minstrel: when a Minion dies by execution, every other player but the Travellers is drunk
until dusk tomorrow, while the Minstrel's ability works (a Minstrel drunk, poisoned or dead at
that moment does nothing).

The reasoning model reads no evidence from it: it learns nothing, and the drunkenness it brings
is in no world."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, put_marks, seat
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


class Minstrel(Role):
    id = "minstrel"

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        if cause != "execution" or seat(state, dead).team != "minion":
            return state, []
        if not works(state, seat_.player):
            return state, []
        town = tuple(
            s.player for s in state.seats if s.team != "traveller" and s.player != seat_.player
        )
        return put_marks(state, "drunk", seat_.player, town, dusks=2, note="minstrel"), []
