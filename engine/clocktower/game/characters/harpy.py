"""The Harpy: each night, chooses two players in order; the first is told that tomorrow they
must be "mad" that the second is evil, or one or both of them might die. The madness lasts
until the Harpy's next choice (a ``harpy`` reminder on the first, its note the second).

The storyteller judges the madness at the Harpy's next wake, before its new choice (while its
ability works): nobody dies, or the first, the second or both (topic ``harpy``, the full range
for a human storyteller). The bot storyteller judges only what it can see: the first player
broke madness if, the day before, the second was nominated and the first did not vote to
execute them. It then kills the first player alone, who chose to break it; otherwise nobody."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.characters._sv import prey
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Mark, Pending, State, put_mark
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import holds, works
from engine.core import Effect

MAD = "harpy"  # the first player's reminder, its note the second player


@dataclass(frozen=True)
class HarpyMad(Told):
    """The Harpy made them mad that ``other`` is evil, on ``day``."""

    event = "harpy_mad"
    other: int
    day: int


def pair(mark: Mark) -> tuple[int, int]:
    """The first and second player of a Harpy's choice."""
    return mark.target, int(mark.note)


def broke(state: State, first: int, second: int, day: int) -> bool:
    """Whether ``first`` was seen to break madness on ``day``: the second player was nominated
    and ``first`` did not vote to execute them."""
    return any(
        n.day == day and n.nominee == second and not n.exile and first not in n.yes
        for n in state.history
    )


class Harpy(Role):
    id = "harpy"
    reasoned = True  # the reasoning model: the deaths for broken madness are not modelled
    policy = (
        "The first player dies when the second was nominated and they did not vote for it; "
        "otherwise nobody dies."
    )
    events = (HarpyMad,)
    reminders = {MAD: "mad that this player is evil"}
    topics = {MAD: "who dies, the Harpy's first player having perhaps broken madness"}

    def night(self, state: State, player: int, key: str) -> Result:
        state, effects = self.judge(state, player, key)
        everyone = tuple(s.player for s in state.seats)
        first, second = choose(state, key + ":pick", player, self.id, everyone, 2)
        state = put_mark(state, MAD, player, first, note=str(second))
        state, told = tell(state, HarpyMad(first, other=second, day=state.night))
        return state, [*effects, told]

    def judge(self, state: State, player: int, key: str) -> Result:
        """Yesterday's madness: the storyteller's ruling on who dies of it."""
        marks = [m for m in state.marks if m.kind == MAD and m.source == player]
        if not marks or not works(state, player) or not holds(state, marks[0]):
            return state, []
        first, second = pair(marks[0])
        options = ((), (first,), (second,), (first, second))
        dead = rule(state, key + ":harpy", MAD, options, truth=None, first=first, second=second)
        effects: list[Effect] = []
        for n, victim in enumerate(dead):
            state, more = die(state, victim, MAD, f"{key}:harpy{n}")
            effects += more
        return state, effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        data = dict(pending.data)
        first, second = data["first"], data["second"]
        return 1 if broke(state, first, second, state.night - 1) else 0

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        targets = prey(table, state, player, options)
        return tuple(table.rng.sample(targets, 2)) if len(targets) >= 2 else None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🦅 The {words.strong('Harpy')} chose you: tomorrow (day {event.day}) you must be "
            f"“mad” that {words.strong(words.player(event.other))} is evil: try to convince the "
            "group of it, or you, they or both might die."
        )
