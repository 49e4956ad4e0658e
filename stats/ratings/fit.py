"""Fit a model variant with the noise sd eps integrated over a grid (or fixed), by EP.

eps is integrated, not chosen: it gets a uniform prior over a log-spaced grid (0.25 to 8, so
roughly log-uniform between "the better team nearly always wins" and "nearly a coin flip"). The
evidence is the prior-weighted average of the per-eps evidences and the posterior is the
mixture of the per-eps Gaussians, weighted by the posterior over the grid. Fixing eps
(``noise_sd=``) is the one-point grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp, ndtr

from stats.ratings.design import Design, ModelSpec, build_design
from stats.ratings.ep import EPFit, ep_probit
from stats.ratings.records import GameRecord

NOISE_GRID = tuple(0.25 * 2 ** (k / 2) for k in range(11))


@dataclass(frozen=True)
class RatingFit:
    """A fitted variant: one EP fit per grid eps, the posterior weights, and mixture summaries."""

    design: Design
    noise_sds: np.ndarray
    fits: tuple[EPFit, ...]
    log_evidence: float
    weights: np.ndarray  # posterior probability of each grid eps

    @property
    def mean(self) -> np.ndarray:
        return sum(w * f.mean for w, f in zip(self.weights, self.fits, strict=True))

    @property
    def cov(self) -> np.ndarray:
        mean = self.mean
        second = sum(
            w * (f.cov + np.outer(f.mean, f.mean))
            for w, f in zip(self.weights, self.fits, strict=True)
        )
        return second - np.outer(mean, mean)

    def marginal_quantiles(self, index: np.ndarray, q: float) -> np.ndarray:
        """The q-quantile of each listed variable's marginal (a mixture of normals), by bisection."""
        means = np.array([f.mean[index] for f in self.fits])  # (grid, k)
        sds = np.sqrt(np.array([np.diag(f.cov)[index] for f in self.fits]))
        lo = (means - 8 * sds).min(axis=0)
        hi = (means + 8 * sds).max(axis=0)
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
            var = f.cov[i, i] + f.cov[j, j] - 2 * f.cov[i, j]
            total += w * float(ndtr((f.mean[i] - f.mean[j]) / np.sqrt(max(var, 1e-300))))
        return total

    def loo_log_prob(self) -> np.ndarray:
        """log P(game g's result | the other games), with eps integrated as in the full fit."""
        log_ev = np.array([f.log_evidence for f in self.fits])[:, None]
        loo = np.array([f.loo_log_prob for f in self.fits])
        return logsumexp(log_ev, axis=0) - logsumexp(log_ev - loo, axis=0)


def fit_design(
    design: Design,
    noise_sds: Sequence[float],
    noise_multiplier: np.ndarray | None = None,
) -> RatingFit:
    """Fit ``design`` at each eps (uniform prior over them); optional per-game noise multiplier."""
    scale = (
        design.noise_scale if noise_multiplier is None else design.noise_scale * noise_multiplier
    )
    sds = np.asarray(noise_sds, dtype=float)
    fits = tuple(ep_probit(design.signed, (eps * scale) ** 2, design.prior_cov) for eps in sds)
    log_ev = np.array([f.log_evidence for f in fits])
    total = float(logsumexp(log_ev) - np.log(len(fits)))
    weights = np.exp(log_ev - logsumexp(log_ev))
    return RatingFit(design, sds, fits, total, weights)


def fit_model(
    games: Sequence[GameRecord],
    spec: ModelSpec | None = None,
    noise_sd: float | None = None,
) -> RatingFit:
    """Fit one variant; ``noise_sd`` fixes eps, otherwise it is integrated over NOISE_GRID."""
    if not games:
        raise ValueError("there are no games to rate")
    sds = NOISE_GRID if noise_sd is None else (float(noise_sd),)
    return fit_design(build_design(games, spec or ModelSpec()), sds)
