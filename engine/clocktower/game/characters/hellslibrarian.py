"""Hell's Librarian (Fabled): something bad might happen to whoever talks when the storyteller
has asked for silence.

The table is told of it at the first dawn. A human storyteller who calls for silence deals with
a breach with their own tools (a death, drunkenness, ...: ``Adjust``); the engine hears no
talk. The bot storyteller never calls for silence, so nothing befalls anyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public


@dataclass(frozen=True)
class SilenceWarned(Event, Public):
    """At the first dawn: talking when the storyteller asks for silence may bring misfortune."""

    event = "hellslibrarian"
    day: int


class HellsLibrarian(Role):
    id = "hellslibrarian"
    policy = "The bot never calls for silence (it hears no talk), so nothing befalls anyone."
    events = (SilenceWarned,)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        return state, [SilenceWarned(state.day)] if state.day == 1 else []

    def says(self, event: Any, words: Words) -> str:
        name = words.strong("Hell's Librarian")
        return f"🤫 {name}: whoever talks when the storyteller asks for silence may come to harm."
