"""The ratings report: every figure the bot and the CLI show (``RatingsReport``; its JSON form
is ``to_dict``).

Skills are shown on an IQ-like scale, 100 + 15 s, so a player of average skill is 100 and one
prior standard deviation is 15 points. The side bias beta is positive when Good is favoured.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import scipy.sparse
from scipy.special import ndtr

from stats.ratings.budget import UNLIMITED, Budget
from stats.ratings.compare import Comparison, coin_log_evidence, model_comparisons
from stats.ratings.design import ModelSpec
from stats.ratings.fit import RatingFit, fit_model
from stats.ratings.records import GameRecord

IQ_MEAN = 100.0
IQ_SD = 15.0
_HERMITE = np.polynomial.hermite_e.hermegauss(40)
logger = logging.getLogger(__name__)


def fit_ratings(
    games: Sequence[GameRecord],
    noise_sd: float | None = None,
    team_size_noise: bool = False,
    bias: bool = True,
) -> RatingFit:
    """Fit the main model to games of one kind (eps integrated unless ``noise_sd`` fixes it)."""
    kinds = sorted({g.kind for g in games})
    if len(kinds) > 1:
        raise ValueError(f"rate one game kind at a time, not {', '.join(kinds)} together")
    return fit_model(games, _spec(team_size_noise, bias), noise_sd)


def prob_better(fit: RatingFit, a: str, b: str) -> float:
    """P(player a's skill exceeds player b's) under the posterior; KeyError for unknown names."""
    players = fit.design.players
    for name in (a, b):
        if name not in players:
            raise KeyError(f"{name} has no rated games")
    return fit.prob_greater(players.index(a), players.index(b))


@dataclass(frozen=True)
class PlayerRating:
    """One player's posterior skill, raw and on the IQ-like scale, from ``games`` games."""

    name: str
    games: int
    skill_mean: float
    skill_sd: float
    iq_mean: float
    iq_sd: float
    iq_ci95: tuple[float, float]


@dataclass(frozen=True)
class ModelSettings:
    """The model fitted: its options, and the noise sd eps, fixed (``noise_sd``) or integrated
    over ``noise_grid`` (``noise_sd`` None) with its posterior weights and mean."""

    team_size_noise: bool
    bias: bool
    noise_sd: float | None
    noise_grid: tuple[float, ...]
    noise_posterior: tuple[float, ...]
    noise_sd_mean: float

    def to_dict(self) -> dict[str, Any]:
        return {
            **_plain(self),
            "noise_sd": "integrated" if self.noise_sd is None else self.noise_sd,
        }


@dataclass(frozen=True)
class Bias:
    """The side bias beta's posterior: positive when Good is favoured."""

    mean: float
    var: float


@dataclass(frozen=True)
class EvilEdge:
    """P(Evil wins a game between equally skilled teams of typical size), and its edge over 1/2."""

    p_evil_wins_even_game: float
    edge: float


@dataclass(frozen=True)
class Evidence:
    """The model's log evidence, a fair coin's, and the log Bayes factor between them (nats)."""

    log_evidence: float
    log_evidence_coin: float
    log_bayes_factor_vs_coin: float


@dataclass(frozen=True)
class Predictive:
    """How well the model predicts results, in sample and leave-one-out (see ``_predictive``)."""

    accuracy_in_sample: float
    accuracy_loo: float
    log_loss_loo: float
    log_loss_coin: float
    stronger_team_won: float | None
    better_team_win_prob: float


@dataclass(frozen=True)
class PairChance:
    """P(player ``a``'s skill exceeds player ``b``'s): ``ravenswood ratings --compare``."""

    a: str
    b: str
    p_a_better: float


