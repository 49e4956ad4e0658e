"""Full EP: one Gaussian site per game and the exact d x d posterior covariance.

Every site is a Gaussian in the scalar u_g = b_g . x, so the posterior is kept exactly as one
d-dimensional Gaussian and all sites are updated in parallel from its marginals. The probit
likelihood is log-concave, so site precisions stay non-negative; a cavity is never wider than
the prior's marginal of u_g, which bounds its precision from below even when rounding says
otherwise.

Each iteration costs a Cholesky factorisation and inverse of the d x d posterior precision
(O(d^3)) and a gather of each game's block of the covariance (O(sum of squared team sizes)).
That is the cheapest exact route for a few hundred players and hopeless for ten thousand;
``factor.FactorGraphProblem`` takes over there (docs/ratings.md).
"""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.sparse

from stats.ratings.ep import EPFit, FloatArray, SiteProblem, project, psi, tilt

_JITTER = 1e-10  # first diagonal jitter (relative to the mean diagonal) when Cholesky fails
_TINY = 1e-300  # a game's posterior variance, rounded to zero or below, is held here
_GATHER_CELLS = 2_000_000  # covariance cells gathered at once in ``row_quadratic_forms``


class DenseCovariance:
    """A covariance held as a matrix."""

    def __init__(self, matrix: FloatArray):
        self.matrix = matrix

    def diagonal(self) -> FloatArray:
        return np.diag(self.matrix).copy()

    def pair(self, i: int, j: int) -> float:
        return float(self.matrix[i, j])

    def of_rows(self, rows: scipy.sparse.csr_matrix) -> FloatArray:
        return row_quadratic_forms(scipy.sparse.csr_matrix(rows), self.matrix)

    def dense(self) -> FloatArray:
        return self.matrix


class DenseProblem(SiteProblem):
    """A signed design and prior, prepared once and fitted by full EP at any per-game noise.

    ``prior_root`` is L with prior covariance L L^T.
    """

    def __init__(self, design: scipy.sparse.spmatrix, prior_root: scipy.sparse.spmatrix):
        self.b = scipy.sparse.csr_matrix(design, dtype=float)
        self.b.sum_duplicates()
        self.n_games, self.dim = self.b.shape
        self.n_sites = self.n_games
        self.bt = self.b.T.tocsr()
        root = scipy.sparse.csr_matrix(prior_root).toarray()
        self.prior_prec = scipy.linalg.cho_solve((root, True), np.eye(self.dim))
        self.log_det_prior = 2.0 * float(np.sum(np.log(np.diag(root))))
        self.prior_var_u = row_quadratic_forms(self.b, root @ root.T)

    def _update(
        self, tau: FloatArray, nu: FloatArray, noise_var: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        cav_mean, cav_var, _ = self._cavities(tau, nu)
        return project(cav_mean, cav_var, 1.0, 0.0, noise_var, tilt(cav_mean, cav_var, noise_var))

    def _summary(
        self,
        tau: FloatArray,
        nu: FloatArray,
        noise_var: FloatArray,
        iterations: int,
        converged: bool,
    ) -> EPFit:
        cav_mean, cav_var, (mean, cov, log_det_prec, m, v) = self._cavities(tau, nu)
        log_z = tilt(cav_mean, cav_var, noise_var).log_z
        log_evidence = (
            0.5 * (self.bt @ nu) @ mean
            - 0.5 * (log_det_prec + self.log_det_prior)
            + np.sum(log_z - psi(1.0 / v, m / v) + psi(1.0 / cav_var, cav_mean / cav_var))
        )
        return EPFit(
            mean,
            DenseCovariance(cov),
            float(log_evidence),
            log_z,
            iterations,
            bool(converged),
            (tau, nu),
        )

    def _cavities(
        self, tau: FloatArray, nu: FloatArray
    ) -> tuple[
        FloatArray, FloatArray, tuple[FloatArray, FloatArray, float, FloatArray, FloatArray]
    ]:
        """Each game's cavity mean and variance of u_g, and the posterior they come from."""
        data = (self.bt @ self.b.multiply(tau[:, None]).tocsr()).toarray()
        chol, log_det_prec = _cholesky(self.prior_prec + data)
        cov = _inverse_from_cholesky(chol)
        mean = cov @ (self.bt @ nu)
        m = self.b @ mean
        v = np.clip(row_quadratic_forms(self.b, cov), _TINY, self.prior_var_u)
        cav_prec = np.maximum(1.0 / v - tau, 1.0 / self.prior_var_u)
        cav_var = 1.0 / cav_prec
        cav_mean = cav_var * (m / v - nu)
        return cav_mean, cav_var, (mean, cov, log_det_prec, m, v)


def _cholesky(matrix: FloatArray) -> tuple[FloatArray, float]:
    """Lower Cholesky factor and log determinant. A precision whose sites reach 1e12 (the
    deterministic limit) can lose definiteness to rounding; then a diagonal jitter, growing
    from 1e-10 of the mean diagonal, is added until the factorisation succeeds."""
    jitter = 0.0
    scale = float(np.mean(np.diag(matrix)))
    while True:
        try:
            chol = scipy.linalg.cholesky(matrix + jitter * np.eye(len(matrix)), lower=True)
        except scipy.linalg.LinAlgError:
            if jitter > scale:  # not rounding: the matrix is not a precision at all
                raise
            jitter = max(100.0 * jitter, _JITTER * scale)
            continue
        return chol, 2.0 * float(np.sum(np.log(np.diag(chol))))


def _inverse_from_cholesky(chol: FloatArray) -> FloatArray:
    """The inverse of L L^T from L (LAPACK potri: a third of the work of solving against I)."""
    inverse: FloatArray
    inverse, info = scipy.linalg.lapack.dpotri(chol, lower=1)
    if info != 0:
        raise np.linalg.LinAlgError(f"potri failed with info {info}")
    return np.tril(inverse) + np.tril(inverse, -1).T


def row_quadratic_forms(rows: scipy.sparse.csr_matrix, matrix: FloatArray) -> FloatArray:
    """r^T M r for every row r of a sparse matrix, gathering only each row's block of M.

    Rows of equal length are handled together, in chunks of _GATHER_CELLS cells, so the cost
    is the sum of squared row lengths, not rows x columns.
    """
    out = np.zeros(rows.shape[0])
    lengths = np.diff(rows.indptr)
    for length in np.unique(lengths[lengths > 0]):
        which = np.flatnonzero(lengths == length)
        pieces = max(1, len(which) * int(length) ** 2 // _GATHER_CELLS)
        for chunk in np.array_split(which, pieces):
            at = rows.indptr[chunk][:, None] + np.arange(length)
            index, value = rows.indices[at], rows.data[at]
            block = matrix[index[:, :, None], index[:, None, :]]
            out[chunk] = np.einsum("gi,gij,gj->g", value, block, value)
    return out
