"""Looking back at a finished game: for each day, how likely each player was the Demon given
everything public by the time the town voted (the claims said so far, nominations and hands,
deaths), before that day's execution showed anything. So a table can see when it should have
known.

The game is replayed from its first state and its actions; the ``Observer`` reads the public
facts, and the claims are the game's public claims (``State.claims``: ``/clocktower claim``),
each counted from the day it was made. What players said their abilities told them is said at
the table, not recorded, so the review rests on claimed characters, nominations, hands and
deaths.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.clocktower.catalogue import MAX_PLAYERS
from engine.clocktower.game import State, apply
from engine.clocktower.game.cast import game_script
from engine.clocktower.game.model import index
from engine.clocktower.reasoning.coverage import not_covered
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.observe import Observer
from engine.clocktower.reasoning.record import Claim, Record, day_moment

DEALT = ("townsfolk", "outsider", "minion", "demon")


@dataclass(frozen=True)
class Review:
    """Per day (``days``), each resident's chance of being the Demon as the town could have
    known it; ``demons`` who really held a Demon at some point; ``claims`` how many players'
    claims the record had; ``died``, for each dead player, the first day whose vote came after
    their death; ``sampled``: whether some day's worlds were sampled (then ``error`` is how far
    a chance shown may be from the exact one, at most: ``Beliefs.within``)."""

    players: tuple[int, ...]
    days: tuple[tuple[int, dict[int, float]], ...]
    demons: frozenset[int]
    claims: int
    died: dict[int, int]  # the first day whose vote came after each dead player's death
    sampled: bool = False
    error: float = 0.0


def dealt_characters(state: State) -> tuple[str, ...]:
    return tuple(c.id for c in game_script(state).characters if c.team in DEALT)


def not_reviewable(state: State) -> str | None:
    """Why this game cannot be reviewed (None: it can): its script has characters the
    reasoning model does not cover, named, or too many evil teams for its table."""
    why = not_covered(dealt_characters(state), len(index(state).residents) or MAX_PLAYERS)
    return None if why is None else f"This game cannot be reviewed: {why}."


def review(start: State, actions: Iterable[Any], seed: int = 0) -> Review:
    """Replay ``actions`` from the first state ``start`` and weigh each day's public record."""
    steps: list[tuple[Any, State]] = []
    state = start
    for action in actions:
        state = apply(state, action).state
        steps.append((action, state))
    first = next((s for _, s in steps if s.seats), state)
    observer = Observer(first)
    for action, after in steps:
        observer.see(action, after)
    record = observer.record
    residents = tuple(s.player for s in state.seats if s.team != "traveller")
    setup = Setup(dealt_characters(state), residents)
    days, sampled, error = [], False, 0.0
    for day in range(1, state.day + 1):
        moment = day_moment(day)
        known = record.until(moment)
        said = {player: cid for d, player, cid in state.claims if d <= day and player in residents}
        known = replace(
            known,
            claims=tuple(Claim(player, cid) for player, cid in said.items()),
            deaths=tuple(
                d for d in known.deaths if not (d.moment == moment and d.cause == "execution")
            ),
        )
        beliefs = infer(setup, known, seed=seed)
        days.append((day, dict(beliefs.demon)))
        sampled |= beliefs.sampled
        error = max([error, *(beliefs.within(p) for p in beliefs.demon)])
    demons = frozenset(s.player for s in state.seats if s.team == "demon") | _demons_seen(steps)
    died = {d.player: (d.moment + 1) // 2 + (d.cause == "execution") for d in record.deaths}
    claimed = len({player for _, player, _ in state.claims if player in residents})
    return Review(residents, tuple(days), demons, claimed, died, sampled, error)


def _demons_seen(steps: Sequence[tuple[Any, State]]) -> frozenset[int]:
    """Everyone who held a Demon during the game (a Scarlet Woman or a star pass makes more)."""
    return frozenset(s.player for _, st in steps for s in st.seats if s.team == "demon")


def record_of(start: State, actions: Iterable[Any]) -> Record:
    """The whole public record of a replayed game (its claims without information)."""
    state, observer = start, None
    for action in actions:
        state = apply(state, action).state
        if observer is None and state.seats:
            observer = Observer(state)
        if observer is not None:
            observer.see(action, state)
    return observer.record if observer is not None else Record(())
