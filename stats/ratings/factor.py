"""EP message passing on the factor graph: a fully factorised posterior, linear in the games.

The prior N(0, L L^T) is whitened first (x = L z, z ~ N(0, I); L is the identity except for
the split-skill variant's 2 x 2 blocks), so every variable of z has its own Gaussian and every
game talks to each of its variables through one Gaussian message (an EP site on that edge).
A game's update is exact EP for the factorised family: its variables' cavities give u_g a
Gaussian, the probit factor tilts it, and each variable's message is its tilted marginal
divided by its cavity (as in TrueSkill's factor graph, iterated to convergence in parallel).

An iteration is a handful of passes over the design's non-zeros: no matrix is factorised, so
nothing can lose definiteness, and a cavity's precision is never below the prior's (1).
What is lost is the posterior correlation between players, which matters when a few players
meet again and again (docs/ratings.md has the measured gap to full EP); the dense solver
handles those small data sets.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse

from stats.ratings.ep import EPFit, SiteProblem, project, psi, tilt


class FactorCovariance:
    """L diag(var) L^T: independent whitened variables, mapped back to the model's."""

    def __init__(self, root: scipy.sparse.csr_matrix, var: np.ndarray):
        self.root = root
        self.var = var

    def diagonal(self) -> np.ndarray:
        return self.root.multiply(self.root) @ self.var

    def pair(self, i: int, j: int) -> float:
        return float((self.root[i].multiply(self.root[j]) @ self.var)[0])

    def of_rows(self, rows: scipy.sparse.csr_matrix) -> np.ndarray:
        mapped = scipy.sparse.csr_matrix(rows @ self.root)
        return mapped.multiply(mapped) @ self.var

    def dense(self) -> np.ndarray:
        root = self.root.toarray()
        return (root * self.var) @ root.T


class FactorGraphProblem(SiteProblem):
    """A signed design and prior, prepared once and fitted by factorised EP at any noise.

    ``prior_root`` is L with prior covariance L L^T.
    """

    def __init__(self, design: scipy.sparse.spmatrix, prior_root: scipy.sparse.spmatrix):
        self.root = scipy.sparse.csr_matrix(prior_root, dtype=float)
        whitened = scipy.sparse.csr_matrix(scipy.sparse.csr_matrix(design, dtype=float) @ self.root)
        whitened.sum_duplicates()
        whitened.eliminate_zeros()
        self.n_games, self.dim = whitened.shape
        self.game = np.repeat(np.arange(self.n_games), np.diff(whitened.indptr))
        self.variable = whitened.indices
        self.coef = whitened.data
        self.n_sites = len(self.coef)  # one message per (game, variable) edge

    def _update(self, tau, nu, noise_var):
        cav_mean, cav_var, mean_u, var_u = self._cavities(tau, nu)
        t = tilt(mean_u, var_u, noise_var)
        rest = np.maximum(var_u[self.game] - self.coef**2 * cav_var, 0.0)
        return project(cav_mean, cav_var, self.coef, rest, noise_var[self.game], t.at(self.game))

    def _summary(self, tau, nu, noise_var, iterations, converged) -> EPFit:
        precision, shift = self._marginals(tau, nu)
        cav_mean, cav_var, mean_u, var_u = self._cavities(tau, nu)
        log_z = tilt(mean_u, var_u, noise_var).log_z
        at = self.variable
        log_evidence = (
            np.sum(psi(precision, shift))
            + np.sum(log_z)
            - np.sum(psi(precision[at], shift[at]) - psi(1.0 / cav_var, cav_mean / cav_var))
        )
        return EPFit(
            self.root @ (shift / precision),
            FactorCovariance(self.root, 1.0 / precision),
            float(log_evidence),
            log_z,
            iterations,
            bool(converged),
            (tau, nu),
        )

    def _marginals(self, tau, nu):
        """Each whitened variable's posterior precision and shift: prior 1 plus its messages."""
        precision = 1.0 + np.bincount(self.variable, tau, self.dim)
        return precision, np.bincount(self.variable, nu, self.dim)

    def _cavities(self, tau, nu):
        """Each edge's cavity mean and variance, and the mean and variance of each u_g under
        its game's cavities."""
        precision, shift = self._marginals(tau, nu)
        cav_prec = np.maximum(precision[self.variable] - tau, 1.0)
        cav_var = 1.0 / cav_prec
        cav_mean = (shift[self.variable] - nu) * cav_var
        mean_u = np.bincount(self.game, self.coef * cav_mean, self.n_games)
        var_u = np.bincount(self.game, self.coef**2 * cav_var, self.n_games)
        return cav_mean, cav_var, mean_u, var_u
