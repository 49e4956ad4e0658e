import itertools
from fractions import Fraction

import numpy as np
import pytest

from stats.odds.banish import random_collude, uniform, vote_left_collude
from stats.odds.exact import solve


def brute_force_collude(n: int, t: int) -> Fraction:
    """Every vote of the f Faithful (never for oneself); the t Traitors all vote for Faithful 0."""
    f = n - t
    total, traitor_out = 0, Fraction(0)
    for votes in itertools.product(range(n), repeat=f):
        if any(v == i for i, v in enumerate(votes)):
            continue
        tally = [0] * n
        for v in votes:
            tally[v] += 1
        tally[0] += t
        top = max(tally)
        tied = [i for i, c in enumerate(tally) if c == top]
        traitor_out += Fraction(sum(i >= f for i in tied), len(tied))
        total += 1
    return traitor_out / total


@pytest.mark.parametrize("n, t", [(3, 1), (4, 1), (5, 1), (5, 2), (6, 2), (7, 2), (7, 3), (8, 3)])
def test_collusion_matches_enumeration(n, t):
    assert random_collude(n, t) == pytest.approx(float(brute_force_collude(n, t)), abs=1e-13)


def test_a_lone_colluder_is_just_a_random_voter():
    for n in range(3, 25):
        assert random_collude(n, 1) == pytest.approx(uniform(n, 1), abs=1e-13)


def test_vote_left_faithful_never_banish_a_colluding_pair():
    assert vote_left_collude(22, 3) == 0.0
    assert vote_left_collude(22, 2) == 0.0
    assert vote_left_collude(5, 1) == pytest.approx(1 / 20)
    assert solve(22, 3, banish=vote_left_collude)[0] == 1.0


def test_collusion_at_the_published_table():
    """Knight (2026) gives 0.946 for random Faithful against colluding Traitors at n=22, m=3.

    Our exact value is 0.945263: its one-day law matches brute-force enumeration above, the
    recurrence matches the vectorised table, and the simulation agrees within its interval
    (test_odds_simulation). The published figure is a Monte Carlo estimate, whose standard error
    from N games is sqrt(p (1 - p) / N) = 0.227 / sqrt(N); the gap of 0.0007 is within two
    standard errors for any run of up to ~370,000 games, so 0.946 is within its noise.
    """
    win, rounds = solve(22, 3, banish=random_collude)
    assert win == pytest.approx(0.945263, abs=5e-7)
    assert abs(win - 0.946) < 2 * (win * (1 - win) / 370_000) ** 0.5
    assert rounds < solve(22, 3)[1]


def test_the_laws_take_a_row_of_traitor_counts():
    t = np.arange(1, 5)
    assert np.allclose(uniform(22, t), t / 22)
    assert np.allclose(vote_left_collude(9, t), [1 / 72, 0, 0, 0])
    assert np.allclose(random_collude(12, t), [random_collude(12, int(x)) for x in t])
