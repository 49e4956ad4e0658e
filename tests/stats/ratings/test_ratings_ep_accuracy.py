"""EP against independent computations on small data: prior Monte Carlo and a long Gibbs run."""

import numpy as np
import pytest

from stats.ratings.design import ModelSpec, build_design
from stats.ratings.ep import ep_probit
from stats.ratings.records import GameRecord

from .ratings_samplers import gibbs_moments, mc_log_evidence

SMALL_GAMES = [
    GameRecord(("a", "b", "c"), ("d", "e"), "good"),
    GameRecord(("a", "d", "e"), ("b", "c"), "evil"),
    GameRecord(("b", "c", "d"), ("a", "e"), "evil"),
    GameRecord(("a", "c"), ("b", "d", "e"), "good"),
    GameRecord(("c", "d", "e"), ("a", "b"), "evil"),
    GameRecord(("a", "b", "e"), ("c", "d"), "good"),
    GameRecord(("b", "d"), ("a", "c", "e"), "evil"),
]


@pytest.mark.parametrize(
    ("noise_sd", "bias", "team_size"),
    [(1.0, "shared", False), (0.5, "none", False), (1.8, "storyteller", True)],
)
def test_evidence_matches_prior_monte_carlo_within_two_percent(noise_sd, bias, team_size):
    design = build_design(SMALL_GAMES, ModelSpec(bias=bias, team_size_noise=team_size))
    noise = noise_sd * design.noise_scale
    fit = ep_probit(design.signed, noise**2, design.prior_cov)
    rng = np.random.default_rng(1)
    # Monte Carlo over x ~ N(0, I) with the per-game noise folded into the rows.
    scaled = design.signed.multiply(1.0 / noise[:, None]).tocsr()
    mc, se = mc_log_evidence(scaled, 1.0, 400_000, rng)
    assert se < 0.005
    assert fit.converged
    assert abs(np.exp(fit.log_evidence - mc) - 1.0) < 0.02


def test_evidence_of_the_deterministic_limit_matches_monte_carlo():
    games = SMALL_GAMES[:4]
    design = build_design(games, ModelSpec(bias="none"))
    fit = ep_probit(design.signed, np.zeros(len(games)), design.prior_cov)
    mc, se = mc_log_evidence(design.signed, 0.0, 400_000, np.random.default_rng(2))
    assert se < 0.02
    assert abs(np.exp(fit.log_evidence - mc) - 1.0) < 0.05


def test_posterior_matches_albert_chib_gibbs_within_monte_carlo_error():
    design = build_design(SMALL_GAMES, ModelSpec(bias="shared"))
    noise_sd = 1.0
    fit = ep_probit(design.signed, np.full(len(SMALL_GAMES), noise_sd**2), design.prior_cov)
    mean, cov, mc_error = gibbs_moments(design.signed, noise_sd, np.random.default_rng(3))
    # EP is an approximation, so allow 4 MC standard errors plus 2% of a posterior sd.
    sd = np.sqrt(np.diag(cov))
    assert np.all(np.abs(fit.mean - mean) < 4 * mc_error + 0.02 * sd)
    assert np.allclose(np.diag(fit.cov), np.diag(cov), rtol=0.03)


def test_evidence_falls_when_a_result_is_flipped_against_a_clear_pattern():
    games = [GameRecord(("a", "b"), ("c", "d"), "good")] * 6
    flipped = games[:5] + [GameRecord(("a", "b"), ("c", "d"), "evil")]
    spec = ModelSpec(bias="none")
    fits = []
    for data in (games, flipped):
        design = build_design(data, spec)
        fits.append(ep_probit(design.signed, np.ones(len(data)), design.prior_cov))
    assert fits[0].log_evidence > fits[1].log_evidence
    assert fits[0].mean[0] > fits[1].mean[0] > 0
