"""Travellers: the Beggar's tokens, exile votes, and Travellers left out of the ending counts."""

from __future__ import annotations

import pytest

from engine.clocktower.game import (
    EndDay,
    Exile,
    Join,
    NightChoice,
    Nominate,
    Shoot,
    StorytellerRuling,
    Vote,
    apply,
    briefing,
)
from engine.clocktower.game.events import TravellerArrived
from engine.core import Public, RuleError
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


def test_the_gunslinger_shoots_only_before_the_next_nomination(day):
    state = run_vote(apply(day, Nominate(3, 1)).state, [3, 4])
    window = state
    state = run_vote(apply(state, Nominate(4, 2)).state, [])
    with pytest.raises(RuleError, match="Too late"):
        apply(state, Shoot(7, 3))
    assert not apply(window, Shoot(7, 3)).state.seats[2].alive


def test_exile_votes_ignore_abilities_and_the_beggar_votes_freely():
    chars = ["imp", "poisoner", "empath", "chef", "monk", "butler"]
    chars += ["beggar", "bureaucrat", "thief"]
    state = start({"characters": chars, "alignments": {"7": "good", "8": "good", "9": "evil"}})
    state = apply(state, NightChoice(8, (3,))).state  # Bureaucrat: player 3's vote counts ×3
    state = apply(state, NightChoice(9, (4,))).state  # Thief: player 4's vote counts against
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, NightChoice(6, (1,))).state  # the Butler's master will not vote
    assert state.phase == "day"
    state = run_vote(apply(state, Exile(1, 9)).state, [3, 4, 5, 6, 7])
    assert state.history[-1].exile and state.history[-1].votes == 5  # one per raised hand
    assert not state.seats[8].alive  # 5 of 9 living: the Thief is exiled
    state = run_vote(apply(state, Nominate(3, 2)).state, [3, 4, 6])
    # By nomination: ×3, then 1 (the exiled Thief's effect lapsed), the Butler's vote void.
    assert state.history[-1].votes == 4 and state.block == 2


def test_a_traveller_arrives_by_day_and_the_storyteller_deals_them_in(day):
    with pytest.raises(RuleError, match="only join as a Traveller"):
        apply(day, Join(20))
    step = apply(day, Join(20, traveller=True))
    state = step.state
    assert state.pending.topic == "traveller_character"
    assert set(state.pending.options) == {"scapegoat", "bureaucrat", "thief"}
    state = apply(state, StorytellerRuling(100, state.pending.id, 1)).state
    assert state.pending.topic == "traveller_alignment"
    step = apply(state, StorytellerRuling(100, state.pending.id, 1))
    state = step.state
    assert state.players[-1] == 20 and 20 in state.travellers
    new = state.seats[-1]
    assert (new.player, new.character, new.alignment, new.team) == (
        20,
        "bureaucrat",
        "evil",
        "traveller",
    )
    public = [e for e in step.effects if isinstance(e, Public)]
    assert public == [TravellerArrived(player=20, traveller="bureaucrat", players=state.players)]
    assert briefing(state, 20)[0].data == {"character": "bureaucrat", "alignment": "evil"}
    with pytest.raises(RuleError, match="already in this game"):
        apply(state, Join(20, traveller=True))
    state = apply(state, EndDay(100)).state
    assert ("bureaucrat", 20) in state.queue  # wakes from its first night in the game


def test_no_traveller_arrives_at_night_or_during_a_vote(day):
    with pytest.raises(RuleError, match="waiting for a player's night choice"):
        apply(apply(day, EndDay(100)).state, Join(20, traveller=True))
    with pytest.raises(RuleError, match="current vote"):
        apply(apply(day, Nominate(3, 1)).state, Join(20, traveller=True))
