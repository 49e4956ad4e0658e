"""The Engineer: once per game, at night, chooses which Demon or which Minions are in play. They
choose a character of the script: a Demon, and every Demon player becomes it; or a Minion, then
more until there is one per Minion player (or none is left), and the Minion players (in seat
order) become them.
Players keep their alignment and learn their new character (``change_character``); a new Demon
still to act tonight acts as it. Characters a good player holds are not offered. A drunk or
poisoned Engineer spends the ability for nothing.

No ruling: the choice is the Engineer's."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.roles import REGISTRY, Result, Role, Table
from engine.clocktower.game.working import active, works
from engine.core import Effect

BUILDS = 0.25  # how often a simulated Engineer uses the ability on a given night


class Engineer(Role):
    id = "engineer"
    policy: ClassVar[str] = "No ruling: the Engineer chooses; Minions are dealt in seat order."

    def wakes(self, state: State, seat: Seat) -> bool:
        return active(state, seat.player) and not spent(state, seat.player)

    def night(self, state: State, player: int, key: str) -> Result:
        held = {s.character for s in state.seats if s.alignment == "good"}
        demons = tuple(c for c in script_team(state, "demon") if c in REGISTRY and c not in held)
        minions = tuple(c for c in script_team(state, "minion") if c in REGISTRY and c not in held)
        if not demons + minions:
            return state, []
        first = choose_value(
            state, key + ":0", player, self.id, demons + minions, "character", optional=True
        )
        if first is None:
            return state, []
        team = "demon" if first in demons else "minion"
        players = [s.player for s in state.seats if s.team == team and s.alignment == "evil"]
        chosen = [first]
        while team == "minion" and len(chosen) < len(players):
            left = tuple(c for c in minions if c not in chosen)
            if not left:
                break
            more = choose_value(state, key + f":{len(chosen)}", player, self.id, left, "character")
            assert more is not None
            chosen.append(more)
        state = spend(state, player)
        if not works(state, player):
            return abnormal.mark(state, player), []
        effects: list[Effect] = []
        made = chosen * len(players) if team == "demon" else chosen
        for target, cid in zip(
            players, made, strict=False
        ):  # Minions beyond the choices keep theirs
            if seat(state, target).character != cid:
                state, told = change_character(state, target, cid)
                effects += told
        state, more_effects = settle_changes(state, key)
        return state, effects + more_effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return (table.rng.choice(options),) if table.rng.random() < BUILDS else ()
