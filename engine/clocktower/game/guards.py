"""Checks shared by the action handlers; each refusal is a sentence a player can read."""

from __future__ import annotations

from engine.clocktower.game.model import SYSTEM, Phase, State, alive
from engine.core import RuleError


def refuse_unless(condition: bool, message: str) -> None:
    if not condition:
        raise RuleError(message)


def require_phase(state: State, phase: Phase, message: str) -> None:
    refuse_unless(state.phase is phase, message)


NOT_DAY = "That can only be done during the day."


def require_day_between_votes(state: State) -> None:
    """By day, and not while a vote is running: when day actions and nominations may happen."""
    require_phase(state, Phase.DAY, NOT_DAY)
    refuse_unless(state.vote is None, "Wait until the current vote is over.")


def storyteller_or_system(state: State, by: int, message: str) -> None:
    """The human storyteller, or (with the bot storyteller) the shell acting as it."""
    refuse_unless(by == state.storyteller or (state.bot and by == SYSTEM), message)


def require_living_player(state: State, player: int, message: str) -> None:
    refuse_unless(alive(state, player), message)


def require_no_pending(state: State) -> None:
    if state.pending is not None:
        who = "the storyteller" if state.pending.kind == "ruling" else "a player's night choice"
        raise RuleError(f"The game is waiting for {who} first.")
