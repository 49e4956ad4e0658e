"""Traitors odds: our vectorised simulation against backstab 0.1.0, in the same run.

backstab (a pure-Python simulator of the same game) is installed for this benchmark only, and
outside the project's environment; its simulator needs nothing beyond the standard library:

    pip install --no-deps --target /tmp/bsonly backstab==0.1.0
    BACKSTAB_PATH=/tmp/bsonly python benchmarks/bench_odds.py

(BACKSTAB_PATH defaults to /tmp/bsonly; an importable backstab is used as it is.)

Settings: n = 22, m = 3, parity rule; random voting on both sides (backstab: RandomVote with
detect=False), everyone voting left (backstab: FixedOrder, detect=False), which is the same
game, and random Faithful against colluding Traitors (backstab: Collusion). Both sides are
timed by CPU time (time.process_time; both run on one thread), best of several runs, and their
answers are shown with Wilson 95% intervals and the exact value's distance in standard errors
(z; six such checks, so |z| up to ~3 is ordinary noise). Then the cost of one
player-round for every strategy pair (the figure behind the slash command's simulation cap),
the exact path for every (n, m) with n <= 1,000, and a worst-case /traitors odds request.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
sys.path.append(os.environ.get("BACKSTAB_PATH", "/tmp/bsonly"))

from backstab import Collusion, FixedOrder, RandomVote, TraitorsGame  # noqa: E402

from stats.charts.odds import odds_chart  # noqa: E402
from stats.odds import (  # noqa: E402
    exact_traitor_win,
    max_games,
    odds_report,
    simulate,
    solve,
    wilson_interval,
    win_table,
)
from stats.odds.banish import random_collude  # noqa: E402
from stats.odds.report import SECONDS_PER_PLAYER_ROUND, longest_game  # noqa: E402

N, M = 22, 3
OURS_GAMES, OURS_RUNS = 200_000, 5
THEIR_GAMES, THEIR_RUNS = 5_000, 3

PAIRS = [  # label, our keywords, backstab's (Faithful, Traitor) strategies, exact value
    ("random voting", {}, (RandomVote, RandomVote), float(exact_traitor_win(N, M))),
    (
        "vote-left / fixed order",
        {"faithful": "vote-left", "traitors_play": "vote-left"},
        (FixedOrder, FixedOrder),
        float(exact_traitor_win(N, M)),
    ),
    (
        "random Faithful vs colluding Traitors",
        {"traitors_play": "collude"},
        (RandomVote, Collusion),
        solve(N, M, banish=random_collude)[0],
    ),
]


def best_cpu(run: Callable[[], object], times: int) -> tuple[object, float]:
    """The last result and the least CPU time over ``times`` runs."""
    best = float("inf")
    for _ in range(times):
        start = time.process_time()
        value = run()
        best = min(best, time.process_time() - start)
    return value, best


def interval(wins: int, games: int, exact: float) -> str:
    """Rate, Wilson 95% interval, and the exact value's distance in standard errors."""
    low, high = wilson_interval(wins, games)
    z = (wins / games - exact) / (exact * (1 - exact) / games) ** 0.5
    return f"{wins / games:.4f} [{low:.4f}, {high:.4f}] z = {z:+.2f}"


