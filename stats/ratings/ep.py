"""Full-batch expectation propagation for probit factors on linear combinations of a Gaussian.

The model: x ~ N(0, prior_cov), and for each game g a factor Phi(b_g . x / sigma_g) where b_g is
a row of the signed design (the winner's side counted positive). Every site is a Gaussian in the
scalar u_g = b_g . x, so the posterior is kept exactly as one d-dimensional Gaussian and all
sites are updated in parallel (damped) from its marginals. The probit likelihood is log-concave,
so site precisions stay non-negative and cavities stay proper.

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


@dataclass(frozen=True)
class EPFit:
    """The Gaussian posterior N(mean, cov), log evidence, and each game's leave-one-out odds."""

    mean: np.ndarray
    cov: np.ndarray
    log_evidence: float
    loo_log_prob: np.ndarray  # log P(game g's result | all other games), from the cavities
    iterations: int
    converged: bool


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


def ep_probit(
    design: scipy.sparse.spmatrix | np.ndarray,
    noise_var: np.ndarray,
    prior_cov: np.ndarray,
    *,
    damping: float = 0.7,
    tol: float = 1e-7,
    max_iter: int = 500,
) -> EPFit:
    """Run parallel EP to convergence on the signed design (rows: games, columns: variables)."""
    b = scipy.sparse.csr_matrix(design, dtype=float)
    n_games, dim = b.shape
    if n_games * dim <= DENSE_LIMIT:
        b = b.toarray()
    noise_var = np.broadcast_to(np.asarray(noise_var, dtype=float), (n_games,))
    prior_chol = scipy.linalg.cho_factor(prior_cov, lower=True)
    prior_prec = scipy.linalg.cho_solve(prior_chol, np.eye(dim))
    log_det_prior = 2.0 * np.sum(np.log(np.diag(prior_chol[0])))
    tau = np.zeros(n_games)
    nu = np.zeros(n_games)
    bt = b.T.copy()
    converged = False
    iterations = 0
    while iterations < max_iter and not converged:
        iterations += 1
        mean, cov, chol = _posterior(prior_prec, b, bt, tau, nu)
        m, v = _marginals(b, mean, cov)
        cav_tau = 1.0 / v - tau
        cav_nu = m / v - nu
        _, t_mean, t_var = _tilted(cav_nu / cav_tau, 1.0 / cav_tau, noise_var)
        new_tau = np.maximum(1.0 / t_var - cav_tau, 0.0)
        new_nu = t_mean / t_var - cav_nu
        change = max(np.max(np.abs(new_tau - tau)), np.max(np.abs(new_nu - nu)))
        tau = (1.0 - damping) * tau + damping * new_tau
        nu = (1.0 - damping) * nu + damping * new_nu
        converged = change < tol
    mean, cov, chol = _posterior(prior_prec, b, bt, tau, nu)
    m, v = _marginals(b, mean, cov)
    cav_tau = 1.0 / v - tau
    cav_nu = m / v - nu
    log_z, _, _ = _tilted(cav_nu / cav_tau, 1.0 / cav_tau, noise_var)
    log_det_post_prec = 2.0 * np.sum(np.log(np.diag(chol[0])))
    h = bt @ nu
    log_evidence = (
        0.5 * h @ mean
        - 0.5 * (log_det_post_prec + log_det_prior)
        + np.sum(log_z - _psi(1.0 / v, m / v) + _psi(cav_tau, cav_nu))
    )
    return EPFit(mean, cov, float(log_evidence), log_z, iterations, converged)


def _posterior(prior_prec, b, bt, tau, nu):
    """Posterior mean and covariance from the prior precision and the site parameters."""
    if scipy.sparse.issparse(b):
        data = (bt @ scipy.sparse.diags(tau) @ b).toarray()
    else:
        data = bt @ (tau[:, None] * b)
    chol = scipy.linalg.cho_factor(prior_prec + data, lower=True)
    cov = scipy.linalg.cho_solve(chol, np.eye(prior_prec.shape[0]))
    mean = cov @ (bt @ nu)
    return mean, cov, chol


def _marginals(b, mean, cov):
    """Mean and variance of every game's u_g = b_g . x, i.e. diag(B cov B^T)."""
    if scipy.sparse.issparse(b):
        return b @ mean, np.asarray(b.multiply(b @ cov).sum(axis=1)).ravel()
    return b @ mean, np.einsum("gi,gi->g", b @ cov, b)
