"""How long the `ravenswood` command line takes, as a user meets it: the whole process, from
launch to exit, and its peak memory.

Each command runs ``ROUNDS`` times in a fresh process (the installed console script, else
``python -c`` calling the same ``main``); the best wall time is shown (the others only add the
machine's noise) with the median, and the peak resident memory (``ru_maxrss`` of that child).
Targets (issue 27): ``--version`` and ``--help`` within 0.3 s, an exact odds answer within 0.5 s.
Peers in the same run: a bare interpreter (the floor), and one that imports every
subcommand's module, as the command line did at start before it imported only the one it runs.

Run: python benchmarks/bench_cli_startup.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 7
MAIN = "import sys; from bot.cli import main; sys.exit(main())"
EVERY_MODULE = (
    "import importlib; from bot.cli import COMMANDS; "
    "[importlib.import_module('bot.cli.' + name) for name in COMMANDS]"
)
COMMANDS = {
    "ravenswood --version": ["--version"],
    "ravenswood --help": ["--help"],
    "ravenswood odds --players 12 --traitors 3 --json": "odds --players 12 --traitors 3 --json",
    "ravenswood odds --players 12 --traitors 3 --chart FILE": "odds --players 12 --traitors 3",
    "ravenswood script score tb --games 0 --json": "script score tb --games 0 --json",
}
PEERS = {
    "python -c pass (the interpreter alone)": [sys.executable, "-c", "pass"],
    "every subcommand's module imported (the old start-up)": [sys.executable, "-c", EVERY_MODULE],
}


def command_line() -> list[str]:
    """How to launch the command line: the console script beside this interpreter, if any."""
    script = Path(sys.executable).with_name("ravenswood")
    found = str(script) if script.exists() else shutil.which("ravenswood")
    return [found] if found else [sys.executable, "-c", MAIN]


def once(argv: list[str]) -> tuple[float, int]:
    """One run: its wall time in seconds and its peak resident memory in bytes."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode() if child.stderr else ""
    if child.returncode not in (0,):
        raise SystemExit(f"{' '.join(argv)} failed ({child.returncode}): {errors}")
    return elapsed, usage.ru_maxrss * 1024


def measure(argv: list[str], rounds: int) -> list[str]:
    runs = [once(argv) for _ in range(rounds)]
    times = [t for t, _ in runs]
    peak = max(m for _, m in runs)
    return [f"{min(times):.3f}", f"{statistics.median(times):.3f}", f"{peak / 2**20:.0f}"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    launch = command_line()
    chart = ROOT / ".bench_cli_startup.png"
    print(f"load before: {os.getloadavg()[0]:.2f}; launched as {' '.join(launch)}\n")
    print(f"| command | best s (of {args.rounds}) | median s | peak RSS MB |")
    print("| --- | --- | --- | --- |")
    try:
        for name, given in COMMANDS.items():
            argv = given if isinstance(given, list) else given.split()
            if "--chart" in name:
                argv = [*argv, "--chart", str(chart)]
            print(f"| `{name}` | " + " | ".join(measure(launch + argv, args.rounds)) + " |")
        for name, argv in PEERS.items():
            print(f"| {name} | " + " | ".join(measure(argv, args.rounds)) + " |")
    finally:
        chart.unlink(missing_ok=True)
    print(f"\nload after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
