"""Expectation propagation for probit factors on linear combinations of a Gaussian: the parts
both solvers share.

The model: x ~ N(0, prior), and for each game g a factor Phi(b_g . x / sigma_g) where b_g is a
row of the signed design (the winner's side counted positive). Two solvers fit it (see
docs/ratings.md for when each is used):

- ``dense.DenseProblem``: one site per game and the exact d x d posterior covariance (full EP);
- ``factor.FactorGraphProblem``: one site per (game, variable) edge and a fully factorised
  posterior (EP message passing on the factor graph), linear in the number of games.

Both run parallel updates through ``iterate`` and project tilted distributions with ``tilt`` and
``project``, which are written to stay finite for every valid input: the deterministic limit
(sigma = 0), cavities far on the wrong side of a result, site precisions of 1e12.

The model evidence is the EP approximation to log Z = log E_prior[prod_g Phi(b_g . x / sigma_g)]
(Minka 2001; Rasmussen & Williams eq. 3.65 written for a general linear-Gaussian prior).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Protocol

import numpy as np
import scipy.sparse
from numpy.typing import NDArray
from scipy.special import log_ndtr

_LOG_SQRT_2PI = 0.5 * np.log(2.0 * np.pi)
TOL = 1e-5  # largest relative change of a site parameter at convergence
MAX_ITER = 500
STALL = 5  # iterations without a new smallest change before the damping is halved
MIN_DAMPING = 1 / 64
DIVERGED = 10.0  # a change this many times the smallest so far means the iteration runs away
_FAR = 3.0  # beyond this many sds on the wrong side, 1 - w comes from a continued fraction
_FRACTION_TERMS = 60  # full double precision from _FAR on (checked against 60-digit mpmath)
_Z_LIMIT = 1e8  # |z| beyond this (a site precision past 1e16) is held here: z^2 must not overflow
MAX_PRECISION = 1e12  # a site this precise pins its game's u_g to a millionth; more only overflows

FloatArray = NDArray[np.float64]


class Covariance(Protocol):
    """The posterior covariance, asked only the questions the ratings need."""

    def diagonal(self) -> FloatArray: ...

    def pair(self, i: int, j: int) -> float: ...

    def of_rows(self, rows: scipy.sparse.csr_matrix) -> FloatArray:
        """Var(r . x) for every row r."""
        ...

    def dense(self) -> FloatArray:
        """The whole matrix (small problems and tests only)."""
        ...


@dataclass(frozen=True)
class EPFit:
    """The Gaussian posterior (mean, cov), log evidence, each game's leave-one-out odds, and the
    solver's site parameters, from which a neighbouring fit can start."""

    mean: FloatArray
    cov: Covariance
    log_evidence: float
    loo_log_prob: FloatArray  # log P(game g's result | all other games), from the cavities
    iterations: int
    converged: bool
    sites: tuple[FloatArray, FloatArray]  # precisions and shifts, one per site


@dataclass(frozen=True)
class Tilt:
    """A probit factor Phi(u / sigma) times a Gaussian cavity N(u; M, S), along u.

    alpha = d log Z / dM; w = r (z + r) with r = pdf(z) / cdf(z), so that the curvature is
    -w / scale2; ``slack`` = 1 - w in (0, 1], computed without cancellation.
    """

    log_z: FloatArray
    alpha: FloatArray
    w: FloatArray
    slack: FloatArray
    scale2: FloatArray  # sigma^2 + S

    def at(self, index: NDArray[np.intp]) -> Tilt:
        """The same figures repeated for each entry of ``index`` (a game per factor-graph edge)."""
        return Tilt(*(getattr(self, f.name)[index] for f in fields(self)))


def tilt(cav_mean: FloatArray, cav_var: FloatArray, noise_var: FloatArray) -> Tilt:
    """The tilted factor's normaliser and derivatives; finite for any finite input, sigma = 0
    and cavities hundreds of sds on the wrong side of the result included."""
    scale2 = noise_var + cav_var
    scale = np.sqrt(scale2)
    z = np.clip(cav_mean / scale, -_Z_LIMIT, _Z_LIMIT)
    log_z = log_ndtr(z)
    r = np.exp(-0.5 * z**2 - _LOG_SQRT_2PI - log_z)  # pdf(z) / cdf(z), stable for z << 0
    return Tilt(log_z, r / scale, r * (z + r), _slack(z, r), scale2)


def _slack(z: FloatArray, r: FloatArray) -> FloatArray:
    """1 - r (z + r). Far on the wrong side (z < -_FAR) the direct form cancels to nothing, so
    with t = -z, c = r - t = 1 / (t + q) and q = 2 / (t + 3 / (t + ...)) (Laplace's continued
    fraction for the Mills ratio), 1 - w = c (q - c), a difference of terms a factor 2 apart."""
    out = np.clip(1.0 - r * (z + r), np.finfo(float).tiny, 1.0)
    far = z < -_FAR
    if far.any():
        t = -z[far]
        q = np.zeros_like(t)
        for k in range(_FRACTION_TERMS, 1, -1):
            q = k / (t + q)
        c = 1.0 / (t + q)
        out[far] = c * (q - c)
    return out


