"""The Zenomancer (Loric): one or more players each have a goal; a player who achieves theirs
learns a piece of true information.

A goal can be anything by the rules; the engine runs the goals it can judge, each about another
player: nominate them (``nominate``), be nominated by them (``nominated_by``), see them executed
(``executed``: dying or not, judged at the next dawn) or see them die (``dies``: by any means).
At the first dawn the storyteller gives up to three goals (``zenomancer``: who has one, any
player, a Traveller or a dead one too; then ``zenomancer_goal``: which goal about whom; the first
goal is given, later ones may be "no more"), each told privately to its holder. When a goal is
achieved the storyteller picks another player (``zenomancer_info``) and the holder learns that
player's true alignment (true even if the holder is drunk or poisoned: it is the Zenomancer's).
A goal is achieved once.

Bot storyteller: one goal, to a random player, a random goal about a random other player; the
true information is about a random other player (neither side is helped by design)."""

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


GOAL = "goal"  # on a goal's target; its note: "<holder> <kind>"
KINDS = {
    "nominate": "nominate {}",
    "nominated_by": "be nominated by {}",
    "executed": "see {} executed",
    "dies": "see {} die",
}


@dataclass(frozen=True)
class GoalGiven(Told):
    """To its holder: the goal (``KINDS``) about ``target``."""

    event = "zen_goal"
    target: int
    goal: str = "nominate"


@dataclass(frozen=True)
class GoalAchieved(Told):
    """To the holder who achieved their goal: ``about``'s true alignment."""

    event = "zen_info"
    about: int
    alignment: str


def goals(state: State, kind: str) -> list[tuple[int, int]]:
    """The goals of ``kind`` not yet achieved: (holder, target)."""
    found = []
    for m in state.marks:
        if m.kind == GOAL:
            holder, goal = m.note.split()
            if goal == kind:
                found.append((int(holder), m.target))
    return found


class Zenomancer(Role):
    id = "zenomancer"
    policy = (
        "One goal, to a random player, a random goal about a random other player; achieved, "
        "they learn a random other player's true alignment."
    )
    topics = {
        "zenomancer": "who has a goal",
        "zenomancer_goal": "the goal: what its holder must do or see, about whom",
        "zenomancer_info": "whose true alignment the player who achieved their goal learns",
    }
    reminders = {GOAL: "a goal's target"}
    events = (GoalGiven, GoalAchieved)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        effects: list[Effect] = []
        for holder, target in goals(state, "executed"):  # yesterday's executions
            if (state.day - 1, target) in state.executions:
                state, more = self.achieved(state, holder, target, "executed", f"{key}:x{holder}")
                effects += more
        if state.day != 1 or len(state.seats) < 2:
            return state, effects
        players = tuple(s.player for s in state.seats)
        for i in range(GOALS):
            holders = players if i == 0 else (None, *players)
            holder = rule(state, f"{key}:goal{i}", "zenomancer", holders, truth=None, goal=i)
            if holder is None:
                break
            options = tuple((kind, p) for kind in KINDS for p in players if p != holder)
            kind, target = rule(
                state, f"{key}:target{i}", "zenomancer_goal", options, truth=None, holder=holder
            )
            note = f"{holder} {kind}"
            state = put_mark(state, GOAL, SYSTEM, int(target), note=note, keep=True)
            state, told = tell(state, GoalGiven(int(holder), target=int(target), goal=str(kind)))
            effects.append(told)
        return state, effects

    def nominating(
        self, state: State, seat_: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        effects: list[Effect] = []
        if (nominator, nominee) in goals(state, "nominate"):
            state, effects = self.achieved(state, nominator, nominee, "nominate", key + ":zen")
        if (nominee, nominator) in goals(state, "nominated_by"):
            state, more = self.achieved(state, nominee, nominator, "nominated_by", key + ":zenb")
            effects += more
        return state, effects

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        effects: list[Effect] = []
        for holder, target in goals(state, "dies"):
            if target == dead:
                state, more = self.achieved(state, holder, target, "dies", f"{key}:zd{holder}")
                effects += more
        return state, effects

    def achieved(self, state: State, holder: int, target: int, kind: str, key: str) -> Result:
        """The goal is met: its reminder goes, and the holder learns a true alignment."""
        note = f"{holder} {kind}"
        kept = tuple(
            m for m in state.marks if not (m.kind == GOAL and m.note == note and m.target == target)
        )
        state = evolve(state, marks=kept)
        others = tuple(s.player for s in state.seats if s.player != holder)
        about = int(rule(state, key, "zenomancer_info", others, truth=None, holder=holder))
        alignment = seat(state, about).alignment
        state, told = tell(state, GoalAchieved(holder, about=about, alignment=alignment))
        return state, [told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        data = dict(pending.data)
        if pending.topic == "zenomancer" and data.get("goal", 0) > 0:
            return 0  # no more goals
        return rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, GoalGiven):
            goal = KINDS.get(event.goal, KINDS["nominate"]).format(words.player(event.target))
            return (
                f"☯️ The {words.strong('Zenomancer')} gives you a goal: {goal}. Achieve it and "
                "you learn something true."
            )
        return f"☯️ Goal achieved. {words.player(event.about)} is {words.strong(event.alignment)}."
