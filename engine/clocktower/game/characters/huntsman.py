"""The Huntsman: once per game, at night, may choose a living player: the Damsel, if chosen,
becomes a Townsfolk not in play (the storyteller's choice among the script's; she learns it at
once). The setup brings in the Damsel (the catalogue's ``requires``). The one use is spent
whether or not it works; a drunk or poisoned Huntsman's choice changes nothing."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import Pending, Seat, State, living, seat
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import active, works

DAMSEL = "damsel"
HUNTS = 0.3  # how often a simulated Huntsman uses the ability on a given night


class Huntsman(Role):
    id = "huntsman"
    topics = {"huntsman_townsfolk": "the Townsfolk the Damsel the Huntsman found becomes"}
    policy: ClassVar[str] = "The found Damsel becomes a random Townsfolk not in play."

    def wakes(self, state: State, seat: Seat) -> bool:
        return active(state, seat.player) and not spent(state, seat.player)

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(p for p in living(state) if p != player)
        chosen = choose(state, key + ":pick", player, self.id, others, optional=True)
        if not chosen:
            return state, []
        state = spend(state, player)
        (target,) = chosen
        if seat(state, target).character != DAMSEL:
            return state, []
        if not works(state, player):
            return abnormal.mark(state, player), []
        in_play = {s.character for s in state.seats}
        spare = tuple(
            c for c in playable(state) if char(state, c).team == "townsfolk" and c not in in_play
        )
        if not spare:
            return state, []
        cid = rule(state, key + ":becomes", "huntsman_townsfolk", spare, truth=None, player=target)
        state, effects = change_character(state, target, cid)
        state, more = settle_changes(state, key)
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """Now and then, a player who claims an Outsider (a Damsel may), else one of the
        players it trusts most; most nights, no one."""
        if table.rng.random() >= HUNTS:
            return ()
        claimed = {p: c for _, p, c in state.claims}
        outsiders = [
            p for p in options if p in claimed and char(state, claimed[p]).team == "outsider"
        ]
        picks = table.trusted(state, player, outsiders or list(options))
        return (picks[0],) if picks else ()
