"""Travellers: the Beggar's tokens, exile votes, and Travellers left out of the ending counts."""

from __future__ import annotations

import pytest

from engine.clocktower.game import EndDay, Exile, Join, NightChoice, Nominate, Vote, apply
from engine.core import RuleError
from tests.engine.clocktower.game.support import run_vote, start

CHARS = ["imp", "poisoner", "empath", "chef", "monk", "beggar", "gunslinger"]
SPEC = {"characters": CHARS, "alignments": {"6": "good", "7": "evil"}}


@pytest.fixture
def day():
    state = start(SPEC)
    return apply(state, NightChoice(2, (2,))).state


def vote_until(state, voter):
    while state.vote.order[state.vote.index] != voter:
        state = apply(state, Vote(state.vote.order[state.vote.index], False)).state
    return state


def test_the_beggar_needs_a_token_to_vote_yes(day):
    state = vote_until(apply(day, Nominate(3, 1)).state, 6)
    with pytest.raises(RuleError, match="needs a vote token"):
        apply(state, Vote(6, True))
    assert apply(state, Vote(6, False)).state.vote.index > state.vote.index


def test_exile_once_a_day_and_dead_voters_keep_their_ghost_vote(day):
    state = apply(day, EndDay(100)).state
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, NightChoice(5, (4,))).state
    state = apply(state, NightChoice(1, (3,))).state
    assert not state.seats[2].alive
    state = apply(state, Exile(3, 7)).state  # a dead player may call for exile
    assert state.vote.exile and 3 in state.vote.order
    state = run_vote(state, [3, 4])
    assert state.seats[2].ghost_vote  # the exile vote did not spend it
    assert state.history[-1].exile and state.history[-1].votes == 2
    assert state.seats[6].alive  # 2 votes, below half of 6 living players: not exiled
    with pytest.raises(RuleError, match="already called for today"):
        apply(state, Exile(4, 7))


def test_travellers_do_not_count_towards_two_alive():
    spec = {
        "characters": ["imp", "poisoner", "empath", "chef", "monk", "gunslinger"],
        "alignments": {"6": "good"},
    }
    state = start(spec)
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, Nominate(3, 5)).state
    state = run_vote(state, [1, 2, 3, 4, 6])
    state = apply(state, EndDay(100)).state
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, NightChoice(1, (3,))).state
    assert state.phase == "day"  # imp, poisoner, chef alive, plus the Gunslinger
    state = apply(state, EndDay(100)).state
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, NightChoice(1, (4,))).state
    assert state.winner == "evil" and state.ending == "two_left"
    assert state.seats[5].alive  # the living Gunslinger does not stop it


def test_traveller_joining_limits():
    from engine.clocktower.game import new_game
    from tests.engine.clocktower.game.support import TB

    state = new_game(100, 1, TB, False)
    for p in range(1, 6):
        state = apply(state, Join(p, traveller=True)).state
    with pytest.raises(RuleError, match="at most 5 Travellers"):
        apply(state, Join(6, traveller=True))
