"""The night: only living Traitors murder living Faithful; plurality, seeded ties, dawn."""

from dataclasses import replace

import pytest

from engine.core import GameOver, RuleError
from engine.traitors import (
    CloseNight,
    Murder,
    Phase,
    Role,
    apply,
    awaiting,
    living,
)

from .support import announced, banish, game, prompts, run, told


@pytest.fixture
def night():
    """Seven players, Traitors 6 and 7, Faithful 1 banished on day 1: night 1 has begun."""
    state, _ = banish(game(7, {6, 7}), 1)
    assert state.phase is Phase.NIGHT
    return state


def test_night_falls_after_the_vote_with_a_prompt_to_the_living_traitors(night):
    _, effects = banish(game(7, {6, 7}), 1)
    assert announced(effects, "night_falls") == [{"round": 1}]
    [prompt] = prompts(effects, "murder")
    assert (prompt.to, prompt.options, prompt.default) == ((6, 7), (2, 3, 4, 5), None)
    assert awaiting(night) == (6, 7)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Murder(2, 3), "Only living Traitors can murder."),
        (Murder(6, 1), "You can only murder a living player."),
        (Murder(6, 7), "You can't murder a fellow Traitor."),
        (Murder(6, 99), "You can only murder a living player."),
        (CloseNight(2), "Only the host can close the night."),
    ],
)
def test_night_refusals(night, action, message):
    with pytest.raises(RuleError, match=message):
        apply(night, action)


def test_murder_is_refused_by_day():
    with pytest.raises(RuleError, match="The Traitors murder only at night."):
        apply(game(7, {6, 7}), Murder(6, 2))
    with pytest.raises(RuleError, match="It isn't night."):
        apply(game(7, {6, 7}), CloseNight(1))


def test_a_dead_traitor_cannot_murder(night):
    state = replace(night, fates=(*night.fates, (7, "banished", 1)))
    with pytest.raises(RuleError, match="Only living Traitors can murder."):
        apply(state, Murder(7, 2))


def test_a_choice_is_shared_with_the_traitors_and_can_change(night):
    state, effects = run(night, Murder(6, 2))
    assert told(effects, "murder_choice") == {
        t: {"by": 6, "target": 2, "awaiting": (7,)} for t in (6, 7)
    }
    state, effects = run(state, Murder(6, 3))
    assert state.night_choices == ((6, 3),) and effects


def test_repeating_a_choice_is_a_no_op(night):
    state = apply(night, Murder(6, 2)).state
    step = apply(state, Murder(6, 2))
    assert step.state == state and step.effects == ()


def test_agreeing_traitors_murder_at_once_and_dawn_breaks(night):
    state, effects = run(night, Murder(6, 3), Murder(7, 3))
    assert state.phase is Phase.DAY and state.round == 2
    assert 3 not in living(state)
    assert announced(effects, "dawn") == [{"round": 2, "victim": 3, "role": Role.FAITHFUL}]


def test_a_split_night_is_drawn_by_the_seed(night):
    victims = set()
    for seed in range(12):
        state, _ = run(replace(night, seed=seed), Murder(6, 2), Murder(7, 4))
        again, _ = run(replace(night, seed=seed), Murder(6, 2), Murder(7, 4))
        assert again == state
        victims |= {2, 4} - set(living(state))
    assert victims == {2, 4}


def test_plurality_decides_among_three_traitors():
    state, _ = banish(game(9, {7, 8, 9}), 1)
    state, effects = run(state, Murder(7, 2), Murder(8, 3), Murder(9, 3))
    assert announced(effects, "dawn")[0]["victim"] == 3


def test_the_host_closes_the_night_with_the_choices_made(night):
    state, effects = run(night, Murder(7, 4), CloseNight(1))
    assert announced(effects, "dawn")[0]["victim"] == 4


def test_a_night_closed_without_choices_takes_a_seeded_random_faithful(night):
    victims = set()
    for seed in range(20):
        state = apply(replace(night, seed=seed), CloseNight(1)).state
        assert state == apply(replace(night, seed=seed), CloseNight(1)).state
        victims |= {2, 3, 4, 5} - set(living(state))
    assert victims == {2, 3, 4, 5}


def test_a_murder_reaching_parity_ends_the_game_at_dawn():
    state, _ = banish(game(5, {4, 5}), 1)  # 2 Traitors, 2 Faithful: already parity
    assert state.phase is Phase.OVER and state.winner == "traitors"
    state, _ = banish(game(6, {5, 6}), 1)  # 2 Traitors, 3 Faithful
    state, effects = run(state, Murder(5, 2), Murder(6, 2))
    assert state.winner == "traitors"
    [over] = [e for e in effects if isinstance(e, GameOver)]
    assert over.outcome.traitors == (5, 6) and over.outcome.survivors == (3, 4, 5, 6)
