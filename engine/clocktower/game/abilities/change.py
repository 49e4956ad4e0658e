"""The character-change pattern: who becomes the Demon when the Demon dies.

A working Scarlet Woman takes over if five or more players were alive when the Demon died;
otherwise, if the Imp killed itself, the storyteller picks a living Minion to become the Imp.
"""

from __future__ import annotations

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.model import State, holders, minions, with_seat, works
from engine.core import Effect

SUCCESSORS = ("scarletwoman",)  # Minions who take over a dead Demon by their own ability
SW_MIN_ALIVE = 5


def become_demon(state: State, player: int, demon: str) -> tuple[State, list[Effect]]:
    state = with_seat(state, player, character=demon, shown=demon, team="demon")
    state, effect = tell(state, player, "became_demon", character=demon)
    return state, [effect]


def succession(
    state: State, dead: int, demon: str, cause: str, alive_before: int, key: str
) -> tuple[State, list[Effect]]:
    for cid in SUCCESSORS:
        for p in holders(state, cid):
            if works(state, p) and alive_before >= SW_MIN_ALIVE:
                return become_demon(state, p, demon)
    if cause == "star_pass" and minions(state):
        heir = rule(state, key + ":starpass", "star_pass", minions(state), truth=None, dead=dead)
        return become_demon(state, heir, demon)
    return state, []
