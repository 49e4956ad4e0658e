"""The Doomsayer (Fabled): while four or more players live, each living player may, once per
game, call on it in public: a living player of the caller's own alignment dies.

The storyteller picks who dies among the living players of the caller's alignment (the caller
too); a call refused (too few alive, a second call, a dead caller) spends nothing. Only living
players call, and by day outside a vote.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import (
    refuse_unless,
    require_day_between_votes,
    require_living_player,
)
from engine.clocktower.game.model import SYSTEM, State, living, put_marks, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words, in_force
from engine.core import Effect, Event, Public

CALLED = "doomsayer_called"
LEAST = 4  # players alive for a call
CALLS = 0.04  # the chance a simulated player calls it, each day


@dataclass(frozen=True)
class DoomCall:
    """A living player's public call on the Doomsayer (the log decodes it by its name)."""

    by: int


@dataclass(frozen=True)
class DoomCalled(Event, Public):
    event = "doomsayer"
    by: int


def called(state: State, player: int) -> bool:
    return any(m.kind == CALLED and m.target == player for m in state.marks)


class Doomsayer(Role):
    id = "doomsayer"
    policy = (
        "The one who dies is a random living player of the caller's alignment (the caller too)."
    )
    topics = {"doom": "which living player of the caller's alignment dies (the Doomsayer)"}
    reminders = {CALLED: "has called on the Doomsayer"}
    events = (DoomCalled,)
    day_action = DoomCall
    command = DayCommand(
        "doomsayer",
        "Call on the Doomsayer in public, once per game: a player of your alignment dies",
        "",
        "",
        "Your call is made in public.",
        shape="none",
    )

    def request(self, by: int, target: Any) -> DoomCall:
        return DoomCall(by)

    def day(self, state: State, action: DoomCall) -> Result:
        refuse_unless(in_force(state, self.id), "The Doomsayer is not in this game.")
        require_day_between_votes(state)
        require_living_player(state, action.by, "Only living players may call on the Doomsayer.")
        refuse_unless(len(living(state)) >= LEAST, "The Doomsayer needs 4 or more players alive.")
        refuse_unless(not called(state, action.by), "You have already called on the Doomsayer.")
        side = seat(state, action.by).alignment
        allies = tuple(s.player for s in state.seats if s.alive and s.alignment == side)
        key = f"{day_key(state)}:doom:{action.by}"
        doomed = rule(state, key, "doom", allies, truth=None, player=action.by)
        state = put_marks(state, CALLED, SYSTEM, (action.by,), character=self.id, keep=True)
        effects: list[Effect] = [DoomCalled(action.by)]
        state, more = die(state, doomed, "doom", key)
        return state, effects + more

    def day_move(self, table: Table, state: State) -> DoomCall | None:
        if not in_force(state, self.id) or len(living(state)) < LEAST:
            return None
        callers = [p for p in living(state) if not called(state, p)]
        if callers and table.once("doomsayer", state.day) and table.rng.random() < CALLS:
            return DoomCall(table.rng.choice(callers))
        return None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"☄️ {words.player(event.by)} calls on the {words.strong('Doomsayer')}: "
            "one of their own side will die."
        )
