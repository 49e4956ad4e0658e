"""The entry points: ``new_game`` and ``apply``.

``apply`` never mutates its input: it returns a ``Step`` with a new State and the effects, or
raises ``RuleError`` and the caller keeps the old State. Repeating a choice already made (the same
murder, ballot or recruit pick) is accepted as a no-op with no effects, so a double click is
never counted twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import RuleError, Step, require_open
from engine.traitors import departure, lobby, night, recruit, vote
from engine.traitors.actions import (
    Abort,
    Action,
    CloseNight,
    CloseVote,
    Depart,
    Join,
    Leave,
    Murder,
    OpenVote,
    RecruitAnswer,
    RecruitPick,
    Start,
    Vote,
)
from engine.traitors.model import Phase, State
from engine.traitors.prompts import open_prompts
from engine.traitors.questions import QUESTIONS


def new_game(host: int, seed: int, recruit: bool = False) -> State:
    """A lobby with the host already seated."""
    return State(seed=seed, host=host, recruit=recruit, players=(host,))


def _close_night(state: State, action: CloseNight) -> Step[State]:
    if state.phase is Phase.RECRUIT:
        return recruit.close_recruit(state, action)
    return night.close_night(state, action)


HANDLERS: dict[type, Callable[[State, Any], Step[State]]] = {
    Join: lobby.join,
    Leave: lambda state, action: lobby.leave(state, action.player),
    Start: lobby.start,
    Murder: night.murder,
    CloseNight: _close_night,
    OpenVote: vote.open_vote,
    Vote: vote.vote,
    CloseVote: vote.close_vote,
    RecruitPick: recruit.recruit_pick,
    RecruitAnswer: recruit.recruit_answer,
    Depart: departure.depart,
    Abort: departure.abort,
}


def apply(state: State, action: Action) -> Step[State]:
    """Apply one action by the rules, or raise RuleError saying why it is refused."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"not a Traitors action: {action!r}")
    if state.phase is Phase.OVER:
        raise RuleError("The game is over.")
    step = handler(state, action)  # the rules' own refusal first: it says more
    require_open(lambda: open_prompts(state), QUESTIONS, getattr(action, "question", None))
    return step