@dataclass(frozen=True)
class RatingsReport:
    """Every figure the bot and the CLI show of one fit; ``to_dict`` is ``--json``'s answer.

    ``players`` are those with enough games, best lower bound first; ``comparisons`` None when
    they were not asked for; ``compare`` the CLI's pair, when asked."""

    games: int
    model: ModelSettings
    players: tuple[PlayerRating, ...]
    bias: Bias | None
    evil_edge: EvilEdge | None
    evidence: Evidence
    comparisons: Mapping[str, Comparison] | None
    predictive: Predictive
    converged: bool
    warnings: tuple[str, ...]
    compare: PairChance | None = None

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "games": self.games,
            "model": self.model.to_dict(),
            "players": [_plain(p) for p in self.players],
            "bias": None if self.bias is None else _plain(self.bias),
            "evil_edge": None if self.evil_edge is None else _plain(self.evil_edge),
            "evidence": _plain(self.evidence),
            "comparisons": None
            if self.comparisons is None
            else {name: c.as_dict() for name, c in self.comparisons.items()},
            "predictive": _plain(self.predictive),
            "converged": self.converged,
            "warnings": list(self.warnings),
        }
        if self.compare is not None:
            found["compare"] = _plain(self.compare)
        return found


def _plain(figures: Any) -> dict[str, Any]:
    """A dataclass of figures as JSON-ready data: its tuples as lists."""
    return {
        name: list(value) if isinstance(value, tuple) else value
        for name, value in asdict(figures).items()
    }


def ratings_report(
    games: Sequence[GameRecord],
    fit: RatingFit,
    min_games: int = 5,
    comparisons: bool = True,
    budget: Budget = UNLIMITED,
) -> RatingsReport:
    """Summarise a fit of ``games``: what the CLI prints and the bot renders.

    The model comparisons cost many more fits than the ratings; without ``comparisons`` the
    report's ``comparisons`` is None, and with a ``budget`` those that do not fit in it carry a
    note instead of a probability.
    """
    log_ev = fit.log_evidence
    integrated = len(fit.grid) > 1
    compared = model_comparisons(games, fit, budget) if comparisons else None
    biased = fit.design.spec.bias != "none"
    coin = coin_log_evidence(len(games))
    return RatingsReport(
        games=len(games),
        model=ModelSettings(
            team_size_noise=fit.design.spec.team_size_noise,
            bias=biased,
            noise_sd=None if integrated else fit.grid[0],
            noise_grid=tuple(round(x, 4) for x in fit.grid),
            noise_posterior=tuple(round(float(w), 4) for w in fit.grid_posterior()),
            noise_sd_mean=float(fit.weights @ fit.noise_sds),
        ),
        players=_players(games, fit, min_games),
        bias=_bias(fit) if biased else None,
        evil_edge=_evil_edge(fit) if biased else None,
        evidence=Evidence(log_ev, coin, log_ev - coin),
        comparisons=compared,
        predictive=_predictive(games, fit),
        converged=fit.converged,
        warnings=tuple(_warnings(fit, compared or {})),
    )


def _warnings(fit: RatingFit, compared: dict[str, Comparison]) -> list[str]:
    """Plain sentences about figures that rest on an EP fit that did not converge (logged too)."""
    out = []
    stuck = [
        f"{eps:.2f}" for eps, f in zip(fit.noise_sds, fit.fits, strict=True) if not f.converged
    ]
    if stuck:
        out.append(
            f"The fit did not converge at noise sd {', '.join(stuck)}, so these ratings are rough."
        )
    out.extend(
        f"The comparison with '{c.alternative}' rests on a fit that did not converge; "
        "treat it as rough."
        for c in compared.values()
        if not c.converged
    )
    for sentence in out:
        logger.warning(sentence)
    return out


def _spec(team_size_noise: bool, bias: bool) -> ModelSpec:
    return ModelSpec(bias="shared" if bias else "none", team_size_noise=team_size_noise)


