import itertools

import numpy as np
import pytest

from stats.odds.banish import random_collude, vote_left_collude
from stats.odds.exact import solve
from stats.odds.simulation import (
    DEAD,
    Strategies,
    _deal,
    _faithful_seat,
    _pick,
    _votes,
    simulate,
)
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


def chi_square(counts: np.ndarray) -> float:
    expected = counts.sum() / counts.size
    return float(((counts - expected) ** 2 / expected).sum())


def test_the_deal_is_a_uniform_sorted_subset():
    seats = _deal(np.random.default_rng(1), 6, 2, 60_000)
    assert seats.shape == (2, 60_000) and np.all(seats[0] < seats[1])
    assert seats.min() >= 0 and seats.max() <= 5
    counts = np.bincount(seats[0] * 6 + seats[1], minlength=36)
    pairs = counts[[a * 6 + b for a, b in itertools.combinations(range(6), 2)]]
    assert pairs.sum() == 60_000
    assert chi_square(pairs) < 36.1  # 14 degrees of freedom, p = 0.001


@pytest.mark.parametrize("seats", [5, 300])
def test_a_pick_is_uniform_among_the_marked_seats(seats):
    rng = np.random.default_rng(seats)
    mask = np.zeros((seats, 30_000), dtype=bool)
    marked = [0, 2, 3, seats - 1]
    mask[marked] = True
    rows = _pick(rng.random(30_000), mask.copy())
    assert set(np.unique(rows)) == set(marked)
    assert chi_square(np.bincount(rows)[marked]) < 16.3  # 3 degrees of freedom, p = 0.001


def test_the_kth_faithful_skips_living_traitors_and_ignores_dead_slots():
    rng = np.random.default_rng(2)
    for _ in range(200):
        size = int(rng.integers(3, 12))
        living = np.sort(rng.choice(size, int(rng.integers(1, size)), replace=False))
        slots = np.concatenate([living, [DEAD] * int(rng.integers(0, 3))]).astype(np.int16)
        faithful = [s for s in range(size) if s not in living]
        k = np.arange(len(faithful), dtype=np.int16)
        seats = np.repeat(slots[:, None], len(k), axis=1)
        assert list(_faithful_seat(k, seats)) == faithful


def test_every_strategy_casts_the_votes_it_describes():
    rng = np.random.default_rng(3)
    # two games, one per column: Traitors at seats 1 and 4, and a lone Traitor at seat 2
    size, seats = 7, np.array([[1, 2], [4, DEAD]], dtype=np.int16)
    n_traitors = np.array([2, 1], dtype=np.int16)
    target = np.array([0.0, 0.99])
    left = (np.arange(size) + 1) % size

    def votes(seen=None, **how):
        cast = _votes(rng, size, seats, n_traitors, seen, target, Strategies(**how))
        return np.broadcast_to(cast, (size, 2))

    random = votes()
    assert np.all(random != np.arange(size)[:, None]) and random.max() < size
    assert np.all(votes(faithful="vote-left", traitors_play="vote-left") == left[:, None])
    colluded = votes(faithful="vote-left", traitors_play="collude")
    # game 0: Traitors at 1 and 4 vote the 0th Faithful (seat 0); game 1: Traitor at 2, the
    # last (5th) Faithful (seat 6); everyone else votes left
    assert list(colluded[[1, 4], 0]) == [0, 0] and colluded[2, 1] == 6
    faithful_rows = [s for s in range(size) if s not in (1, 4)]
    assert np.all(colluded[faithful_rows, 0] == left[faithful_rows])
    seen = np.zeros(seats.shape, dtype=bool)
    votes(seen, faithful="vote-left", traitors_play="collude", punish=True)
    assert seen.tolist() == [[True, True], [True, False]]  # only living Traitors can be seen
    punishing = votes(seen, faithful="vote-left", traitors_play="vote-left", punish=True)
    assert np.all(punishing[[0, 2, 3, 5, 6], 0] == 1)  # the lowest-seated deviator
    assert np.all(punishing[[0, 1, 3, 4, 5, 6], 1] == 2)
    assert list(punishing[[1, 4], 0]) == [2, 5] and punishing[2, 1] == 3  # Traitors comply


def test_big_tables_agree_with_the_recurrence():
    result = simulate(300, 12, 3_000, seed=300)  # 300 seats: the 16-bit running counts
    assert inside(result, solve(300, 12)[0])
    assert result.mean_rounds == pytest.approx(solve(300, 12)[1], rel=0.03)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"faithful": "psychic"}, "Unknown Faithful strategy 'psychic': choose random or"),
        ({"traitors_play": "bribe"}, "choose random, collude or vote-left."),
        ({"punish": True}, "needs the Faithful to play vote-left"),
        ({"rule": "chaos"}, "Unknown rule"),
    ],
)
def test_unknown_strategies_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        simulate(10, 2, 10, **kwargs)


@pytest.mark.parametrize("players, traitors, games", [(2, 1, 10), (6, 3, 10), (9, 2, 0)])
def test_games_that_cannot_be_played_are_refused(players, traitors, games):
    with pytest.raises(ValueError):
        simulate(players, traitors, games)
