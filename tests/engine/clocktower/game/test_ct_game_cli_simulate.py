"""`ravenswood simulate clocktower`: the report's fields, determinism, and one-sentence errors."""

from __future__ import annotations

import json

from bot.cli import main
from tests.engine.clocktower.helpers import DATA, TB_IDS


def run(capsys, *args):
    status = main(["simulate", "clocktower", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_json_report(capsys):
    status, out, _ = run(capsys, "--script", "tb", "--players", "8", "--games", "30", "--json")
    assert status == 0
    report = json.loads(out)
    assert report["games"] == 30 and sum(report["endings"].values()) == 30
    assert 0.0 <= report["ci95"][0] <= report["good_win_rate"] <= report["ci95"][1] <= 1.0
    assert report["mean_days"] >= 1
    again = json.loads(
        run(capsys, "--script", "tb", "--players", "8", "--games", "30", "--json")[1]
    )
    assert again == report


def test_a_script_file_and_text_output(capsys):
    path = str(DATA / "base-tb.json")
    status, out, _ = run(capsys, "--script", path, "--players", "6", "--games", "5", "--seed", "4")
    assert status == 0 and "good wins" in out and "Endings:" in out


def test_travellers_join_the_simulated_games(capsys):
    args = ("--script", "tb", "--players", "7", "--games", "12", "--travellers", "2", "--json")
    status, out, _ = run(capsys, *args)
    report = json.loads(out)
    assert status == 0 and report["travellers"] == 2 and sum(report["endings"].values()) == 12
    status, out, _ = run(capsys, *args[:-1])
    assert status == 0 and "7 players and 2 Travellers" in out


def test_mistakes_are_one_sentence(capsys, tmp_path):
    assert (
        run(capsys, "--script", "tb", "--players", "8", "--games", "5", "--travellers", "6")[0] == 2
    )
    assert run(capsys, "--script", "tb", "--players", "3", "--games", "5")[0] == 2
    assert run(capsys, "--script", "tb", "--players", "8", "--games", "0")[0] == 2
    homebrew = tmp_path / "brew.json"
    own = {"id": "brewer", "name": "Brewer", "team": "townsfolk", "ability": "Brews."}
    homebrew.write_text(json.dumps([{"id": "_meta", "name": "Brew"}, *TB_IDS, own]))
    status, _, err = run(capsys, "--script", str(homebrew), "--players", "8", "--games", "2")
    assert status == 2 and "cannot run these characters yet: brewer" in err
    assert run(capsys, "--script", "/no/such.json", "--players", "8", "--games", "2")[0] == 2


def test_sects_and_violets_plays_with_the_bot_storyteller(capsys):
    args = ("--script", "snv", "--players", "10", "--games", "25", "--json")
    status, out, _ = run(capsys, *args)
    report = json.loads(out)
    assert status == 0 and report["games"] == 25 and sum(report["endings"].values()) == 25
    endings = {"demon_dead", "two_left", "vortox", "klutz", "evil_twin"}
    assert set(report["endings"]) <= endings and "unfinished" not in report["endings"]
    assert json.loads(run(capsys, *args)[1]) == report


def test_bad_moon_rising_plays_with_the_bot_storyteller(capsys):
    args = ("--script", "bmr", "--players", "10", "--games", "20", "--seed", "3", "--json")
    status, out, _ = run(capsys, *args)
    report = json.loads(out)
    assert status == 0 and report["script"] == "bmr" and sum(report["endings"].values()) == 20
    assert "unfinished" not in report["endings"]
    assert run(capsys, *args)[1] == out  # seeded: the same games again
