import time
from fractions import Fraction

import numpy as np
import pytest

from stats.odds.banish import random_collude, uniform, vote_left_collude
from stats.odds.exact import (
    check_game,
    exact_expected_rounds,
    exact_traitor_win,
    solve,
    win_table,
)


@pytest.mark.parametrize(
    "n, m, expected",
    [
        (22, 3, Fraction(33901, 45056)),
        (5, 1, Fraction(8, 15)),
        (7, 2, Fraction(27, 35)),
        (12, 3, Fraction(229, 256)),
    ],
)
def test_published_figures(n, m, expected):
    assert exact_traitor_win(n, m) == expected


def test_small_games_by_hand():
    # TG(5,1): 1/5 the Traitor goes on day 1; else (3,1) at dawn, where 2/3 the Traitor survives.
    assert exact_expected_rounds(5, 1) == Fraction(9, 5)
    assert exact_traitor_win(3, 1) == Fraction(2, 3)
    # majority: TG(4,1) reaches (2,1), a coin flip, only if a Faithful goes on day 1
    assert exact_traitor_win(4, 1, "majority") == Fraction(3, 8)
    assert exact_traitor_win(4, 1, "parity") == Fraction(3, 4)


@pytest.mark.parametrize("rule", ["parity", "majority"])
def test_float_paths_agree_with_fractions(rule):
    win, rounds = win_table(40, rule)
    for n in range(3, 41):
        for m in range(1, n):
            try:
                check_game(n, m, rule)
            except ValueError:
                assert np.isnan(win[n, m])
                continue
            assert win[n, m] == pytest.approx(float(exact_traitor_win(n, m, rule)), abs=1e-12)
            assert rounds[n, m] == pytest.approx(float(exact_expected_rounds(n, m, rule)))
            assert solve(n, m, rule) == pytest.approx((win[n, m], rounds[n, m]))


def test_every_game_up_to_a_thousand_players_is_fast():
    start = time.perf_counter()
    win, rounds = win_table(1000)
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0
    assert win[22, 3] == pytest.approx(33901 / 45056)
    assert np.nanmax(rounds) <= 500


def test_more_traitors_never_hurt_them():
    win, _ = win_table(200)
    diffs = np.diff(win[3:], axis=1)
    assert np.all(diffs[~np.isnan(diffs)] >= -1e-12)


@pytest.mark.parametrize(
    "n, m, rule",
    [
        (2, 1, "parity"),
        (10, 0, "parity"),
        (10, 5, "parity"),
        (10, 6, "majority"),
        (10, 2, "mayhem"),
    ],
)
def test_illegal_games_are_refused(n, m, rule):
    with pytest.raises(ValueError):
        exact_traitor_win(n, m, rule)


def test_majority_allows_the_even_split_parity_forbids():
    assert exact_traitor_win(10, 5, "majority") > Fraction(1, 2)


@pytest.mark.parametrize(
    "banish, top", [(random_collude, 30), (vote_left_collude, 200), (uniform, 200)]
)
@pytest.mark.parametrize("rule", ["parity", "majority"])
def test_the_table_follows_any_banishment_law(banish, top, rule):
    win, rounds = win_table(top, rule, banish, max_traitors=4)
    assert win.shape == (top + 1, 5)
    for n in range(3, top + 1):
        for m in range(1, 5):
            try:
                expected = solve(n, m, rule, banish)
            except ValueError:
                assert np.isnan(win[n, m])
                continue
            assert (win[n, m], rounds[n, m]) == pytest.approx(expected, abs=1e-12)
