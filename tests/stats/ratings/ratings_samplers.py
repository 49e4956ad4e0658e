"""Independent computations to check EP against: prior Monte Carlo and Albert-Chib Gibbs."""

from __future__ import annotations

import numpy as np
from scipy.special import log_ndtr, logsumexp, ndtr, ndtri
from scipy.stats import multivariate_normal, multivariate_t

from stats.ratings.dense import DenseProblem


def prior_cov(design) -> np.ndarray:
    """The design's prior covariance L L^T as a dense matrix."""
    return (design.prior_root @ design.prior_root.T).toarray()


def mc_log_evidence(signed, noise_sd, draws, rng, chunk=50_000, prior_cov=None):
    """log E_prior[prod_g Phi(b_g . x / sigma)] with x ~ N(0, prior_cov) (default I), and its
    standard error in log."""
    b = signed.toarray()
    root = np.eye(b.shape[1]) if prior_cov is None else np.linalg.cholesky(prior_cov)
    totals = []
    for start in range(0, draws, chunk):
        x = rng.standard_normal((min(chunk, draws - start), b.shape[1])) @ root.T
        u = x @ b.T
        if noise_sd == 0:
            totals.append(np.where(np.all(u > 0, axis=1), 0.0, -np.inf))
        else:
            totals.append(log_ndtr(u / noise_sd).sum(axis=1))
    logs = np.concatenate(totals)
    log_mean = logsumexp(logs) - np.log(draws)
    ratio = np.exp(logs - log_mean)
    return float(log_mean), float(ratio.std() / np.sqrt(draws))


def gibbs_moments(signed, noise_sd, rng, chains=64, iterations=3000, burn=300):
    """Albert-Chib data augmentation: posterior mean, covariance and batch-means MC error.

    Latent performance u_g ~ N(b_g . x, sigma^2) truncated to u_g > 0; x | u is Gaussian with a
    fixed covariance, so all chains advance together in numpy.
    """
    b = signed.toarray()
    dim = b.shape[1]
    precision = np.eye(dim) + b.T @ b / noise_sd**2
    cov = np.linalg.inv(precision)
    chol = np.linalg.cholesky(cov)
    x = np.zeros((chains, dim))
    kept = []
    for it in range(iterations):
        mean_u = x @ b.T
        low = ndtr(-mean_u / noise_sd)  # P(u <= 0): sample the upper tail by inverse CDF
        uniform = rng.uniform(size=mean_u.shape)
        u = mean_u + noise_sd * ndtri(low + uniform * (1.0 - low))
        u = np.maximum(u, 0.0)
        x = (u @ b / noise_sd**2) @ cov + rng.standard_normal((chains, dim)) @ chol.T
        if it >= burn:
            kept.append(x.copy())
    samples = np.array(kept)  # (iterations, chains, dim)
    flat = samples.reshape(-1, dim)
    chain_means = samples.mean(axis=0)  # chains are independent batches
    mc_error = chain_means.std(axis=0, ddof=1) / np.sqrt(chains)
    return flat.mean(axis=0), np.cov(flat.T), mc_error


def orthant_log_evidence(design, draws, rng):
    """log P(B x > 0) for x ~ N(0, prior) of a design, by importance sampling, and its
    standard error.

    The proposal is a heavy-tailed multivariate t (5 degrees of freedom) around a Gaussian
    guess of the posterior (full EP's at eps = 0, widened by half): any proposal gives an
    unbiased estimate; a good one only makes the standard error small.
    """
    guide = DenseProblem(design.signed, design.prior_root).fit(0.0)
    mean, cov, prior = guide.mean, guide.cov.dense(), prior_cov(design)
    b = design.signed.toarray()
    proposal = multivariate_t(loc=mean, shape=1.5 * cov, df=5, seed=rng)
    x = proposal.rvs(size=draws)
    inside = np.all(x @ b.T > 0, axis=1)
    prior = multivariate_normal(np.zeros(b.shape[1]), prior)
    log_w = np.where(inside, prior.logpdf(x) - proposal.logpdf(x), -np.inf)
    log_mean = logsumexp(log_w) - np.log(draws)
    ratio = np.exp(log_w - log_mean)
    return float(log_mean), float(ratio.std() / np.sqrt(draws))
