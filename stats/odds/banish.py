"""Exact one-day banishment probabilities, for the strategy pairs where the day is memoryless.

The odds recurrence needs only P(a Traitor is banished | n living, t Traitors). That number
depends on nothing but (n, t) when:
- both sides vote at random, or everyone complies with vote-left: by symmetry the banished
  player is uniform, so it is t/n;
- vote-left Faithful against colluding Traitors without punishment: with t >= 2 the target has
  at least two votes and everyone else at most one, so a Faithful always goes; with t = 1 the
  lone Traitor complies only when its random target happens to sit on its left (chance
  1/(n-1)), and then the draw is uniform: 1/(n(n-1));
- random Faithful against colluding Traitors: computed below.
Other pairs depend on the seating or on who has been seen deviating; they are only simulated.

Each law takes the number of living players n and the number of living Traitors t, which may
be a numpy array of counts (``stats.odds.exact.win_table`` asks for a whole row at once).

Random Faithful, colluding Traitors: the f = n - t Faithful each vote uniformly for one of the
n - 1 others, the Traitors put t votes on one Faithful F. Counting the vote functions with no
self-vote is inclusion-exclusion over the set S of voters forced to vote for themselves:
N(c) = sum_S (-1)^|S| (f - |S|)! / prod_i (c_i - [i in S])!, which is an exponential generating
function with a factor (1 + c z) per voter box. The uniform tie-break enters as
1/j = integral_0^1 u^(j-1) du over the j players at the top, and the integral is done exactly
by Gauss-Legendre quadrature (the integrand is a polynomial in u of degree < n). The arithmetic
is float64 with alternating terms of similar size, so the result is accurate to ~1e-13; the
tests check it against brute-force enumeration of every vote for small n.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb, factorial

import numpy as np

Counts = int | np.ndarray
BanishProbability = Callable[[int, Counts], "float | np.ndarray"]

#: Random Faithful against colluding Traitors is computed exactly up to this many players.
COLLUDE_EXACT_MAX_PLAYERS = 30


def uniform(n: int, t: Counts) -> float | np.ndarray:
    """A uniformly drawn player is a Traitor."""
    return t / n


def vote_left_collude(n: int, t: Counts) -> float | np.ndarray:
    """Vote-left Faithful, colluding Traitors, no punishment (see the module docstring)."""
    return np.where(np.equal(t, 1), 1.0 / (n * (n - 1)), 0.0)[()]


def random_collude(n: int, t: Counts) -> float | np.ndarray:
    """P(a Traitor is banished) with random Faithful and t colluding Traitors among n living."""
    if np.ndim(t):
        return np.array([_random_collude(n, int(one)) for one in np.ravel(t)]).reshape(np.shape(t))
    return _random_collude(n, int(t))


def _toeplitz(q: np.ndarray) -> np.ndarray:
    """The matrices of "multiply by q" on truncated coefficient vectors: p @ T == p * q.

    Only the coefficient of x^f is read in the end and no box has negative powers, so dropping
    powers above f changes nothing.
    """
    size = q.shape[-1]
    shift = np.arange(size)[None, :] - np.arange(size)[:, None]  # shift[i, d] = d - i
    return np.asarray(np.where(shift >= 0, q[..., np.clip(shift, 0, None)], 0.0))


def _multiply(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Batched product of polynomials in x (last axis: coefficients), truncated."""
    return np.asarray((p[..., None, :] @ _toeplitz(q))[..., 0, :])


def _box(top: np.ndarray, nodes: np.ndarray, size: int) -> np.ndarray:
    """EGF of one box's vote count c < top, or c == top weighted by the node u (at the top)."""
    c = np.arange(size)
    inv_fact = np.array([1.0 / factorial(k) for k in range(size)])
    below = (c[None, :] < top[:, None]).astype(float)[:, None, :]
    at = (c[None, :] == top[:, None]).astype(float)[:, None, :] * nodes[None, :, None]
    return np.asarray((below + at) * inv_fact)


@lru_cache(maxsize=4096)
def _random_collude(n: int, t: int) -> float:
    """``random_collude`` for one (n, t), by the generating function of the module docstring."""
    f = n - t
    size = f + 1
    levels = np.arange(t, f + 1)  # the top vote count M: F has >= t, a Traitor <= f
    if levels.size == 0:
        return 0.0
    raw_nodes, raw_weights = np.polynomial.legendre.leggauss(max(1, (n + 1) // 2))
    nodes, weights = (raw_nodes + 1) / 2, raw_weights / 2
    c = np.arange(size, dtype=float)
    plain = _box(levels, nodes, size)  # another Traitor, or a Faithful other than F
    marked = plain * c  # the same box with the extra factor c of a voter (z term)
    first = _box(levels - t, nodes, size)  # F, who already has the t Traitor votes
    first_marked = first * c
    # T1, the Traitor whose chance we compute, sits exactly at the top: x^M / M!
    t1 = np.zeros((levels.size, 1, size))
    t1[np.arange(levels.size), 0, levels] = [1.0 / factorial(int(m)) for m in levels]
    t1 = np.broadcast_to(t1, plain.shape)
    base = t1
    for _ in range(t - 1):
        base = _multiply(base, plain)
    q0, q1 = _multiply(base, first), _multiply(base, first_marked)
    # sum over k of C(f-1, k) (-1)^k [x^f] q * plain^(f-1-k) * marked^k, for q0 and q1
    by_plain, by_marked = _toeplitz(plain), _toeplitz(marked)
    with_q0, with_q1, marked_pow = [q0], [q1], [np.ones_like(plain) * (c == 0)]
    for _ in range(f - 1):
        with_q0.append((with_q0[-1][..., None, :] @ by_plain)[..., 0, :])
        with_q1.append((with_q1[-1][..., None, :] @ by_plain)[..., 0, :])
        marked_pow.append((marked_pow[-1][..., None, :] @ by_marked)[..., 0, :])
    total = np.zeros(plain.shape[:2])
    for k in range(f):
        tail = marked_pow[k][..., ::-1]
        sign = comb(f - 1, k) * (-1) ** k
        x0 = np.einsum("...d,...d->...", with_q0[f - 1 - k], tail)
        x1 = np.einsum("...d,...d->...", with_q1[f - 1 - k], tail)
        total += sign * (factorial(f - k) * x0 - factorial(f - k - 1) * x1)
    one_traitor = float(np.sum(total @ weights)) / float(n - 1) ** f
    return t * one_traitor
