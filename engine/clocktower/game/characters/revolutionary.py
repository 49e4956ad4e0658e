"""The Revolutionary (Fabled): two neighbouring players are known to share an alignment; once
per game, one of them registers falsely.

At the first dawn the storyteller picks two players seated side by side with the same
alignment (Travellers aside) and the table is told (``SameSide``). At a later dawn the
storyteller may spend the false registration: one of the pair, for that day and the night after
it, may register as the other alignment (as their own character, or as any character of the
other side's teams on the script: ``Role.registers_other``), each time it matters as the usual
registration ruling. (So "once" is one day and night; and the pair is known from the first
dawn: the engine has no dawn before the first night's information.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.cast import script_team
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import (
    SYSTEM,
    Pending,
    Registration,
    Seat,
    State,
    put_marks,
    seat,
)
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public

PAIR = "revolutionary_pair"
FALSE = "revolutionary_false"
SPENDS = 1 / 3  # the bot's chance of spending the false registration at a given dawn
OTHER_SIDE = {
    "good": (("minion", "evil"), ("demon", "evil")),
    "evil": (("townsfolk", "good"), ("outsider", "good")),
}


@dataclass(frozen=True)
class SameSide(Event, Public):
    """At the first dawn: these two neighbours share an alignment."""

    event = "revolutionary"
    players: tuple[int, int]


def pairs(state: State) -> tuple[tuple[int, int], ...]:
    """Every two players seated side by side (Travellers aside) with the same alignment."""
    order = [s for s in state.seats if s.team != "traveller"]
    found = [(a, order[(i + 1) % len(order)]) for i, a in enumerate(order)]
    return tuple(
        (a.player, b.player)
        for a, b in found
        if a.player != b.player and a.alignment == b.alignment
    )


def marked(state: State, kind: str) -> tuple[int, ...]:
    return tuple(m.target for m in state.marks if m.kind == kind)


class Revolutionary(Role):
    id = "revolutionary"
    policy = (
        "The pair is two random neighbours of one alignment; the false registration is spent at "
        "a random dawn (a third of the time each dawn) on a random one of them, who then "
        "misregisters with the usual chance."
    )
    topics = {
        PAIR: "which two neighbours of the same alignment the table is told of",
        FALSE: "which of the pair may register falsely today and tonight (0: not yet)",
    }
    reminders = {PAIR: "same alignment (the Revolutionary)", FALSE: "registers falsely"}
    events = (SameSide,)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if not marked(state, PAIR):
            found = pairs(state)
            if state.day != 1 or not found:
                return state, []
            chosen = rule(state, f"{key}:{PAIR}", PAIR, found, truth=None)
            state = put_marks(state, PAIR, SYSTEM, chosen, character=self.id)
            return state, [SameSide(chosen)]
        if marked(state, FALSE):
            return state, []
        pair = marked(state, PAIR)
        who = rule(state, f"{key}:{FALSE}", FALSE, (0, *pair), truth=0)
        if who:
            day = str(state.day)
            state = put_marks(state, FALSE, SYSTEM, (who,), character=self.id, note=day)
        return state, []

    def registers_other(self, state: State, seat_: Seat, player: int) -> tuple[Registration, ...]:
        today = str(state.day)
        if not any(m.kind == FALSE and m.target == player and m.note == today for m in state.marks):
            return ()
        s = seat(state, player)
        other = "good" if s.alignment == "evil" else "evil"
        found = [Registration(s.character, s.team, other)]
        for team, alignment in OTHER_SIDE[s.alignment]:
            found += [Registration(c, team, alignment) for c in script_team(state, team)]
        return tuple(found)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != FALSE:
            return None
        return rng.randrange(1, len(pending.options)) if rng.random() < SPENDS else 0

    def says(self, event: Any, words: Words) -> str:
        return (
            f"✊ The {words.strong('Revolutionary')}: {words.players(event.players)} "
            "share an alignment."
        )
