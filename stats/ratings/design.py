"""Turn games into the linear-Gaussian form EP works on: a signed design and a prior.

Variables are the players' skills (one block, or a good-side block and an evil-side block for the
split-skill variant) followed by the side-bias terms. Row g of the design is the performance
difference Good - Evil (mean skill of each team, plus the bias), negated when Evil won, so every
game becomes "this row times x, plus noise, was positive". The prior is N(0, L L^T) with L
sparse: the identity, or 2 x 2 blocks pairing a player's two skills.

Which EP solver fits a design depends on the number of players in the data, so every variant
of one data set (the split-skill one has twice the variables) is fitted the same way and their
evidences compare like with like.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.sparse
from numpy.typing import NDArray

from stats.ratings.dense import DenseProblem
from stats.ratings.ep import FloatArray
from stats.ratings.factor import FactorGraphProblem
from stats.ratings.records import GameRecord

NO_STORYTELLER = "(no storyteller)"
DENSE_PLAYERS = 300  # up to this many players, full EP; beyond, the factor graph
Problem = DenseProblem | FactorGraphProblem


@dataclass(frozen=True)
class ModelSpec:
    """Which variant of the team probit model to build.

    bias: "none", "shared" (one side bias) or "storyteller" (one independent bias each).
    split_rho: None for one skill per player; else separate good-side and evil-side skills whose
    prior correlation is split_rho.
    team_size_noise: noise sd eps * sqrt(1/|G| + 1/|E|) instead of eps.
    """

    bias: str = "shared"
    split_rho: float | None = None
    team_size_noise: bool = False


@dataclass(frozen=True)
class Design:
    """The signed design (games x variables), prior root and per-game noise scale."""

    spec: ModelSpec
    signed: scipy.sparse.csr_matrix
    prior_root: scipy.sparse.csr_matrix
    noise_scale: FloatArray  # multiplies eps to give each game's noise sd
    players: tuple[str, ...]
    storytellers: tuple[str, ...]
    storyteller_of_game: NDArray[np.intp]
    bias_columns: slice
    dense: bool  # fitted by full EP (few players) rather than on the factor graph

    @cached_property
    def problem(self) -> Problem:
        """Prepared once, shared by the fits at every eps and by warm starts."""
        return self.problem_for(self.signed)

    def problem_for(self, rows: scipy.sparse.csr_matrix) -> Problem:
        """A problem with other rows (such as merged games) but this design's prior and solver."""
        return (DenseProblem if self.dense else FactorGraphProblem)(rows, self.prior_root)


def players_of(games: Sequence[GameRecord]) -> tuple[str, ...]:
    """Every player in order of first appearance (a stable order for reports and tests)."""
    return tuple(dict.fromkeys(p for g in games for p in (*g.good, *g.evil)))


def build_design(games: Sequence[GameRecord], spec: ModelSpec) -> Design:
    """Build the design for ``spec``; raises ValueError for an unknown bias kind."""
    if spec.bias not in ("none", "shared", "storyteller"):
        raise ValueError(f"unknown bias kind {spec.bias!r}")
    players = players_of(games)
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    storytellers = tuple(dict.fromkeys(g.storyteller or NO_STORYTELLER for g in games))
    teller_index = {s: i for i, s in enumerate(storytellers)}
    teller_of_game = np.array(
        [teller_index[g.storyteller or NO_STORYTELLER] for g in games], dtype=int
    )
    n_skill = n if spec.split_rho is None else 2 * n
    n_bias = {"none": 0, "shared": 1, "storyteller": len(storytellers)}[spec.bias]
    dim = n_skill + n_bias
    sign = np.array([1.0 if g.winner == "good" else -1.0 for g in games])
    good_size = np.array([len(g.good) for g in games])
    evil_size = np.array([len(g.evil) for g in games])
    good = np.fromiter((index[p] for g in games for p in g.good), int, int(good_size.sum()))
    evil = np.fromiter((index[p] for g in games for p in g.evil), int, int(evil_size.sum()))
    rows = [
        np.repeat(np.arange(len(games)), good_size),
        np.repeat(np.arange(len(games)), evil_size),
    ]
    cols = [good, evil + (0 if spec.split_rho is None else n)]
    vals = [np.repeat(sign / good_size, good_size), np.repeat(-sign / evil_size, evil_size)]
    if n_bias:
        rows.append(np.arange(len(games)))
        shared = np.zeros(len(games), dtype=int)
        cols.append(n_skill + (teller_of_game if spec.bias == "storyteller" else shared))
        vals.append(sign)
    signed = scipy.sparse.csr_matrix(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
        shape=(len(games), dim),
    )
    return Design(
        spec,
        signed,
        _prior_root(dim, n, spec.split_rho),
        _noise_scale(games, spec),
        players,
        storytellers,
        teller_of_game,
        slice(n_skill, dim),
        n <= DENSE_PLAYERS,
    )


def _prior_root(dim: int, n_players: int, split_rho: float | None) -> scipy.sparse.csr_matrix:
    """L with L L^T the prior covariance: the identity, except that with split skills a
    player's evil-side skill is rho times their good-side one plus independent sqrt(1 - rho^2)."""
    diagonal = np.ones(dim)
    rows, cols = np.arange(dim), np.arange(dim)
    if split_rho is None:
        return scipy.sparse.csr_matrix((diagonal, (rows, cols)), shape=(dim, dim))
    n = n_players
    diagonal[n : 2 * n] = np.sqrt(1.0 - split_rho**2)
    rows = np.concatenate([rows, np.arange(n, 2 * n)])
    cols = np.concatenate([cols, np.arange(n)])
    values = np.concatenate([diagonal, np.full(n, split_rho)])
    return scipy.sparse.csr_matrix((values, (rows, cols)), shape=(dim, dim))


def _noise_scale(games: Sequence[GameRecord], spec: ModelSpec) -> FloatArray:
    if spec.team_size_noise:
        return np.array([np.sqrt(1 / len(g.good) + 1 / len(g.evil)) for g in games])
    return np.ones(len(games))
