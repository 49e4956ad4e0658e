"""The Grandmother: starts knowing a good player and their character (her grandchild, chosen by
the storyteller at setup among the good Townsfolk and Outsiders, ``grandchild``); if the Demon
kills the grandchild, she dies too. Not if she is drunk or poisoned then, and not if the
grandchild dies any other way (executed, or killed by a Minion, the Gossip, the Gambler).

Bot storyteller: the grandchild is a random good Townsfolk or Outsider (the general policy); a
drunk or poisoned Grandmother is shown a random other player as a random good character."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import MAX_FALSE, learn
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Field, Seat, State, mark_target, put_mark
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import seeded_rng


class Grandmother(Role):
    id = "grandmother"
    policy = (
        "The grandchild is a random good player; drunk or poisoned, she is shown a random other "
        "player as a random good character."
    )
    topics = {"grandchild": "the Grandmother's grandchild"}
    reminders = {"grandchild": "the Grandmother's grandchild"}

    def setup(self, state: State, seat: Seat) -> State:
        good = tuple(
            x.player
            for x in state.seats
            if x.player != seat.player
            and x.alignment == "good"
            and x.team in ("townsfolk", "outsider")
        )
        if not good:
            return state
        key = f"setup:grandchild:{seat.player}"
        child = rule(state, key, "grandchild", good, truth=None, player=seat.player)
        return put_mark(state, "grandchild", seat.player, child)

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.alive and state.night == 1  # later turns are her death, if it comes

    def night(self, state: State, player: int, key: str) -> Result:
        child = mark_target(state, "grandchild", player)
        if child is None:
            return state, []
        regs = registrations(state, child)
        truth = (child, regs[0].character)
        registered = [(child, r.character) for r in regs[1:] if r.alignment == "good"]
        others = tuple(s.player for s in state.seats if s.player != player)
        good = script_team(state, "townsfolk") + script_team(state, "outsider")
        rng = seeded_rng(state.seed, key)
        false = [(rng.choice(others), rng.choice(good)) for _ in range(MAX_FALSE)]
        fields = (Field("player", others), Field("character", good))
        return learn(state, player, self.id, key, truth, registered, false, fields=fields)

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        if cause != "demon" or mark_target(state, "grandchild", seat.player) != dead:
            return state, []
        if not works(state, seat.player):
            return state, []
        return die(state, seat.player, "grandmother", key + ":grandmother")

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """A good player besides her at random, as their character (a Recluse as himself, a
        Spy never: it is no good player); impaired, any other player as any good character."""
        child, cid = heard.answer
        n = len(now.worlds.setup.seats)
        good = np.maximum(n - 1 - now.worlds.evil.sum(axis=1), 1)
        impaired = 1 / ((n - 1) * (now.script_team("townsfolk") + now.script_team("outsider")))
        if not now.resident(child):  # a Traveller is nobody's grandchild
            return Weight(np.zeros(len(now.demon)), impaired)
        real = ~now.worlds.evil[:, now.seat(child)]
        return Weight(now.is_character(child, cid) * real / good, impaired)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        child, cid = info["answer"]
        return (
            f"your grandchild is {words.player(child)}, the {words.strong(words.character(cid))}."
        )

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        score[info["answer"][0]] -= 2.0 * weight
