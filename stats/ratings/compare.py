"""Model comparison by evidence: each question answered as a probability with equal prior odds.

Every comparison pits the fitted ("main") model against one alternative that differs in one
respect. Variants with an eps integrate it over the same grid as the main model, except the
per-storyteller eps, which multiplies the main model's most probable eps by a factor per
storyteller (1/2, 1 or 2, uniform and independent) and sums over those assignments exactly
(or over a seeded random sample of them when there are too many storytellers).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

import numpy as np
from scipy.optimize import linprog
from scipy.special import expit, logsumexp

from stats.ratings.design import ModelSpec, build_design
from stats.ratings.fit import RatingFit, fit_design, fit_model
from stats.ratings.records import GameRecord

STORYTELLER_NOISE_FACTORS = (0.5, 1.0, 2.0)
MAX_NOISE_ASSIGNMENTS = 243
SPLIT_RHOS = (0.0, 0.5, 0.9)


@dataclass(frozen=True)
class Comparison:
    """P(model) against P(alternative) given the data, from their evidences at even prior odds."""

    model: str
    alternative: str
    log_bayes_factor: float  # log evidence(model) - log evidence(alternative), nats
    probability: float  # P(model | data) when only these two are considered

    def as_dict(self) -> dict:
        """JSON-safe: an infinite log Bayes factor (impossible alternative) becomes None."""
        out = asdict(self)
        if not np.isfinite(self.log_bayes_factor):
            out["log_bayes_factor"] = None
        return out


def compare(model: str, alternative: str, log_ev_model: float, log_ev_alt: float) -> Comparison:
    diff = float(log_ev_model - log_ev_alt)
    return Comparison(model, alternative, diff, float(expit(diff)))


def coin_log_evidence(n_games: int) -> float:
    """Every game a fair coin flip: the evidence is 1/2 per game."""
    return n_games * float(np.log(0.5))


def deterministic_log_evidence(games: Sequence[GameRecord], spec: ModelSpec) -> float:
    """Evidence when the better team (bias included) always wins: eps = 0.

    The data are possible only if some skills make every winner's side ahead, i.e. the cone
    B x > 0 is non-empty (an LP: B x >= 1, since the cone is homogeneous); otherwise the
    evidence is zero and EP, whose sites would need infinite precision, is not run.
    """
    design = build_design(games, spec)
    n_games, dim = design.signed.shape
    feasible = linprog(
        np.zeros(dim),
        A_ub=-design.signed,
        b_ub=-np.ones(n_games),
        bounds=[(None, None)] * dim,
        method="highs",
    )
    if feasible.status == 2:  # infeasible
        return float("-inf")
    return fit_design(design, (0.0,)).log_evidence


def storyteller_noise_log_evidence(
    games: Sequence[GameRecord], spec: ModelSpec, noise_sd: float, seed: int = 0
) -> float:
    """Evidence when each storyteller scales the noise sd by their own factor (see module doc)."""
    design = build_design(games, spec)
    n_tellers = len(design.storytellers)
    factors = np.array(STORYTELLER_NOISE_FACTORS)
    if len(factors) ** n_tellers <= MAX_NOISE_ASSIGNMENTS:
        assignments = np.array(list(itertools.product(range(len(factors)), repeat=n_tellers)))
    else:
        rng = np.random.default_rng(seed)
        assignments = rng.integers(0, len(factors), size=(MAX_NOISE_ASSIGNMENTS, n_tellers))
    log_ev = [
        fit_design(design, (noise_sd,), factors[a][design.storyteller_of_game]).log_evidence
        for a in assignments
    ]
    return float(logsumexp(log_ev) - np.log(len(log_ev)))


def split_skill_log_evidence(
    games: Sequence[GameRecord], spec: ModelSpec, noise_sd: float | None
) -> float:
    """Evidence with separate good-side and evil-side skills, correlation uniform on SPLIT_RHOS."""
    log_ev = [
        fit_model(games, replace(spec, split_rho=rho), noise_sd).log_evidence for rho in SPLIT_RHOS
    ]
    return float(logsumexp(log_ev) - np.log(len(log_ev)))


def model_comparisons(
    games: Sequence[GameRecord], main: RatingFit, spec: ModelSpec, noise_sd: float | None
) -> dict[str, Comparison]:
    """All the questions the ratings report answers, keyed by a short name."""
    main_ev = main.log_evidence
    out = {
        "skill_vs_coin": compare(
            "skill decides", "every game a coin flip", main_ev, coin_log_evidence(len(games))
        ),
        "skill_vs_deterministic": compare(
            "skill and chance",
            "the better team always wins",
            main_ev,
            deterministic_log_evidence(games, spec),
        ),
    }
    other_bias = "none" if spec.bias != "none" else "shared"
    other_ev = fit_model(games, replace(spec, bias=other_bias), noise_sd).log_evidence
    with_bias, without_bias = (main_ev, other_ev) if other_bias == "none" else (other_ev, main_ev)
    out["bias_vs_no_bias"] = compare(
        "one side is favoured", "neither side is favoured", with_bias, without_bias
    )
    if len(main.design.storytellers) > 1:
        shared_bias_ev = with_bias if spec.bias == "shared" else other_ev
        shared_spec = replace(spec, bias="shared")
        out["storyteller_bias_vs_shared_bias"] = compare(
            "each storyteller tilts games their own way",
            "one side bias for all storytellers",
            fit_model(games, replace(spec, bias="storyteller"), noise_sd).log_evidence,
            shared_bias_ev,
        )
        best_eps = float(main.noise_sds[np.argmax(main.weights)])
        shared_noise = fit_design(build_design(games, shared_spec), (best_eps,)).log_evidence
        out["storyteller_noise_vs_shared_noise"] = compare(
            "each storyteller has their own amount of chance",
            "the same amount of chance for every storyteller",
            storyteller_noise_log_evidence(games, shared_spec, best_eps),
            shared_noise,
        )
    out["split_skill_vs_single_skill"] = compare(
        "separate (correlated) skill as good and as evil",
        "one skill per player",
        split_skill_log_evidence(games, spec, noise_sd),
        main_ev,
    )
    return out
