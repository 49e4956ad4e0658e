"""Cluedo solver and advisor speed over simulated games, against a plain-Python reference.

Run: python benchmarks/bench_cluedo.py [--states 200] [--reference 6] [--advice 20]

For each player count 3-6, states are taken from simulated games (seeded, known deal) from the
first turn to the late game. Timed: the exact posterior (``solve``: counts per triple and per
card location), and full advice (best suggestion in a room, where to move for a roll, whether to
accuse). The reference counts the deals per envelope triple by plain enumeration of hands with
memoisation on (player, cards left); it is run on a subset of the same states (the game start,
its hardest case, and random others), the answers are checked equal, and the speed-up is given
as the median of the per-state time ratios and at the state the reference found hardest.
Advice is timed on a random subset of the states (room varies, roll 7).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import cache
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cluedo import advise, solve  # noqa: E402
from engine.cluedo.constraints import Facts  # noqa: E402
from engine.cluedo.notebook import facts_of  # noqa: E402
from engine.cluedo.simulate import simulate  # noqa: E402

ROOMS = ("Kitchen", "Ballroom", "Lounge", "Hall", "Study", "Library")


def reference_counts(facts: Facts) -> dict[tuple[int, int, int], int]:
    """Deals per envelope triple by enumerating each player's possible hands, memoised."""
    deck, players = facts.deck, len(facts.sizes)
    everything = (1 << len(deck.cards)) - 1
    hands = []
    for p in range(players):
        allowed = [c for c in range(len(deck.cards)) if not facts.lacks[p] >> c & 1]
        options = []
        for combo in combinations(allowed, facts.sizes[p]):
            mask = sum(1 << c for c in combo)
            if facts.has[p] & ~mask or any(not mask & clause for clause in facts.clauses[p]):
                continue
            options.append(mask)
        hands.append(options)

    @cache
    def ways(player: int, left: int) -> int:
        if player == players:
            return 1 if left == 0 else 0
        return sum(ways(player + 1, left & ~h) for h in hands[player] if h & left == h)

    counts = {}
    for triple in deck.triples:
        mask = sum(1 << c for c in triple)
        if facts.envelope_has & ~mask or mask & facts.envelope_lacks or mask in facts.excluded:
            continue
        count = ways(0, everything & ~mask)
        if count:
            counts[triple] = count
    return counts


def states(players: int, count: int):
    """``count`` notebooks: 10 games, states spread evenly from turn 0 to turn 3 * count / 10."""
    per_game = max(1, count // 10)
    turns = 3 * per_game
    picked = []
    for seed in range(10):
        wanted = set(range(0, turns, 3))
        for turn, (notebook, _) in enumerate(simulate(players, 1000 * players + seed, turns)):
            if turn in wanted:
                picked.append(notebook)
    return picked[:count]


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--reference", type=int, default=8, help="states per count for the peer")
    parser.add_argument("--advice", type=int, default=40, help="states per count for advice")
    args = parser.parse_args()
    print(
        f"{'players':>7} {'states':>6} {'solve median':>13} {'solve worst':>12} "
        f"{'ref median':>11} {'ref worst':>10} {'speed-up median':>16} {'at ref worst':>13} "
        f"{'advice median':>14} {'advice worst':>13}"
    )
    for players in (3, 4, 5, 6):
        notebooks = states(players, args.states)
        solve_times, solutions = zip(*(timed(solve, nb) for nb in notebooks), strict=True)
        rng = random.Random(players)
        # The first state (game start) is the hardest for the reference; the rest are random.
        picks = [0] + rng.sample(range(1, len(notebooks)), args.reference - 1)
        ratios, ref_times = [], []
        for i in picks:
            ref_time, ref = timed(reference_counts, facts_of(notebooks[i]))
            assert ref == solutions[i].triple_counts, "reference disagrees"
            ref_times.append(ref_time)
            ratios.append(ref_time / solve_times[i])
        advice_times = [
            timed(advise, notebooks[i], ROOMS[i % len(ROOMS)], 7)[0]
            for i in rng.sample(range(len(notebooks)), args.advice)
        ]
        ms = 1000
        print(
            f"{players:>7} {len(notebooks):>6} {statistics.median(solve_times) * ms:>10.1f} ms "
            f"{max(solve_times) * ms:>9.1f} ms {statistics.median(ref_times) * ms:>8.0f} ms "
            f"{max(ref_times) * ms:>7.0f} ms {statistics.median(ratios):>15.1f}x "
            f"{ratios[ref_times.index(max(ref_times))]:>12.0f}x "
            f"{statistics.median(advice_times) * ms:>11.0f} ms "
            f"{max(advice_times) * ms:>10.0f} ms"
        )


if __name__ == "__main__":
    main()
