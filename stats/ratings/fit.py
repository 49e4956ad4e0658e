"""Fit a model variant with the noise sd eps integrated over a grid (or fixed), by EP.

eps is integrated, not chosen: it gets a uniform prior over a log-spaced grid (0.25 to 8, so
roughly log-uniform between "the better team nearly always wins" and "nearly a coin flip"). The
evidence is the prior-weighted average of the per-eps evidences and the posterior is the
mixture of the per-eps Gaussians, weighted by the posterior over the grid. Grid points whose
evidence is far below the best are not fitted (their weight would be below e^-30). Fixing eps
(``noise_sd=``) is the one-point grid.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy.special import logsumexp, ndtr

from stats.ratings.budget import UNLIMITED, Budget
from stats.ratings.design import Design, ModelSpec, build_design
from stats.ratings.ep import EPFit, FloatArray
from stats.ratings.records import GameRecord

NOISE_GRID = tuple(0.25 * 2 ** (k / 2) for k in range(11))
NOISE_SD_RANGE = (0.01, 100.0)  # a fixed eps outside this is a coin flip or a certainty
SKIP_NATS = 30.0


@dataclass(frozen=True)
class RatingFit:
    """A fitted variant: EP fits over the eps grid, the posterior weights, mixture summaries.

    ``grid`` is the prior's support (one point when eps is fixed); ``noise_sds`` are the points
    actually fitted, in order, with ``fits`` and ``weights`` (see ``fit_design`` for the rest).
    """

    design: Design
    grid: tuple[float, ...]
    noise_sds: FloatArray
    fits: tuple[EPFit, ...]
    log_evidence: float
    weights: FloatArray  # posterior probability of each fitted eps
    seconds_per_fit: float  # wall-clock, to estimate what more fits of this size would cost

    @property
    def converged(self) -> bool:
        return all(f.converged for f in self.fits)

    @property
    def best(self) -> EPFit:
        """The fit at the most probable eps."""
        return self.fits[int(np.argmax(self.weights))]

    @property
    def best_noise_sd(self) -> float:
        return float(self.noise_sds[int(np.argmax(self.weights))])

    def grid_posterior(self) -> FloatArray:
        """P(eps) over the whole grid; points not fitted (far less likely) get 0."""
        out = np.zeros(len(self.grid))
        out[[self.grid.index(float(e)) for e in self.noise_sds]] = self.weights
        return out

    @property
    def mean(self) -> FloatArray:
        mean: FloatArray = sum(w * f.mean for w, f in zip(self.weights, self.fits, strict=True))
        return mean

    @property
    def var(self) -> FloatArray:
        """Each variable's posterior variance under the mixture."""
        second: FloatArray = sum(
            w * (f.cov.diagonal() + f.mean**2) for w, f in zip(self.weights, self.fits, strict=True)
        )
        return np.maximum(second - self.mean**2, 0.0)

    def marginal_quantiles(self, index: NDArray[np.intp], q: float) -> FloatArray:
        """The q-quantile of each listed variable's marginal (a mixture of normals), by bisection."""
        means: FloatArray = np.array([f.mean[index] for f in self.fits])  # (grid, k)
        sds: FloatArray = np.sqrt(np.array([f.cov.diagonal()[index] for f in self.fits]))
        lo: FloatArray = (means - 8 * sds).min(axis=0)
        hi: FloatArray = (means + 8 * sds).max(axis=0)
        for _ in range(60):
            mid = 0.5 * (lo + hi)
            cdf = (self.weights[:, None] * ndtr((mid - means) / sds)).sum(axis=0)
            below = cdf < q
            lo = np.where(below, mid, lo)
            hi = np.where(below, hi, mid)
        return 0.5 * (lo + hi)

    def prob_greater(self, i: int, j: int) -> float:
        """P(x_i > x_j) under the posterior mixture."""
        total = 0.0
        for w, f in zip(self.weights, self.fits, strict=True):
            var = f.cov.pair(i, i) + f.cov.pair(j, j) - 2 * f.cov.pair(i, j)
            total += w * float(ndtr((f.mean[i] - f.mean[j]) / np.sqrt(max(var, 1e-300))))
        return total

    def loo_log_prob(self) -> FloatArray:
        """log P(game g's result | the other games), with eps integrated as in the full fit."""
        log_ev = np.array([f.log_evidence for f in self.fits])[:, None]
        loo = np.array([f.loo_log_prob for f in self.fits])
        integrated: FloatArray = logsumexp(log_ev, axis=0) - logsumexp(log_ev - loo, axis=0)
        return integrated


def fit_design(
    design: Design, grid: Sequence[float], near: float | None = None, budget: Budget = UNLIMITED
) -> RatingFit:
    """Fit ``design`` with eps uniform on ``grid``.

    The walk starts at the grid point nearest ``near`` (default 1, the prior sd of a skill)
    and steps outwards, each fit warm-started from its neighbour's sites, always extending
    on the side whose end has the higher evidence. A side stops once its end is SKIP_NATS
    below the best evidence so far: further points would carry less than e^-SKIP_NATS of
    the posterior (assuming, as on all data we have seen, one peak over eps). The budget is
    checked before every EP fit (OutOfTime).
    """
    started = time.monotonic()
    sds = np.asarray(grid, dtype=float)
    problem = design.problem

    def fit_at(k: int, start: EPFit | None = None) -> EPFit:
        budget.check()
        return problem.fit((sds[k] * design.noise_scale) ** 2, start=start)

    first = int(np.argmin(np.abs(np.log(sds) - np.log(1.0 if near is None else near))))
    fits = {first: fit_at(first)}
    while True:
        best = max(f.log_evidence for f in fits.values())
        lo, hi = min(fits), max(fits)
        ends = [
            (fits[end].log_evidence, end, step)
            for end, step in ((lo, -1), (hi, 1))
            if 0 <= end + step < len(sds) and fits[end].log_evidence > best - SKIP_NATS
        ]
        if not ends:
            break
        _, end, step = max(ends)
        fits[end + step] = fit_at(end + step, start=fits[end])
    order = sorted(fits)
    log_ev = np.array([fits[i].log_evidence for i in order])
    total = float(logsumexp(log_ev) - np.log(len(sds)))
    weights = np.exp(log_ev - logsumexp(log_ev))
    seconds = (time.monotonic() - started) / len(fits)
    return RatingFit(
        design, tuple(sds), sds[order], tuple(fits[i] for i in order), total, weights, seconds
    )


def fit_model(
    games: Sequence[GameRecord],
    spec: ModelSpec | None = None,
    noise_sd: float | None = None,
    near: float | None = None,
) -> RatingFit:
    """Fit one variant; ``noise_sd`` fixes eps, otherwise it is integrated over NOISE_GRID."""
    if not games:
        raise ValueError("there are no games to rate")
    grid = NOISE_GRID if noise_sd is None else (check_noise_sd(noise_sd),)
    return fit_design(build_design(games, spec or ModelSpec()), grid, near=near)


def check_noise_sd(noise_sd: float, called: str = "the noise sd") -> float:
    """A fixed eps as a float; ValueError with a sentence for one outside NOISE_SD_RANGE.

    Beyond the range every game is a coin flip or a certainty to double precision, and the
    ratings say nothing (at 1e300, the variance overflows)."""
    low, high = NOISE_SD_RANGE
    value = float(noise_sd)
    if not low <= value <= high:  # also refuses nan
        raise ValueError(
            f"{called} must be a number from {low:g} to {high:g} (the luck in a game, in "
            f"units of the spread of players' skills), not {noise_sd:g}"
        )
    return value
