"""Full-batch expectation propagation for probit factors on linear combinations of a Gaussian.

The model: x ~ N(0, prior_cov), and for each game g a factor Phi(b_g . x / sigma_g) where b_g is
a row of the signed design (the winner's side counted positive). Every site is a Gaussian in the
scalar u_g = b_g . x, so the posterior is kept exactly as one d-dimensional Gaussian and all
sites are updated in parallel from its marginals. The probit likelihood is log-concave, so site
precisions stay non-negative and cavities stay proper.

Parallel updates start undamped, which converges in about half the iterations of a fixed
damping on real data. Parallel EP can oscillate when many sites share one direction (the same
line-up winning again and again), so whenever the largest site change has not reached a new
minimum for STALL iterations the damping is halved (down to MIN_DAMPING). A fit that still has
not converged after max_iter iterations says so in ``converged``; callers report it.

Each iteration costs two sparse products over the design's non-zeros (no threaded BLAS) and
one Cholesky factorisation and inverse of the small d x d posterior precision.

The model evidence is the EP approximation to log Z = log E_prior[prod_g Phi(b_g . x / sigma_g)]
(Minka 2001; Rasmussen & Williams eq. 3.65 written for a general linear-Gaussian prior).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.sparse
from scipy.special import log_ndtr

_LOG_SQRT_2PI = 0.5 * np.log(2.0 * np.pi)
DENSE_LIMIT = 200_000  # below this many design cells, dense numpy beats scipy.sparse overheads
TOL = 1e-5  # largest relative change of a site parameter at convergence
MAX_ITER = 500
STALL = 5  # iterations without a new smallest change before the damping is halved
MIN_DAMPING = 1 / 64


@dataclass(frozen=True)
class EPFit:
    """The Gaussian posterior N(mean, cov), log evidence, each game's leave-one-out odds, and
    the site parameters (precision tau, shift nu), from which a neighbouring fit can start."""

    mean: np.ndarray
    cov: np.ndarray
    log_evidence: float
    loo_log_prob: np.ndarray  # log P(game g's result | all other games), from the cavities
    iterations: int
    converged: bool
    tau: np.ndarray
    nu: np.ndarray


class ProbitProblem:
    """A signed design and prior, prepared once and fitted by EP at any per-game noise."""

    def __init__(self, design: scipy.sparse.spmatrix | np.ndarray, prior_cov: np.ndarray):
        b = scipy.sparse.csr_matrix(design, dtype=float)
        self.n_games, self.dim = b.shape
        self.b = b.toarray() if self.n_games * self.dim <= DENSE_LIMIT else b
        self.bt = self.b.T.copy() if isinstance(self.b, np.ndarray) else b.T.tocsr()
        prior_chol = scipy.linalg.cho_factor(prior_cov, lower=True)
        self.prior_prec = scipy.linalg.cho_solve(prior_chol, np.eye(self.dim))
        self.log_det_prior = 2.0 * float(np.sum(np.log(np.diag(prior_chol[0]))))

    def fit(
        self,
        noise_var: np.ndarray | float,
        start: EPFit | None = None,
        *,
        tol: float = TOL,
        max_iter: int = MAX_ITER,
    ) -> EPFit:
        """Run parallel EP to convergence; ``start`` warm-starts from another fit's sites."""
        noise_var = np.broadcast_to(np.asarray(noise_var, dtype=float), (self.n_games,))
        tau = np.zeros(self.n_games) if start is None else start.tau.copy()
        nu = np.zeros(self.n_games) if start is None else start.nu.copy()
        damping, best, since = 1.0, np.inf, 0
        converged = False
        iterations = 0
        while iterations < max_iter and not converged:
            iterations += 1
            mean, cov, _ = self._posterior(tau, nu)
            m, v = self._marginals(mean, cov)
            cav_tau, cav_nu = 1.0 / v - tau, m / v - nu
            _, t_mean, t_var = _tilted(cav_nu / cav_tau, 1.0 / cav_tau, noise_var)
            new_tau = np.maximum(1.0 / t_var - cav_tau, 0.0)
            new_nu = t_mean / t_var - cav_nu
            change = max(
                np.max(np.abs(new_tau - tau) / (1.0 + new_tau)),
                np.max(np.abs(new_nu - nu) / (1.0 + np.abs(new_nu))),
            )
            converged = change < tol
            tau = (1.0 - damping) * tau + damping * new_tau
            nu = (1.0 - damping) * nu + damping * new_nu
            best, since = (change, 0) if change < best else (best, since + 1)
            if since >= STALL and damping > MIN_DAMPING:
                damping, best, since = damping / 2, change, 0
        return self._summary(tau, nu, noise_var, iterations, converged)

    def _summary(self, tau, nu, noise_var, iterations, converged) -> EPFit:
        mean, cov, chol = self._posterior(tau, nu)
        m, v = self._marginals(mean, cov)
        cav_tau, cav_nu = 1.0 / v - tau, m / v - nu
        log_z, _, _ = _tilted(cav_nu / cav_tau, 1.0 / cav_tau, noise_var)
        log_det_post_prec = 2.0 * np.sum(np.log(np.diag(chol[0])))
        log_evidence = (
            0.5 * (self.bt @ nu) @ mean
            - 0.5 * (log_det_post_prec + self.log_det_prior)
            + np.sum(log_z - _psi(1.0 / v, m / v) + _psi(cav_tau, cav_nu))
        )
        return EPFit(mean, cov, float(log_evidence), log_z, iterations, bool(converged), tau, nu)

    def _posterior(self, tau, nu):
        """Posterior mean, covariance and Cholesky factor of the precision, from the sites."""
        if isinstance(self.b, np.ndarray):
            data = self.bt @ (tau[:, None] * self.b)
        else:
            data = (self.bt @ self.b.multiply(tau[:, None]).tocsr()).toarray()
        chol = scipy.linalg.cho_factor(self.prior_prec + data, lower=True)
        cov = scipy.linalg.cho_solve(chol, np.eye(self.dim))
        return cov @ (self.bt @ nu), cov, chol

    def _marginals(self, mean, cov):
        """Mean and variance of every game's u_g = b_g . x, i.e. diag(B cov B^T)."""
        if isinstance(self.b, np.ndarray):
            return self.b @ mean, np.einsum("gi,gi->g", self.b @ cov, self.b)
        return self.b @ mean, np.asarray(self.b.multiply(self.b @ cov).sum(axis=1)).ravel()


def ep_probit(
    design: scipy.sparse.spmatrix | np.ndarray,
    noise_var: np.ndarray | float,
    prior_cov: np.ndarray,
    **options,
) -> EPFit:
    """One EP fit of a design (rows: games, columns: variables); options as ProbitProblem.fit."""
    return ProbitProblem(design, prior_cov).fit(noise_var, **options)


def _psi(precision: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """Log-normaliser of exp(-precision u^2/2 + shift u), without the constant 1/2 log 2 pi."""
    return 0.5 * shift**2 / precision - 0.5 * np.log(precision)


def _tilted(cav_mean, cav_var, noise_var):
    """Moments of N(u; cav_mean, cav_var) * Phi(u / sigma): log Z, mean, variance."""
    scale = np.sqrt(noise_var + cav_var)
    z = cav_mean / scale
    log_z = log_ndtr(z)
    ratio = np.exp(-0.5 * z**2 - _LOG_SQRT_2PI - log_z)  # pdf(z) / cdf(z), stable for z << 0
    mean = cav_mean + cav_var * ratio / scale
    var = cav_var - cav_var**2 * ratio * (z + ratio) / (noise_var + cav_var)
    return log_z, mean, np.maximum(var, 1e-300)
