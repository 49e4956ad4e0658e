"""The report dict, P(A better than B), the forest plot and the `ravenswood ratings` command."""

import json
from pathlib import Path

import pytest

from bot.cli import main
from stats.charts.ratings import ratings_chart
from stats.ratings import (
    GameRecord,
    fit_ratings,
    games_to_csv,
    parse_games,
    prob_better,
    ratings_report,
)
from stats.ratings.dense import DenseProblem

DATA = Path(__file__).with_name("clocktower_iq_games.yaml")
GAMES = [
    GameRecord(("a", "b", "c"), ("d", "e"), "good", "s1"),
    GameRecord(("a", "d", "e"), ("b", "c"), "good", "s2"),
    GameRecord(("a", "b", "d"), ("c", "e"), "good", "s1"),
    GameRecord(("c", "d", "e"), ("a", "b"), "evil", "s2"),
    GameRecord(("b", "c", "d"), ("a", "e"), "evil", "s1"),
]


@pytest.fixture(scope="module")
def typed():
    return ratings_report(GAMES, fit_ratings(GAMES, noise_sd=1.0), min_games=1)


@pytest.fixture(scope="module")
def report(typed):
    """The report's JSON form, as ``ravenswood ratings --json`` prints it."""
    return typed.to_dict()


def test_report_has_the_documented_keys_and_sorting(report):
    assert {"players", "bias", "evidence", "comparisons", "predictive", "evil_edge"} <= set(report)
    player = report["players"][0]
    assert set(player) == {"name", "games", "skill_mean", "skill_sd", "iq_mean", "iq_sd", "iq_ci95"}
    assert player["name"] == "a"  # a won every game
    lows = [p["iq_ci95"][0] for p in report["players"]]
    assert lows == sorted(lows, reverse=True)
    assert set(report["bias"]) == {"mean", "var"}
    assert report["evidence"]["log_bayes_factor_vs_coin"] == pytest.approx(
        report["evidence"]["log_evidence"] + 5 * 0.6931471805599453
    )
    for c in report["comparisons"].values():
        assert 0.0 <= c["probability"] <= 1.0
    json.dumps(report, allow_nan=False)


def test_min_games_filters_players():
    report = ratings_report(GAMES, fit_ratings(GAMES, noise_sd=1.0), min_games=6).to_dict()
    assert report["players"] == []


def test_impossible_deterministic_model_gets_probability_zero():
    clash = [GameRecord(("a",), ("b",), "good"), GameRecord(("a",), ("b",), "evil")]
    report = ratings_report(
        clash, fit_ratings(clash, noise_sd=1.0, bias=False), min_games=1
    ).to_dict()
    deterministic = report["comparisons"]["skill_vs_deterministic"]
    assert deterministic["probability"] == 1.0 and deterministic["log_bayes_factor"] is None
    assert report["bias"] is None


def test_prob_better_is_a_probability_that_sums_to_one_over_the_pair():
    fit = fit_ratings(GAMES, noise_sd=1.0)
    assert prob_better(fit, "a", "e") > 0.6
    assert prob_better(fit, "a", "e") + prob_better(fit, "e", "a") == pytest.approx(1.0)
    with pytest.raises(KeyError):
        prob_better(fit, "a", "nobody")


def test_mixed_game_kinds_are_refused():
    mixed = [GAMES[0], GameRecord(("x",), ("y",), "good", kind="traitors")]
    with pytest.raises(ValueError, match="one game kind at a time"):
        fit_ratings(mixed)


def test_chart_is_a_png_that_grows_with_the_players(typed):
    png = ratings_chart(typed.players, typed.games)
    empty = ratings_chart((), typed.games)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and empty[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) > len(empty)


def test_cli_prints_json_and_writes_the_chart(tmp_path, capsys):
    chart = tmp_path / "chart.png"
    status = main(["ratings", str(DATA), "--noise-sd", "1.797", "--json", "--chart", str(chart)])
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    assert chart.read_bytes()[:4] == b"\x89PNG"
    assert payload["players"][0]["name"] == "Bee"
    assert payload["bias"]["mean"] < 0
    assert set(payload["evidence"]) >= {"log_evidence", "log_bayes_factor_vs_coin"}


def test_cli_text_output_and_options(capsys):
    status = main(["ratings", str(DATA), "--noise-sd", "1.8", "--no-bias", "--team-size-noise"])
    out = capsys.readouterr().out
    assert status == 0 and "Bayes factor vs coin flip" in out and "Side bias" not in out


