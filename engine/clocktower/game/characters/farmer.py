"""The Farmer: when they die at night, a living good player becomes a Farmer (the storyteller's
choice, ``farmer``), keeping their alignment, and learns it at once (``change_character``: the
new Farmer's old ability is gone, and its wakes still to come tonight with it). A Farmer drunk or
poisoned as they die passes nothing on. By day (an execution, a Slayer's shot) nothing happens.

Travellers are not offered: a Traveller's character is not part of the town's setup."""

from __future__ import annotations

import random
from typing import ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Phase, Seat, State
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import sober


class Farmer(Role):
    id = "farmer"
    topics = {"farmer": "the living good player who becomes the new Farmer"}
    policy: ClassVar[str] = "The new Farmer is a random living good player (not a Traveller)."

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if state.phase is not Phase.NIGHT:
            return state, []
        heirs = tuple(
            s.player
            for s in state.seats
            if s.alive
            and s.alignment == "good"
            and s.team != "traveller"
            and s.character != self.id
        )
        if not heirs:
            return state, []
        if not sober(state, seat.player):
            return abnormal.mark(state, seat.player), []
        heir = rule(state, key + ":farmer", "farmer", heirs, truth=None, farmer=seat.player)
        state, effects = change_character(state, heir, self.id)
        state, more = settle_changes(state, key + ":farmer")
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int:
        return rng.randrange(len(pending.options))
