import json
from fractions import Fraction

import pytest

from stats.odds.exact import exact_expected_rounds, exact_traitor_win
from stats.odds.report import (
    MAX_GAMES,
    SECONDS_PER_PLAYER_ROUND,
    TIME_BUDGET_SECONDS,
    legal_traitor_counts,
    longest_game,
    max_games,
    odds_report,
    smallest_favoured,
    suggest_traitor_count,
)


def test_report_carries_the_issue_keys():
    typed = odds_report(22, 3, games=2_000, seed=1)
    report = typed.to_dict()
    assert report["players"] == 22 and report["traitors"] == 3
    assert report["exact"]["fraction"] == "33901/45056"
    assert report["exact"]["traitor_win"] == float(Fraction(33901, 45056))  # the fraction's float
    assert report["exact"]["model"] == "uniform banishment (random voting)"
    sim = report["simulation"]
    assert sim["games"] == 2_000
    low, high = sim["ci95"]
    assert low <= sim["traitor_win_rate"] <= high
    assert report["expected_rounds"] == pytest.approx(9.16895, abs=1e-4)
    assert report["smallest_traitors_favoured"]["traitors"] == 2
    assert typed == odds_report(22, 3, games=2_000, seed=1)
    assert json.loads(json.dumps(report)) == report  # JSON-ready as it is
    assert set(report) == {
        "players",
        "traitors",
        "rule",
        "strategies",
        "exact",
        "simulation",
        "expected_rounds",
        "smallest_traitors_favoured",
        "suggested_traitors",
    }
    assert (
        report["simulation"]["seed"] == 1 and sum(report["simulation"]["rounds"].values()) == 2_000
    )


def test_strategies_without_an_exact_model_report_null():
    report = odds_report(22, 3, "vote-left", "random", punish=True, games=1_000, seed=2).to_dict()
    assert report["exact"] == {
        "traitor_win": None,
        "fraction": None,
        "expected_rounds": None,
        "model": None,
    }
    assert report["expected_rounds"] == report["simulation"]["mean_rounds"]
    # no quiet fallback to random voting for "the fewest Traitors with even odds"
    assert report["smallest_traitors_favoured"] == {"traitors": None, "basis": None}


def test_collusion_past_its_exact_range_is_simulation_only():
    report = odds_report(40, 3, traitors_play="collude", games=500, seed=4).to_dict()
    assert report["exact"]["traitor_win"] is None
    assert report["smallest_traitors_favoured"]["basis"] is None


def test_the_favoured_count_rests_on_the_pairs_own_model():
    report = odds_report(
        22, 1, faithful="vote-left", traitors_play="collude", games=500, seed=5
    ).to_dict()
    favoured = report["smallest_traitors_favoured"]
    assert favoured["basis"] == "vote-left Faithful vs colluding Traitors"
    # a lone colluder is almost never banished by vote-left Faithful; random voting would say 2
    assert favoured["traitors"] == 1 < smallest_favoured(22)
    assert report["exact"]["expected_rounds"] == pytest.approx(report["expected_rounds"])


def test_exact_floats_are_the_fractions_floats():
    for n, m, rule in [(22, 3, "parity"), (1000, 7, "parity"), (41, 20, "majority")]:
        report = odds_report(n, m, rule=rule, games=1, seed=0).to_dict()
        assert report["exact"]["traitor_win"] == float(exact_traitor_win(n, m, rule))
        assert report["exact"]["expected_rounds"] == float(exact_expected_rounds(n, m, rule))


def test_collusion_has_a_float_but_no_fraction():
    report = odds_report(22, 3, traitors_play="collude", games=1_000, seed=3).to_dict()
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


def test_the_longest_game_counts_every_living_player_every_round():
    assert longest_game(4) == 4 + 2
    assert longest_game(5) == 5 + 3 + 1
    assert longest_game(22) == sum(range(22, 0, -2))


@pytest.mark.parametrize("n", [3, 22, 100, 300, 1000])
def test_the_cap_keeps_the_worst_case_within_the_time_budget(n):
    cap = max_games(n)
    assert 1 <= cap <= MAX_GAMES
    assert cap * longest_game(n) * SECONDS_PER_PLAYER_ROUND <= TIME_BUDGET_SECONDS
    assert cap == MAX_GAMES or (cap + 1) * longest_game(n) * SECONDS_PER_PLAYER_ROUND > 1.9


def test_the_cap_allows_hundreds_of_games_at_a_thousand_players():
    assert max_games(22) == MAX_GAMES
    assert max_games(1000) >= 500


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
