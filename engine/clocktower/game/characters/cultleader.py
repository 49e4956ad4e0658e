"""The Cult Leader: each night, becomes the alignment of one of their living neighbours (the
storyteller's choice when they differ; they learn a change). By day they may call a cult:
when every good player (alive or dead) has joined, the Cult Leader's team wins.

A public call (``CultCall``: ``/clocktower use cult player``) names a cult leader: naming
oneself calls a cult for today, naming a caller joins theirs. Anyone may call (a bluff): only a
working Cult Leader's cult can end the game; the caller counts as joined. Joins last until dusk.
Jinx: an evil player the Pit-Hag made the Cult Leader cannot turn good by this ability (here:
any player who became the Cult Leader during play while evil)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_alignment, made_evil, settle_changes
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.ending import conclude
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import (
    Pending,
    State,
    living,
    marks_of,
    neighbours,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

CALLS = 0.15  # how often a simulated Cult Leader calls a cult on a given day
TRUSTS = 0.15  # the chance of being the Demon below which a simulated good player joins


@dataclass(frozen=True)
class CultCall:
    """A public call for a cult (``leader`` the caller themself) or a join of ``leader``'s."""

    by: int
    target: int


@dataclass(frozen=True)
class CultJoined(Event, Public):
    event = "cult"
    by: int
    leader: int


def members(state: State, leader: int) -> set[int]:
    """Who has joined ``leader``'s cult today (the caller first)."""
    return {m.target for m in marks_of(state, "cult", leader)}


class CultLeader(Role):
    id = "cultleader"
    events = (CultJoined,)
    day_action = CultCall
    endings = {"cult": "every good player joined the Cult Leader's cult"}
    reminders = {"cult": "joined the cult today"}
    topics = {"cult_neighbour": "whose alignment the Cult Leader takes tonight"}
    command = DayCommand(
        "cult",
        "Call a cult (name yourself) or join the cult of the player who called it",
        "player",
        "Yourself to call a cult, or the player whose cult you join",
        "Done, in public.",
    )
    policy: ClassVar[str] = "Takes the alignment of a random living neighbour each night."

    def night(self, state: State, player: int, key: str) -> Result:
        near = tuple(p for p in dict.fromkeys(neighbours(state, player)) if p != player)
        if not near:
            return state, []
        pick = rule(state, key, "cult_neighbour", near, truth=None, player=player)
        wanted = seat(state, pick).alignment
        me = seat(state, player)
        if wanted == me.alignment:
            return state, []
        if wanted == "good" and made_evil(state, player, self.id):
            return state, []
        if not works(state, player):
            return abnormal.mark(state, player), []
        state, effects = change_alignment(state, player, wanted)
        state, more = settle_changes(state, key)
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        callers = [m.source for m in state.marks if m.kind == "cult" and m.source == m.target]
        return (by, *(p for p in callers if p != by))

    def day(self, state: State, action: CultCall) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players in this game can do that.")
        leader = action.target
        if leader != action.by:
            refuse_unless(
                leader in state.players and leader in members(state, leader),
                "That player has called no cult today.",
            )
        refuse_unless(action.by not in members(state, leader), "You have already joined.")
        state = put_mark(state, "cult", leader, action.by, dusks=1, keep=True)
        effects: list[Effect] = [CultJoined(action.by, leader)]
        holder = seat(state, leader)
        if holder.character != self.id or not works(state, leader):
            return state, effects
        good = {s.player for s in state.seats if s.alignment == "good"}  # Travellers too
        if not good <= members(state, leader):
            return state, effects
        state, more = conclude(state, holder.alignment, "cult")
        return state, effects + more

    def day_move(self, table: Table, state: State) -> CultCall | None:
        """A believed Cult Leader now and then calls a cult; good players who think the caller
        is hardly the Demon join it."""
        for s in state.seats:
            if s.shown != self.id or not s.alive:
                continue
            called = s.player in members(state, s.player)
            if not called and table.once("cult", state.day) and table.rng.random() < CALLS:
                return CultCall(s.player, s.player)
            if called:
                for p in living(state):
                    joins = seat(state, p).alignment == "good" and p not in members(state, s.player)
                    if joins and table.demon_chance(state, p, s.player) < TRUSTS:
                        if table.once("join", state.day, p):
                            return CultCall(p, s.player)
        return None

    def says(self, event: Any, words: Words) -> str:
        if event.by == event.leader:
            return f"🕯️ {words.player(event.by)} calls on everyone to join their cult."
        return f"🕯️ {words.player(event.by)} joins {words.player(event.leader)}'s cult."
