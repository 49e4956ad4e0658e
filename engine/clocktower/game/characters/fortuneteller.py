"""The Fortune Teller: each night, chooses two players and learns whether either is the Demon;
one good player (the red herring, chosen at setup) reads as a Demon to her."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Seat, State, mark_target, put_mark
from engine.clocktower.game.registration import may_register_as_team
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, night_moment

FRAMES = 0.5  # how often a simulated evil player bluffing the Fortune Teller names its framed Demon


class FortuneTeller(Role):
    id = "fortuneteller"
    policy = (
        "The red herring is a random good player; readings are true, drunk or poisoned the "
        "consistent lie of its false world."
    )
    topics = {"red_herring": "the Fortune Teller's red herring"}
    reminders = {"red_herring": "the red herring"}

    def setup(self, state: State, seat: Seat) -> State:
        good = tuple(
            x.player for x in state.seats if x.alignment == "good" and x.team != "traveller"
        )
        herring = rule(
            state,
            f"setup:herring:{seat.player}",
            "red_herring",
            good,
            truth=None,
            player=seat.player,
        )
        return put_mark(state, "red_herring", seat.player, herring)

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        chosen = choose(state, key + ":pick", player, self.id, everyone, pick=2)
        herring = mark_target(state, "red_herring", player)

        def seen(world: World) -> bool:
            return herring in chosen or any(world[p].team == "demon" for p in chosen)

        # Each chosen player registers as the Demon or not (true way first); the red herring
        # is fixed.
        views = itertools.product(*(may_register_as_team(state, p, "demon") for p in chosen))
        answers = [herring in chosen or any(view) for view in views]
        truth = answers[0]
        registered = [a for a in dict.fromkeys(answers) if a != truth]
        return learn(state, player, self.id, key, truth, registered, [not truth], chosen, lie=seen)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        verdict = (
            f"{words.strong('Yes')}, one of them is"
            if info["answer"]
            else (f"{words.strong('No')}, neither is")
        )
        return f"{verdict} the Demon ({words.players(info['players'])})."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        for p in info["players"]:
            score[p] += weight * (1.0 if info["answer"] else -1.0)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_suspected(table, state, player, options, pick)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        surely, maybe = now.demon_among(heard.players)
        sober = maybe if heard.answer else ~surely
        herring = np.full(len(surely), 1.0 if heard.answer else 0.0)
        return Weight(sober.astype(float), 1 / 2, herring)

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        others = [s.player for s in state.seats if s.alive and s.player != player]
        framed = [p for p in others if world[p].team == "demon"]
        rest = [p for p in others if p not in framed]
        chosen: tuple[int, ...]
        if framed and rest and table.rng.random() < FRAMES:
            chosen = (framed[0], table.rng.choice(rest))
        elif len(rest) >= 2:
            chosen = tuple(table.rng.sample(rest, 2))
        else:
            return None
        seen = any(world[p].team == "demon" for p in chosen)
        return Heard(self.id, night_moment(night), seen, tuple(sorted(chosen)))
