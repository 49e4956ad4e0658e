"""The Ferryman (Fabled): on the final day every dead player has their vote token back.

The final day is the one that dawns with three or fewer living players (Travellers aside): a
day whose execution, or the night after it, ends the game whatever happens. At that dawn every
dead player without a vote gets it back, and the table is told; a vote spent that day is spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.model import Seat, State, with_seat
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public

FINAL = 3  # living players on the final day, at most


@dataclass(frozen=True)
class VotesReturned(Event, Public):
    """At dawn on the final day: these dead players have their vote back."""

    event = "votes_returned"
    day: int
    players: tuple[int, ...]


def final_day(state: State) -> bool:
    """Whether today is the final day: three or fewer players (not Travellers) seen alive."""
    return sum(s.alive and s.team != "traveller" for s in state.seats) <= FINAL


class Ferryman(Role):
    id = "ferryman"
    policy = "Every dead player gets their vote back at the dawn of a day with 3 or fewer alive."
    events = (VotesReturned,)

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if not final_day(state):
            return state, []
        spent = tuple(s.player for s in state.seats if not s.alive and not s.ghost_vote)
        for player in spent:
            state = with_seat(state, player, ghost_vote=True)
        return state, [VotesReturned(state.day, spent)] if spent else []

    def says(self, event: Any, words: Words) -> str:
        return (
            f"⛵ The {words.strong('Ferryman')}: it is the final day, and "
            f"{words.players(event.players)} have their vote back."
        )
