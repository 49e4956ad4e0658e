"""Builders shared by the Traitors engine tests."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engine.core import Effect, Private, Prompt, Public
from engine.traitors import Join, OpenVote, Start, State, Vote, apply, living, new_game


def lobby(players: int = 6, seed: int = 1, recruit: bool = False) -> State:
    """Host 1 and players 2..n seated."""
    state = new_game(host=1, seed=seed, recruit=recruit)
    for player in range(2, players + 1):
        state = apply(state, Join(player)).state
    return state


def game(players: int = 6, traitor_ids: Iterable[int] = (5, 6), recruit: bool = False) -> State:
    """A started game (day 1) with the Traitors fixed, so tests read plainly."""
    ids = frozenset(traitor_ids)
    state = apply(lobby(players, recruit=recruit), Start(1, len(ids))).state
    return replace(state, traitor_ids=ids)


def run(state: State, *actions: object) -> tuple[State, list[Effect]]:
    """Apply actions in order; the final state and every effect emitted on the way."""
    effects: list[Effect] = []
    for action in actions:
        step = apply(state, action)
        state = step.state
        effects.extend(step.effects)
    return state, effects


def announced(effects: Iterable[Effect], event: str) -> list[dict]:
    return [dict(e.data) for e in effects if isinstance(e, Public) and e.event == event]


def told(effects: Iterable[Effect], event: str) -> dict[int, dict]:
    return {e.to: dict(e.data) for e in effects if isinstance(e, Private) and e.event == event}


def prompts(effects: Iterable[Effect], kind: str) -> list[Prompt]:
    return [e for e in effects if isinstance(e, Prompt) and e.kind == kind]


def banish(state: State, target: int) -> tuple[State, list[Effect]]:
    """Open the vote and have every living player vote ``target`` out (who votes elsewhere)."""
    voters = living(state)
    other = next(p for p in voters if p != target)
    ballots = [Vote(v, other if v == target else target) for v in voters]
    return run(state, OpenVote(state.host), *ballots)
