"""The command line, like the bot: every failure one sentence (JSON with --json), no traceback for
deep input, a full disk or a missing folder, and the small gaps (--version, base edition names,
one rule for --seed, counted nouns)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
RATINGS = ROOT / "tests" / "stats" / "ratings" / "clocktower_iq_games.yaml"
CLUEDO = ROOT / "tests" / "golden" / "cluedo.json"


@pytest.fixture
def notebook(tmp_path) -> str:
    """The golden Cluedo notebook as a LOG.json file."""
    golden = json.loads(CLUEDO.read_text(encoding="utf-8"))
    log = {**json.loads(golden["setup"]), "events": []}
    log["events"] = [json.loads(e) for kind, e in golden["entries"] if kind == "event"]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return str(path)


@pytest.fixture
def deep(tmp_path) -> dict[str, str]:
    json_file, yaml_file = tmp_path / "deep.json", tmp_path / "deep.yaml"
    json_file.write_text("[" * 100_000, encoding="utf-8")
    yaml_file.write_text("[" * 20_000 + "]" * 20_000, encoding="utf-8")
    return {"json": str(json_file), "yaml": str(yaml_file)}


def failed_json(capsys) -> str:
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)["error"]


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--players", "2", "--traitors", "1"],
        ["ratings", str(RATINGS), "--min-games", "-1"],
        ["cluedo", "solve", "no-such-log.json"],
        ["simulate", "clocktower", "--script", "tb", "--players", "3", "--games", "1"],
        ["script", "summaries", "no-such-roles.json"],
    ],
)
def test_with_json_every_failure_is_json(capsys, args):
    assert main([*args, "--json"]) == 2
    sentence = failed_json(capsys)
    assert sentence.endswith(".") and "\n" not in sentence


@pytest.mark.parametrize(
    "args, words",
    [
        (["odds", "--players", "x", "--traitors", "1"], "invalid int value: 'x'"),
        (["script", "summaries", "roles.json", "--threshold", "x"], "invalid float value"),
        (["cluedo", "advise"], "required: LOG.json"),
    ],
)
def test_a_usage_error_with_json_is_one_json_object(capsys, args, words):
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--json"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert words in answer["error"] and "usage:" in answer["usage"]
    assert err == ""


def test_deep_input_is_one_sentence(capsys, deep, notebook):
    cases = [
        (["cluedo", "solve", deep["json"]], deep["json"]),
        (["ratings", deep["yaml"]], deep["yaml"]),
        (
            ["simulate", "clocktower", "--script", deep["json"], "--players", "5", "--games", "1"],
            deep["json"],
        ),
    ]
    for args, path in cases:
        assert main(args) == 2, args
        err = capsys.readouterr().err.strip()
        assert path in err and "\n" not in err and "Traceback" not in err, err
        assert "nested" in err, err
    assert main(["script", "nightorder", deep["json"]]) == 2  # its one problem, listed
    assert capsys.readouterr().err.endswith(
        "has 1 problem:\n  - script: is nested far too deeply. A script is a flat list.\n"
    )
    assert main(["ratings", deep["yaml"], "--json"]) == 2
    assert failed_json(capsys) == f"{deep['yaml']} is nested too deeply to read."


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--players", "9", "--traitors", "2", "--simulate", "100"],
        ["ratings", str(RATINGS), "--noise-sd", "1.8"],
        ["cluedo", "solve", "LOG"],
    ],
)
def test_a_chart_in_a_missing_folder_names_the_chart(capsys, tmp_path, notebook, args):
    chart = str(tmp_path / "missing" / "chart.png")
    args = [notebook if a == "LOG" else a for a in args]
    assert main([*args, "--chart", chart]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Traceback" not in err
    assert f"Cannot write the chart to {chart}: the folder" in err and notebook not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--players", "9", "--traitors", "2", "--simulate", "100"],
        ["odds", "--players", "9", "--traitors", "2", "--simulate", "100", "--json"],
        ["script", "score", "tb", "--json"],
        ["script", "characters"],
        ["odds", "--players", "9", "--traitors", "2", "--simulate", "100", "--chart", "/dev/full"],
    ],
)
def test_a_full_disk_is_one_sentence(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "No space left on device" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith("ravenswood ")


@pytest.mark.parametrize("name", ["tb", "bmr", "snv", "Trouble Brewing", "sv"])
def test_script_commands_take_the_base_editions_names(capsys, name):
    assert main(["script", "score", name, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score"] > 0
    assert main(["script", "nightorder", name]) == 0


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--players", "9", "--traitors", "2"],
        ["simulate", "clocktower", "--script", "tb", "--players", "5", "--games", "1"],
        ["script", "bag", "tb", "--players", "7"],
    ],
)
def test_every_command_refuses_a_negative_seed_alike(capsys, args):
    assert main([*args, "--seed", "-3"]) == 2
    assert (
        capsys.readouterr().err.strip().endswith("--seed must be a whole number from 0 up, not -3.")
    )
    assert main([*args, "--seed", "0"]) == 0
    capsys.readouterr()


def test_counted_nouns(capsys):
    assert main(["simulate", "clocktower", "--script", "tb", "--players", "5", "--games", "1"]) == 0
    assert capsys.readouterr().out.startswith("1 game of 5 players")
    assert main(["odds", "--players", "9", "--traitors", "2", "--simulate", "1"]) == 0
    assert "over 1 game," in capsys.readouterr().out
