"""Deus ex Fiasco (Fabled): at least once per game the storyteller makes a mistake, corrects it
and owns up to it in public.

The mistake the engine makes on purpose is one player's false information for a night: at a
dawn the storyteller names a living good player (``_false_night``); that night their
information is false; at the next dawn the table is told that the information that player got
last night was a mistake (``Fiasco``), which corrects it. If they were told nothing that night
there was no mistake, and the storyteller may name someone again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.characters._false_night import FalseNight
from engine.clocktower.game.events import Info
from engine.clocktower.game.model import SYSTEM, Seat, State, drop_marks, put_marks
from engine.clocktower.game.roles import Result, Words
from engine.core import Event, Public

MISTAKE = "fiasco"
OWNED = "fiasco_owned"


@dataclass(frozen=True)
class Fiasco(Event, Public):
    """At dawn: the storyteller owns up that what ``player`` learned last night was wrong."""

    event = "fiasco"
    player: int
    night: int


class DeusExFiasco(FalseNight):
    id = "deusexfiasco"
    kind = MISTAKE
    policy = (
        "At a random dawn (half the time each dawn) a random living good Townsfolk's next "
        "night's information is made false, and owned up to in public the dawn after."
    )
    topics = {MISTAKE: "whose information tonight is the storyteller's mistake (0: not yet)"}
    reminders = {MISTAKE: "the storyteller's mistake tonight", OWNED: "mistake owned up to"}
    events = (Fiasco,)

    def candidates(self, state: State) -> tuple[int, ...]:
        return tuple(
            s.player
            for s in state.seats
            if s.alive and s.alignment == "good" and s.team == "townsfolk"
        )

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        mark = self.named(state)
        if mark is None or mark.note != str(state.night) or OWNED in (m.kind for m in state.marks):
            return super().at_dawn(state, seat_, key)
        told = any(
            isinstance(t, Info) and t.to == mark.target and t.night == state.night
            for t in state.told
        )
        if not told:  # nothing to get wrong: no mistake yet
            return super().at_dawn(drop_marks(state, MISTAKE), seat_, key)
        state = put_marks(state, OWNED, SYSTEM, (mark.target,), character=self.id)
        return state, [Fiasco(mark.target, state.night)]

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🙈 {words.strong('Deus ex Fiasco')}: the storyteller made a mistake. What "
            f"{words.player(event.player)} learned on night {event.night} was wrong."
        )
