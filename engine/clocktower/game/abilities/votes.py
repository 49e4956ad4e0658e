"""The vote pattern: who may nominate, and what raised hands are worth. A unit may weigh another
player's vote (the Bureaucrat ×3, the Thief ×-1: ``Role.vote_factor``), make its own hand count
only under a condition (the Butler: ``Role.vote_counts``), or say who nominates (the Bishop:
``Role.may_nominate``)."""

from __future__ import annotations

from engine.clocktower.game.model import State, living, seat
from engine.clocktower.game.roles import REGISTRY, role, seats_having


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


def nomination_rule(state: State, by: int) -> str | None:
    """What the characters in play say of ``by`` nominating now: None (the usual rules), ``""``
    (allowed, even the storyteller) or a sentence refusing it."""
    said = [u.may_nominate(state, s, by) for s, u in seats_having(state, "may_nominate")]
    return next((r for r in said if r), None) or ("" if "" in said else None)


def threshold(state: State) -> int:
    """Votes needed to put a nominee on the block: half the living players, rounded up, unless
    a character says otherwise (``Role.votes_needed``: the Voudon's one vote)."""
    for s in state.seats:
        unit = REGISTRY.having("votes_needed").get(s.character)
        if unit is not None:
            needed = unit.votes_needed(state, s)
            if needed is not None:
                return needed
    return (len(living(state)) + 1) // 2


def vote_secret(state: State) -> bool:
    """Whether a nomination's vote is secret now: its hands, count and block kept from the
    table (``Role.conceals_vote``: the Organ Grinder's); an exile's never is."""
    if state.vote is not None and state.vote.exile:
        return False
    return any(
        u.conceals_vote(state, s, []) is not None for s, u in seats_having(state, "conceals_vote")
    )


def known_block(state: State) -> int | None:
    """Who is on the block as the table knows it: nobody while the vote that put them there was
    secret (the Organ Grinder's: who is about to die is not said)."""
    if state.block is None:
        return None
    put = next(
        (n for n in reversed(state.history) if n.day == state.day and n.nominee == state.block),
        None,
    )
    return None if put is not None and put.secret else state.block
