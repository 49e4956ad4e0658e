"""The round table: secret ballots, the reveal, banishment, the re-vote and the seeded draw."""

from dataclasses import replace

import pytest

from engine.core import GameOver, RuleError
from engine.traitors import (
    CloseVote,
    Murder,
    OpenVote,
    Phase,
    Role,
    Vote,
    apply,
    awaiting,
    living,
    open_prompts,
)

from .support import announced, banish, game, prompts, run


@pytest.fixture
def voting():
    """Seven players (Traitors 6 and 7), day 1, the vote open."""
    return apply(game(7, {6, 7}), OpenVote(1)).state


def test_opening_the_vote_prompts_every_living_player():
    step = apply(game(7, {6, 7}), OpenVote(1))
    assert step.state.phase is Phase.VOTE
    assert announced(step.effects, "vote_opened") == [
        {"round": 1, "voters": tuple(range(1, 8)), "candidates": ()}
    ]
    [prompt] = prompts(step.effects, "vote")
    assert prompt.to == prompt.options == tuple(range(1, 8))
    assert prompt.data == {"round": 1, "revote": False}


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (OpenVote(2), "Only the host can open the vote."),
        (Vote(1, 2), "Voting isn't open."),
        (CloseVote(1), "Voting isn't open."),
    ],
)
def test_day_refusals(action, message):
    with pytest.raises(RuleError, match=message):
        apply(game(7, {6, 7}), action)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (OpenVote(1), "The vote is already open."),
        (Vote(3, 3), "You can't vote for yourself."),
        (Vote(99, 3), "Only living players may vote."),
        (Vote(3, 99), "You can only vote for a living player."),
        (CloseVote(2), "Only the host can close the vote."),
        (CloseVote(1), "Nobody has voted yet."),
    ],
)
def test_vote_refusals(voting, action, message):
    with pytest.raises(RuleError, match=message):
        apply(voting, action)


def test_the_dead_neither_vote_nor_receive_votes():
    state, _ = banish(game(7, {6, 7}), 2)
    state, _ = run(state, Murder(6, 3), Murder(7, 3), OpenVote(1))
    for action in (Vote(2, 4), Vote(3, 4)):
        with pytest.raises(RuleError, match="Only living players may vote."):
            apply(state, action)
    for action in (Vote(4, 2), Vote(4, 3)):
        with pytest.raises(RuleError, match="You can only vote for a living player."):
            apply(state, action)


def test_ballots_stay_secret_until_everyone_has_voted(voting):
    state, effects = run(voting, Vote(1, 6), Vote(2, 6))
    assert announced(effects, "ballot_cast")[-1] == {
        "round": 1,
        "revote": False,
        "voter": 2,
        "changed": False,
        "voted": (1, 2),
        "awaiting": (3, 4, 5, 6, 7),
    }
    assert announced(effects, "votes_revealed") == []
    for data in announced(effects, "ballot_cast"):
        assert 6 not in data.values()  # nobody learns whom a ballot names
    assert awaiting(state) == (3, 4, 5, 6, 7)


def test_a_ballot_can_change_and_repeating_it_is_a_no_op(voting):
    state, effects = run(voting, Vote(1, 6), Vote(1, 7))
    assert state.ballots == ((1, 7),)
    assert announced(effects, "ballot_cast")[-1]["changed"] is True
    step = apply(state, Vote(1, 7))
    assert step.state == state and step.effects == ()


def test_the_last_ballot_reveals_all_and_banishes_the_most_voted(voting):
    ballots = [Vote(1, 6), Vote(2, 6), Vote(3, 6), Vote(4, 7), Vote(5, 6), Vote(6, 4), Vote(7, 4)]
    state, effects = run(voting, *ballots)
    [shown] = announced(effects, "votes_revealed")
    assert shown == {
        "round": 1,
        "revote": False,
        "ballots": tuple((b.by, b.target) for b in ballots),
        "counts": ((6, 4), (4, 2), (7, 1)),
        "tied": (),
        "banished": 6,
        "role": Role.TRAITOR,
        "tie_broken": False,
    }
    assert 6 not in living(state) and state.phase is Phase.NIGHT and state.ballots == ()


