"""The protection pattern: who the Demon cannot kill tonight (Monk's choice, the Soldier)."""

from __future__ import annotations

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import State, put_mark, seat, works
from engine.core import Effect

IMMUNE_TO_DEMON = ("soldier",)


def safe_from_demon(state: State, target: int) -> bool:
    s = seat(state, target)
    if s.character in IMMUNE_TO_DEMON and works(state, target):
        return True
    return any(
        m.kind == "safe" and m.target == target and works(state, m.source) for m in state.marks
    )


def monk(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    others = tuple(s.player for s in state.seats if s.player != player)
    (target,) = choose(state, key, player, character, others)
    if works(state, player):
        state = put_mark(state, "safe", player, target)
    return state, []
