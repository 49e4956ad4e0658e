"""Exact Traitor win probabilities and expected game length for TG(n, m).

The state at dawn is (n living, t Traitors). By day one player is banished: a Traitor with
probability p(n, t) (t/n under random voting, see ``stats.odds.banish`` for the others), else a
Faithful; unless that ends the game, the Traitors murder a Faithful by night. Either way the
next dawn has n - 2 players, so a game that starts with n players only ever meets n, n-2, ...
and every day's denominator under random voting divides n(n-2)(n-4)...: scaling by that
product keeps the whole random-voting recurrence in Python integers, reduced to a Fraction at
the end. A round is a day and the night after it; a game that ends by day still counts that day.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from stats.odds.banish import BanishProbability, uniform
from stats.odds.rules import check_rule, traitors_won


def check_game(players: int, traitors: int, rule: str = "parity") -> None:
    """ValueError (one sentence) unless TG(players, traitors) is a game that has not yet ended."""
    check_rule(rule)
    if players < 3:
        raise ValueError(f"A game needs at least 3 players, not {players}.")
    if traitors < 1:
        raise ValueError(f"A game needs at least 1 Traitor, not {traitors}.")
    if traitors >= players or traitors_won(traitors, players - traitors, rule):
        raise ValueError(
            f"With {traitors} Traitors among {players} players the Traitors have already won "
            f"under the {rule} rule."
        )


def _outcomes(n: int, t: int, rule: str) -> list[tuple[bool, bool | int]]:
    """The day's branches from dawn (n, t): (a Traitor was banished, result).

    result is True/False when the round ends the game (Traitors win or lose), else the
    Traitor count at the next dawn, which has n - 2 players.
    """
    branches: list[tuple[bool, bool | int]] = []
    for traitor_out in (True, False):
        left = t - 1 if traitor_out else t
        if left == 0:
            branches.append((traitor_out, False))
        elif traitors_won(left, n - 1 - left, rule) or traitors_won(left, n - 2 - left, rule):
            branches.append((traitor_out, True))
        else:
            branches.append((traitor_out, left))
    return branches


@lru_cache(maxsize=256)
def _scaled(n: int, m: int, rule: str) -> tuple[int, int, int]:
    """(W, R, D): win probability and expected rounds from (n, m), both times D = n(n-2)...."""
    win: dict[int, int] = {}
    rounds: dict[int, int] = {}
    scale = 1
    for size in range(2 - n % 2, n + 1, 2):
        below = scale  # D(size - 2)
        scale *= size
        new_win, new_rounds = {}, {}
        for t in range(1, min(m, size) + 1):
            if traitors_won(t, size - t, rule):
                continue
            w, r = 0, scale
            for traitor_out, result in _outcomes(size, t, rule):
                weight = t if traitor_out else size - t
                if result is True:
                    w += weight * below
                elif result is not False:
                    w += weight * win[result]
                    r += weight * rounds[result]
            new_win[t], new_rounds[t] = w, r
        win, rounds = new_win, new_rounds
    return win[m], rounds[m], scale


def exact_traitor_win(n: int, m: int, rule: str = "parity") -> Fraction:
    """P(Traitors win TG(n, m)) under random voting, as an exact fraction."""
    check_game(n, m, rule)
    w, _, scale = _scaled(n, m, rule)
    return Fraction(w, scale)


def exact_expected_rounds(n: int, m: int, rule: str = "parity") -> Fraction:
    """Expected number of rounds of TG(n, m) under random voting, as an exact fraction."""
    check_game(n, m, rule)
    _, r, scale = _scaled(n, m, rule)
    return Fraction(r, scale)


def solve(
    n: int, m: int, rule: str = "parity", banish: BanishProbability = uniform
) -> tuple[float, float]:
    """(P(Traitors win), expected rounds) in floats, for a day with P(Traitor banished) = banish."""
    check_game(n, m, rule)
    memo: dict[tuple[int, int], tuple[float, float]] = {}

    def value(size: int, t: int) -> tuple[float, float]:
        if (size, t) not in memo:
            p = float(banish(size, t))  # one table size at a time: a scalar
            w, r = 0.0, 1.0
            for traitor_out, result in _outcomes(size, t, rule):
                chance = p if traitor_out else 1.0 - p
                if result is True:
                    w += chance
                elif result is not False:
                    w_next, r_next = value(size - 2, result)
                    w += chance * w_next
                    r += chance * r_next
            memo[size, t] = (w, r)
        return memo[size, t]

    return value(n, m)


def win_table(
    max_players: int,
    rule: str = "parity",
    banish: BanishProbability = uniform,
    max_traitors: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Every game at once: (win, rounds) arrays indexed [n, m] for n <= max_players.

    ``banish(n, t)`` is asked for a whole row of Traitor counts t at a time (random voting by
    default). Columns stop at ``max_traitors`` when given (a game never gains Traitors, so the
    smaller table is self-contained). Entries for games that are not legal (m < 1, or already
    won) are NaN. One vector step per n.
    """
    check_rule(rule)
    size = max_players + 1
    width = size if max_traitors is None else min(size, max_traitors + 1)
    win = np.full((size, width), np.nan)
    rounds = np.full((size, width), np.nan)
    t = np.arange(width)
    for n in range(1, size):
        legal = (t >= 1) & ~traitors_won(t, n - t, rule) & (t < n)
        p = np.zeros(width)
        if legal.any():
            p[legal] = banish(n, t[legal])
        w, r = np.zeros(width), np.ones(width)
        for left, chance in ((t - 1, p), (t, 1.0 - p)):
            ended_lost = left == 0
            ended_won = ~ended_lost & (
                traitors_won(left, n - 1 - left, rule) | traitors_won(left, n - 2 - left, rule)
            )
            going = legal & ~ended_lost & ~ended_won
            nxt = np.clip(left, 0, width - 1)
            w += chance * np.where(ended_won, 1.0, 0.0)
            w[going] += chance[going] * win[n - 2, nxt[going]]
            r[going] += chance[going] * rounds[n - 2, nxt[going]]
        win[n] = np.where(legal, w, np.nan)
        rounds[n] = np.where(legal, r, np.nan)
    win[:3], rounds[:3] = np.nan, np.nan  # positions a game may pass through, not start from
    return win, rounds
