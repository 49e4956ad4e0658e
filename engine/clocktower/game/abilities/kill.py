"""The kill pattern: the Imp's nightly attack, with protection, the Mayor's bounce and the star
pass (an Imp choosing itself dies, and a Minion becomes the Imp)."""

from __future__ import annotations

from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import State, alive, living, seat, works
from engine.core import Effect

BOUNCERS = ("mayor",)  # attacked at night, another player might die instead


def demon_attack(state: State, attacker: int, target: int, key: str) -> tuple[State, list[Effect]]:
    if not works(state, attacker) or not alive(state, target):
        return state, []
    if target == attacker:
        return die(state, attacker, "star_pass", key)
    if safe_from_demon(state, target):
        return state, []
    if seat(state, target).character in BOUNCERS and works(state, target):
        others = tuple(p for p in living(state) if p not in (target, attacker))
        target = rule(state, key + ":bounce", "mayor_bounce", (target, *others), mayor=target)
        if safe_from_demon(state, target):
            return state, []
    return die(state, target, "demon", key)


def imp(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    everyone = tuple(s.player for s in state.seats)
    (target,) = choose(state, key + ":pick", player, character, everyone)
    return demon_attack(state, player, target, key)