def test_the_host_may_close_early_with_the_ballots_cast(voting):
    state, effects = run(voting, Vote(2, 5), CloseVote(1))
    assert announced(effects, "votes_revealed")[0]["banished"] == 5
    assert 5 not in living(state)


def test_a_tie_calls_a_revote_between_the_tied_players(voting):
    ballots = [Vote(1, 6), Vote(2, 6), Vote(3, 6), Vote(4, 7), Vote(5, 7), Vote(6, 7), Vote(7, 1)]
    state, effects = run(voting, *ballots)
    assert not announced(effects, "ballot_cast")[-1]["revote"]  # the tying ballot: first vote
    [shown] = announced(effects, "votes_revealed")
    assert (shown["banished"], shown["tied"], shown["role"]) == (None, (6, 7), None)
    assert announced(effects, "revote") == [{"round": 1, "candidates": (6, 7)}]
    [prompt] = prompts(effects, "vote")
    assert (prompt.to, prompt.options, prompt.revote) == (tuple(range(1, 8)), (6, 7), True)
    assert state.phase is Phase.VOTE and state.candidates == (6, 7) and state.ballots == ()
    with pytest.raises(RuleError, match="In the re-vote you can only vote for one of the tied"):
        apply(state, Vote(1, 2))
    with pytest.raises(RuleError, match="You can't vote for yourself."):
        apply(state, Vote(6, 6))
    state, effects = run(state, *[Vote(p, 6) for p in range(1, 6)], Vote(6, 7), Vote(7, 6))
    assert all(cast["revote"] for cast in announced(effects, "ballot_cast"))
    assert announced(effects, "votes_revealed")[0]["banished"] == 6


def test_a_second_tie_is_drawn_by_the_seed(voting):
    first = [Vote(1, 6), Vote(2, 6), Vote(3, 6), Vote(4, 7), Vote(5, 7), Vote(6, 7), Vote(7, 1)]
    second = [Vote(1, 6), Vote(2, 6), Vote(3, 7), Vote(4, 7), Vote(6, 7), Vote(7, 6), Vote(5, 1)]
    banished = set()
    for seed in range(12):
        state, _ = run(replace(voting, seed=seed), *first)
        state, effects = run(state, *second[:-1], CloseVote(1))
        [shown] = announced(effects, "votes_revealed")
        assert shown["tie_broken"] and shown["tied"] == (6, 7) and shown["revote"]
        assert run(replace(voting, seed=seed), *first, *second[:-1], CloseVote(1))[0] == state
        banished.add(shown["banished"])
    assert banished == {6, 7}


def test_banishing_the_last_traitor_wins_for_the_faithful():
    state, effects = banish(game(5, {5}), 5)
    assert state.phase is Phase.OVER and state.winner == "faithful"
    [over] = [e for e in effects if isinstance(e, GameOver)]
    assert over.winner == "faithful"
    assert over.outcome.roles == (
        (1, "faithful"),
        (2, "faithful"),
        (3, "faithful"),
        (4, "faithful"),
        (5, "traitor"),
    )
    assert announced(effects, "night_falls") == []


def test_banishing_a_faithful_into_parity_wins_for_the_traitors():
    state, effects = banish(game(5, {4, 5}), 1)
    assert state.winner == "traitors"
    assert [e.winner for e in effects if isinstance(e, GameOver)] == ["traitors"]


def test_a_ballot_from_an_earlier_vote_is_refused_by_the_engine():
    """Day 1's ballot menu still held on day 2 (its question closed) never counts, though its
    target is still a living player; today's counts."""
    state, effects = banish(game(7, {6, 7}), 7)
    day_one = prompts(effects, "vote")[0]
    stale = day_one.answer(3, day_one.token(2))
    state = apply(state, Murder(6, 1)).state
    state = apply(state, OpenVote(1)).state
    assert state.round == 2 and stale == Vote(3, 2, question="vote.1.0")
    with pytest.raises(RuleError, match="earlier vote"):
        apply(state, stale)
    [today] = open_prompts(state)
    assert dict(apply(state, today.answer(3, today.token(2))).state.ballots) == {3: 2}
