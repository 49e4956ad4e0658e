"""The recruit option: after a Traitor's banishment the Traitors offer a Faithful a place."""

from dataclasses import replace

import pytest

from engine.core import GameOver, Public, RuleError
from engine.traitors import (
    CloseNight,
    Phase,
    RecruitAnswer,
    RecruitPick,
    Role,
    apply,
    awaiting,
    role_of,
    traitors,
)

from .support import announced, banish, game, prompts, run, told


@pytest.fixture
def recruiting():
    """Eight players, Traitors 6, 7 and 8; Traitor 8 banished on day 1."""
    state, _ = banish(game(8, {6, 7, 8}, recruit=True), 8)
    assert state.phase is Phase.RECRUIT
    return state


def test_banishing_a_traitor_opens_recruitment():
    state, effects = banish(game(8, {6, 7, 8}, recruit=True), 8)
    assert announced(effects, "recruiting") == [{"round": 1}]
    assert announced(effects, "night_falls") == []
    [prompt] = prompts(effects, "recruit_pick")
    assert (prompt.to, prompt.options) == ((6, 7), (1, 2, 3, 4, 5))
    assert awaiting(state) == (6, 7)


def test_without_the_option_or_for_a_faithful_night_falls_directly():
    assert banish(game(8, {6, 7, 8}), 8)[0].phase is Phase.NIGHT
    assert banish(game(8, {6, 7, 8}, recruit=True), 1)[0].phase is Phase.NIGHT


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (RecruitPick(1, 2), "Only living Traitors can choose a recruit."),
        (RecruitPick(8, 2), "Only living Traitors can choose a recruit."),
        (RecruitPick(6, 7), "You can only recruit a living Faithful."),
        (RecruitPick(6, 8), "You can only recruit a living Faithful."),
        (RecruitAnswer(1, True), "There is no recruit offer to answer."),
        (CloseNight(2), "Only the host can close the night."),
    ],
)
def test_recruit_refusals(recruiting, action, message):
    with pytest.raises(RuleError, match=message):
        apply(recruiting, action)


def test_picks_are_shared_and_a_repeat_is_a_no_op(recruiting):
    state, effects = run(recruiting, RecruitPick(6, 2))
    assert told(effects, "recruit_choice") == {
        t: {"by": 6, "target": 2, "awaiting": (7,)} for t in (6, 7)
    }
    step = apply(state, RecruitPick(6, 2))
    assert step.state == state and step.effects == ()


def test_agreed_picks_make_a_private_offer(recruiting):
    state, effects = run(recruiting, RecruitPick(6, 2), RecruitPick(7, 2))
    assert state.offer == 2 and awaiting(state) == (2,)
    [prompt] = prompts(effects, "recruit_answer")
    assert (prompt.to, prompt.options, prompt.default) == ((2,), (True, False), False)
    assert told(effects, "recruit_offered") == {6: {"target": 2}, 7: {"target": 2}}
    with pytest.raises(RuleError, match="The Traitors aren't choosing a recruit now."):
        apply(state, RecruitPick(6, 3))
    with pytest.raises(RuleError, match="Only the player who received the offer can answer it."):
        apply(state, RecruitAnswer(3, True))


def test_split_picks_are_drawn_by_the_seed(recruiting):
    offered = {
        run(replace(recruiting, seed=s), RecruitPick(6, 2), RecruitPick(7, 3))[0].offer
        for s in range(12)
    }
    assert offered == {2, 3}


def test_accepting_makes_a_traitor_who_meets_the_others(recruiting):
    state, effects = run(recruiting, RecruitPick(6, 2), RecruitPick(7, 2), RecruitAnswer(2, True))
    assert role_of(state, 2) is Role.TRAITOR and traitors(state) == (2, 6, 7)
    assert state.recruits == (2,) and state.phase is Phase.NIGHT
    assert told(effects, "recruited") == {
        2: {"role": Role.TRAITOR, "traitors": (6, 7), "recruit": True}
    }
    assert told(effects, "recruit_accepted") == {6: {"player": 2}, 7: {"player": 2}}
    assert [e.event for e in effects if isinstance(e, Public)] == ["night_falls"]
    [prompt] = prompts(effects, "murder")
    assert prompt.to == (2, 6, 7) and prompt.options == (1, 3, 4, 5)


def test_refusing_leaves_the_roles_and_night_falls(recruiting):
    state, effects = run(recruiting, RecruitPick(6, 2), RecruitPick(7, 2), RecruitAnswer(2, False))
    assert role_of(state, 2) is Role.FAITHFUL and state.phase is Phase.NIGHT
    assert told(effects, "recruit_refused") == {6: {"player": 2}, 7: {"player": 2}}
    assert announced(effects, "night_falls") == [{"round": 1}]


def test_a_recruit_reaching_parity_wins_for_the_traitors():
    state, _ = banish(game(7, {5, 6, 7}, recruit=True), 7)  # 2 Traitors, 4 Faithful
    state, _ = run(state, RecruitPick(5, 1), RecruitPick(6, 1))
    assert state.phase is Phase.RECRUIT
    state = replace(state, fates=(*state.fates, (2, "murdered", 1)))  # 2 Traitors, 3 Faithful
    state, effects = run(state, RecruitAnswer(1, True))
    assert state.winner == "traitors"
    assert [e.outcome.recruits for e in effects if isinstance(e, GameOver)] == [(1,)]


def test_the_host_can_hurry_each_step(recruiting):
    state, effects = run(recruiting, CloseNight(1))  # nobody picked: no offer this time
    assert state.phase is Phase.NIGHT and told(effects, "recruit_skipped") == {
        6: {"round": 1},
        7: {"round": 1},
    }
    state, _ = run(recruiting, RecruitPick(7, 4), CloseNight(1))
    assert state.offer == 4
    state, effects = run(state, CloseNight(1))  # an unanswered offer counts as refused
    assert state.phase is Phase.NIGHT and role_of(state, 4) is Role.FAITHFUL
    assert told(effects, "recruit_refused") == {6: {"player": 4}, 7: {"player": 4}}
