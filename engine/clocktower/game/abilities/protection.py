"""The protection pattern: who the Demon cannot kill tonight.

Each unit that protects says whom (``Role.protects``: the Soldier itself, the Monk's choice); the
storyteller's own ``safe`` reminder (``/clocktower adjust protect``) protects too.
"""

from __future__ import annotations

from engine.clocktower.game.model import SYSTEM, State
from engine.clocktower.game.roles import seats_having


def safe_from_demon(state: State, target: int) -> bool:
    if any(r.protects(state, s, target) for s, r in seats_having(state, "protects")):
        return True
    return any(m.kind == "safe" and m.source == SYSTEM and m.target == target for m in state.marks)
