"""Cluedo solver and advisor speed over simulated games, against a plain-Python reference.

Run: python benchmarks/bench_cluedo.py [--states 200] [--reference 8] [--hard 40]

For each player count 3-6, states are taken from simulated games (seeded, known deal) from the
first turn to the late game. Timed on every state, in CPU time (``time.process_time``): the
exact posterior (``solve``: counts per triple and per card location; best of 3 runs), and full
advice for a turn, once (the exact gain of all 36 suggestions in every room, the best one in
the room you are in, where to move for a roll of 7, whether to accuse; the room varies). The
reference counts the deals per envelope triple by plain enumeration of hands with memoisation
on (player, cards left); it is run on a subset of the same states (the game start, its hardest
case, and random others), the answers are checked equal, and the speed-up is given as the
median of the per-state time ratios and at the state the reference found hardest.
A last row takes the advisor's worst case on purpose (``hard_states``).
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


def timed(function, *args, repeat: int = 1, **kwargs):
    """(best CPU time of ``repeat`` runs, result)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        result = function(*args, **kwargs)
        best = min(best, time.process_time() - start)
    return best, result


def hard_states(count: int):
    """6-player first turns when you sit last: five suggestions by others, each answered
    without showing you anything, leave 18 cards of unknown place tied together by "showed
    one of these" clauses, so few suggestions share their gains: the advisor's worst case."""
    return [list(simulate(6, 7000 + seed, turns=5, first=1))[-1][0] for seed in range(count)]


def measure(label: str, notebooks: list, reference: int, rng: random.Random) -> str:
    """One table row: solve and advice on every state, the reference on ``reference`` of them
    (the first state, the game start where there is one, and random others)."""
    solve_times, solutions = zip(*(timed(solve, nb, repeat=3) for nb in notebooks), strict=True)
    picks = [0] + rng.sample(range(1, len(notebooks)), reference - 1)
    ratios, ref_times = [], []
    for i in picks:
        ref_time, ref = timed(reference_counts, facts_of(notebooks[i]))
        assert ref == solutions[i].triple_counts, "reference disagrees"
        ref_times.append(ref_time)
        ratios.append(ref_time / solve_times[i])
    advice_times = [
        timed(advise, nb, ROOMS[i % len(ROOMS)], 7)[0] for i, nb in enumerate(notebooks)
    ]
    ms = 1000
    return (
        f"{label:>14} {len(notebooks):>6} {statistics.median(solve_times) * ms:>10.1f} ms "
        f"{max(solve_times) * ms:>9.1f} ms {statistics.median(ref_times) * ms:>8.0f} ms "
        f"{max(ref_times) * ms:>7.0f} ms {statistics.median(ratios):>15.1f}x "
        f"{ratios[ref_times.index(max(ref_times))]:>12.0f}x "
        f"{statistics.median(advice_times) * ms:>11.0f} ms "
        f"{max(advice_times) * ms:>10.0f} ms "
        f"{sum(t > 1 for t in advice_times):>13}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--reference", type=int, default=8, help="states per count for the peer")
    parser.add_argument("--hard", type=int, default=40, help="6-player first turns, you last")
    args = parser.parse_args()
    print(
        f"{'players':>14} {'states':>6} {'solve median':>13} {'solve worst':>12} "
        f"{'ref median':>11} {'ref worst':>10} {'speed-up median':>16} {'at ref worst':>13} "
        f"{'advice median':>14} {'advice worst':>13} {'advice > 1 s':>13}",
        flush=True,
    )
    for players in (3, 4, 5, 6):
        rng = random.Random(players)
        print(measure(str(players), states(players, args.states), args.reference, rng), flush=True)
    if args.hard:
        rng = random.Random(66)
        print(measure("6, you last", hard_states(args.hard), 3, rng), flush=True)


if __name__ == "__main__":
    main()