def test_cli_bad_file_is_one_sentence_and_exit_two(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("- good: [a]\n  evil: [a]\n  winner: good\n", encoding="utf-8")
    assert main(["ratings", str(bad)]) == 2
    assert "game 1: a is on both teams." in capsys.readouterr().err
    assert main(["ratings", str(tmp_path / "missing.csv")]) == 2
    assert main(["ratings", str(DATA), "--noise-sd", "0"]) == 2


def test_cli_compare_gives_the_probability_one_player_is_better(capsys):
    assert main(["ratings", str(DATA), "--noise-sd", "1.797", "--compare", "Bee", "Lizard"]) == 0
    out = capsys.readouterr().out
    (line,) = [x for x in out.splitlines() if x.startswith("P(Bee is better than Lizard)")]
    p = float(line.rsplit("=", 1)[1])
    games = parse_games(DATA.read_text(encoding="utf-8"), DATA.name)
    fit = fit_ratings(games, noise_sd=1.797)
    assert p == pytest.approx(prob_better(fit, "Bee", "Lizard"), abs=0.005)
    assert "The more skilled team is expected to win" in out
    assert main(["ratings", str(DATA), "--compare", "Bee", "Nobody", "--json"]) == 2
    assert "Nobody has no rated games in" in json.loads(capsys.readouterr().out)["error"]


def test_cli_reads_a_byte_order_mark_and_refuses_a_huge_file_early(tmp_path, capsys, monkeypatch):
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbfwinner,good,evil\ngood,a,b\nevil,a,b\ngood,b,a\n")
    assert main(["ratings", str(bom), "--min-games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    monkeypatch.setattr("bot.cli.ratings.MAX_FILE_CHARS", 20)
    assert main(["ratings", str(bom)]) == 2
    assert "is too large (more than 20 characters)" in capsys.readouterr().err


def test_a_fit_that_did_not_converge_is_reported(monkeypatch, capsys):
    fit_to_convergence = DenseProblem.fit
    monkeypatch.setattr(
        DenseProblem,
        "fit",
        lambda self, noise_var, start=None: fit_to_convergence(self, noise_var, start, max_iter=1),
    )
    report = ratings_report(GAMES, fit_ratings(GAMES, noise_sd=1.0), min_games=1).to_dict()
    assert report["converged"] is False
    assert report["warnings"][0].startswith("The fit did not converge at noise sd 1.00")
    assert not any(c["converged"] for c in report["comparisons"].values())
    assert main(["ratings", str(DATA), "--noise-sd", "1.8"]) == 0
    assert "Warning: The fit did not converge" in capsys.readouterr().out


@pytest.mark.parametrize("value", ["inf", "1e300", "0", "nan", "-1", "1e-9"])
def test_cli_refuses_a_nonsense_noise_sd_in_one_sentence(value, capsys):
    sentence = "--noise-sd must be a number from 0.01 to 100 (the luck in a game"
    assert main(["ratings", str(DATA), "--noise-sd", value]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and sentence in err
    assert main(["ratings", str(DATA), "--noise-sd", value, "--json"]) == 2
    out, err = capsys.readouterr()
    assert err == "" and sentence in json.loads(out)["error"]


def test_cli_shows_names_it_did_not_import_escaped(capsys):
    assert main(["ratings", str(DATA), "--noise-sd", "1.8", "--compare", "Bee", "\u202eBee"]) == 2
    err = capsys.readouterr().err
    assert "\\u202eBee has no rated games" in err and "\u202e" not in err


def test_cli_json_is_strict_json(capsys):
    assert main(["ratings", str(DATA), "--json"]) == 0

    def refuse(constant):
        raise ValueError(constant)

    payload = json.loads(capsys.readouterr().out, parse_constant=refuse)
    assert payload["comparisons"]["skill_vs_deterministic"]["probability"] > 0.9


def test_cli_text_gives_a_huge_bayes_factor_as_a_power_of_ten(tmp_path, capsys):
    """Thousands of games make the Bayes factor vs a coin flip overflow a float."""
    games = [GameRecord((f"a{i % 7}", "b"), ("c", f"d{i % 5}"), "good") for i in range(400)]
    path = tmp_path / "many.csv"
    path.write_text(games_to_csv(games), encoding="utf-8")
    assert main(["ratings", str(path), "--noise-sd", "1"]) == 0
    assert "Bayes factor vs coin flip 10^" in capsys.readouterr().out
