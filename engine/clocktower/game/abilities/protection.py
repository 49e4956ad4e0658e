"""The protection pattern: who the Demon cannot kill tonight, and who cannot die at all.

Each unit that protects says whom (``Role.protects``: the Soldier itself, the Monk's choice); the
storyteller's own ``safe`` reminder (``/clocktower adjust protect``) protects too. Protection from
every death (``Role.cannot_die``) is asked by ``death.die`` for each death but the Assassin's.
"""

from __future__ import annotations

from engine.clocktower.game.model import SYSTEM, State
from engine.clocktower.game.roles import seats_having


def safe_from_demon(state: State, target: int) -> bool:
    if any(r.protects(state, s, target) for s, r in seats_having(state, "protects")):
        return True
    return any(m.kind == "safe" and m.source == SYSTEM and m.target == target for m in state.marks)


def cannot_die(state: State, target: int, cause: str) -> bool:
    """Whether any character keeps ``target`` alive against a death of ``cause`` now (the
    Sailor, the Tea Lady, the Innkeeper, the Devil's Advocate: ``Role.cannot_die``)."""
    return any(r.cannot_die(state, s, target, cause) for s, r in seats_having(state, "cannot_die"))
