"""The Ojo: each night after the first, names a character rather than a player. The player who
has it is attacked (when several have it, the storyteller picks one: only one dies). When
nobody has it, the storyteller picks whom the attack lands on, anyone, dead or alive (a dead
player: nobody dies). The attack is an ordinary Demon's: protection, the Mayor's bounce and a
drunk or poisoned Ojo work as for any Demon (``kill``).

Bot storyteller: a miss lands on a random living good player (a random living player other
than the Ojo when no good one lives), since the almanac says it almost always should."""

from __future__ import annotations

import random
from typing import Any

from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.characters._sv import EVIL_TEAMS, GOOD_TEAMS, of_teams
from engine.clocktower.game.decisions import choose_value, rule
from engine.clocktower.game.model import Pending, State, alive, seat
from engine.clocktower.game.roles import Table


class Ojo(Demon):
    id = "ojo"
    reasoned = True  # the reasoning model: kills one a night, as the default
    policy = "When the named character is not in play, a random living good player dies."
    topics = {
        "ojo_twin": "which of the players with the character the Ojo named dies",
        "ojo_miss": "who dies, the character the Ojo named not being in play",
    }

    def demon_choices(
        self, state: State, player: int, key: str
    ) -> tuple[State, tuple[int, ...]] | None:
        if not self.acts(state, player):
            return None
        sheet = of_teams(state, GOOD_TEAMS + EVIL_TEAMS)
        named = choose_value(state, key + ":char", player, self.id, sheet, "character")
        assert named is not None
        holders = tuple(s.player for s in state.seats if s.character == named)
        if len(holders) == 1:
            return state, holders
        if holders:
            topic, options = "ojo_twin", holders
        else:
            topic, options = "ojo_miss", tuple(s.player for s in state.seats)
        target = rule(state, key + ":ojo", topic, options, truth=None, ojo=player, named=named)
        return state, (target,)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "ojo_miss":
            return None
        ojo = dict(pending.data)["ojo"]
        living = [p for p in pending.options if alive(state, p) and p != ojo]
        good = [p for p in living if seat(state, p).alignment == "good"]
        pool = good or living or list(pending.options)
        return pending.options.index(rng.choice(pool))

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A good character on the script, at random (the town's claims are not read)."""
        goods = set(of_teams(state, GOOD_TEAMS))
        return (table.rng.choice([c for c in options if c in goods] or options),)
