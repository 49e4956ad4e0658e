"""Clocktower rules engine: self-played games per second and the time of one engine action.

Self-play uses the bot storyteller and the heuristic players of ``engine.clocktower.selfplay``
on Trouble Brewing with a balanced bag. The per-action time replays the recorded action logs and
times each ``apply`` alone (player heuristics excluded). No peer engine exists on PyPI to compare.
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


def games_per_second(players: int) -> tuple[float, float]:
    play(TB, players, 10**6)  # warm the caches (script, night order)
    start = time.perf_counter()
    actions = 0
    for seed in range(GAMES):
        actions += play(TB, players, seed)[1].actions
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, actions / GAMES


def action_times(players: int) -> list[float]:
    times = []
    for seed in range(TIMED_GAMES):
        log: list = []
        play(TB, players, seed, log=log)
        state = setup_game(TB, players, seed)
        for action in log:
            start = time.perf_counter()
            state = apply(state, action).state
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    print("| players | games/s | actions/game | action median µs | action p99 µs | worst ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for players in (5, 10, 15):
        rate, per_game = games_per_second(players)
        times = sorted(action_times(players))
        p99 = times[int(0.99 * (len(times) - 1))]
        print(
            f"| {players} | {rate:.1f} | {per_game:.0f} | {statistics.median(times) * 1e6:.0f} | "
            f"{p99 * 1e6:.0f} | {times[-1] * 1e3:.2f} |"
        )


if __name__ == "__main__":
    main()
