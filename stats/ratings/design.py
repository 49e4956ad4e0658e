"""Turn games into the linear-Gaussian form EP works on: a signed design and a prior covariance.

Variables are the players' skills (one block, or a good-side block and an evil-side block for the
split-skill variant) followed by the side-bias terms. Row g of the design is the performance
difference Good - Evil (mean skill of each team, plus the bias), negated when Evil won, so every
game becomes "this row times x, plus noise, was positive".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.sparse

from stats.ratings.ep import ProbitProblem
from stats.ratings.records import GameRecord

NO_STORYTELLER = "(no storyteller)"


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
    """The signed design (games x variables), prior covariance and per-game noise scale."""

    spec: ModelSpec
    signed: scipy.sparse.csr_matrix
    prior_cov: np.ndarray
    noise_scale: np.ndarray  # multiplies eps to give each game's noise sd
    players: tuple[str, ...]
    storytellers: tuple[str, ...]
    storyteller_of_game: np.ndarray
    bias_columns: slice

    @cached_property
    def problem(self) -> ProbitProblem:
        """Prepared once, shared by the fits at every eps and by warm starts."""
        return ProbitProblem(self.signed, self.prior_cov)


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
    teller_of_game = np.array([teller_index[g.storyteller or NO_STORYTELLER] for g in games])
    n_skill = n if spec.split_rho is None else 2 * n
    evil_offset = 0 if spec.split_rho is None else n
    n_bias = {"none": 0, "shared": 1, "storyteller": len(storytellers)}[spec.bias]
    rows, cols, vals = [], [], []
    for g, game in enumerate(games):
        sign = 1.0 if game.winner == "good" else -1.0
        for p in game.good:
            rows.append(g), cols.append(index[p]), vals.append(sign / len(game.good))
        for p in game.evil:
            rows.append(g), cols.append(evil_offset + index[p]), vals.append(-sign / len(game.evil))
        if n_bias:
            column = 0 if spec.bias == "shared" else teller_of_game[g]
            rows.append(g), cols.append(n_skill + column), vals.append(sign)
    dim = n_skill + n_bias
    signed = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=(len(games), dim))
    prior_cov = np.eye(dim)
    if spec.split_rho is not None:
        prior_cov[:n, n : 2 * n] = prior_cov[n : 2 * n, :n] = spec.split_rho * np.eye(n)
    if spec.team_size_noise:
        noise_scale = np.array([np.sqrt(1 / len(g.good) + 1 / len(g.evil)) for g in games])
    else:
        noise_scale = np.ones(len(games))
    return Design(
        spec,
        signed,
        prior_cov,
        noise_scale,
        players,
        storytellers,
        teller_of_game,
        slice(n_skill, dim),
    )
