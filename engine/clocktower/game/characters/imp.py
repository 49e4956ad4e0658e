"""The Imp: each night after the first, kills a player; if it kills itself, a Minion becomes
the Imp (the star pass: a working Scarlet Woman first, else the storyteller's pick)."""

from __future__ import annotations

from engine.clocktower.game.abilities.change import become_demon
from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import Seat, State, demons, minions
from engine.clocktower.game.roles import Result, Role, Table, most_trusted

PASSES_AT = 0.5  # a simulated Imp the town thinks this likely the Demon kills itself


class Imp(Role):
    id = "imp"
    policy = "A star pass goes to a random living Minion."
    topics = {"star_pass": "which Minion becomes the Imp"}
    reasoned = True
    moves_to = "minion"

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        return demon_attack(state, player, target, key)

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if cause != "star_pass" or demons(state) or not minions(state):
            return state, []  # no star pass, or a Scarlet Woman already took over
        heir = rule(
            state, key + ":starpass", "star_pass", minions(state), truth=None, dead=seat.player
        )
        return become_demon(state, heir, self.id)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """Itself (the star pass) when the town is closing in and a Minion lives to take over,
        else one of the players the town values most."""
        heirs = [s for s in state.seats if s.alive and s.team == "minion"]
        if heirs and table.demon_chance(state, player, player) >= PASSES_AT:
            return (player,)
        return most_trusted(table, state, player, options, pick)
