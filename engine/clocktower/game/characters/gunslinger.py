"""The Gunslinger (Traveller): once a day, right after the day's first vote is tallied, may
shoot a player who voted in it; the player dies if the Gunslinger's ability works. The chance
passes when the next nomination or exile call starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.actions import Shoot
from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import State, alive, mark_target, put_mark
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

SHOOTS = 0.5  # how often a simulated Gunslinger shoots when it can


@dataclass(frozen=True)
class GunslingerShot(Event, Public):
    event = "shoot"
    by: int
    target: int


class Gunslinger(Role):
    id = "gunslinger"
    events = (GunslingerShot,)
    day_action = Shoot
    reminders = {"shot": "shot at today"}
    command = DayCommand(
        "shoot",
        "Gunslinger: shoot a player who voted",
        "player",
        "A player who raised a hand in the day's first vote",
        "You fire.",
    )

    def day(self, state: State, action: Shoot) -> Result:
        require_day_between_votes(state)
        s = next((x for x in state.seats if x.player == action.by), None)
        refuse_unless(
            s is not None and s.character == self.id and s.alive,
            "Only a living Gunslinger can do that.",
        )
        today = [n for n in state.history if n.day == state.day]
        first = next((n for n in today if not n.exile), None)
        refuse_unless(first is not None, "The Gunslinger shoots only after the day's first vote.")
        assert first is not None
        refuse_unless(mark_target(state, "shot", action.by) is None, "You have already shot today.")
        refuse_unless(
            today[-1] is first,
            "Too late: the Gunslinger shoots right after the first vote, before the next "
            "nomination.",
        )
        refuse_unless(action.target in first.yes, "Choose a player who voted in the first vote.")
        state = put_mark(state, "shot", action.by, action.target, dusks=1)
        effects: list[Effect] = [GunslingerShot(action.by, action.target)]
        if works(state, action.by):
            state, more = die(state, action.target, "shot", day_key(state) + ":gun")
            effects += more
        return state, effects

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        """Who may be shot now: a yes in the day's first vote, while nothing has followed it."""
        today = [n for n in state.history if n.day == state.day]
        first = next((n for n in today if not n.exile), None)
        return first.yes if first is not None and today[-1] is first else ()

    def day_move(self, table: Table, state: State) -> Shoot | None:
        today = [n for n in state.history if n.day == state.day]
        if len(today) != 1 or today[0].exile:
            return None
        first = today[0]
        for s in state.seats:
            if s.character == self.id and s.alive and table.once("shoot", state.day):
                voters = [p for p in first.yes if p != s.player and alive(state, p)]
                if voters and mark_target(state, "shot", s.player) is None:
                    if table.rng.random() < SHOOTS:
                        return Shoot(s.player, table.ranked(state, s.player, voters)[0])
        return None

    def says(self, event: Any, words: Words) -> str:
        return f"🔫 {words.player(event.by)} the Gunslinger shoots at {words.player(event.target)}."
