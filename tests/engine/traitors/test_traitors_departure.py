"""Players who leave mid-game, host hand-over, and the host ending the game."""

import pytest

from engine.core import GameOver, RuleError
from engine.traitors import (
    Abort,
    Depart,
    Murder,
    OpenVote,
    Phase,
    RecruitAnswer,
    RecruitPick,
    Role,
    Vote,
    apply,
    awaiting,
    living,
)

from .support import announced, banish, game, prompts, run, told


def test_a_departure_reveals_the_role_and_removes_the_player():
    state, effects = run(game(7, {6, 7}), Depart(3))
    assert announced(effects, "departed") == [{"round": 1, "player": 3, "role": Role.FAITHFUL}]
    assert 3 not in living(state) and state.phase is Phase.DAY


def test_the_last_traitor_departing_wins_for_the_faithful():
    state, effects = run(game(6, {6}), Depart(6))
    assert state.winner == "faithful"
    assert announced(effects, "departed")[0]["role"] == Role.TRAITOR
    assert [e.winner for e in effects if isinstance(e, GameOver)] == ["faithful"]


def test_departures_can_bring_parity():
    state, _ = run(game(7, {6, 7}), Depart(1), Depart(2))
    assert state.phase is Phase.DAY
    assert run(state, Depart(3))[0].winner == "traitors"


def test_a_departing_host_hands_over_to_the_next_living_seat():
    state, _ = banish(game(7, {6, 7}), 2)  # player 2 is out
    state, _ = run(state, Murder(6, 3), Murder(7, 3))  # and 3
    state, effects = run(state, Depart(1))
    assert state.host == 4
    assert announced(effects, "host_changed") == [{"host": 4, "previous": 1}]


def test_a_dead_host_may_still_host_and_passes_it_on_when_leaving():
    state, _ = banish(game(7, {6, 7}), 1)
    state, _ = run(state, Murder(6, 2), Murder(7, 2), OpenVote(1))  # the dead host still hosts
    assert state.phase is Phase.VOTE
    state, effects = run(state, Depart(1))
    assert state.host == 3 and announced(effects, "departed") == []


def test_departure_refusals():
    state, _ = banish(game(7, {6, 7}), 2)
    with pytest.raises(RuleError, match="That player has already left the game."):
        apply(state, Depart(2))
    with pytest.raises(RuleError, match="That player isn't in this game."):
        apply(state, Depart(99))


def test_a_night_waiting_only_on_the_departed_traitor_resolves():
    state, _ = banish(game(7, {6, 7}), 1)
    state, effects = run(state, Murder(6, 4), Depart(7))
    assert announced(effects, "dawn")[0]["victim"] == 4 and state.phase is Phase.DAY


def test_choices_naming_a_departed_faithful_are_withdrawn_and_re_asked():
    state, _ = banish(game(7, {6, 7}), 1)
    state, effects = run(state, Murder(6, 4), Depart(4))
    assert state.night_choices == () and awaiting(state) == (6, 7)
    [prompt] = prompts(effects, "murder")
    assert prompt.options == (2, 3, 5)


def test_a_vote_waiting_only_on_the_departed_is_revealed():
    state = apply(game(7, {6, 7}), OpenVote(1)).state
    state, effects = run(state, *[Vote(p, 6) for p in range(1, 6)], Vote(6, 1), Depart(7))
    assert announced(effects, "votes_revealed")[0]["banished"] == 6
    assert state.winner == "faithful"


def test_ballots_for_the_departed_are_withdrawn_and_re_asked():
    state = apply(game(7, {6, 7}), OpenVote(1)).state
    state, effects = run(state, Vote(1, 3), Vote(2, 4), Depart(3))
    assert state.ballots == ((2, 4),) and awaiting(state) == (1, 4, 5, 6, 7)
    [prompt] = prompts(effects, "vote")
    assert prompt.options == (1, 2, 4, 5, 6, 7)


def test_a_revote_left_with_one_tied_player_banishes_them():
    state = apply(game(7, {6, 7}), OpenVote(1)).state
    tie = [Vote(1, 6), Vote(2, 6), Vote(3, 6), Vote(4, 5), Vote(5, 1), Vote(6, 5), Vote(7, 5)]
    state, _ = run(state, *tie)
    assert state.candidates == (5, 6)
    state, effects = run(state, Depart(5))
    assert announced(effects, "votes_revealed")[0]["banished"] == 6


def test_the_offered_faithful_departing_lets_the_offer_lapse():
    state, _ = banish(game(8, {6, 7, 8}, recruit=True), 8)
    state, effects = run(state, RecruitPick(6, 2), RecruitPick(7, 2), Depart(2))
    assert state.phase is Phase.NIGHT
    assert told(effects, "recruit_lapsed") == {6: {"player": 2}, 7: {"player": 2}}
    with pytest.raises(RuleError, match="There is no recruit offer to answer."):
        apply(state, RecruitAnswer(2, True))


def test_recruitment_waiting_only_on_a_departed_traitor_makes_the_offer():
    state, _ = banish(game(9, {7, 8, 9}, recruit=True), 9)
    state, _ = run(state, RecruitPick(7, 3), Depart(8))
    assert state.offer == 3


def test_the_host_aborts_with_the_roles_on_record():
    state = game(7, {6, 7})
    with pytest.raises(RuleError, match="Only the host can end the game."):
        apply(state, Abort(2))
    state, effects = run(state, Abort(1))
    assert state.phase is Phase.OVER and state.winner == "abandoned"
    [over] = [e for e in effects if isinstance(e, GameOver)]
    assert over.winner == "abandoned" and over.outcome.traitors == (6, 7)
