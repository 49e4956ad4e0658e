"""The vote pattern: what raised hands are worth. A unit may weigh another player's vote (the
Bureaucrat ×3, the Thief ×-1: ``Role.vote_factor``) or make its own hand count only under a
condition (the Butler: ``Role.vote_counts``)."""

from __future__ import annotations

from engine.clocktower.game.model import State, seat
from engine.clocktower.game.roles import role, seats_having


def vote_weight(state: State, voter: int) -> int:
    """How many votes a yes from ``voter`` is worth."""
    weight = 1
    for s, unit in seats_having(state, "vote_factor"):
        weight *= unit.vote_factor(state, s, voter)
    return weight


def counted_votes(state: State, yes: tuple[int, ...]) -> int:
    """The votes the raised hands are worth."""
    count = 0
    for p in yes:
        s = seat(state, p)
        if role(s.character).vote_counts(state, s, yes):
            count += vote_weight(state, p)
    return count
