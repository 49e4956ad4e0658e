"""The Gossip: each day may make a public statement; if it was true when made, a player of the
storyteller's choice (``gossip_kill``) dies tonight. Anyone may make a statement (a bluffer too,
through the same command), once a day; only a living, working Gossip's counts, and only if the
Gossip still works tonight. A statement that registration leaves open (a Recluse said to be the
Demon) is the storyteller's ruling, as ``statements.judge`` says.

Bot storyteller: the victim is a Minion when good is behind (with chance 0.5 - good's edge,
clamped to [0.2, 0.8]) and there is one, else a random living good player; never the Demon.

The reasoning model reads no evidence from it: its statements are not on the public record; a
death a true one causes is one of the night's other deaths (``OTHER_DEATHS``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.actions import Gossip as GossipStatement
from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.events import Players
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import (
    Field,
    Form,
    Pending,
    Seat,
    State,
    living,
    marks_of,
    put_marks,
    seat,
)
from engine.clocktower.game.policy import clamp, good_edge
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.statements import Statement, checked, judge
from engine.clocktower.game.statements import words as in_words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

SPEAKS = 0.5  # how often a simulated Gossip makes a statement, daily


@dataclass(frozen=True)
class GossipSaid(Event, Public):
    """A public statement (``engine.clocktower.game.statements``): the Gossip's, or anyone's."""

    event = "gossip"
    by: int
    kind: str
    players: Players
    value: Any


class Gossip(Role):
    id = "gossip"
    policy = (
        "The victim is a Minion with chance 0.5 - good's edge (within [0.2, 0.8]) when there is "
        "one, else a random living good player, never the Demon."
    )
    events = (GossipSaid,)
    day_action = GossipStatement
    # A statement tells nothing of who made it (anyone may make one), and a Gossip may make one
    # daily: no surprise to keep. Claiming on day 1 also spares the reasoning players a late
    # claim, which rebuilds their worlds (a fifth of Bad Moon Rising's self-play time).
    hides_until_used = False
    topics = {"gossip_kill": "who dies tonight for the Gossip's true statement"}
    reminders = {"said": "made a public statement today", "true": "a true statement today"}
    command = DayCommand(
        "gossip",
        "Make a public statement (the Gossip's)",
        "player",
        "Who the statement is about",
        "Your statement is made in public.",
        statement=True,
    )

    def request(self, by: int, target: Statement) -> GossipStatement:
        return GossipStatement(by, target.kind, target.players, target.value)

    def day(self, state: State, action: GossipStatement) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players in this game make statements.")
        said = checked(state, Statement(action.kind, tuple(action.players), action.value))
        today = str(state.day)
        refuse_unless(
            not any(m.note == today for m in marks_of(state, "said", action.by)),
            "You have already made a public statement today.",
        )
        state = put_marks(state, "said", action.by, (action.by,), dusks=1, note=today)
        effects: list[Effect] = [GossipSaid(action.by, said.kind, said.players, said.value)]
        if seat(state, action.by).character != self.id or not works(state, action.by):
            return state, effects
        key = day_key(state) + f":{action.by}:gossip"
        true = rule(state, key, "registration", judge(state, said), player=action.by, cause=self.id)
        if true:  # lasts over tonight's dusk
            state = put_marks(state, "true", action.by, (action.by,), dusks=2, note=today)
        return state, effects

    def wakes(self, state: State, seat: Seat) -> bool:
        said = marks_of(state, "true", seat.player)
        return any(m.note == str(state.day) for m in said) and works(state, seat.player)

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller kills; the Gossip sleeps

    def night(self, state: State, player: int, key: str) -> Result:
        alive = living(state)
        form = Form((Field("player", alive),))
        victim = rule(state, key, "gossip_kill", alive, truth=None, form=form, player=player)
        return die(state, victim, "gossip", key)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "gossip_kill":
            return None
        options = list(pending.options)
        minions = [i for i, p in enumerate(options) if seat(state, p).team == "minion"]
        good = [i for i, p in enumerate(options) if seat(state, p).alignment == "good"]
        if minions and rng.random() < clamp(0.5 - good_edge(state), 0.2, 0.8):
            return rng.choice(minions)
        return rng.choice(
            good or [i for i, p in enumerate(options) if seat(state, p).team != "demon"]
        )

    def day_move(self, table: Table, state: State) -> GossipStatement | None:
        for s in state.seats:
            if s.shown == self.id and s.alive and table.once("gossip", s.player, state.day):
                if table.rng.random() < SPEAKS:
                    others = [p for p in living(state) if p != s.player]
                    suspect = table.ranked(state, s.player, others)[0]
                    return GossipStatement(s.player, "team", (suspect,), "demon")
        return None

    def says(self, event: Any, words: Words) -> str:
        said = Statement(event.kind, tuple(event.players), event.value)
        text = in_words(said, words.player, words.character)
        return f"🗣️ {words.player(event.by)} states in public: “{text}.”"
