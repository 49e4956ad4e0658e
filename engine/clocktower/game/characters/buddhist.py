"""The Buddhist (Fabled): for the first two minutes of each day, veteran players may not talk.

At the first dawn the storyteller names the veterans (``_named``); at every dawn the table is
reminded who must keep quiet for two minutes. The engine cannot hear a table, so keeping it is
the players' (a human storyteller's tools deal with a breach). The bot storyteller cannot know
who is a veteran: it names no one, and reminds every player who has played before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.characters._named import name_players, named_players
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public

VETERAN = "buddhist_veteran"


@dataclass(frozen=True)
class QuietStart(Event, Public):
    """At each dawn: the veterans who keep quiet for two minutes (none named: every veteran)."""

    event = "buddhist"
    players: tuple[int, ...]


class Buddhist(Role):
    id = "buddhist"
    policy = (
        "The bot cannot tell veterans or hear talk: each dawn it asks every veteran player to "
        "keep quiet for two minutes, and enforces nothing."
    )
    topics = {
        VETERAN: "a veteran player, silent for the first two minutes of each day (0: no more)"
    }
    reminders = {VETERAN: "a veteran (the Buddhist)"}
    events = (QuietStart,)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if state.day == 1:
            state, named = name_players(state, key, VETERAN, self.id)
        else:
            named = named_players(state, VETERAN)
        return state, [QuietStart(named)]

    def says(self, event: Any, words: Words) -> str:
        who = words.players(event.players) if event.players else "veteran players"
        return (
            f"🧘 The {words.strong('Buddhist')}: for the first two minutes of today, {who} "
            "may not talk."
        )
