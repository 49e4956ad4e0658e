"""`ravenswood` imports only the subcommand it runs: `--version`, `--help` and an exact odds
answer load neither discord.py, SciPy, matplotlib nor the Clocktower engine (they cost the
whole command line two seconds at start). Checked by what a fresh interpreter has imported, not
by timing it (benchmarks/bench_cli_startup.py times it)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import bot.cli
from bot.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("discord", "aiohttp", "scipy", "matplotlib", "engine.clocktower", "stats.charts")
PROBE = """
import json, sys
from bot.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as exc:
    status = exc.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def loaded(*args: str) -> tuple[int, set[str]]:
    """Run the command line in a fresh interpreter: its exit status, and the top of every
    module it imported (``engine.clocktower`` and ``stats.charts`` by their package)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    report = json.loads(done.stdout.splitlines()[-1])
    return report["status"], set(report["modules"])


def heavy(modules: set[str]) -> set[str]:
    return {h for h in HEAVY if any(m == h or m.startswith(h + ".") for m in modules)}


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["odds", "--help"]])
def test_version_and_help_load_nothing_heavy(args):
    status, modules = loaded(*args)
    assert status == 0 and not heavy(modules), heavy(modules)
    assert "numpy" not in modules or args[0] == "odds"


def test_an_exact_odds_answer_loads_neither_scipy_matplotlib_nor_discord():
    status, modules = loaded("odds", "--players", "12", "--traitors", "3", "--json")
    assert status == 0 and not heavy(modules), heavy(modules)
    assert "stats.odds.exact" in modules  # it did answer


def test_a_command_loads_what_it_needs():
    status, modules = loaded("odds", "--players", "12", "--traitors", "3", "--chart", "/dev/null")
    assert status == 0 and "matplotlib" in modules and "discord" not in modules


def test_help_lists_every_command_with_its_summary(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    listing = capsys.readouterr().out
    flat = " ".join(listing.split())  # argparse wraps long summaries
    for name, summary in COMMANDS.items():
        assert name in listing and summary in flat


def test_every_subcommand_module_is_listed_and_registers_itself():
    modules = {m.name for m in pkgutil.iter_modules(bot.cli.__path__)} - {"common"}
    assert modules == set(COMMANDS)
    for name in COMMANDS:
        parser = bot.cli.build_parser(command=name)
        assert hasattr(importlib.import_module(f"bot.cli.{name}"), "register")
        with pytest.raises(SystemExit) as usage:  # its own arguments are there to check
            parser.parse_args([name, "--no-such-option"])
        assert usage.value.code == 2


def test_an_unknown_command_is_a_usage_error_naming_the_commands(capsys):
    with pytest.raises(SystemExit) as usage:
        main(["oddz", "--json"])
    assert usage.value.code == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert "invalid choice: 'oddz'" in error and "odds" in error
