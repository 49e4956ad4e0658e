"""The Voudon (Traveller): while the Voudon's ability works, only the Voudon and the dead may
vote, the dead without spending their ghost vote, and a nominee needs no majority: one vote,
and more than anyone else today, puts them on the block. Exiles are unaffected."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works

NEEDED = 1


class Voudon(Role):
    id = "voudon"

    def ballot(self, state: State, seat_: Seat, voter: int) -> str | None:
        if not works(state, seat_.player):
            return None
        return "free" if voter == seat_.player or not seat(state, voter).alive else "barred"

    def votes_needed(self, state: State, seat_: Seat) -> int | None:
        return NEEDED if works(state, seat_.player) else None
