"""The Sweetheart: when she dies, one player (the storyteller's choice, any player) is drunk for
the rest of the game. Drunk or poisoned when she dies, nothing happens (abnormally).

Bot storyteller (``sweetheart``): a random living Townsfolk other than her, else any living
player.

The reasoning model reads no evidence from it: it learns nothing, and the drunkenness her death
brings is in no world."""

from __future__ import annotations

import random

from engine.clocktower.game import abnormal
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Mark, Pending, Seat, State, put_mark, seat
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import sober


class Sweetheart(Role):
    id = "sweetheart"
    policy = "The drunk player is a random living Townsfolk other than her, else any living player."
    topics = {"sweetheart": "who is drunk from now on, the Sweetheart having died"}
    reminders = {"drunk": "drunk (the Sweetheart)"}

    def died(self, state: State, seat_: Seat, cause: str, key: str) -> Result:
        if not sober(state, seat_.player):
            return abnormal.mark(state, seat_.player), []
        others = tuple(s.player for s in state.seats if s.player != seat_.player)
        drunk = rule(
            state, key + ":sweetheart", "sweetheart", others, truth=None, player=seat_.player
        )
        return put_mark(state, "drunk", seat_.player, drunk), []

    def holds(self, state: State, mark: Mark) -> bool | None:
        return mark.kind == "drunk" or super().holds(state, mark)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        living = [i for i, p in enumerate(pending.options) if seat(state, p).alive]
        townsfolk = [i for i in living if seat(state, pending.options[i]).team == "townsfolk"]
        return rng.choice(townsfolk or living or list(range(len(pending.options))))
