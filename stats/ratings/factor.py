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
from numpy.typing import NDArray

from stats.ratings.ep import EPFit, FloatArray, SiteProblem, project, psi, tilt


class FactorCovariance:
    """L diag(var) L^T: independent whitened variables, mapped back to the model's."""

    def __init__(self, root: scipy.sparse.csr_matrix, var: FloatArray):
        self.root = root
        self.var = var

    def diagonal(self) -> FloatArray:
        diagonal: FloatArray = self.root.multiply(self.root) @ self.var
        return diagonal

    def pair(self, i: int, j: int) -> float:
        return float((self.root[i].multiply(self.root[j]) @ self.var)[0])

    def of_rows(self, rows: scipy.sparse.csr_matrix) -> FloatArray:
        mapped = scipy.sparse.csr_matrix(rows @ self.root)
        variances: FloatArray = mapped.multiply(mapped) @ self.var
        return variances

    def dense(self) -> FloatArray:
        root: FloatArray = self.root.toarray()
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
        self.game: NDArray[np.intp] = np.repeat(np.arange(self.n_games), np.diff(whitened.indptr))
        self.variable: NDArray[np.integer] = whitened.indices
        self.coef: FloatArray = whitened.data
        self.n_sites = len(self.coef)  # one message per (game, variable) edge

    def _update(
        self, tau: FloatArray, nu: FloatArray, noise_var: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        cav_mean, cav_var, mean_u, var_u = self._cavities(tau, nu)
        t = tilt(mean_u, var_u, noise_var)
        rest = np.maximum(var_u[self.game] - self.coef**2 * cav_var, 0.0)
        return project(cav_mean, cav_var, self.coef, rest, noise_var[self.game], t.at(self.game))

    def _summary(
        self,
        tau: FloatArray,
        nu: FloatArray,
        noise_var: FloatArray,
        iterations: int,
        converged: bool,
    ) -> EPFit:
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

    def _marginals(self, tau: FloatArray, nu: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Each whitened variable's posterior precision and shift: prior 1 plus its messages."""
        return 1.0 + _sums(self.variable, tau, self.dim), _sums(self.variable, nu, self.dim)

    def _cavities(
        self, tau: FloatArray, nu: FloatArray
    ) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
        """Each edge's cavity mean and variance, and the mean and variance of each u_g under
        its game's cavities."""
        precision, shift = self._marginals(tau, nu)
        cav_prec = np.maximum(precision[self.variable] - tau, 1.0)
        cav_var = 1.0 / cav_prec
        cav_mean = (shift[self.variable] - nu) * cav_var
        mean_u = _sums(self.game, self.coef * cav_mean, self.n_games)
        var_u = _sums(self.game, self.coef**2 * cav_var, self.n_games)
        return cav_mean, cav_var, mean_u, var_u


def _sums(index: NDArray[np.integer], weights: FloatArray, size: int) -> FloatArray:
    """``weights`` summed by ``index`` into ``size`` bins."""
    # np.bincount with weights returns float64, but numpy's stub says intp (numpy#31911 fixes
    # it); "unused-ignore" keeps this line quiet once the fixed stub is installed.
    return np.bincount(index, weights, size)  # type: ignore[return-value, unused-ignore]
