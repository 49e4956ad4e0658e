"""The Imp: each night after the first, kills a player; if it kills itself, a Minion becomes
the Imp (the star pass: a working Scarlet Woman first, else the storyteller's pick)."""

from __future__ import annotations

from engine.clocktower.game.abilities.change import become_demon
from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import Seat, State, demons, minions
from engine.clocktower.game.roles import Result, Role, Table

STAR_PASS = 0.03  # how often a simulated Imp kills itself


class Imp(Role):
    id = "imp"
    topics = {"star_pass": "which Minion becomes the Imp"}
    reasoned = True

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

    def choose(self, table: Table, state: State, player: int, options: list[int], pick: int):
        teammates = {p for p, v in table.scores(state, player).items() if v <= -100}
        prey = [p for p in options if p not in teammates] or options
        if table.rng.random() < STAR_PASS:
            return (player,)
        return (table.rng.choice(prey),) if prey else None
