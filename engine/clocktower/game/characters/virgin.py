"""The Virgin: the first time she is nominated, if the nominator registers as a Townsfolk, the
nominator is executed at once (a Drunk does not register as one; a Spy may). The ability is
spent by that first nomination whether or not she works.

Bot storyteller: a Spy nominating a working Virgin registers as a Townsfolk (and is executed)
with chance max(0, 0.3 - p), p the usual misregistration chance (``policy``): only when good is
behind."""

from __future__ import annotations

import random

from engine.clocktower.game.model import Pending, Seat, State, with_seat, works
from engine.clocktower.game.policy import BASE_MISREGISTER, misregister_chance
from engine.clocktower.game.registration import registers_as
from engine.clocktower.game.roles import Role


class Virgin(Role):
    id = "virgin"

    def nominated(self, state: State, seat: Seat, nominator: int, key: str) -> tuple[State, bool]:
        if seat.used:
            return state, False
        state = with_seat(state, seat.player, used=True)
        if not works(state, seat.player):
            return state, False
        return state, registers_as(state, key + ":virgin", nominator, "townsfolk", self.id)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "registration" or pending.truth is None:
            return None
        chance = max(0.0, BASE_MISREGISTER - misregister_chance(state))
        return 1 - pending.truth if rng.random() < chance else pending.truth
