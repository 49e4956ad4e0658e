"""Bad input: each illegal action is refused with a readable sentence and changes nothing."""

from __future__ import annotations

import pytest

from engine.clocktower.game import (
    CountHand,
    EndDay,
    NightChoice,
    Nominate,
    Slay,
    StorytellerRuling,
    Vote,
    apply,
)
from engine.core import RuleError
from tests.engine.clocktower.game.support import start

CHARS = ["imp", "poisoner", "empath", "chef", "monk"]


@pytest.fixture
def night():
    return start({"characters": CHARS})


@pytest.fixture
def day(night):
    return apply(night, NightChoice(2, (2,))).state


@pytest.fixture
def voting(day):
    return apply(day, Nominate(3, 1)).state


def refused(state, action, message):
    before = state
    with pytest.raises(RuleError, match=message):
        apply(state, action)
    assert state == before


def test_night_refusals(night):
    refused(night, Nominate(3, 1), "waiting for a player")
    refused(night, NightChoice(3, (1,)), "not being asked")
    refused(night, NightChoice(2, (99,)), "cannot choose")
    refused(night, NightChoice(2, (1, 1)), "exactly 1")
    refused(night, StorytellerRuling(100, 1, 0), "No storyteller decision")


def test_day_refusals(day):
    refused(day, Vote(3, True), "no vote in progress")
    refused(day, Nominate(3, 99), "player in this game")
    refused(day, EndDay(3), "Only the storyteller")
    refused(day, NightChoice(2, (1,)), "not being asked")
    refused(day, Slay(99, 1), "Only living players")


def test_vote_refusals(voting):
    refused(voting, Vote(999, True), "no vote in this count")
    refused(voting, Nominate(4, 2), "current vote")
    refused(voting, EndDay(100), "Finish the current vote")
    refused(voting, Slay(4, 1), "current vote")
    refused(voting, Vote(100, True, voter=999), "no vote in this count")
    first, second = voting.vote.order[:2]
    assert apply(voting, Vote(100, True, voter=first)).state.vote.yes == (first,)
    refused(voting, Vote(second, True, voter=first), "your own hand")
    refused(voting, Vote(first, True, voter=second), "your own hand")
    assert apply(voting, Vote(first, True, voter=first)).state.vote.yes == (first,)


def test_hands_set_in_advance_are_counted_in_turn_and_then_locked(voting):
    first, second, third = voting.vote.order[:3]
    early = apply(voting, Vote(third, True)).state
    assert early.vote.yes == () and early.vote.hands == ((third, True),)
    assert apply(early, Vote(third, False)).state.vote.hands == ((third, False),)  # changed
    refused(early, CountHand(100), "waits for that player's hand")
    state = apply(early, Vote(first, False)).state  # the count had reached them: counted
    state = apply(state, Vote(second, True)).state
    assert state.vote.yes == (second,) and state.vote.order[state.vote.index] == third
    refused(state, CountHand(4), "Only the storyteller")
    state = apply(state, CountHand(100)).state
    assert state.vote.yes == (second, third) and state.vote.hands == ()
    refused(state, Vote(third, False), "locked")
    refused(state, Vote(first, True), "locked")


def test_once_a_day_rules(day):
    state = apply(day, Nominate(3, 1)).state
    while state.vote is not None:
        state = apply(state, Vote(state.vote.order[state.vote.index], False)).state
    refused(state, Nominate(3, 2), "already nominated today")
    refused(state, Nominate(4, 1), "already nominated")


def test_dead_players_cannot_nominate_and_spend_one_ghost_vote(day):
    state = apply(day, EndDay(100)).state
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, NightChoice(5, (4,))).state
    state = apply(state, NightChoice(1, (3,))).state
    assert not next(s for s in state.seats if s.player == 3).alive
    refused(state, Nominate(3, 1), "Only living players may nominate")
    state = apply(state, Nominate(4, 1)).state
    order = state.vote.order
    while state.vote is not None:
        voter = state.vote.order[state.vote.index]
        state = apply(state, Vote(voter, voter == 3)).state
    assert 3 in order and state.history[-1].yes == (3,)
    assert not next(s for s in state.seats if s.player == 3).ghost_vote
    state = apply(state, Nominate(5, 2)).state
    assert 3 not in state.vote.order[state.vote.index :] or state.vote.order[state.vote.index] != 3
    while state.vote is not None:
        voter = state.vote.order[state.vote.index]
        assert voter != 3
        state = apply(state, Vote(voter, False)).state


def test_ruling_refusals():
    state = start({"characters": CHARS})
    state = apply(state, NightChoice(2, (3,))).state  # Empath poisoned: a ruling
    assert state.pending.kind == "ruling"
    refused(state, StorytellerRuling(3, state.pending.id, 0), "Only the storyteller")
    refused(state, StorytellerRuling(100, state.pending.id + 1, 0), "already been made")
    refused(state, StorytellerRuling(100, state.pending.id, 9), "options offered")


def test_a_finished_game_refuses_everything():
    state = start({"characters": ["imp", "poisoner", "slayer", "chef", "monk"]})
    state = apply(state, NightChoice(2, (4,))).state
    state = apply(state, StorytellerRuling(100, state.pending.id, 0)).state
    state = apply(state, Slay(3, 1)).state
    assert state.winner == "good"
    refused(state, EndDay(100), "over")
