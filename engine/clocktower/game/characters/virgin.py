"""The Virgin: the first time she is nominated, if the nominator registers as a Townsfolk, the
nominator is executed at once (a Drunk does not register as one; a Spy may). The ability is
spent by that first nomination whether or not she works.

Bot storyteller: a Spy nominating a working Virgin registers as a Townsfolk (and is executed)
with chance max(0, 0.3 - p), p the usual misregistration chance (``policy``): only when good is
behind."""

from __future__ import annotations

import random

from engine.clocktower.game.model import Pending, Seat, State, with_seat
from engine.clocktower.game.policy import BASE_MISREGISTER, misregister_chance
from engine.clocktower.game.registration import registers_as
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight, fires_on
from engine.clocktower.reasoning.record import Heard, Record, day_moment


class Virgin(Role):
    id = "virgin"
    policy = (
        "A Spy nominating her registers as a Townsfolk (and is executed) with chance 0.3 minus "
        "the usual misregistration chance: only when good is behind."
    )

    def nominated(self, state: State, seat: Seat, nominator: int, key: str) -> tuple[State, bool]:
        if seat.used:
            return state, False
        state = with_seat(state, seat.player, used=True)
        if not works(state, seat.player):
            return state, False
        return state, registers_as(state, key + ":virgin", nominator, "townsfolk", self.id)

    def public_info(self, record: Record, player: int) -> tuple[Heard, ...]:
        """The claimed Virgin's first nomination: whether its nominator died at once."""
        first = next((n for n in record.nominations if n.nominee == player), None)
        if first is None:
            return ()
        return (Heard(self.id, day_moment(first.day), first.at_once, (first.nominator,)),)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        return fires_on(*now.registers_as(heard.players[0], "townsfolk"), heard.answer)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "registration" or pending.truth is None:
            return None
        chance = max(0.0, BASE_MISREGISTER - misregister_chance(state))
        return 1 - pending.truth if rng.random() < chance else pending.truth