def project(
    cav_mean: FloatArray,
    cav_var: FloatArray,
    coef: FloatArray | float,
    rest_var: FloatArray | float,
    noise_var: FloatArray,
    t: Tilt,
) -> tuple[FloatArray, FloatArray]:
    """The site (precision, shift) that moves a variable's cavity N(cav_mean, cav_var) to its
    tilted moments, when u = coef * variable + the rest (variance rest_var) under the cavity.

    Written as ratios of non-negative terms: the precision is never negative and nothing
    cancels when the tilted variance is a tiny fraction of the cavity's.
    """
    share = cav_var * coef**2 / t.scale2  # this variable's part of Var(u) + sigma^2
    shrink = share * t.w  # 1 - tilted variance / cavity variance
    kept = (noise_var + rest_var) / t.scale2 + share * t.slack  # = 1 - shrink, stably
    precision = shrink / (cav_var * kept)
    shift = (cav_mean * shrink + cav_var * coef * t.alpha) / (cav_var * kept)
    capped = np.minimum(precision, MAX_PRECISION)  # keeping the site's mean shift / precision
    return capped, shift * np.divide(
        capped, precision, out=np.ones_like(capped), where=precision > 0
    )


def psi(precision: FloatArray, shift: FloatArray) -> FloatArray:
    """Log-normaliser of exp(-precision u^2/2 + shift u), without the constant 1/2 log 2 pi."""
    return 0.5 * shift**2 / precision - 0.5 * np.log(precision)


Update = Callable[[FloatArray, FloatArray], tuple[FloatArray, FloatArray]]


class SiteProblem:
    """What both solvers share: fit by running ``iterate`` over their sites from zero or from
    a neighbouring fit, then summarise. Subclasses set ``n_games`` and ``n_sites`` and define
    ``_update`` (sites in, new sites out) and ``_summary`` (sites to an EPFit)."""

    n_games: int
    n_sites: int

    def fit(
        self,
        noise_var: FloatArray | float,
        start: EPFit | None = None,
        *,
        tol: float = TOL,
        max_iter: int = MAX_ITER,
    ) -> EPFit:
        """Run parallel EP to convergence; ``start`` warm-starts from another fit's sites."""
        noise_var = np.broadcast_to(np.asarray(noise_var, dtype=float), (self.n_games,))
        tau, nu = (np.zeros(self.n_sites), np.zeros(self.n_sites)) if start is None else start.sites
        tau, nu, iterations, converged = iterate(
            lambda tau, nu: self._update(tau, nu, noise_var), tau, nu, tol, max_iter
        )
        return self._summary(tau, nu, noise_var, iterations, converged)

    def _update(
        self, tau: FloatArray, nu: FloatArray, noise_var: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        raise NotImplementedError

    def _summary(
        self,
        tau: FloatArray,
        nu: FloatArray,
        noise_var: FloatArray,
        iterations: int,
        converged: bool,
    ) -> EPFit:
        raise NotImplementedError


def iterate(
    update: Update, tau: FloatArray, nu: FloatArray, tol: float, max_iter: int
) -> tuple[FloatArray, FloatArray, int, bool]:
    """Parallel EP: apply ``update`` (sites in, new sites out) until no site moves by ``tol``.

    Updates start undamped, which converges in about half the iterations of a fixed damping
    on real data. Parallel EP can oscillate when many sites share one direction (the same
    line-up winning again and again), so whenever the largest site change has not reached a
    new minimum for STALL iterations the damping is halved (down to MIN_DAMPING). It can also
    run away (changes growing tenfold in a few steps, on the factor graph): once a change is
    DIVERGED times the smallest so far, or not finite, the sites go back to those that gave
    the smallest change and the damping is halved.
    """
    damping, best, since = 1.0, np.inf, 0
    best_sites = (tau, nu)
    converged = False
    iterations = 0
    while iterations < max_iter and not converged:
        iterations += 1
        new_tau, new_nu = update(tau, nu)
        change = float(
            max(
                np.max(np.abs(new_tau - tau) / (1.0 + new_tau), initial=0.0),
                np.max(np.abs(new_nu - nu) / (1.0 + np.abs(new_nu)), initial=0.0),
            )
        )
        if not change <= DIVERGED * best:  # also catches nan
            tau, nu = best_sites
            damping, since = max(damping / 2, MIN_DAMPING), 0
            continue
        converged = change < tol
        if change < best:
            best, since, best_sites = change, 0, (tau, nu)
        else:
            since += 1
        tau = (1.0 - damping) * tau + damping * new_tau
        nu = (1.0 - damping) * nu + damping * new_nu
        if since >= STALL and damping > MIN_DAMPING:
            damping, best, since = damping / 2, change, 0
    return tau, nu, iterations, converged
