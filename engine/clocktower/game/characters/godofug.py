"""The God of Ug (Loric): one Ug hat. At the first dawn the storyteller gives it to a living
player (``godofug``), in front of everyone (its reminder is public). Its wearer must speak one
sound at a time, and their vote counts twice (a raised hand, a dead wearer's ghost vote too).
A wearer who fails to keep to single sounds passes the hat: the wearer, or a human storyteller
who judged them, hands it to another living player (``/clocktower use ughat``), and the table
is told. The engine does not hear speech, so the bot storyteller judges no failure: the hat
moves only when its wearer owns up and passes it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, living, put_mark
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.core import Event, Public

PASSES = 0.1  # how often a simulated wearer fails at single sounds on a day, and passes the hat


@dataclass(frozen=True)
class PassHat:
    """The day action: the hat goes from its wearer to ``target`` (``by``: the wearer, or the
    storyteller who judged them)."""

    by: int
    target: int


@dataclass(frozen=True)
class HatWorn(Event, Public):
    event = "ug_hat"
    player: int


def wearer(state: State) -> int | None:
    return next((m.target for m in state.marks if m.kind == "ug_hat"), None)


class GodOfUg(Role):
    id = "godofug"
    policy = (
        "The hat goes to a random living player at the first dawn; the bot never judges speech, "
        "so the hat moves only when its wearer passes it."
    )
    topics = {"godofug": "who first wears the Ug hat"}
    reminders = {"ug_hat": "wears the Ug hat: one sound at a time, votes twice"}
    events = (HatWorn,)
    day_action = PassHat
    command = DayCommand(
        "ughat",
        "God of Ug: failed to speak one sound at a time? Pass the Ug hat",
        "player",
        "The living player who wears it next",
        "The hat is passed.",
    )

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if wearer(state) is not None or not living(state):
            return state, []
        first = int(rule(state, key + ":hat", "godofug", living(state), truth=None))
        return self._give(state, first)

    def _give(self, state: State, player: int) -> Result:
        state = put_mark(state, "ug_hat", SYSTEM, player)
        return state, [HatWorn(player)]

    def vote_factor(self, state: State, seat: Seat, voter: int) -> int:
        return 2 if wearer(state) == voter else 1

    def day(self, state: State, action: PassHat) -> Result:
        require_day_between_votes(state)
        now = wearer(state)
        refuse_unless(
            now is not None and action.by in (now, state.storyteller),
            "Only the Ug hat's wearer (or the storyteller) passes the hat.",
        )
        refuse_unless(
            action.target in living(state) and action.target != now,
            "Pass the hat to another living player.",
        )
        return self._give(state, action.target)

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return tuple(p for p in living(state) if p != wearer(state))

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def day_move(self, table: Table, state: State) -> PassHat | None:
        now = wearer(state)
        if now is None or not table.once("ughat", state.day):
            return None
        others = [p for p in living(state) if p != now]
        if others and table.rng.random() < PASSES:
            return PassHat(now, table.rng.choice(others))
        return None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🎩 {words.player(event.player)} wears the {words.strong('Ug hat')}: one sound at a "
            "time, and their vote counts twice."
        )
