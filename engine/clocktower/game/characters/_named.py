"""Players the storyteller names for a Fabled that concerns who the players are away from the
table (the Angel's new players, the Buddhist's veterans): one ruling per name, in turn, until
the storyteller answers 0 (no more). The bot storyteller cannot know any of it and names no one
(the ruling's true answer, 0, is what the general policy gives)."""

from __future__ import annotations

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import SYSTEM, State, put_marks


def name_players(
    state: State, key: str, topic: str, character: str
) -> tuple[State, tuple[int, ...]]:
    """The players named under ``topic``, each marked with a reminder of that kind."""
    named: list[int] = []
    while True:
        rest = tuple(p for p in state.players if p not in named)
        if not rest:
            break
        found = rule(state, f"{key}:{topic}:{len(named)}", topic, (0, *rest), truth=0)
        if found == 0:
            break
        named.append(found)
    if named:
        state = put_marks(state, topic, SYSTEM, tuple(named), character=character)
    return state, tuple(named)


def named_players(state: State, topic: str) -> tuple[int, ...]:
    return tuple(m.target for m in state.marks if m.kind == topic)
