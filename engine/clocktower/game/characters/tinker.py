"""The Tinker: might die at any time. The engine asks the storyteller each night at the Tinker's
place (``tinker``), while the Tinker's ability works; protection still keeps them alive. A
human storyteller may also kill them by day with ``/clocktower adjust kill``.

Bot storyteller: the Tinker dies on a night with chance 0.1 + good's edge, clamped to
[0.05, 0.3] (more often when good is ahead: ``policy.good_edge``).

The reasoning model reads no evidence from it: it learns nothing; its death is one of the
night's other deaths (``OTHER_DEATHS``)."""

from __future__ import annotations

import random

from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Seat, State
from engine.clocktower.game.policy import clamp, good_edge
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


def death_chance(state: State) -> float:
    return clamp(0.1 + good_edge(state), 0.05, 0.3)


class Tinker(Role):
    id = "tinker"
    policy = "The Tinker dies on a night with chance 0.1 + good's edge, within [0.05, 0.3]."
    topics = {"tinker": "whether the Tinker dies now"}

    def wakes(self, state: State, seat: Seat) -> bool:
        return works(state, seat.player)

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn alone

    def night(self, state: State, player: int, key: str) -> Result:
        if not rule(state, key, "tinker", (False, True), truth=None, player=player):
            return state, []
        return die(state, player, "tinker", key)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return pending.options.index(rng.random() < death_chance(state))
