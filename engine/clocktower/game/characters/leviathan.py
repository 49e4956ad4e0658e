"""The Leviathan: a Demon that kills nobody; everyone is told it is in play. Evil wins when a
second good player is executed (whether or not the execution kills them; counted while the
Leviathan's ability works as the second one is executed; two on one day, a Butcher's second
execution say, count as two), or when day 5 ends. Its night turn is the storyteller's alone:
the town hears that it is in play on the first night (and on the night a player becomes it),
and the day's good executees are marked.

Jinxes (``_day_demons``): if the Leviathan nominated and executed the Soldier, the Monk's or the
Innkeeper's player or the Exorcist's choice, good wins; if the Grandmother's grandchild dies by
execution, evil wins; if the Leviathan and the Mayor are alive as day 5 ends without an
execution, good wins; with a Banshee, Farmer, Ravenkeeper or Sage in play it chooses a player
each night, as though it killed them (``night_choice``). The Hatter's and the Pit-Hag's jinxes:
no Leviathan enters play after day 5 (``_day_demons.may_enter``, which those units ask; one in play has won
by then).

Bot storyteller: no rulings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.change import became_on
from engine.clocktower.game.characters._day_demons import (
    GRANDCHILD,
    GUARDED,
    LAST_DAY,
    chooses_tonight,
    grandchild,
    guarded,
    jinx_endings,
    night_choice,
    nominated_by,
)
from engine.clocktower.game.characters._demon import prey
from engine.clocktower.game.model import Seat, State, lives, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

GOOD_EXECUTED = "good_executed"


@dataclass(frozen=True)
class LeviathanInPlay(Event, Public):
    """At night: the storyteller tells everyone that the Leviathan is in play."""

    event = "leviathan_in_play"
    night: int


def good_executions(state: State) -> tuple[int, ...]:
    """The good players executed on earlier days (the Leviathan's reminders)."""
    return tuple(m.target for m in state.marks if m.kind == GOOD_EXECUTED)


def executed_on(state: State, day: int) -> tuple[int, ...]:
    """The players executed on ``day``, in order."""
    return tuple(p for d, p in state.executions if d == day)


class Leviathan(Role):
    id = "leviathan"
    policy = "No rulings: the town is told it is in play, and the days and executions are counted."
    endings = {
        "leviathan_executions": "a second good player was executed with the Leviathan in play",
        "leviathan_day": "day 5 ended with the Leviathan in play",
        "leviathan_mayor": "day 5 ended without an execution, the Leviathan and the Mayor alive",
        **jinx_endings("leviathan", "Leviathan"),
    }
    reminders = {GOOD_EXECUTED: "a good player executed"}
    events = (LeviathanInPlay,)
    reasoned = True

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """None at night."""
        return (1.0,)

    def rouses(self, state: State, seat: Seat) -> bool:
        return chooses_tonight(state)  # else the storyteller's turn alone

    def night(self, state: State, player: int, key: str) -> Result:
        effects: list[Effect] = []
        if state.night == 1 or became_on(state, player) == state.night:
            effects.append(LeviathanInPlay(state.night))
        for executed in executed_on(state, state.day) if state.night > 1 else ():
            if seat(state, executed).alignment == "good" and executed not in good_executions(state):
                state = put_mark(state, GOOD_EXECUTED, player, executed, keep=True)
        state, more = night_choice(state, player, self.id, key)
        return state, effects + more

    def judges_execution(self, state: State, seat_: Seat, executee: int) -> tuple[str, str] | None:
        if not works(state, seat_.player):
            return None
        if nominated_by(state, seat_.player, executee) and guarded(state, executee):
            return "good", f"{self.id}_{GUARDED}"
        today = [p for p in executed_on(state, state.day) if seat(state, p).alignment == "good"]
        earlier = [p for p in (*good_executions(state), *today) if p != executee]
        if seat(state, executee).alignment == "good" and earlier:
            return "evil", "leviathan_executions"
        return None

    def execution(self, state: State, seat_: Seat, executee: int) -> tuple[str, str] | None:
        return ("evil", f"{self.id}_{GRANDCHILD}") if grandchild(state, executee) else None

    def dusk_ending(self, state: State, seat_: Seat) -> tuple[str, str] | None:
        if state.day < LAST_DAY or not works(state, seat_.player):
            return None
        mayor = any(s.character == "mayor" and lives(state, s.player) for s in state.seats)
        if mayor and state.executed is None and lives(state, seat_.player):
            return "good", "leviathan_mayor"
        return "evil", "leviathan_day"

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return prey(table, state, player, options, pick)

    def says(self, event: Any, words: Words) -> str:
        return f"🐋 The {words.strong('Leviathan')} is in play."
