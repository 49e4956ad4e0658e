"""Clocktower self-play with players who claim, bluff and reason: how Trouble Brewing, Bad Moon
Rising and Sects & Violets balance, how fast games go, and what the reasoning model costs.

An edition the model does not cover whole (``worlds.uncovered``) is measured with the naive
players only, and its uncovered characters are named: its reasoning rows say so.

1. Balance, the targets of issues 17 and 25: per edition, ``GAMES`` seeded games at 10 players
   with the bot storyteller and a balanced bag. Good's win rate (target 35-65%), the share of
   day-1 executions that hit an evil player (target at least 35%), and the executions of a
   character whose execution loses the game (the Saint; per game, and per game with one in
   play), each with a Wilson 95% interval; the naive heuristic players measured in the same run
   as the peer.
2. Speed: self-played games per second (CPU time, best of ``ROUNDS`` runs of the same seeded
   games) at 10 players on each edition (target: at least 15), with the naive peer, and on
   Trouble Brewing at 5, 7, 12 and 15 for scale.
3. The model's cost: ``infer`` on the public records of self-played games (each day once its
   claims are made), cold (its caches cleared: the worlds built and every moment swept) and
   warm (the record swept before, one more nomination added, as the table meets it), with the
   number of worlds weighed; at 13 players and more the likely worlds are searched for and the
   rest sampled (``reasoning.sample``), and the effective sample size is shown.
4. The sampling's accuracy: at 13 and 15 players, the records of the first games (at least
   ``ACCURACY_RECORDS``) weighed by exact enumeration of every feasible world (``exact``, a
   chunk of worlds at a time, so that a 15-player record fits in memory) and sampled, both
   afresh for each record and as self-play meets them, day after day, reusing its draws
   (``Draws``): the error of every chance (each player's of being the Demon and of being evil),
   how many were within their stated accuracy (``Beliefs.within``: 4 standard errors +
   ``SLACK``), the least effective sample size and the sampled time per record.

Run: python benchmarks/bench_clocktower_reasoning.py [--games N] [--editions tb,bmr,snv]
[--parts balance,speed,cost,accuracy] [--sizes 13,15] [--records N] (``--sizes``: the table
sizes of the cost and accuracy parts beyond 12 players; ``--records``: the games whose records
they weigh, per size)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from engine.clocktower.catalogue import edition_characters  # noqa: E402
from engine.clocktower.game import Phase, apply  # noqa: E402
from engine.clocktower.reasoning import infer as model  # noqa: E402
from engine.clocktower.reasoning import worlds  # noqa: E402
from engine.clocktower.reasoning.coverage import names  # noqa: E402
from engine.clocktower.reasoning.exact import exact  # noqa: E402
from engine.clocktower.reasoning.record import Nominated  # noqa: E402
from engine.clocktower.selfplay import Player, play, setup_game, simulate  # noqa: E402
from stats.odds.wilson import wilson_interval  # noqa: E402

EDITIONS = {"tb": "Trouble Brewing", "bmr": "Bad Moon Rising", "snv": "Sects & Violets"}
GAMES = 500
SPEED_GAMES = 60
ROUNDS = 3
RECORDS = 40  # games whose records are timed, per table size
ACCURACY_RECORDS = 40  # records per table size weighed exactly too
# A record with few enough feasible worlds is enumerated by ``infer`` too (stated accuracy 0):
# the two exact sums then differ by rounding only.
ROUNDING = 1e-9


def rate(hits: int, total: int) -> str:
    low, high = wilson_interval(hits, total)
    share = hits / total if total else 0.0
    return f"{share:.1%} [{low:.1%}, {high:.1%}] ({hits}/{total})"


@cache
def script(edition: str) -> tuple[str, ...]:
    return tuple(c.id for c in edition_characters(edition))


def covered(edition: str) -> bool:
    return worlds.supported(script(edition))


def uncovered_row(edition: str, columns: int) -> list[str]:
    """The reasoning row of an edition the model does not cover: which characters it lacks."""
    missing = names(worlds.uncovered(script(edition)))
    return [EDITIONS[edition], "reasoning", f"not covered: {missing}", *[""] * (columns - 3)]


def balance(edition: str, games: int, reason: bool) -> list[str]:
    if reason and not covered(edition):
        return uncovered_row(edition, 8)
    start = time.process_time()
    report = simulate(script(edition), 10, games, seed=0, reason=reason)
    spent = time.process_time() - start
    day1 = next((d for d in report["executions_by_day"] if d["day"] == 1), None)
    hits, executions = (day1["evil"], day1["executions"]) if day1 else (0, 0)
    return [
        EDITIONS[edition],
        report["table"],
        rate(report["good_wins"], games),
        rate(hits, executions),
        rate(report["saint_executed"], games),
        rate(report["saint_executed"], report["saint_in_play"]),
        f"{report['mean_days']:.2f}",
        f"{games / spent:.1f}",
    ]


def games_per_second(edition: str, players: int, reason: bool = True) -> float:
    ids = script(edition)
    play(ids, players, 10**6, reason=reason)  # warm the caches (script, night order)
    best = float("inf")
    count = SPEED_GAMES if players <= 10 else SPEED_GAMES // 6
    for _ in range(ROUNDS):
        start = time.process_time()
        for seed in range(count):
            play(ids, players, seed, reason=reason)
        best = min(best, time.process_time() - start)
    return count / best


def speed(editions: list[str]) -> list[list[str]]:
    rows = [["Trouble Brewing", str(n), f"{games_per_second('tb', n):.1f}"] for n in (5, 7)]
    for edition in editions:
        if covered(edition):
            rows.append([EDITIONS[edition], "10", f"{games_per_second(edition, 10):.1f}"])
        else:
            rows.append(uncovered_row(edition, 3)[:1] + ["10", "not covered"])
        naive = games_per_second(edition, 10, reason=False)
        rows.append([EDITIONS[edition], "10, naive peer", f"{naive:.1f}"])
    rows += [["Trouble Brewing", str(n), f"{games_per_second('tb', n):.1f}"] for n in (12, 15)]
    return rows


@cache
def records(edition: str, players: int, games: int = RECORDS) -> list:
    """(game, setup, record) each day of some self-played games, once the day's claims are
    made."""
    found = []
    for seed in range(games):
        state = setup_game(script(edition), players, seed)
        table = Player(seed)
        seen = 0
        while state.phase is not Phase.OVER:
            action = table.act(state)
            if state.phase is Phase.DAY and state.day > seen and table.setup is not None:
                seen = state.day
                found.append((seed, table.setup, table.pondered(state)))
            state = apply(state, action).state
    return found


def clear() -> None:
    model._through.cache_clear()
    worlds._feasible.cache_clear()
    worlds._build.cache_clear()
    worlds._count.cache_clear()


def inference(edition: str, players: int, games: int = RECORDS) -> list[str]:
    cold, warm, weighed, ess = [], [], [], []
    for _, setup, record in records(edition, players, games):
        clear()
        start = time.perf_counter()
        beliefs = model.infer(setup, record)
        cold.append(time.perf_counter() - start)
        weighed.append(beliefs.worlds)
        if beliefs.sampled:
            ess.append(beliefs.ess)
        day = max(
            [n.day for n in record.nominations] + [d.moment // 2 for d in record.deaths] + [1]
        )
        voters = record.alive_after(2 * day)
        more = replace(
            record,
            nominations=(
                *record.nominations,
                Nominated(day, voters[0], voters[-1], voters[:2], voters),
            ),
        )
        start = time.perf_counter()
        model.infer(setup, more)
        warm.append(time.perf_counter() - start)
    cold.sort()
    ms = lambda xs, q: f"{1000 * xs[min(len(xs) - 1, int(q * len(xs)))]:.1f}"  # noqa: E731
    return [
        EDITIONS[edition],
        str(players),
        str(len(cold)),
        ms(cold, 0.5),
        ms(cold, 0.9),
        ms(cold, 1.0),
        ms(sorted(warm), 0.5),
        f"{statistics.median(weighed):,.0f}",
        f"{statistics.median(ess):,.0f}" if ess else "exact",
    ]


def accuracy(edition: str, players: int, games: int = RECORDS) -> list[list[str]]:
    """The sampled chances of the first games' records against exact enumeration: searched
    afresh for each record, and as self-play meets them, day after day, reusing its draws."""
    picked, seen = [], set()
    for game, setup, record in records(edition, players, games):
        if len(picked) >= ACCURACY_RECORDS and game not in seen:
            break
        seen.add(game)
        picked.append((game, setup, record))
    truths = []
    for _, setup, record in picked:
        clear()
        truths.append(exact(setup, record))
    fresh, reused, draws, last = [], [], model.Draws(), None
    for (game, setup, record), truth in zip(picked, truths, strict=True):
        clear()
        start = time.perf_counter()
        fresh.append((model.infer(setup, record), truth, setup, time.perf_counter() - start))
        if game != last:
            clear()
            draws, last = model.Draws(), game
        start = time.perf_counter()
        beliefs = model.infer(setup, record, draws=draws)
        reused.append((beliefs, truth, setup, time.perf_counter() - start))
    return [
        [EDITIONS[edition], *_errors(players, "afresh", fresh)],
        [EDITIONS[edition], *_errors(players, "reused", reused)],
    ]


def _errors(players: int, how: str, found: list) -> list[str]:
    errors, within, ess, spent = [], 0, [], []
    for sampled, truth, setup, seconds in found:
        ess.append(sampled.ess)
        spent.append(seconds)
        for p in setup.seats:
            for of in ("demon", "evil"):
                error = abs(getattr(sampled, of)[p] - getattr(truth, of)[p])
                errors.append(error)
                within += error <= sampled.within(p, of) + ROUNDING
    errors.sort()
    return [
        f"{players} ({how})",
        str(len(found)),
        str(len(errors)),
        f"{statistics.mean(errors):.4f}",
        f"{errors[int(0.99 * len(errors))]:.3f}",
        f"{errors[-1]:.3f}",
        f"{within}/{len(errors)} ({within / len(errors):.1%})",
        f"{statistics.median(ess):,.0f}",
        f"{min(ess):,.0f}",
        f"{1000 * statistics.mean(spent):.0f}",
    ]


def table(head: list[str], rows: Iterable[list[str]]) -> None:
    """A markdown table, each row printed as soon as it is measured."""
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head), flush=True)
    for row in rows:
        print("| " + " | ".join(row) + " |", flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--parts", default="balance,speed,cost,accuracy")
    parser.add_argument("--sizes", default="13,15")
    parser.add_argument("--records", type=int, default=RECORDS, help="games per table size")
    args = parser.parse_args()
    parts, sizes = args.parts.split(","), [int(n) for n in args.sizes.split(",")]
    editions = args.editions.split(",")
    modelled = [e for e in editions if covered(e)]
    print(f"load before: {os.getloadavg()[0]:.2f}\n")
    if "balance" in parts:
        head = ["edition", "table", "good wins", "day-1 executions on evil",
                "Saint executed (games)", "Saint executed (Saint in play)", "mean days",
                "games/s (CPU, whole run)"]  # fmt: skip
        rows = [balance(e, args.games, reason) for e in editions for reason in (True, False)]
        table(head, rows)
    if "speed" in parts:
        table(["edition", "players", "games/s (CPU, best of 3)"], speed(editions))
    if "cost" in parts:
        head = ["edition", "players", "records", "cold median ms", "cold p90 ms",
                "cold worst ms", "warm median ms", "worlds (median)", "ESS (median)"]  # fmt: skip
        table(head, [inference(e, n, args.records) for e in modelled for n in (7, 10, 12, *sizes)])
    if "accuracy" in parts:
        head = ["edition", "players", "records", "chances", "mean error", "p99 error",
                "worst error", "within stated accuracy", "ESS (median)", "ESS (least)",
                "sampled ms per record (mean)"]  # fmt: skip
        table(head, (row for e in modelled for n in sizes for row in accuracy(e, n, args.records)))
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
