"""The Sailor: cannot die while sober and healthy; each night chooses a living player, and either
the Sailor or that player (the storyteller's choice, ``sailor_drunk``) is drunk until dusk. A
Sailor who chooses themself is the drunk one, and so can die until dusk.

Bot storyteller, as the almanac advises: a chosen Townsfolk is the drunk one, otherwise (an
Outsider, a Minion, the Demon or a Traveller) the Sailor is.

The reasoning model reads no evidence from it: its choice and the drunkenness it brings are
private, and a kill it stops is among the stopped kills of the night's death count (``SAVED``)."""

from __future__ import annotations

import random

from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import Pending, Seat, State, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works


class Sailor(Role):
    id = "sailor"
    policy = "A chosen Townsfolk is the drunk one; otherwise the Sailor is."
    topics = {"sailor_drunk": "who is drunk until dusk: the Sailor or the player they chose"}

    def night(self, state: State, player: int, key: str) -> Result:
        living = tuple(s.player for s in state.seats if s.alive)
        (target,) = choose(state, key + ":pick", player, self.id, living)
        state, effects = aim(state, player, target, key)
        if not works(state, player):
            return state, effects
        drunk = target
        if target != player:
            options = (target, player)
            drunk = rule(state, key, "sailor_drunk", options, truth=None, player=player)
        return put_mark(state, "drunk", player, drunk, dusks=1), effects

    def cannot_die(self, state: State, seat: Seat, target: int, cause: str) -> bool:
        return target == seat.player and works(state, target)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        chosen = pending.options[0]
        return 0 if seat(state, chosen).team == "townsfolk" else 1

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        ranked = table.ranked(state, player, options)
        return (ranked[-1],) if ranked else None  # the player they trust most drinks with them
