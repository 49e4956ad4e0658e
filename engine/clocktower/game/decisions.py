"""Asking for a decision in the middle of resolving the rules, and getting the answer back.

A step of the rules (a night wake, a nomination, a Slayer's shot) that needs a choice calls
``choose`` (a player) or ``rule`` (the storyteller). If the answer is already in the state under
that step's key it is returned; otherwise ``Need`` is raised, the game stores the question as
``State.pending`` and, once it is answered, re-runs the interrupted step from its start. Steps are
pure, so the re-run reaches the same question and now finds its answer.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.model import MISSING, Pending, State, alive, answer, evolve


class Need(Exception):
    """Raised by a step that cannot go on without the answer to ``pending``."""

    def __init__(self, pending: Pending) -> None:
        super().__init__(pending.key)
        self.pending = pending


def choose(
    state: State,
    key: str,
    player: int,
    character: str,
    options: tuple[int, ...],
    pick: int = 1,
) -> tuple[int, ...]:
    """The players ``player`` chooses with ``character``'s ability (``pick`` distinct ones).

    The default (for a player who does not answer in time) is the first living players other
    than the chooser, so a timeout never makes an Imp kill itself.
    """
    found = answer(state, key)
    if found is not MISSING:
        return found
    living_others = [p for p in options if p != player and alive(state, p)]
    default = tuple((living_others + [p for p in options if p not in living_others])[:pick])
    pending = Pending(
        id=state.decisions + 1,
        key=key,
        kind="night_choice",
        to=player,
        topic=character,
        options=options,
        pick=pick,
        default=default,
    )
    raise Need(pending)


def rule(
    state: State,
    key: str,
    topic: str,
    options: tuple[Any, ...],
    truth: int | None = 0,
    **data: Any,
) -> Any:
    """The storyteller's pick among ``options`` (``truth``: index of the true answer, if any).

    A single option needs no ruling. ``data`` says what the ruling is about (who learns it, why
    it may differ from the truth) in plain values for the storyteller's prompt.
    """
    options = tuple(dict.fromkeys(options))
    if len(options) == 1:
        return options[0]
    found = answer(state, key)
    if found is not MISSING:
        return options[found]
    pending = Pending(
        id=state.decisions + 1,
        key=key,
        kind="ruling",
        to=state.storyteller,
        topic=topic,
        options=options,
        truth=truth,
        default=truth if truth is not None else 0,
        data=tuple(sorted(data.items())),
    )
    raise Need(pending)


def remember(state: State, key: str, value: Any) -> State:
    return evolve(state, answers=(*state.answers, (key, value)), pending=None)
