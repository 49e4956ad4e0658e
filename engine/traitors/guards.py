"""Checks shared by the action handlers; each refusal is a sentence a player can read."""

from __future__ import annotations

from engine.core import RuleError
from engine.traitors.model import Phase, State, faithful, traitors


def refuse_unless(condition: bool, message: str) -> None:
    if not condition:
        raise RuleError(message)


def require_phase(state: State, phase: Phase, message: str) -> None:
    refuse_unless(state.phase is phase, message)


def require_host(state: State, by: int, message: str) -> None:
    refuse_unless(by == state.host, message)


def require_living_traitor(state: State, by: int, message: str) -> None:
    refuse_unless(by in traitors(state), message)


def require_living_faithful(state: State, target: int, message: str) -> None:
    refuse_unless(target in faithful(state), message)
