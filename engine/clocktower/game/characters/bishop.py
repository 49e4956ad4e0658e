"""The Bishop (Traveller): while the Bishop's ability works, only the storyteller nominates, and
each day must nominate at least one player of the other alignment to the Bishop's (if a living
one has not yet been nominated today); the day does not end before that.

Bot storyteller: when the day idles, nominates a random living player of the other side not yet
nominated today."""

from __future__ import annotations

from engine.clocktower.game.actions import Nominate
from engine.clocktower.game.model import SYSTEM, Seat, State, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works
from engine.core import seeded_rng


def opposing(state: State, bishop: Seat) -> tuple[int, ...]:
    """Living players of the other side, not Travellers, not yet nominated today."""
    return tuple(
        s.player
        for s in state.seats
        if s.alive
        and s.team != "traveller"
        and s.alignment != bishop.alignment
        and s.player not in state.nominees
    )


class Bishop(Role):
    id = "bishop"
    policy = (
        "When the day idles, nominates a random living player of the other side not yet "
        "nominated today."
    )
    duty = "with the Bishop in play, the storyteller must nominate a player of the other side."

    def may_nominate(self, state: State, seat_: Seat, by: int) -> str | None:
        if not works(state, seat_.player):
            return None
        if by == state.storyteller or (state.bot and by == SYSTEM):
            return ""
        return "While the Bishop is in play only the storyteller nominates."

    def storyteller_turn(self, state: State, seat_: Seat) -> Nominate | None:
        if not works(state, seat_.player) or state.executed is not None or state.vote is not None:
            return None
        done = any(seat(state, p).alignment != seat_.alignment for p in state.nominees)
        pool = opposing(state, seat_)
        if done or not pool:
            return None
        teller = SYSTEM if state.storyteller is None else state.storyteller
        rng = seeded_rng(state.seed, "bishop", state.day)
        return Nominate(teller, rng.choice(pool))
