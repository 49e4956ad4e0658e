"""Monte Carlo of TG(n, m) with voting strategies: every vote of every game, as numpy arrays.

Each round is a day (every living player votes, the most-voted is banished, ties broken
uniformly at random) and then a night (the Traitors murder a uniformly chosen living Faithful).
Python loops run over batches and rounds only (and the log2(n) steps of one running count);
each step of a round is one array operation over all the seats of all the games in the batch.

Vote model (the one ``stats.odds.exact`` solves where it can):
- seats 0..n-1 form a circle; the Traitors' seats are a uniform random subset; "left" of a seat
  is the next living seat upwards (wrapping round);
- ``random``: a uniform choice among the other living players (never oneself);
- ``vote-left`` (either side): the next living player to one's left;
- ``collude`` (Traitors): every living Traitor votes for one living Faithful, drawn uniformly
  afresh each day;
- punishment (Faithful playing vote-left only): a Traitor who votes other than left has been seen
  deviating; from the next day on every Faithful votes for the lowest-seated living deviator
  instead of left (punishing is not deviating).

Layout, chosen for speed: arrays are seat-major, (seats, games), so that a reduction over the
seats of every game (the top tally, a count) is a handful of whole-row vector operations. The
living players of a game sit in seats 0..size-1 (a death closes the gap) and all running games
have the same size, since every round removes exactly two players. A game's Traitors are kept as
their seats in ascending order, (traitors, games) int16, a dead Traitor's slot moved to the end
with a seat number beyond any table; so a death anywhere is ``seats -= seats > gone`` and "the
k-th Faithful" is k plus the number of Traitors seated before it.

Randomness: votes are exact uniform integers. The deal uses 64-bit random keys and the
tie-break, the murder and the colluders' target use floor(u c) with u a 53-bit double; their
departures from uniform (a tie among the keys, the rounding of u c) are below 10^-10, far
below any simulation's resolution.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from stats.odds.exact import check_game
from stats.odds.rules import FAITHFUL_STRATEGIES, TRAITOR_STRATEGIES, check_rule, winning_count
from stats.odds.wilson import wilson_interval

#: Seats x games per batch: small enough for a round's arrays to stay in the CPU cache.
BATCH_SEATS = 2**17
#: The seat number of a dead Traitor's slot: every death lowers it by at most one, so it stays
#: above every real seat while players < MAX_PLAYERS.
DEAD = np.int16(2**15 - 1)
MAX_PLAYERS = 2**14


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


@dataclass(frozen=True)
class Strategies:
    """How each side votes, whether the Faithful punish, and the win rule."""

    faithful: str = "random"
    traitors_play: str = "random"
    punish: bool = False
    rule: str = "parity"

    def __post_init__(self) -> None:
        """ValueError (one sentence) for an unknown name or punishment without vote-left."""
        if self.faithful not in FAITHFUL_STRATEGIES:
            raise ValueError(
                f"Unknown Faithful strategy {self.faithful!r}: choose {_either(FAITHFUL_STRATEGIES)}."
            )
        if self.traitors_play not in TRAITOR_STRATEGIES:
            raise ValueError(
                f"Unknown Traitor strategy {self.traitors_play!r}: "
                f"choose {_either(TRAITOR_STRATEGIES)}."
            )
        if self.punish and self.faithful != "vote-left":
            raise ValueError("Punishment needs the Faithful to play vote-left.")
        check_rule(self.rule)


def _either(names: tuple[str, ...]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1]


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
    """Play ``games`` games of TG(players, traitors) with the given strategies; seeded."""
    how = Strategies(faithful, traitors_play, punish, rule)
    check_game(players, traitors, rule)
    if players >= MAX_PLAYERS or games < 1:
        raise ValueError(f"Cannot simulate {games} games of {players} players.")
    rng = np.random.default_rng(seed)
    batch = max(1, BATCH_SEATS // players)
    wins, rounds = 0, np.zeros(players // 2 + 2, dtype=np.int64)
    for start in range(0, games, batch):
        won, lasted = _play(rng, players, traitors, min(batch, games - start), how)
        wins += won
        rounds += lasted
    return SimulationResult(games, wins, tuple(int(c) for c in np.trim_zeros(rounds, "b")))


def _deal(rng: np.random.Generator, players: int, traitors: int, games: int) -> np.ndarray:
    """Each game's Traitor seats, ascending, (traitors, games): a uniform subset per game.

    The seats holding the ``traitors`` smallest of ``players`` random 64-bit keys. Each key
    carries its seat in its low bits, so keys are distinct and no argsort is needed (a row sort
    is SIMD-fast); only equal random high bits, chance below players^2 2^-54 < 10^-10, would
    favour a lower seat.
    """
    bits = np.uint64(max(1, (players - 1).bit_length()))
    keys = rng.bit_generator.random_raw((games, players))
    keys >>= bits
    keys <<= bits
    keys |= np.arange(players, dtype=np.uint64)
    keys.sort(axis=1)
    seats = (keys[:, :traitors] & ((np.uint64(1) << bits) - np.uint64(1))).astype(np.int16)
    seats.sort(axis=1)
    return np.ascontiguousarray(seats.T)


def _pick(u: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per game (column), a uniformly chosen seat (row) among those where ``mask`` is true.

    With c true seats and u uniform, take the k-th true seat, k = floor(u c), as the number of
    seats whose running count of trues is still <= k. The running count is built by doubling
    (log2(seats) whole-array adds): numpy's cumsum along the short seat axis is far slower.
    """
    k = (u * mask.sum(axis=0, dtype=np.int16)).astype(np.int16)
    count = mask.view(np.uint8) if mask.shape[0] < 256 else mask.astype(np.int16)
    step = 1
    while step < count.shape[0]:
        count[step:] += count[:-step]
        step *= 2
    return np.asarray((count <= k).sum(axis=0, dtype=np.int16))