def versus_backstab() -> None:
    print(
        f"TG({N}, {M}), parity; CPU seconds, best of {OURS_RUNS} (ours) / {THEIR_RUNS} (backstab)"
    )
    for label, ours_kw, (faithful, traitor), exact in PAIRS:
        ours, ours_s = best_cpu(
            lambda kw=ours_kw: simulate(N, M, OURS_GAMES, seed=1, **kw), OURS_RUNS
        )
        theirs, theirs_s = best_cpu(
            lambda f=faithful, t=traitor: TraitorsGame(N, M, detect=False).simulate(
                f(), t(), n=THEIR_GAMES, seed=1
            ),
            THEIR_RUNS,
        )
        ours_rate, theirs_rate = OURS_GAMES / ours_s, THEIR_GAMES / theirs_s
        ours_ci = ours.ci95
        theirs_ci = wilson_interval(theirs.traitor_wins, THEIR_GAMES)
        print(f"\n{label}: exact {exact:.5f}")
        print(
            f"  ours     {ours_rate:>11,.0f} games/s  win "
            f"{interval(ours.traitor_wins, OURS_GAMES, exact)}  ({OURS_GAMES:,} games)"
        )
        print(
            f"  backstab {theirs_rate:>11,.0f} games/s  win "
            f"{interval(theirs.traitor_wins, THEIR_GAMES, exact)}  ({THEIR_GAMES:,} games)"
        )
        overlap = ours_ci[0] <= theirs_ci[1] and theirs_ci[0] <= ours_ci[1]
        print(f"  ratio {ours_rate / theirs_rate:.0f}x; 95% intervals overlap: {overlap}")


def player_round_costs() -> None:
    """CPU time per player-round (one living player, one round) for every strategy pair."""
    pairs = [
        {},
        {"traitors_play": "collude"},
        {"traitors_play": "vote-left"},
        {"faithful": "vote-left"},
        {"faithful": "vote-left", "traitors_play": "vote-left"},
        {"faithful": "vote-left", "traitors_play": "collude"},
        {"faithful": "vote-left", "punish": True},
        {"faithful": "vote-left", "traitors_play": "collude", "punish": True},
    ]
    print(
        f"\nns per player-round (cap assumes {SECONDS_PER_PLAYER_ROUND * 1e9:.0f}); "
        "columns: n, m, then each pair"
    )
    print("          " + " | ".join(f"{_name(kw):>9}" for kw in pairs))
    for n, m, games in [(22, 3, 50_000), (100, 5, 5_000), (1000, 3, 100), (1000, 200, 100)]:
        costs = []
        for kw in pairs:
            result, seconds = best_cpu(lambda n=n, m=m, g=games, kw=kw: simulate(n, m, g, **kw), 2)
            work = sum(count * r * (n - r + 1) for r, count in enumerate(result.rounds))
            costs.append(seconds / work * 1e9)
        print(f"{n:>4} {m:>3}  " + " | ".join(f"{c:>9.1f}" for c in costs))


def _name(kw: dict) -> str:
    """A column heading like ``vote/coll+p`` (Faithful / Traitors, +p for punishment)."""
    faithful, traitors = kw.get("faithful", "random"), kw.get("traitors_play", "random")
    return f"{faithful[:4]}/{traitors[:4]}" + ("+p" if kw.get("punish") else "")


def exact_path() -> None:
    for rule in ("parity", "majority"):
        _, seconds = best_cpu(lambda r=rule: win_table(1000, r), 3)
        print(f"\nexact float table, every (n, m) with n <= 1,000, {rule}: {seconds * 1000:.0f} ms")
    _, seconds = best_cpu(lambda: [exact_traitor_win(n, 3) for n in range(7, 1001)], 1)
    print(f"exact Fractions w(n, 3) for every n <= 1,000: {seconds * 1000:.0f} ms")


def worst_request() -> None:
    """The slowest /traitors odds at the largest table: report at the cap, then the chart."""
    n, m = 1000, 3
    how = {"faithful": "vote-left", "traitors_play": "collude"}
    start = time.perf_counter()
    report = odds_report(n, m, games=max_games(n), seed=1, **how)
    simulated = time.perf_counter() - start
    odds_chart(n, m, simulated=report, **how)
    total = time.perf_counter() - start
    print(
        f"\n/traitors odds n={n}, vote-left vs collude, cap {max_games(n)} games "
        f"(worst case {max_games(n) * longest_game(n):,} player-rounds): "
        f"report {simulated:.2f} s, with chart {total:.2f} s (wall)"
    )


def main() -> None:
    print(f"load average: {os.getloadavg()}")
    versus_backstab()
    player_round_costs()
    exact_path()
    worst_request()


if __name__ == "__main__":
    main()
