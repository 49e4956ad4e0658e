"""Clocktower rules engine: self-played games per second and the time of one engine action.

Self-play uses the bot storyteller and the heuristic players of ``engine.clocktower.selfplay``
(``reason=False``: the engine is measured here, the reasoning players, who weigh the possible
worlds, in ``bench_clocktower_reasoning.py``) on Trouble Brewing, Bad Moon Rising and Sects &
Violets with a balanced bag (plus rows with two Travellers, who add exiles, shots, vote tokens,
swapped seats and verdicts), and on scripts of the experimental Townsfolk and Outsiders the engine
runs with each edition's evil team (``roster.mixed_script``: ``exp+tb`` and so on, topped up with
the edition's own good characters while too few experimental ones are run; the run says how
many are), and on every real script of the reference data (``../shared/reference/clocktower/
scripts``) without a homebrew character that the bot storyteller runs (the ``wc25-`` rows, 10
players), every script in the same run. Games per second is CPU time
(``time.process_time``) for the same seeded games,
best of ``ROUNDS`` runs: the games are deterministic, so the best run is the least disturbed by
other processes. The per-action time replays the recorded action logs and times each ``apply``
alone (player heuristics excluded) with ``time.perf_counter``: median, 99th percentile and worst,
the worst being the most exposed to machine noise. No peer engine exists on PyPI to compare.
Run: python benchmarks/bench_clocktower_engine.py [script ...] (only those scripts' rows)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from engine.clocktower.catalogue import edition_characters  # noqa: E402
from engine.clocktower.game import apply, unsupported  # noqa: E402
from engine.clocktower.game.roster import experimental_good, mixed_script  # noqa: E402
from engine.clocktower.script import load_folder  # noqa: E402
from engine.clocktower.selfplay import play, setup_game  # noqa: E402

REFERENCE = Path(__file__).resolve().parents[2] / "shared/reference/clocktower/scripts"
REAL = {
    name: script.ids
    for name, script in load_folder(REFERENCE).items()
    if name.startswith("wc25-") and not script.homebrew and not unsupported(script.ids)
}

SCRIPTS = (
    {
        code: tuple(c.id for c in edition_characters(code) if c.team != "traveller")
        for code in ("tb", "bmr", "snv")
    }
    | {f"exp+{code}": mixed_script(code) for code in ("tb", "bmr", "snv")}
    | REAL
)
GAMES = 300
TIMED_GAMES = 100
ROUNDS = 3
TABLES = (  # (script, players, travellers)
    ("tb", 5, 0),
    ("tb", 10, 0),
    ("tb", 10, 2),
    ("tb", 15, 0),
    ("bmr", 5, 0),
    ("bmr", 10, 0),
    ("bmr", 10, 2),
    ("bmr", 15, 0),
    ("snv", 5, 0),
    ("snv", 10, 0),
    ("snv", 10, 2),
    ("snv", 15, 0),
    ("exp+tb", 10, 0),
    ("exp+bmr", 10, 0),
    ("exp+snv", 10, 0),
    *((name, 10, 0) for name in REAL),
)


def games_per_second(script: str, players: int, travellers: int) -> tuple[float, float]:
    ids = SCRIPTS[script]
    play(ids, players, 10**6, travellers=travellers, reason=False)  # warm the caches
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.process_time()
        actions = sum(
            play(ids, players, seed, travellers=travellers, reason=False)[1].actions
            for seed in range(GAMES)
        )
        best = min(best, time.process_time() - start)
    return GAMES / best, actions / GAMES


def action_times(script: str, players: int, travellers: int) -> list[float]:
    ids = SCRIPTS[script]
    times = []
    for seed in range(TIMED_GAMES):
        log: list = []
        play(ids, players, seed, log=log, travellers=travellers, reason=False)
        state = setup_game(ids, players, seed, travellers=travellers)
        for action in log:
            start = time.perf_counter()
            state = apply(state, action).state
            times.append(time.perf_counter() - start)
    return times


def main(only: list[str]) -> None:
    print(f"experimental good characters run: {len(experimental_good())}\n")
    print(
        "| script | players | travellers | games/s (CPU, best of 3) | actions/game "
        "| action median µs | action p99 µs | worst ms |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for script, players, travellers in TABLES:
        if only and script not in only:
            continue
        rate, per_game = games_per_second(script, players, travellers)
        times = sorted(action_times(script, players, travellers))
        p99 = times[int(0.99 * (len(times) - 1))]
        print(
            f"| {script} | {players} | {travellers} | {rate:.1f} | {per_game:.0f} "
            f"| {statistics.median(times) * 1e6:.0f} | {p99 * 1e6:.0f} | {times[-1] * 1e3:.2f} |"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
