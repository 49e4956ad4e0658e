"""The Storm Catcher (Loric): on the first night, at its place, the storyteller names a good
character of the script (``stormcatcher``), and the table is told which. If a player has it,
that player is stormcaught: from then on they die only by execution (or by what no protection
stops: the Assassin, the storyteller's own hand), and every evil player is told who they are;
if nobody has it, every evil player is told it is not in play. The reminder stays on the player
(the rule names the player who had the character when it was named)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, put_marks
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Effect, Event, Public

GOOD = ("townsfolk", "outsider")


@dataclass(frozen=True)
class StormNamed(Event, Public):
    """The table learns the stormcaught character (not who has it)."""

    event = "stormcaught"
    named: str


@dataclass(frozen=True)
class StormSeen(Told):
    """To each evil player: who has the stormcaught character (none: it is not in play)."""

    event = "stormcaught_player"
    character: str
    players: tuple[int, ...]


class StormCatcher(Role):
    id = "stormcatcher"
    policy = "Names a random good character of the script, in play or not."
    topics = {"stormcatcher": "the good character the Storm Catcher names"}
    reminders = {"stormcaught": "stormcaught: dies only by execution"}
    events = (StormNamed, StormSeen)

    def night(self, state: State, player: int, key: str) -> Result:
        good = tuple(c for c in playable(state) if char(state, c).team in GOOD)
        if state.night != 1 or not good:
            return state, []
        cid = str(rule(state, key + ":name", "stormcatcher", good, truth=None))
        holders = tuple(s.player for s in state.seats if s.character == cid)
        state = put_marks(state, "stormcaught", SYSTEM, holders, character=self.id)
        effects: list[Effect] = [StormNamed(cid)]
        for s in state.seats:
            if s.alignment == "evil":
                state, told = tell(state, StormSeen(s.player, character=cid, players=holders))
                effects.append(told)
        return state, effects

    def cannot_die(self, state: State, seat: Seat, target: int, cause: str) -> bool:
        if cause == "execution":
            return False
        return any(m.kind == "stormcaught" and m.target == target for m in state.marks)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, StormNamed):
            name = words.strong(words.character(event.named))
            return f"⛈️ The {words.strong('Storm Catcher')} names {name}."
        name = words.strong(words.character(event.character))
        if not event.players:
            return f"⛈️ The stormcaught {name} is not in play."
        return f"⛈️ The stormcaught {name} is {words.players(event.players)}."
