"""The Deviant (Traveller): if they were funny today, they cannot die by exile. Whether they were
is the storyteller's judgement when an exile succeeds (``deviant``; the bot storyteller, which
hears no jokes: funny half the time). A drunk or poisoned Deviant dies as anyone would."""

from __future__ import annotations

import random

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Seat, State
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works

FUNNY = 0.5


class Deviant(Role):
    id = "deviant"
    policy = "The bot hears no jokes: an exiled Deviant was funny, and survives, half the time."
    topics = {"deviant": "whether the Deviant was funny today (then the exile does not kill them)"}

    def exiled(self, state: State, seat: Seat, key: str) -> bool:
        if not works(state, seat.player):
            return True
        funny = rule(
            state, key + ":funny", "deviant", (True, False), truth=None, player=seat.player
        )
        return not funny

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return pending.options.index(rng.random() < FUNNY)
