"""The Fearmonger: each night, chooses a player; if the Fearmonger then nominates that player and
they are executed (whether or not the execution kills them), that player's team loses. Only the
latest choice counts. Whenever the choice differs from the one before (the first one too), the
storyteller tells everyone that the Fearmonger has chosen a new player, not whom; they say so
even when the Fearmonger is drunk or poisoned, whose choice then has no effect while it lasts
(the reminder holds only while the ability works, at the execution too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.characters._sv import prey
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Mark, Seat, State, marks_of, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import holds
from engine.core import Event, Public

FEARED = "feared"


@dataclass(frozen=True)
class NewFear(Event, Public):
    """At night: the Fearmonger chose a player other than the last one (not said whom)."""

    event = "fearmonger_chose"
    night: int


class Fearmonger(Role):
    id = "fearmonger"
    reasoned = True  # the reasoning model: its choice is not weighed
    policy = "No rulings: the town hears of each new choice, and the chosen team loses as written."
    endings = {"fearmonger": "the Fearmonger nominated and executed the player they chose"}
    reminders = {FEARED: "chosen by the Fearmonger"}
    events = (NewFear,)

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key, player, self.id, everyone)
        before = [m.target for m in marks_of(state, FEARED, player)]
        state = put_mark(state, FEARED, player, target)
        return state, [] if before == [target] else [NewFear(state.night)]

    def holds(self, state: State, mark: Mark) -> bool | None:
        return None if seat(state, mark.source).character == mark.character else False

    def judges_execution(self, state: State, seat_: Seat, executee: int) -> tuple[str, str] | None:
        nominated = any(
            n.day == state.day and n.nominator == seat_.player and n.nominee == executee
            for n in state.history
            if not n.exile
        )
        feared = any(
            m.target == executee and holds(state, m) for m in marks_of(state, FEARED, seat_.player)
        )
        if not (nominated and feared):
            return None
        loser = seat(state, executee).alignment
        return ("good" if loser == "evil" else "evil"), "fearmonger"

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        mine = [m.target for m in marks_of(state, FEARED, player)]
        if mine and mine[0] in options and table.rng.random() < 0.8:
            return (mine[0],)  # sticking with the choice hides it
        targets = prey(table, state, player, options)
        return (table.rng.choice(targets),) if targets else None

    def says(self, event: Any, words: Words) -> str:
        return f"😨 The {words.strong('Fearmonger')} has chosen a new player."
