"""The Mayor: if only three players live and no execution happens by the end of the day, good
wins; attacked at night, another player might die instead (the bounce).

The bounce is the storyteller's choice (``mayor_bounce``): the Mayor (the truth), another living
player, the attacking Demon (its kill then lands on itself), or a dead player (nobody dies). The
bot storyteller bounces with chance 0.5 - good's edge, clamped to [0.25, 0.75], to a random other
living good player, never to the Demon, a dead or an evil player (``policy.good_edge``)."""

from __future__ import annotations

import random

import numpy as np

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Seat, State, demons, living, seat
from engine.clocktower.game.policy import clamp, good_edge
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, Record, day_moment


def bounce_options(state: State, mayor: int, attacker: int) -> tuple[int, ...]:
    """Who may die instead of the Mayor: the Mayor (the truth), the other living players, the
    attacking Demon, then the dead (on whom the kill does nothing)."""
    others = [s.player for s in state.seats if s.alive and s.player not in (mayor, attacker)]
    dead = [s.player for s in state.seats if not s.alive]
    return (mayor, *others, attacker, *dead)


def bounce_chance(state: State) -> float:
    return clamp(0.5 - good_edge(state), 0.25, 0.75)


class Mayor(Role):
    id = "mayor"
    policy = (
        "The Demon's kill bounces with chance 0.5 - good's edge (within [0.25, 0.75]) to a "
        "random other living good player, never to the Demon."
    )
    topics = {"mayor_bounce": "whether the Demon's kill bounces off the Mayor"}
    endings = {"mayor": "the Mayor survived a day without an execution"}

    def redirect(self, state: State, seat: Seat, attacker: int, key: str) -> int:
        options = bounce_options(state, seat.player, attacker)
        return int(rule(state, key + ":bounce", "mayor_bounce", options, mayor=seat.player))

    def dusk_ending(self, state: State, seat: Seat) -> tuple[str, str] | None:
        """No execution today, three players alive (Travellers count here, unlike in the other
        endings, so they must be exiled first) and a working Mayor."""
        if state.executed is None and len(living(state)) == 3 and works(state, seat.player):
            return "good", "mayor"
        return None

    def public_info(self, record: Record, player: int) -> tuple[Heard, ...]:
        """Each day that ended with three alive, no execution and the claimed Mayor alive,
        and the game went on: a working Mayor would have won."""
        executed = {d.moment for d in record.deaths if d.cause == "execution"}
        return tuple(
            Heard(self.id, day_moment(day), False)
            for day in range(1, record.dusks + 1)
            if day_moment(day) not in executed
            and len(living := record.alive_after(day_moment(day))) == 3
            and player in living
        )

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        return Weight(np.zeros(len(now.demon)), 1.0, informs=False)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        evil = set(demons(state))
        good = [
            i
            for i, p in enumerate(pending.options)
            if i != pending.truth
            and p in living(state)
            and p not in evil
            and seat(state, p).alignment == "good"
        ]
        return rng.choice(good) if good and rng.random() < bounce_chance(state) else pending.truth
