import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stats.odds.wilson import Z95, wilson_interval


def closed_form(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson bounds written the other common way: roots of a quadratic in p."""
    a = n + z * z
    b = 2 * k + z * z
    c = k * k / n
    disc = math.sqrt(b * b - 4 * a * c)
    return ((b - disc) / (2 * a), (b + disc) / (2 * a))


def test_no_wins_is_not_a_point():
    low, high = wilson_interval(0, 20)
    assert low == 0.0
    assert high == pytest.approx(Z95**2 / (20 + Z95**2))  # 0.1611
    assert high > 0.15


def test_all_wins_mirrors_no_wins():
    low, high = wilson_interval(20, 20)
    assert high == 1.0
    assert low == pytest.approx(20 / (20 + Z95**2))


def test_no_trials_says_nothing():
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("k, n", [(1, 20), (10, 20), (19, 20), (3, 7), (7520, 10000)])
def test_matches_the_closed_form(k, n):
    assert wilson_interval(k, n) == pytest.approx(closed_form(k, n), abs=1e-12)


@pytest.mark.parametrize("k, n", [(-1, 5), (6, 5), (0, -1)])
def test_rejects_impossible_counts(k, n):
    with pytest.raises(ValueError):
        wilson_interval(k, n)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_contains_the_estimate_and_stays_in_range(pair):
    k, n = pair
    low, high = wilson_interval(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    assert low < high
