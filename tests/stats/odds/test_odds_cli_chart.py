import json

from bot.cli import main
from stats.charts.odds import SimulatedPoint, odds_chart

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


def test_bad_input_exits_two_with_one_line(capsys):
    assert main(["odds", "--players", "2", "--traitors", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "at least 3 players" in err
    assert main(["odds", "--players", "9", "--traitors", "2", "--traitors-play", "x"]) == 2


def test_chart_variants_render():
    simple = odds_chart(22, 3, simulated=[SimulatedPoint(22, 3, 0.75, 0.74, 0.76)])
    colluding = odds_chart(22, 3, traitors_play="collude")
    big = odds_chart(200, 20, rule="majority")
    for png in (simple, colluding, big):
        assert png.startswith(PNG) and len(png) > 10_000
