import json

import pytest

from bot.cli import main
from stats.charts.odds import REFERENCE_LABEL, SimulatedPoint, chart_curves, odds_chart

PNG = b"\x89PNG\r\n\x1a\n"


def test_json_output(capsys):
    status = main(
        [
            "odds",
            "--players",
            "22",
            "--traitors",
            "3",
            "--simulate",
            "2000",
            "--seed",
            "5",
            "--json",
        ]
    )
    assert status == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["exact"]["fraction"] == "33901/45056"
    assert payload["simulation"]["games"] == 2000
    assert len(payload["simulation"]["ci95"]) == 2


def test_text_output_and_chart(tmp_path, capsys):
    chart = tmp_path / "odds.png"
    status = main(
        [
            "odds",
            "--players",
            "12",
            "--traitors",
            "2",
            "--faithful",
            "vote-left",
            "--traitors-play",
            "collude",
            "--punish",
            "--simulate",
            "500",
            "--chart",
            str(chart),
        ]
    )
    assert status == 0
    assert "not available" in capsys.readouterr().out
    assert chart.read_bytes().startswith(PNG)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "2", "--traitors", "1"], "at least 3 players"),
        (["--players", "9", "--traitors", "2", "--traitors-play", "x"], "Unknown Traitor"),
        (["--players", "9", "--traitors", "2", "--seed", "-1"], "--seed must be"),
        (["--players", "9", "--traitors", "2", "--simulate", "0"], "between 1 and"),
    ],
)
def test_bad_input_exits_two_with_one_line(capsys, args, words):
    assert main(["odds", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and words in err


def test_simulation_only_pairs_get_grey_reference_curves():
    curves = chart_curves(30, "parity", "vote-left", "random", punish=True)
    assert curves and all(c.reference and c.label == REFERENCE_LABEL for c in curves)


def test_own_curves_are_solid_and_random_voting_is_the_reference():
    random = chart_curves(30, "parity", "random", "random", punish=False)
    assert [c.label for c in random] == ["m = 1", "m = 2", "m = 3", "m = 4"]
    colluding = chart_curves(30, "parity", "random", "collude", punish=False)
    assert [c.reference for c in colluding] == [False] * 4 + [True] * 4
    assert colluding[2].win[22 - 3] > colluding[6].win[22 - 3]  # collusion helps at (22, 3)


def test_chart_variants_render():
    simple = odds_chart(22, 3, simulated=[SimulatedPoint(22, 3, 0.75, 0.74, 0.76)])
    colluding = odds_chart(22, 3, traitors_play="collude")
    big = odds_chart(200, 20, rule="majority")
    thousand = odds_chart(1000, 3, faithful="vote-left", traitors_play="collude")
    for png in (simple, colluding, big, thousand):
        assert png.startswith(PNG) and len(png) > 10_000
