"""The Pacifist: a good player executed might not die (the storyteller's ruling, ``pacifist``),
while the Pacifist's ability works. The town sees that they survive.

Bot storyteller: the executed good player survives with chance 0.5 - good's edge, clamped to
[0.25, 0.75]: more often when good is behind (``policy.good_edge``).

The reasoning model reads no evidence from it: it learns nothing, and an executed good player
who lives is not read as evidence."""

from __future__ import annotations

import random

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Seat, State, seat
from engine.clocktower.game.policy import clamp, good_edge
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


def save_chance(state: State) -> float:
    return clamp(0.5 - good_edge(state), 0.25, 0.75)


class Pacifist(Role):
    id = "pacifist"
    policy = "The executed good player survives with chance 0.5 - good's edge, within [0.25, 0.75]."
    topics = {"pacifist": "whether the executed good player survives (the Pacifist)"}

    def spares(
        self, state: State, seat_: Seat, target: int, cause: str, key: str
    ) -> tuple[State, bool]:
        if cause != "execution" or seat(state, target).alignment != "good":
            return state, False
        if not works(state, seat_.player):
            return state, False
        survives = rule(
            state, key + ":pacifist", "pacifist", (False, True), truth=None, player=target
        )
        return state, survives

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return pending.options.index(rng.random() < save_chance(state))
