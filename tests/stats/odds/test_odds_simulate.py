import numpy as np
import pytest

from stats.odds.banish import random_collude, vote_left_collude
from stats.odds.exact import solve
from stats.odds.simulate import simulate
from stats.odds.wilson import wilson_interval

Z999 = 3.2905  # a grid of checks: each must sit inside its 99.9% interval


def inside(result, expected: float, z: float = Z999) -> bool:
    low, high = wilson_interval(result.traitor_wins, result.games, z)
    return low <= expected <= high


@pytest.mark.parametrize("rule", ["parity", "majority"])
@pytest.mark.parametrize("n, m", [(3, 1), (5, 1), (7, 2), (10, 2), (12, 3), (15, 4), (22, 3)])
def test_random_voting_agrees_with_the_recurrence(n, m, rule):
    if rule == "parity" or m < n - m:
        result = simulate(n, m, 20_000, rule=rule, seed=n * 100 + m)
        assert inside(result, solve(n, m, rule)[0])


@pytest.mark.parametrize("n, m", [(6, 2), (9, 3), (14, 3), (22, 3)])
def test_collusion_agrees_with_its_exact_value(n, m):
    result = simulate(n, m, 20_000, traitors_play="collude", seed=n + m)
    assert inside(result, solve(n, m, banish=random_collude)[0])


@pytest.mark.parametrize("n, m", [(5, 1), (8, 1), (9, 2), (22, 3)])
def test_everyone_voting_left_is_random_voting(n, m):
    result = simulate(n, m, 20_000, faithful="vote-left", traitors_play="vote-left", seed=7 * n)
    assert inside(result, solve(n, m)[0])
    assert result.mean_rounds == pytest.approx(solve(n, m)[1], rel=0.02)


@pytest.mark.parametrize("n", [5, 8, 11])
def test_vote_left_against_a_lone_colluder(n):
    result = simulate(n, 1, 20_000, faithful="vote-left", traitors_play="collude", seed=n)
    assert inside(result, solve(n, 1, banish=vote_left_collude)[0])


def test_published_figures_at_twenty_two():
    plain = simulate(22, 3, 50_000, seed=1)
    assert inside(plain, 0.752, z=1.96)
    colluding = simulate(22, 3, 50_000, traitors_play="collude", seed=2)
    assert inside(colluding, 0.9453, z=1.96)
    unpunished = simulate(22, 3, 5_000, faithful="vote-left", traitors_play="collude", seed=3)
    assert unpunished.traitor_wins == unpunished.games
    punished = simulate(
        22, 3, 5_000, faithful="vote-left", traitors_play="collude", punish=True, seed=4
    )
    assert punished.traitor_win_rate < 0.01


def test_punishment_also_catches_random_traitors():
    free = simulate(22, 3, 5_000, faithful="vote-left", seed=5)
    punished = simulate(22, 3, 5_000, faithful="vote-left", punish=True, seed=5)
    assert punished.traitor_win_rate < 0.05 < free.traitor_win_rate


def test_seeded_runs_repeat_and_differ_by_seed():
    one = simulate(12, 2, 3_000, traitors_play="collude", seed=11)
    assert simulate(12, 2, 3_000, traitors_play="collude", seed=11) == one
    assert simulate(12, 2, 3_000, traitors_play="collude", seed=12) != one


def test_rounds_distribution_accounts_for_every_game():
    result = simulate(22, 3, 4_000, seed=9)
    assert sum(result.rounds) == 4_000
    assert result.rounds[0] == 0
    assert len(result.rounds) - 1 <= 11  # at most (22 - 1) // 2 rounds
    assert result.mean_rounds == pytest.approx(solve(22, 3)[1], rel=0.03)


def test_the_tie_break_is_uniform():
    # TG(3,1) with random votes: each of the 3 votes 1 of the 2 others; by symmetry the
    # banished player is uniform, so the Traitor survives day 1 (and wins) 2/3 of the time.
    result = simulate(3, 1, 30_000, seed=3)
    assert inside(result, 2 / 3, z=1.96)
    assert np.isclose(result.mean_rounds, 1.0)
