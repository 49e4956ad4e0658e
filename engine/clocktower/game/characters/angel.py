"""The Angel (Fabled): something bad might happen to whoever is most responsible for the death
of a new player.

At the first dawn the storyteller names the players new to the game (``_named``) and the table
is told whom the Angel protects. When one of them dies, the storyteller may make the player most
responsible die too (a ruling: nobody, or any living player; for an execution the nominator
comes first among the suggestions). Lesser misfortunes are the storyteller's own tools. The bot
storyteller cannot know who is new, names no one, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.characters._named import name_players, named_players
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Seat, State, living
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public

NEW = "angel_new"


@dataclass(frozen=True)
class AngelWatches(Event, Public):
    """At the first dawn: the players the Angel protects (none: the storyteller named none)."""

    event = "angel"
    players: tuple[int, ...]


class Angel(Role):
    id = "angel"
    policy = "The bot cannot tell who is new to the game: the Angel protects no one, as announced."
    topics = {
        NEW: "a player new to the game, whom the Angel protects (0: no more)",
        "angel_wrath": "who, most responsible for a new player's death, dies for it (0: nobody)",
    }
    reminders = {NEW: "protected by the Angel"}
    events = (AngelWatches,)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if state.day != 1:
            return state, []
        state, named = name_players(state, key, NEW, self.id)
        return state, [AngelWatches(named)]

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        if dead not in named_players(state, NEW):
            return state, []
        nominator = next((n.nominator for n in reversed(state.history) if n.nominee == dead), None)
        first = (nominator,) if cause == "execution" and nominator in living(state) else ()
        suspects = (*first, *(p for p in living(state) if p not in first))
        culprit = rule(state, f"{key}:angel", "angel_wrath", (0, *suspects), truth=0, dead=dead)
        return die(state, culprit, "wrath", f"{key}:angel") if culprit else (state, [])

    def says(self, event: Any, words: Words) -> str:
        if not event.players:
            return f"😇 The {words.strong('Angel')} watches over new players; none is named."
        return f"😇 The {words.strong('Angel')} protects {words.players(event.players)}."
