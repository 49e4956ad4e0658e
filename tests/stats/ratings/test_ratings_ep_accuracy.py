"""EP against independent computations on small data: prior Monte Carlo and a long Gibbs run."""

import numpy as np
import pytest
from scipy import integrate
from scipy.special import log_ndtr

from stats.ratings.compare import deterministic_evidence
from stats.ratings.dense import DenseProblem
from stats.ratings.design import ModelSpec, build_design
from stats.ratings.records import GameRecord

from .ratings_samplers import gibbs_moments, mc_log_evidence, orthant_log_evidence, prior_cov

SMALL_GAMES = [
    GameRecord(("a", "b", "c"), ("d", "e"), "good", "s1"),
    GameRecord(("a", "d", "e"), ("b", "c"), "evil", "s2"),
    GameRecord(("b", "c", "d"), ("a", "e"), "evil", "s1"),
    GameRecord(("a", "c"), ("b", "d", "e"), "good", "s3"),
    GameRecord(("c", "d", "e"), ("a", "b"), "evil", "s2"),
    GameRecord(("a", "b", "e"), ("c", "d"), "good", "s3"),
    GameRecord(("b", "d"), ("a", "c", "e"), "evil", "s1"),
]


@pytest.mark.parametrize(
    ("noise_sd", "spec"),
    [
        (1.0, ModelSpec(bias="shared")),
        (0.5, ModelSpec(bias="none")),
        (1.8, ModelSpec(bias="storyteller", team_size_noise=True)),
        (1.0, ModelSpec(bias="shared", split_rho=0.5)),
        (0.7, ModelSpec(bias="storyteller", split_rho=0.9)),
    ],
)
def test_evidence_matches_prior_monte_carlo_within_two_percent(noise_sd, spec):
    design = build_design(SMALL_GAMES, spec)
    assert len(design.storytellers) == 3
    noise = noise_sd * design.noise_scale
    fit = DenseProblem(design.signed, design.prior_root).fit(noise**2)
    rng = np.random.default_rng(1)
    # Monte Carlo over x ~ N(0, prior) with the per-game noise folded into the rows.
    scaled = design.signed.multiply(1.0 / noise[:, None]).tocsr()
    mc, se = mc_log_evidence(scaled, 1.0, 400_000, rng, prior_cov=prior_cov(design))
    assert se < 0.007
    assert fit.converged
    assert abs(np.exp(fit.log_evidence - mc) - 1.0) < 0.02


def test_evidence_of_the_deterministic_limit_matches_monte_carlo():
    games = SMALL_GAMES[:4]
    design = build_design(games, ModelSpec(bias="none"))
    fit = DenseProblem(design.signed, design.prior_root).fit(np.zeros(len(games)))
    mc, se = mc_log_evidence(design.signed, 0.0, 400_000, np.random.default_rng(2))
    assert se < 0.02
    assert abs(np.exp(fit.log_evidence - mc) - 1.0) < 0.05


@pytest.mark.parametrize("bias", ["none", "shared"])
def test_deterministic_evidence_of_seven_games_matches_importance_sampling(bias):
    """EP at eps = 0 is rougher than with noise: within 0.08 nats (about 8%) here."""
    design = build_design(SMALL_GAMES, ModelSpec(bias=bias))
    evidence = deterministic_evidence(design)
    exact, se = orthant_log_evidence(design, 400_000, np.random.default_rng(5))
    assert se < 0.005 and evidence.converged
    assert abs(evidence.log_evidence - exact) < 0.08


def test_repeated_games_count_once_in_the_deterministic_limit():
    """The same line-up winning 300 times says no more than once, if the better side always
    wins: P(Good's side is ahead) = 1/2 exactly."""
    games = [GameRecord(("a", "b"), ("c", "d"), "good")] * 300
    evidence = deterministic_evidence(build_design(games, ModelSpec()))
    assert evidence.log_evidence == pytest.approx(np.log(0.5), abs=1e-9)
    flipped = [*games, GameRecord(("a", "b"), ("c", "d"), "evil")]
    assert deterministic_evidence(build_design(flipped, ModelSpec())).log_evidence == -np.inf


@pytest.mark.parametrize("noise_sd", [0.25, 0.354, 0.5, 1.0])
def test_many_identical_games_converge_near_the_exact_evidence(noise_sd):
    """Parallel EP oscillates on 300 copies of one site unless damped; the stall rule damps it.
    One variable u = s_G - s_E + beta ~ N(0, 2) carries everything, so the exact evidence is a
    one-dimensional integral. EP over-counts repeated sites a little (0.36 nats at 0.25)."""
    games = [GameRecord(("a", "b"), ("c", "d"), "good")] * 300
    design = build_design(games, ModelSpec())
    fit = DenseProblem(design.signed, design.prior_root).fit(noise_sd**2)
    exact, _ = integrate.quad(
        lambda u: np.exp(-(u**2) / 4 + 300 * log_ndtr(u / noise_sd)) / np.sqrt(4 * np.pi),
        -50,
        50,
        points=[0],
        limit=200,
    )
    assert fit.converged
    assert abs(fit.log_evidence - np.log(exact)) < 0.4


def test_a_fit_stopped_early_says_it_did_not_converge():
    design = build_design(SMALL_GAMES, ModelSpec())
    assert not design.problem.fit(1.0, max_iter=1).converged


def test_posterior_matches_albert_chib_gibbs_within_monte_carlo_error():
    design = build_design(SMALL_GAMES, ModelSpec(bias="shared"))
    noise_sd = 1.0
    fit = DenseProblem(design.signed, design.prior_root).fit(noise_sd**2)
    mean, cov, mc_error = gibbs_moments(design.signed, noise_sd, np.random.default_rng(3))
    # EP is an approximation, so allow 4 MC standard errors plus 2% of a posterior sd.
    sd = np.sqrt(np.diag(cov))
    assert np.all(np.abs(fit.mean - mean) < 4 * mc_error + 0.02 * sd)
    assert np.allclose(fit.cov.diagonal(), np.diag(cov), rtol=0.03)


def test_evidence_falls_when_a_result_is_flipped_against_a_clear_pattern():
    games = [GameRecord(("a", "b"), ("c", "d"), "good")] * 6
    flipped = games[:5] + [GameRecord(("a", "b"), ("c", "d"), "evil")]
    spec = ModelSpec(bias="none")
    fits = []
    for data in (games, flipped):
        design = build_design(data, spec)
        fits.append(design.problem.fit(1.0))
    assert fits[0].log_evidence > fits[1].log_evidence
    assert fits[0].mean[0] > fits[1].mean[0] > 0
