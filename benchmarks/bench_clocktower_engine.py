"""Clocktower rules engine: self-played games per second and the time of one engine action.

Self-play uses the bot storyteller and the reasoning players of ``engine.clocktower.selfplay``
(who claim, bluff and weigh the possible worlds; ``bench_clocktower_reasoning.py`` measures their
balance and the model's cost) on Trouble Brewing with a balanced bag (plus a row with two
Travellers, who add exiles, shots and vote tokens). Games per second is CPU time (``time.process_time``) for the same seeded games,
best of ``ROUNDS`` runs: the games are deterministic, so the best run is the least disturbed by
other processes. The per-action time replays the recorded action logs and times each ``apply``
alone (player heuristics excluded) with ``time.perf_counter``: median, 99th percentile and worst,
the worst being the most exposed to machine noise. No peer engine exists on PyPI to compare.
Run: python benchmarks/bench_clocktower_engine.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from engine.clocktower.catalogue import edition_characters  # noqa: E402
from engine.clocktower.game import apply  # noqa: E402
from engine.clocktower.selfplay import play, setup_game  # noqa: E402

TB = tuple(c.id for c in edition_characters("tb"))
GAMES = 300
TIMED_GAMES = 100
ROUNDS = 3
TABLES = ((5, 0), (10, 0), (10, 2), (15, 0))  # (players, travellers)


def games_per_second(players: int, travellers: int) -> tuple[float, float]:
    play(TB, players, 10**6, travellers=travellers)  # warm the caches (script, night order)
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.process_time()
        actions = sum(
            play(TB, players, seed, travellers=travellers)[1].actions for seed in range(GAMES)
        )
        best = min(best, time.process_time() - start)
    return GAMES / best, actions / GAMES


def action_times(players: int, travellers: int) -> list[float]:
    times = []
    for seed in range(TIMED_GAMES):
        log: list = []
        play(TB, players, seed, log=log, travellers=travellers)
        state = setup_game(TB, players, seed, travellers=travellers)
        for action in log:
            start = time.perf_counter()
            state = apply(state, action).state
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    print(
        "| players | travellers | games/s (CPU, best of 3) | actions/game "
        "| action median µs | action p99 µs | worst ms |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for players, travellers in TABLES:
        rate, per_game = games_per_second(players, travellers)
        times = sorted(action_times(players, travellers))
        p99 = times[int(0.99 * (len(times) - 1))]
        print(
            f"| {players} | {travellers} | {rate:.1f} | {per_game:.0f} "
            f"| {statistics.median(times) * 1e6:.0f} | {p99 * 1e6:.0f} | {times[-1] * 1e3:.2f} |"
        )


if __name__ == "__main__":
    main()