def _close_up(slots: np.ndarray, moved: np.ndarray, last: np.generic | bool) -> None:
    """Where ``moved``, each slot takes the next slot's value (``last`` for the final slot)."""
    later = np.empty_like(slots)
    later[:-1], later[-1] = slots[1:], last
    np.copyto(slots, later, where=moved)


def _faithful_seat(k: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """The seat of each game's k-th Faithful (from 0): k plus the Traitors seated before it.

    The living Traitor in slot j (seats ascending) has seats[j] - j Faithful before it, so it
    comes before the k-th Faithful exactly when seats[j] - j <= k; dead slots never do.
    """
    slot = np.arange(len(seats), dtype=np.int16)[:, None]
    return np.asarray(k + (seats - slot <= k).sum(axis=0, dtype=np.int16))


def _votes(
    rng: np.random.Generator,
    size: int,
    seats: np.ndarray,
    n_traitors: np.ndarray,
    seen: np.ndarray | None,
    target: np.ndarray | None,
    how: Strategies,
) -> np.ndarray:
    """Every living player's vote in every game: (size, games), or broadcastable to it.

    The Faithful's rule fills every seat, then each living Traitor's vote is written over its
    own seat (traitors x games values, not a second full array). ``target`` is one uniform per
    game when the Traitors collude (their choice of Faithful). Records deviations in ``seen``
    when the Faithful punish.
    """
    live = seats.shape[1]
    seat = np.arange(size, dtype=np.uint16)[:, None]
    if how.faithful == "random":
        faithful = _others(rng, seat, size, live)
        if how.traitors_play == "random":
            return faithful
    elif seen is not None and seen.any():
        deviator = np.where(seen, seats, DEAD).min(axis=0)  # the lowest-seated living one
        faithful = np.where(deviator < size, deviator, (seat + 1) % size)
    elif how.traitors_play == "vote-left":
        return (seat + 1) % size
    else:
        faithful = (seat + 1) % size
    if how.traitors_play == "random":
        traitor = _others(rng, seats, size, live)
    elif how.traitors_play == "collude":
        k = (target * (size - n_traitors)).astype(np.int16)
        traitor = np.broadcast_to(_faithful_seat(k, seats), seats.shape)
    else:
        traitor = (seats + 1) % size
    if seen is not None:
        seen |= (seats < size) & (traitor != (seats + 1) % size)
    votes = np.empty((size + 1, live), dtype=np.uint16)  # a spare row for dead Traitor slots
    votes[:size] = faithful
    votes[np.minimum(seats, size), np.arange(live)] = traitor
    return votes[:size]


def _others(rng: np.random.Generator, seat: np.ndarray, size: int, live: int) -> np.ndarray:
    """For each seat in ``seat`` (rows, 1 or games), in each game, a uniform other living
    player: U{0..size-2}, stepping over oneself. Seats past ``size`` (dead slots) get junk."""
    votes = rng.integers(0, size - 1, (len(seat), live), dtype=np.uint16)
    votes += votes >= seat
    return votes


def _play(
    rng: np.random.Generator, players: int, traitors: int, games: int, how: Strategies
) -> tuple[int, np.ndarray]:
    """One batch: the number of Traitor wins, and how many games lasted each number of rounds."""
    seats = _deal(rng, players, traitors, games)
    seen = np.zeros(seats.shape, dtype=bool) if how.punish else None
    n_traitors = np.full(games, traitors, dtype=np.int16)
    wins, rounds = 0, np.zeros(players // 2 + 2, dtype=np.int64)
    size, day = players, 0
    while n_traitors.size:
        day += 1
        live = n_traitors.size
        u = rng.random((2, live))  # the day's tie-break and the night's murder
        target = rng.random(live) if how.traitors_play == "collude" else None
        votes = _votes(rng, size, seats, n_traitors, seen, target, how)
        ballot = np.broadcast_to(votes, (size, live)) * np.intp(live)
        ballot += np.arange(live)  # a vote for v in game g goes in bin v * live + g
        tally = np.bincount(ballot.ravel(), minlength=size * live).reshape(size, live)
        banished = _pick(u[0], tally == tally.max(axis=0))
        traitor_out = np.logical_or.reduce(seats == banished, axis=0)
        moved = (seats >= banished) & traitor_out  # the banished Traitor's slot and later ones
        _close_up(seats, moved, DEAD)
        if seen is not None:
            _close_up(seen, moved, False)
        seats -= seats > banished
        n_traitors -= traitor_out
        size -= 1
        # night: every game murders a Faithful; those already over are dropped below anyway
        k = (u[1] * (size - n_traitors)).astype(np.int16)
        seats -= seats > _faithful_seat(k, seats)
        size -= 1
        traitors_win = n_traitors >= winning_count(size, how.rule)  # by day or by night
        over = traitors_win | (n_traitors == 0)
        ended = int(np.count_nonzero(over))
        if ended:
            wins += int(np.count_nonzero(traitors_win))
            rounds[day] += ended
            keep = np.flatnonzero(~over)
            seats, n_traitors = seats.take(keep, axis=1), n_traitors[keep]
            if seen is not None:
                seen = seen.take(keep, axis=1)
    return wins, rounds
