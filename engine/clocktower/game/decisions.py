"""Asking for a decision in the middle of resolving the rules, and getting the answer back.

A step of the rules (a night wake, a nomination, a Slayer's shot) that needs a choice calls
``choose`` (a player) or ``rule`` (the storyteller). If the answer is already in the state under
that step's key it is returned; otherwise ``Need`` is raised, the game stores the question as
``State.pending`` and, once it is answered, re-runs the interrupted step from its start. Steps are
pure, so the re-run reaches the same question and now finds its answer.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.clocktower.game.model import MISSING, Form, Pending, State, alive, answer, evolve
from engine.clocktower.game.roles import seats_having
from engine.core import RuleError

MAX_TEXT = 300  # a text part of an answer (the Savant's statements), in characters


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
    options: tuple[Any, ...],
    pick: int = 1,
    optional: bool = False,
    spare: Collection[int] = (),
    **data: Any,
) -> tuple[Any, ...]:
    """The players ``player`` chooses with ``character``'s ability (``pick`` distinct ones).

    The default (for a player who does not answer in time) is the first living players other
    than the chooser, so a timeout never makes an Imp kill itself; players in ``spare`` (a
    Poisoner's own Demon, as she knows it) come after everyone else. An ``optional`` choice may be
    nobody (the answer ``()``, also its default: the Seamstress keeping her one use); ``data``
    says more for the prompt: ``because`` (whose ability it is, when not the chooser's own),
    ``ask="character"`` when the options are characters (the Gambler's guess), ``when="dawn"``
    or ``"day"`` for a choice not made at night (the Moonchild's). A character in play may narrow
    the options (``Role.narrows``: the Demon who must choose a Wraith guessed in public).
    """
    found = answer(state, key)
    if found is not MISSING:
        return tuple(found)
    for s, unit in seats_having(state, "narrows"):
        narrowed = unit.narrows(state, s, player, character, options)
        if narrowed is not None and len(narrowed) >= pick:
            options = narrowed
    living_others = [p for p in options if p != player and alive(state, p)]
    ordered = living_others + [p for p in options if p not in living_others]
    ordered.sort(key=lambda p: p in spare)  # stable: the order above otherwise
    default = tuple(ordered[:pick])
    extra = {**data, "optional": True} if optional else data
    raise Need(
        _asked(state, key, player, character, options, () if optional else default, extra, pick)
    )


def _asked(
    state: State,
    key: str,
    player: int,
    character: str,
    options: tuple[Any, ...],
    default: tuple[Any, ...],
    data: dict[str, Any],
    pick: int = 1,
) -> Pending:
    """A waking player's night choice, awaited."""
    return Pending(
        id=state.decisions + 1,
        key=key,
        kind="night_choice",
        to=player,
        topic=character,
        options=options,
        pick=pick,
        default=default,
        data=tuple(sorted(data.items())),
    )


def choose_value(
    state: State,
    key: str,
    player: int,
    character: str,
    options: tuple[str, ...],
    ask: str,
    optional: bool = False,
    **data: Any,
) -> str | None:
    """A waking player's choice of one value that is not a player: a ``character`` (the
    Pit-Hag's, the Cerenovus', the Philosopher's) or ``yesno`` (``yes`` or ``no``: whether to
    reveal one's character to the Harlot). None: an ``optional`` choice of nothing. The default
    is nothing when optional, else the last option (``no``)."""
    found = answer(state, key)
    if found is not MISSING:
        return found[0] if found else None
    extra = {**data, "ask": ask, **({"optional": True} if optional else {})}
    raise Need(
        _asked(state, key, player, character, options, () if optional else options[-1:], extra)
    )


def rule(
    state: State,
    key: str,
    topic: str,
    options: tuple[Any, ...],
    truth: int | None = 0,
    form: Form | None = None,
    **data: Any,
) -> Any:
    """The storyteller's pick among ``options`` (``truth``: index of the true answer, if any),
    or with a ``form`` any answer in its full range (``options`` are then suggestions).

    A single legal answer needs no ruling. ``data`` says what the ruling is about (who learns
    it, why it may differ from the truth) in plain values for the storyteller's prompt.
    """
    options = tuple(dict.fromkeys(options))
    if len(options) == 1 and (form is None or form.allowed == frozenset(options)):
        return options[0]
    found = answer(state, key)
    if found is not MISSING:
        return found
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
        form=form,
    )
    raise Need(pending)


def remember(state: State, key: str, value: Any) -> State:
    """Memoise the answer to decision ``key`` (a value, never an index) and stop waiting."""
    return evolve(state, answers=(*state.answers, (key, value)), pending=None)


def custom_answer(pending: Pending, values: tuple[Any, ...]) -> Any:
    """A storyteller's own answer to a ruling with a form, checked against it; RuleError with a
    sentence saying what is wrong, else the answer in canonical shape."""
    form = pending.form
    if form is None:
        raise RuleError("Choose one of the options offered.")
    if len(values) != len(form.fields):
        raise RuleError(f"The answer has {len(form.fields)} part(s); give exactly that many.")
    seen: dict[str, set[Any]] = {}
    for number, (value, field) in enumerate(zip(values, form.fields, strict=True), start=1):
        if field.kind == "text":
            if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_TEXT:
                raise RuleError(f"Part {number} is a line of 1 to {MAX_TEXT} characters.")
            continue
        if value not in field.domain:
            raise RuleError(f"Part {number} must be a {field.kind} this ruling allows.")
        if value in seen.setdefault(field.kind, set()):
            raise RuleError(f"Part {number} repeats a {field.kind}; choose different ones.")
        seen[field.kind].add(value)
    got = form.canonical(tuple(v.strip() if isinstance(v, str) else v for v in values))
    if form.forbidden is not None and got in form.forbidden:
        raise RuleError("That answer is true, and this information must be false.")
    if form.allowed is not None and got not in form.allowed:
        raise RuleError(
            "The rules do not allow that answer here (it is neither true nor a "
            "way a player may register)."
        )
    return got
