"""Monte Carlo of TG(n, m) with voting strategies, many games advanced together as numpy arrays.

Each round is a day (every living player votes, the most-voted is banished, ties broken
uniformly at random) and then a night (the Traitors murder a uniformly chosen living Faithful).
The loop runs over rounds only: every vote of every game in a round is one array operation, and
finished games are dropped from the arrays as they end.

Vote model (the same one ``stats.odds.exact`` solves where it can):
- seats 0..n-1 form a circle; the Traitors' seats are a uniform random subset; "left" of a seat
  is the next living seat upwards (wrapping round);
- ``random``: a uniform choice among the other living players (never oneself);
- ``vote-left`` (either side): the next living player to one's left;
- ``collude`` (Traitors): every living Traitor votes for one living Faithful, drawn uniformly
  afresh each day;
- punishment (Faithful playing vote-left only): a Traitor who votes other than left has been seen
  deviating; from the next day on every Faithful votes for the lowest-seated living deviator
  instead of left (punishing is not deviating).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from stats.odds.rules import traitors_won
from stats.odds.wilson import wilson_interval

BATCH = 8192


@dataclass(frozen=True)
class SimulationResult:
    """Outcome of ``games`` simulated games; ``rounds[k]`` counts games that lasted k rounds."""

    games: int
    traitor_wins: int
    rounds: tuple[int, ...]

    @property
    def traitor_win_rate(self) -> float:
        return self.traitor_wins / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.traitor_wins, self.games)

    @property
    def mean_rounds(self) -> float:
        return sum(k * c for k, c in enumerate(self.rounds)) / self.games


def _remove(array: np.ndarray, column: np.ndarray) -> np.ndarray:
    """Drop one column per row (a different one in each row), keeping the seating order."""
    keep = np.ones(array.shape, dtype=bool)
    keep[np.arange(array.shape[0]), column] = False
    return array[keep].reshape(array.shape[0], array.shape[1] - 1)


def _nth_true(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """For each row, a uniformly chosen column among those where ``mask`` is true."""
    counts = np.cumsum(mask, axis=1, dtype=np.int16 if mask.shape[1] < 2**15 else np.int64)
    k = (rng.random(mask.shape[0]) * counts[:, -1]).astype(counts.dtype) + 1
    return np.argmax(counts == k[:, None], axis=1)


def _random_others(rng: np.random.Generator, games: int, size: int) -> np.ndarray:
    """For each seat of each game, a uniform other seat: i + 1 + U{0..size-2}, wrapped."""
    votes = rng.integers(1, size, (games, size), dtype=np.int32)
    votes += np.arange(size, dtype=np.int32)
    np.subtract(votes, size, out=votes, where=votes >= size)
    return votes


def simulate(
    players: int,
    traitors: int,
    games: int,
    *,
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    rule: str = "parity",
    seed: int | None = None,
) -> SimulationResult:
    """Play ``games`` games of TG(players, traitors) with the given strategies; seeded.

    Games are played in batches of ``BATCH`` (small enough for the arrays to stay in cache,
    which is about 20% faster than one huge batch) from one seeded generator.
    """
    rng = np.random.default_rng(seed)
    strategy = (faithful, traitors_play, punish, rule)
    batches = [
        _play(rng, players, traitors, min(BATCH, games - start), *strategy)
        for start in range(0, games, BATCH)
    ]
    won = np.concatenate([w for w, _ in batches])
    rounds = np.concatenate([r for _, r in batches])
    return SimulationResult(
        games=games,
        traitor_wins=int(won.sum()),
        rounds=tuple(int(c) for c in np.bincount(rounds)),
    )


def _play(
    rng: np.random.Generator,
    players: int,
    traitors: int,
    games: int,
    faithful: str,
    traitors_play: str,
    punish: bool,
    rule: str,
) -> tuple[np.ndarray, np.ndarray]:
    """One batch: whether the Traitors won each game, and how many rounds it lasted.

    Every unfinished game loses exactly two players a round, so at any round all the games
    still running have the same number of living players ``size``; each game is kept as its
    living players in seating order (one row), and a death deletes that column of the row.
    """
    size = players
    traitor = np.argsort(rng.random((games, size)), axis=1) < traitors
    seen = np.zeros((games, size), dtype=bool)
    ids = np.arange(games)
    n_traitors = np.full(games, traitors)
    won = np.zeros(games, dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    day = 0
    while ids.size:
        day += 1
        live = ids.size
        rows = np.arange(live)
        left = np.broadcast_to((np.arange(size) + 1) % size, (live, size))
        if faithful == "random":
            votes = _random_others(rng, live, size)
        elif punish and seen.any():
            target = np.where(seen.any(axis=1), np.argmax(seen, axis=1), -1)[:, None]
            votes = np.where(target >= 0, target, left)
        else:
            votes = left
        if traitors_play == "random":
            t_votes = votes if faithful == "random" else _random_others(rng, live, size)
        elif traitors_play == "collude":
            t_votes = _nth_true(rng, ~traitor)[:, None]
        else:
            t_votes = left
        if t_votes is not votes:
            votes = np.where(traitor, t_votes, votes)
        if punish:
            seen |= traitor & (votes != left)
        flat = votes + (rows * size).astype(votes.dtype)[:, None]
        tally = np.bincount(flat.ravel(), minlength=live * size)
        tally = tally.reshape(live, size)
        banished = _nth_true(rng, tally == tally.max(axis=1)[:, None])
        n_traitors = n_traitors - traitor[rows, banished]
        traitor = _remove(traitor, banished)
        if punish:
            seen = _remove(seen, banished)
        size -= 1
        n_faithful = size - n_traitors
        over = (n_traitors == 0) | traitors_won(n_traitors, n_faithful, rule)
        # night: every game murders a Faithful; those already over are dropped below anyway
        victims = _nth_true(rng, ~traitor | over[:, None])
        traitor = _remove(traitor, victims)
        if punish:
            seen = _remove(seen, victims)
        size -= 1
        t_win = traitors_won(n_traitors, n_faithful - ~over, rule)
        over |= t_win
        rounds[ids[over]] = day
        won[ids[over]] = t_win[over]
        keep = ~over
        ids, traitor, n_traitors = ids[keep], traitor[keep], n_traitors[keep]
        if punish:
            seen = seen[keep]
    return won, rounds
