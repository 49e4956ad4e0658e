"""`ravenswood script ...` end to end (the offline twin of /script)."""

import json

import pytest

from bot.cli import main
from tests.engine.clocktower.game.test_ct_game_storyteller import SCRIPT

from .helpers import DATA


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_json(capsys):
    code, out, _ = run(
        capsys, "script", "score", str(DATA / "base-tb.json"), "--players", "8", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["category"] == "Beginner" and data["players"] == 8
    assert data["errors"] == []


def test_score_measures_the_balance_by_self_play(capsys, tmp_path):
    code, out, _ = run(capsys, "script", "score", "tb", "--players", "6", "--games", "4", "--json")
    balance = json.loads(out)["balance"]
    assert code == 0 and balance["games"] == 4 and balance["players"] == 6
    assert balance["good_wins"] in range(5)
    assert 0 <= balance["ci95"][0] <= balance["good_win_rate"] <= balance["ci95"][1] <= 1
    code, out, _ = run(capsys, "script", "score", "tb", "--games", "3")
    assert code == 0 and "over 3 self-played games with the bot storyteller" in out
    code, out, _ = run(capsys, "script", "score", "tb", "--games", "0", "--json")
    assert json.loads(out)["balance"] is None  # asked for no games
    homebrew = tmp_path / "homebrew.json"
    homebrew.write_text(json.dumps(SCRIPT))
    code, out, _ = run(capsys, "script", "score", str(homebrew), "--games", "2", "--json")
    assert json.loads(out)["balance"]["games"] == 0  # the bot storyteller cannot run it
    code, _, err = run(capsys, "script", "score", "tb", "--games", "-1")
    assert code == 2 and "--games must be 0 to" in err


def test_score_gives_no_balance_figure_for_a_script_the_model_does_not_cover(capsys, monkeypatch):
    """The Imp made unknown to the reasoning model: no games, no figure, the Imp named."""
    from engine.clocktower.game.roles import role

    monkeypatch.setattr(type(role("imp")), "reasoned", False)
    code, out, _ = run(capsys, "script", "score", "tb", "--games", "5", "--json")
    balance = json.loads(out)["balance"]
    assert code == 0 and balance["games"] == 0 and balance["uncovered"] == ["imp"]
    assert "good_win_rate" not in balance and "cannot yet weigh Imp" in balance["error"]
    code, out, _ = run(capsys, "script", "score", "tb", "--games", "5")
    assert code == 0 and "Not simulated: the reasoning model cannot yet weigh Imp" in out


def test_score_text_and_nightorder_and_bag(capsys):
    code, out, _ = run(capsys, "script", "score", str(DATA / "base-snv.json"))
    assert code == 0 and "Intermediate" in out and "Synergies:" in out
    code, out, _ = run(capsys, "script", "nightorder", str(DATA / "base-tb.json"))
    assert code == 0 and "First night" in out
    code, out, _ = run(
        capsys,
        "script",
        "bag",
        str(DATA / "base-bmr.json"),
        "--players",
        "9",
        "--seed",
        "5",
        "--json",
    )
    assert code == 0 and len(json.loads(out)["characters"]) == 9


def test_bad_scripts_exit_2_with_every_problem(capsys, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text('["fortune_tellr", 3]')
    code, _, err = run(capsys, "script", "score", str(bad))
    assert code == 2 and "fortuneteller" in err and "entry 2" in err
    code, out, _ = run(capsys, "script", "score", str(bad), "--json")
    assert code == 2 and len(json.loads(out)["errors"]) == 2
    assert json.loads(out)["score"] is None
    # each command's --json failure has that command's own keys, not the score's
    code, out, _ = run(capsys, "script", "nightorder", str(bad), "--json")
    assert code == 2 and set(json.loads(out)) == {"first", "other", "notes", "errors", "warnings"}
    tiny = tmp_path / "tiny.json"
    tiny.write_text('["chef", "empath", "monk", "poisoner", "imp"]')
    code, out, _ = run(capsys, "script", "bag", str(tiny), "--players", "7", "--json")
    failed = json.loads(out)
    assert code == 2 and failed["characters"] == [] and "balance" in failed
    assert "7 players" in failed["errors"][0]["message"]
    assert run(capsys, "script", "bag", str(DATA / "base-tb.json"), "--players", "3")[0] == 2
    assert run(capsys, "script", "nightorder", str(tmp_path / "missing.json"))[0] == 2


@pytest.mark.parametrize(
    ("argv", "keys", "said"),
    [
        (["score", "{missing}", "--json"], {"score", "category"}, "No such file"),
        (["nightorder", "{missing}", "--json"], {"first", "other"}, "No such file"),
        (["bag", "{tb}", "--players", "88", "--json"], {"tokens", "balance"}, "5 to 15, not 88"),
        (["bag", "{tb}", "--players", "8", "--travellers", "9", "--json"], {"tokens"}, "not 9"),
        (["score", "{tb}", "--players", "4", "--json"], {"synergies"}, "not 4"),
    ],
)
def test_command_line_problems_are_json_answers_with_json(capsys, tmp_path, argv, keys, said):
    """With --json, even a missing file or a bad option is a JSON answer with the command's own
    keys and one sentence in errors (exit 2); without it, the sentence goes to stderr."""
    paths = {"missing": str(tmp_path / "missing.json"), "tb": str(DATA / "base-tb.json")}
    argv = [a.format(**paths) for a in argv]
    code, out, err = run(capsys, "script", *argv)
    answer = json.loads(out)
    assert code == 2 and keys <= set(answer) and err == ""
    (problem,) = answer["errors"]
    assert said in problem["message"] and problem["position"] == "command line"
    code, out, err = run(capsys, "script", *argv[:-1])
    assert code == 2 and out == "" and said in err and "Traceback" not in err


def test_an_object_instead_of_a_list_is_one_clear_sentence(capsys, tmp_path):
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text('{"name": "Mine", "characters": ["imp", "chef"]}')
    code, out, _ = run(capsys, "script", "score", str(wrapped), "--json")
    (problem,) = json.loads(out)["errors"]
    assert code == 2 and problem["position"] == "script"
    assert problem["message"] == "is an object in { }, but a script is a list of characters in [ ]."
    assert problem["fix"] == 'Paste just the list under "characters" (the part in [ ]).'


def test_characters_listing(capsys):
    code, out, _ = run(capsys, "script", "characters", "fortune", "--json")
    assert code == 0 and json.loads(out)[0]["id"] == "fortuneteller"


@pytest.mark.parametrize("cmd", ["score", "nightorder"])
def test_stdin(capsys, monkeypatch, cmd):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO((DATA / "base-tb.json").read_text()))
    assert run(capsys, "script", cmd, "-")[0] == 0


def test_summaries_check_flags_near_copies_of_an_official_file(capsys, tmp_path):
    # Made-up "official" texts: one copies our Imp summary, one is unrelated.
    from engine.clocktower.catalogue import character

    roles = tmp_path / "roles.json"
    roles.write_text(
        json.dumps(
            [
                {"id": "imp", "ability": character("imp").summary},
                {"id": "chef", "ability": "Nothing like our words at all, honestly."},
            ]
        )
    )
    code, out, _ = run(capsys, "script", "summaries", str(roles), "--json")
    report = json.loads(out)
    assert code == 1 and report["checked"] == 2
    assert report["too_close"] == [{"id": "imp", "ratio": 1.0}]
    roles.write_text(json.dumps([{"id": "chef", "ability": "Nothing like ours at all."}]))
    assert run(capsys, "script", "summaries", str(roles))[0] == 0
    roles.write_text("{}")
    assert run(capsys, "script", "summaries", str(roles))[0] == 2
