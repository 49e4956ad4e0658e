"""Reading a game's public facts as it is played or replayed: ``Observer``.

It is shown each state with the action that led to it and keeps only what the table saw (who
died and when, the nominations with their hands, the Slayer's shots, the characters claimed in
public), never the grimoire.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.clocktower.game.actions import Nominate, Slay
from engine.clocktower.game.model import Phase, State
from engine.clocktower.reasoning.record import (
    Claim,
    Death,
    Nominated,
    Record,
    Shot,
    day_moment,
    night_moment,
)


class Observer:
    """Turns a game, state by state, into its public facts (a ``Record`` whose claims are the
    characters claimed, ``State.claims``, without the information said beside them).

    ``see(action, state)`` is called with each accepted action and the state after it (the
    same state twice is ignored, so a refused action shown again changes nothing). Deaths are
    read from who is alive: at night they are the night's, told at dawn (until then nobody
    knows), by day an execution (the day's executee), a Slayer's shot (the action was a shot)
    or another cause."""

    def __init__(self, state: State) -> None:
        self.record = Record(tuple(s.player for s in state.seats if s.team != "traveller"))
        self.last: State | None = None
        self.dead: set[int] = {s.player for s in state.seats if not s.alive}
        self.history = 0
        self.claimed = 0  # how many of the state's claims were read
        self.version = 0  # counts the changes to ``record``
        self.tonight: tuple[Death, ...] = ()  # the night's deaths, announced at dawn

    def see(self, action: Any, state: State) -> Record:
        before = self.last
        if state is before or not state.seats:
            return self.record
        self.last = state
        if not self.record.seats:  # observing began in the lobby
            self.record = Record(tuple(s.player for s in state.seats if s.team != "traveller"))
        record = self.record
        was = before or state
        nominations: tuple[Nominated, ...] = ()
        if len(state.history) != self.history:  # nominations are only ever added
            fresh = state.history[self.history :]
            self.history = len(state.history)
            nominations = tuple(
                Nominated(
                    n.day, n.nominator, n.nominee, () if n.secret else n.yes, _voters(was, n.yes)
                )
                for n in fresh
                if not n.exile and n.nominee in record.seats
            )
        deaths: tuple[Death, ...] = ()
        died: list[int] = []
        if before is None or before.seats is not state.seats:  # the same seats: nobody died
            died = [s.player for s in state.seats if not s.alive and s.player not in self.dead]
            self.dead.update(died)
            deaths = tuple(_death(was, state, action, p) for p in died if p in record.seats)
            self.tonight += tuple(d for d in deaths if d.cause == "night")
            deaths = tuple(d for d in deaths if d.cause != "night")
        if self.tonight and state.phase is not Phase.NIGHT:  # dawn (or the end)
            deaths, self.tonight = self.tonight + deaths, ()
        if isinstance(action, Nominate) and action.by in died and state.executed == action.by:
            nominations += (Nominated(was.day, action.by, action.target, at_once=True),)
        shots: tuple[Shot, ...] = ()
        if isinstance(action, Slay) and was.phase is Phase.DAY:
            shots = (Shot(was.day, action.by, action.target, action.target in died),)
        over = state.phase is Phase.OVER
        dusks = record.dusks + (
            was.phase is Phase.DAY and state.phase is not Phase.DAY and not over
        )
        claims = record.claims
        if len(state.claims) != self.claimed:  # claims are only ever added
            self.claimed = len(state.claims)
            claims = claims_of(state, record.seats)
        changed = claims != record.claims or over != record.over or dusks != record.dusks
        if deaths or nominations or shots or changed:
            self.version += 1
            self.record = replace(
                record,
                claims=claims,
                deaths=record.deaths + deaths,
                nominations=record.nominations + nominations,
                shots=record.shots + shots,
                dusks=dusks,
                over=over,
            )
        return self.record


def claims_of(state: State, residents: tuple[int, ...]) -> tuple[Claim, ...]:
    """The residents' public claims (``State.claims``), each player's latest, in seat order."""
    latest = {player: cid for _, player, cid in state.claims}
    return tuple(Claim(p, latest[p]) for p in residents if p in latest)


def _voters(state: State, yes: tuple[int, ...]) -> tuple[int, ...]:
    """Who could raise a hand in a count: the living and the dead with a ghost vote (as the
    count began, near enough: those who spent theirs in it raised a hand)."""
    return tuple(
        s.player
        for s in state.seats
        if s.team != "traveller" and (s.alive or s.ghost_vote or s.player in yes)
    )


def _death(before: State, after: State, action: Any, player: int) -> Death:
    """A death as the table saw it: in the night it happened, or by day an execution (the
    day's executee), a Slayer's shot, or another cause."""
    if before.phase is not Phase.DAY:
        return Death(player, night_moment(max(after.night, 1)), "night")
    moment = day_moment(before.day)
    if isinstance(action, Slay) and action.target == player:
        return Death(player, moment, "slain")
    return Death(player, moment, "execution" if after.executed == player else "other")
