"""The Matron (Traveller): each day may swap the seats of up to three pairs of players, in
public; a drunk or poisoned Matron's swaps do not happen. While the Matron's ability works,
nobody leaves their seat to talk in private: ``/clocktower whisper`` is refused (direct messages
the bot cannot stop; it reminds the table of the rule with each swap)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.actions import SwapSeats
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import Mark, Seat, State, evolve, marks_of
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

SWAPS = 3  # pairs a day
MOVES = 0.3  # how often a simulated Matron swaps a pair, daily


@dataclass(frozen=True)
class Swapped(Event, Public):
    """The Matron had two players swap seats."""

    event = "swapped"
    by: int
    first: int
    second: int


class Matron(Role):
    id = "matron"
    events = (Swapped,)
    day_action = SwapSeats
    reminders = {"swapped": "seats swapped today"}
    command = DayCommand(
        "swap",
        "Matron: swap two players' seats",
        "player",
        "One of the two players",
        "The two players swap seats.",
        pair="other",
    )

    def day(self, state: State, action: SwapSeats) -> Result:
        require_day_between_votes(state)
        matron = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(
            matron is not None and matron.character == self.id and matron.alive,
            "Only a living Matron can swap seats.",
        )
        pair = (action.first, action.second)
        refuse_unless(
            all(p in state.players for p in pair) and pair[0] != pair[1],
            "Choose two different players of this game.",
        )
        today = [m for m in marks_of(state, "swapped", action.by) if m.note == str(state.day)]
        refuse_unless(len(today) < SWAPS, f"The Matron swaps at most {SWAPS} pairs a day.")
        done = Mark("swapped", action.by, action.first, str(state.day), self.id, state.night + 1)
        state = evolve(state, marks=(*state.marks, done))
        effects: list[Effect] = [Swapped(action.by, action.first, action.second)]
        if not works(state, action.by):
            return state, effects
        order = [s.player for s in state.seats]
        i, j = order.index(action.first), order.index(action.second)
        seats = list(state.seats)
        seats[i], seats[j] = seats[j], seats[i]
        players = [s.player for s in seats]
        return evolve(state, seats=tuple(seats), players=tuple(players)), effects

    def forbids_whispers(self, state: State, seat: Seat) -> str | None:
        if not works(state, seat.player):
            return None
        return "With the Matron in play, nobody leaves their seat to talk in private."

    def request(self, by: int, target: tuple[int, int]) -> SwapSeats:
        return SwapSeats(by, *target)

    def day_move(self, table: Table, state: State) -> SwapSeats | None:
        for s in state.seats:
            if s.character == self.id and s.alive and table.once("swap", state.day):
                if table.rng.random() < MOVES:
                    first, second = table.rng.sample(list(state.players), 2)
                    return SwapSeats(s.player, first, second)
        return None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"💺 {words.player(event.by)} the Matron has {words.player(event.first)} and "
            f"{words.player(event.second)} swap seats. (With the Matron in play, nobody leaves "
            "their seat to talk in private.)"
        )
