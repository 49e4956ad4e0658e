from fractions import Fraction

import pytest

from stats.odds.exact import exact_traitor_win
from stats.odds.report import (
    MAX_GAMES,
    legal_traitor_counts,
    max_games,
    odds_report,
    smallest_favoured,
    suggest_traitor_count,
)


def test_report_carries_the_issue_keys():
    report = odds_report(22, 3, games=2_000, seed=1)
    assert report["players"] == 22 and report["traitors"] == 3
    assert report["exact"]["fraction"] == "33901/45056"
    assert report["exact"]["traitor_win"] == pytest.approx(33901 / 45056)
    sim = report["simulation"]
    assert sim["games"] == 2_000
    low, high = sim["ci95"]
    assert low <= sim["traitor_win_rate"] <= high
    assert report["expected_rounds"] == pytest.approx(9.16895, abs=1e-4)
    assert report["smallest_traitors_favoured"]["traitors"] == 2
    assert report == odds_report(22, 3, games=2_000, seed=1)


def test_strategies_without_an_exact_model_report_null():
    report = odds_report(22, 3, "vote-left", "random", punish=True, games=1_000, seed=2)
    assert report["exact"] == {"traitor_win": None, "fraction": None, "expected_rounds": None}
    assert report["expected_rounds"] == report["simulation"]["mean_rounds"]


def test_collusion_has_a_float_but_no_fraction():
    report = odds_report(22, 3, traitors_play="collude", games=1_000, seed=3)
    assert report["exact"]["traitor_win"] == pytest.approx(0.94526, abs=1e-5)
    assert report["exact"]["fraction"] is None


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"players": 2, "traitors": 1}, "at least 3 players"),
        ({"players": 10, "traitors": 0}, "at least 1 Traitor"),
        ({"players": 10, "traitors": 10}, "already won"),
        ({"players": 10, "traitors": 2, "games": 0}, "between 1 and"),
        ({"players": 10, "traitors": 2, "games": 10**9}, "between 1 and"),
        ({"players": 10, "traitors": 2, "faithful": "psychic"}, "Unknown Faithful"),
        ({"players": 10, "traitors": 2, "traitors_play": "bribe"}, "Unknown Traitor"),
        ({"players": 10, "traitors": 2, "punish": True}, "vote-left"),
        ({"players": 10, "traitors": 2, "rule": "chaos"}, "Unknown rule"),
        ({"players": 5000, "traitors": 2}, "at most 1000"),
    ],
)
def test_bad_input_is_one_sentence(kwargs, words):
    with pytest.raises(ValueError) as info:
        odds_report(**kwargs)
    message = str(info.value)
    assert words in message and message.endswith(".") and "\n" not in message


def test_the_cap_bounds_the_work():
    assert max_games(22) == MAX_GAMES
    assert max_games(1000) * 1000 * 1001 // 2 <= 52_000_000
    assert max_games(1000) >= 1


@pytest.mark.parametrize("rule", ["parity", "majority"])
def test_suggestion_is_the_legal_count_closest_to_even(rule):
    for n in range(3, 61):
        legal = list(legal_traitor_counts(n, rule))
        gaps = {m: abs(exact_traitor_win(n, m, rule) - Fraction(1, 2)) for m in legal}
        best = min(gaps.values())
        assert suggest_traitor_count(n, rule) == min(m for m in legal if gaps[m] == best)


def test_suggestion_is_quick_for_big_tables():
    assert suggest_traitor_count(1000) in legal_traitor_counts(1000)
    assert suggest_traitor_count(22) == 2


def test_legal_counts_stop_before_a_won_start():
    assert list(legal_traitor_counts(6)) == [1, 2]
    assert list(legal_traitor_counts(6, "majority")) == [1, 2, 3]


def test_smallest_favoured():
    assert smallest_favoured(5) == 1  # 8/15
    assert smallest_favoured(22) == 2
    assert exact_traitor_win(22, 1) < Fraction(1, 2) <= exact_traitor_win(22, 2)
