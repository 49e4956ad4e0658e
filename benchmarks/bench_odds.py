"""Traitors odds: our vectorised simulation against backstab 0.1.0, in the same run.

Settings: n = 22, m = 3, parity, random voting on both sides (backstab: RandomVote with
detect=False) and everyone voting left (backstab: FixedOrder with detect=False), which is the
same game. Also times the exact path for every (n, m) with n <= 1,000.
Run: python benchmarks/bench_odds.py   (needs `pip install backstab==0.1.0`, benchmark only).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from backstab import FixedOrder, RandomVote, TraitorsGame

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from stats.odds import exact_traitor_win, simulate, wilson_interval, win_table  # noqa: E402

N, M = 22, 3
OURS_GAMES = 200_000
THEIR_GAMES = 5_000


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    exact = float(exact_traitor_win(N, M))
    print(f"exact w({N},{M}) = {exact:.5f}")
    for label, ours_kw, theirs in [
        ("random voting", {}, RandomVote),
        (
            "vote-left / fixed order",
            {"faithful": "vote-left", "traitors_play": "vote-left"},
            FixedOrder,
        ),
    ]:
        result, ours_s = timed(lambda kw=ours_kw: simulate(N, M, OURS_GAMES, seed=1, **kw))
        game = TraitorsGame(N, M, detect=False)
        res, theirs_s = timed(
            lambda s=theirs, game=game: game.simulate(s(), s(), n=THEIR_GAMES, seed=1)
        )
        ours_rate = OURS_GAMES / ours_s
        theirs_rate = THEIR_GAMES / theirs_s
        ours_ci = result.ci95
        theirs_ci = wilson_interval(res.traitor_wins, THEIR_GAMES)
        agree = ours_ci[0] <= theirs_ci[1] and theirs_ci[0] <= ours_ci[1]
        print(f"\n{label}")
        print(
            f"  ours     {ours_rate:>11,.0f} games/s  win {result.traitor_win_rate:.4f} "
            f"CI [{ours_ci[0]:.4f}, {ours_ci[1]:.4f}]  ({OURS_GAMES:,} games)"
        )
        print(
            f"  backstab {theirs_rate:>11,.0f} games/s  win {res.traitor_win_rate:.4f} "
            f"CI [{theirs_ci[0]:.4f}, {theirs_ci[1]:.4f}]  ({THEIR_GAMES:,} games)"
        )
        print(
            f"  ratio {ours_rate / theirs_rate:.0f}x; intervals overlap: {agree}; "
            f"exact inside ours: {ours_ci[0] <= exact <= ours_ci[1]}, "
            f"inside backstab's: {theirs_ci[0] <= exact <= theirs_ci[1]}"
        )
    for rule in ("parity", "majority"):
        _, seconds = timed(lambda r=rule: win_table(1000, r))
        print(f"\nexact float table, every (n, m) with n <= 1,000, {rule}: {seconds * 1000:.0f} ms")
    _, seconds = timed(lambda: exact_traitor_win(1000, 3))
    print(f"exact Fraction w(1000, 3): {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