def _players(
    games: Sequence[GameRecord], fit: RatingFit, min_games: int
) -> tuple[PlayerRating, ...]:
    counts = Counter(p for g in games for p in (*g.good, *g.evil))
    names = fit.design.players
    index = np.array([i for i, p in enumerate(names) if counts[p] >= min_games], dtype=int)
    if index.size == 0:
        return ()
    mean = fit.mean[index]
    sd = np.sqrt(fit.var[index])
    lo = fit.marginal_quantiles(index, 0.025)
    hi = fit.marginal_quantiles(index, 0.975)
    rows = [
        PlayerRating(
            name=names[i],
            games=counts[names[i]],
            skill_mean=float(m),
            skill_sd=float(s),
            iq_mean=IQ_MEAN + IQ_SD * float(m),
            iq_sd=IQ_SD * float(s),
            iq_ci95=(IQ_MEAN + IQ_SD * float(a), IQ_MEAN + IQ_SD * float(b)),
        )
        for i, m, s, a, b in zip(index, mean, sd, lo, hi, strict=True)
    ]
    return tuple(sorted(rows, key=lambda r: (-r.iq_ci95[0], r.name)))


def _bias(fit: RatingFit) -> Bias:
    column = fit.design.bias_columns.start
    return Bias(float(fit.mean[column]), float(fit.var[column]))


def _evil_edge(fit: RatingFit) -> EvilEdge:
    """P(Evil wins a game between equally skilled teams of typical size), and its edge over 1/2."""
    column = fit.design.bias_columns.start
    scale = float(np.median(fit.design.noise_scale))
    p_evil = sum(
        w * float(ndtr(-f.mean[column] / np.sqrt((eps * scale) ** 2 + f.cov.pair(column, column))))
        for w, f, eps in zip(fit.weights, fit.fits, fit.noise_sds, strict=True)
    )
    return EvilEdge(p_evil, p_evil - 0.5)


def _predictive(games: Sequence[GameRecord], fit: RatingFit) -> Predictive:
    """How well the model predicts results, in sample and leave-one-out (from the EP cavities).

    better_team_win_prob is the model's own answer to "how often does the more skilled team
    win?": the posterior average, over these games' line-ups, of P(the team with the higher
    mean skill wins), side bias left out.
    """
    signed = fit.design.signed
    skills = np.zeros(signed.shape[1])
    skills[: fit.design.bias_columns.start] = 1.0
    skill_rows = signed @ scipy.sparse.diags(skills)  # each game's skill difference, no bias
    winner_sign = np.array([1.0 if g.winner == "good" else -1.0 for g in games])
    in_sample = np.zeros(len(games))
    better = np.zeros(len(games))
    nodes, node_weights = _HERMITE
    node_weights = node_weights / node_weights.sum()
    for w, f, eps in zip(fit.weights, fit.fits, fit.noise_sds, strict=True):
        sd = eps * fit.design.noise_scale
        v = f.cov.of_rows(signed)
        in_sample += w * ndtr(signed @ f.mean / np.sqrt(sd**2 + v))
        d_sd = np.sqrt(f.cov.of_rows(skill_rows))
        d = (skill_rows @ f.mean)[:, None] + d_sd[:, None] * nodes[None, :]
        safe_sd = np.maximum(sd, 1e-12)[:, None]
        better += w * (ndtr(np.abs(d) / safe_sd) @ node_weights)
    loo = fit.loo_log_prob()
    strength = (skill_rows @ fit.mean) * winner_sign  # good minus evil
    decided = strength != 0
    stronger_won = (strength[decided] > 0) == (winner_sign[decided] > 0)
    return Predictive(
        accuracy_in_sample=float(np.mean(in_sample > 0.5)),
        accuracy_loo=float(np.mean(loo > np.log(0.5))),
        log_loss_loo=float(-np.mean(loo)),
        log_loss_coin=float(np.log(2.0)),
        stronger_team_won=float(np.mean(stronger_won)) if decided.any() else None,
        better_team_win_prob=float(np.mean(better)),
    )
