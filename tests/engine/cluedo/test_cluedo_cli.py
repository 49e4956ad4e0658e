"""`ravenswood cluedo solve|advise` and the status chart."""

import json

import pytest

from bot.cli import main
from engine.cluedo import notebook_from_json, solve
from stats.charts.cluedo import cluedo_chart
from tests.engine.cluedo.test_cluedo_notebook import LOG


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(LOG))
    return path


def test_solve_json(log, capsys):
    assert main(["cluedo", "solve", str(log), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["consistent_deals"] == 3584
    assert set(out["solution"]) == {"suspect", "weapon", "room"}
    assert sum(out["solution"]["suspect"].values()) == pytest.approx(1.0)
    assert out["locations"]["Wrench"] == {"Bob": 1.0}
    top = out["top_solutions"][0]
    assert (top["suspect"], top["weapon"], top["room"]) == ("Scarlett", "Revolver", "Kitchen")


def test_advise_json(log, capsys):
    assert main(["cluedo", "advise", str(log), "--room", "Lounge", "--roll", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["suggestion"]["room"] == "Lounge"
    assert out["suggestion"]["expected_information_bits"] > 0
    assert out["movement"]["roll"] == 7 and out["movement"]["rooms"]
    assert out["accuse"]["recommended"] is False


def test_advise_text(log, capsys):
    assert main(["cluedo", "advise", str(log), "--room", "Lounge", "--roll", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Do not accuse yet: best guess ")
    assert "\nWhere to go from Lounge with a roll of 7:\n" in out
    assert "\nSuggest " in out and " bits expected.\n" in out
    assert not any(mark in out for mark in ("?.", "..", ". .", ":."))


@pytest.mark.parametrize(
    "content,message",
    [
        ("{not json", "not valid JSON"),
        (json.dumps(dict(LOG, my_cards=["Dager"] + LOG["my_cards"][1:])), "did you mean"),
        (json.dumps(dict(LOG, me="Dan")), "No player"),
        (json.dumps(dict(LOG, hand_sizes=[6, 6, 6])), "hand_sizes must give"),
        (json.dumps({**LOG, "events": [{**LOG["events"][3], "correct": "false"}]}), "no quotes"),
    ],
)
def test_errors_exit_2_with_one_sentence(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["cluedo", "solve", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_advise_rejects_a_bad_roll(log, capsys):
    assert main(["cluedo", "advise", str(log), "--roll", "13"]) == 2


def test_a_question_is_not_followed_by_a_full_stop(tmp_path, capsys):
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(dict(LOG, my_cards=["Knif"] + LOG["my_cards"][1:])))
    assert main(["cluedo", "solve", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "did you mean Knife (Dagger)" in err and err.endswith("?")


def test_advise_in_a_corridor_with_an_entropy_threshold(log, capsys):
    argv = ["cluedo", "advise", str(log), "--near", "Kitchen=3", "--roll", "4"]
    assert main([*argv, "--accuse-bits", "9", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["movement"]["from"] == "the corridor, 3 steps from the Kitchen"
    assert len(out["movement"]["rooms"]) == 9
    assert out["suggestion"] is None
    assert out["accuse"]["recommended"] and out["accuse"]["entropy_threshold_bits"] == 9
    assert main(["cluedo", "advise", str(log), "--near", "Kitchen"]) == 2
    assert "ROOM=STEPS" in capsys.readouterr().err


def test_an_unexpected_failure_is_still_one_sentence(log, capsys, monkeypatch):
    def broken(*args):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("bot.cli.cluedo.advise", broken)
    assert main(["cluedo", "advise", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("Could not use " + str(log) + ": division by zero.")
    assert len(err.splitlines()) == 1


def test_chart_is_a_png():
    png = cluedo_chart(solve(notebook_from_json(LOG)))
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
