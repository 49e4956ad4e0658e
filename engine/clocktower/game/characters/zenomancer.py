"""The Zenomancer (Loric): one or more players each have a goal; a player who achieves theirs
learns a piece of true information.

The engine runs goals it can judge: "nominate this player". At the first dawn the storyteller
gives up to three goals (``zenomancer``: who has one, then whom they must nominate; the first
goal is given, later ones may be "no more"), each told privately to its holder. The moment a
holder nominates their target, the goal is achieved: the storyteller picks another player
(``zenomancer_info``) and the holder learns that player's true alignment. A goal is achieved
once; a dead holder can no longer nominate, so theirs lapses with them.

Bot storyteller: one goal, to a random player, to nominate a random other player; the true
information is about a random other player (neither side is helped by design)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, evolve, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Effect

GOALS = 3  # the Goal reminders


@dataclass(frozen=True)
class GoalGiven(Told):
    """To its holder: the goal, to nominate ``target``."""

    event = "zen_goal"
    target: int


@dataclass(frozen=True)
class GoalAchieved(Told):
    """To the holder who achieved their goal: ``about``'s true alignment."""

    event = "zen_info"
    about: int
    alignment: str


def goals(state: State) -> list[tuple[int, int]]:
    """The goals not yet achieved: (holder, target to nominate)."""
    return [(int(m.note), m.target) for m in state.marks if m.kind == "goal"]


class Zenomancer(Role):
    id = "zenomancer"
    policy = (
        "One goal, to a random player: nominate a random other player; achieved, they learn a "
        "random other player's true alignment."
    )
    topics = {
        "zenomancer": "who has a goal, and whom they must nominate",
        "zenomancer_info": "whose true alignment the player who achieved their goal learns",
    }
    reminders = {"goal": "the player a goal's holder must nominate"}
    events = (GoalGiven, GoalAchieved)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if state.day != 1 or len(state.seats) < 2:
            return state, []
        effects: list[Effect] = []
        players = tuple(s.player for s in state.seats)
        for i in range(GOALS):
            holders = players if i == 0 else (None, *players)
            holder = rule(state, f"{key}:goal{i}", "zenomancer", holders, truth=None, goal=i)
            if holder is None:
                break
            others = tuple(p for p in players if p != holder)
            target = int(
                rule(state, f"{key}:target{i}", "zenomancer", others, truth=None, holder=holder)
            )
            state = put_mark(state, "goal", SYSTEM, target, note=str(holder), keep=True)
            state, told = tell(state, GoalGiven(int(holder), target=target))
            effects.append(told)
        return state, effects

    def nominating(
        self, state: State, seat_: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        if (nominator, nominee) not in goals(state):
            return state, []
        others = tuple(s.player for s in state.seats if s.player != nominator)
        about = int(
            rule(state, key + ":zen", "zenomancer_info", others, truth=None, holder=nominator)
        )
        kept = tuple(
            m
            for m in state.marks
            if not (m.kind == "goal" and m.note == str(nominator) and m.target == nominee)
        )
        state = evolve(state, marks=kept)
        alignment = seat(state, about).alignment
        state, told = tell(state, GoalAchieved(nominator, about=about, alignment=alignment))
        return state, [told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        data = dict(pending.data)
        if pending.topic == "zenomancer" and data.get("goal", 0) > 0:
            return 0  # no more goals
        return rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, GoalGiven):
            return (
                f"☯️ The {words.strong('Zenomancer')} gives you a goal: nominate "
                f"{words.player(event.target)}. Achieve it and you learn something true."
            )
        return f"☯️ Goal achieved. {words.player(event.about)} is {words.strong(event.alignment)}."
