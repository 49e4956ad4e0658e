"""The 24 real Trouble Brewing games: the same story as the original Clocktower IQ analysis."""

from pathlib import Path

import numpy as np
import pytest

from stats.ratings import fit_ratings, parse_games, ratings_report
from stats.ratings.compare import deterministic_evidence
from stats.ratings.design import ModelSpec, build_design
from stats.ratings.fit import fit_model

from .ratings_samplers import mc_log_evidence, orthant_log_evidence

DATA = Path(__file__).with_name("clocktower_iq_games.yaml")
NOISE_SD = np.sqrt(3.23)


@pytest.fixture(scope="module")
def games():
    return parse_games(DATA.read_text(encoding="utf-8"), DATA.name)


@pytest.fixture(scope="module")
def report(games):
    return ratings_report(games, fit_ratings(games, noise_sd=NOISE_SD)).to_dict()


def test_the_file_has_24_games_with_evil_winning_16(games):
    assert len(games) == 24
    assert sum(g.winner == "evil" for g in games) == 16


@pytest.mark.parametrize(("bias", "bayes_factor"), [("shared", 1.57), ("none", 1.04)])
def test_bayes_factor_vs_coin_matches_an_independent_monte_carlo(games, bias, bayes_factor):
    fit = fit_model(games, ModelSpec(bias=bias), NOISE_SD)
    design = build_design(games, ModelSpec(bias=bias))
    mc, se = mc_log_evidence(design.signed, NOISE_SD, 300_000, np.random.default_rng(4))
    coin = 24 * np.log(0.5)
    assert abs(fit.log_evidence - mc) < max(0.02, 4 * se)
    assert np.exp(fit.log_evidence - coin) == pytest.approx(bayes_factor, abs=0.03)


def test_evil_is_favoured(report):
    assert report["bias"]["mean"] == pytest.approx(-0.71, abs=0.02)
    assert report["bias"]["var"] == pytest.approx(0.21, abs=0.01)
    assert report["evil_edge"]["p_evil_wins_even_game"] > 0.6


def test_skill_is_barely_preferred_and_determinism_strongly_rejected(report):
    comparisons = report["comparisons"]
    assert 0.5 < comparisons["skill_vs_coin"]["probability"] < 0.7
    assert comparisons["skill_vs_deterministic"]["probability"] > 0.95
    # Bayes factor about 27 against "the better team always wins" (docs/ratings.md).
    assert np.exp(comparisons["skill_vs_deterministic"]["log_bayes_factor"]) == pytest.approx(
        27.4, abs=1.0
    )
    assert report["converged"] and report["warnings"] == []
    assert all(c["converged"] for c in comparisons.values())


def test_deterministic_evidence_matches_importance_sampling(games):
    """The deterministic model's evidence P(every winner's side was ahead), independently."""
    design = build_design(games, ModelSpec())
    evidence = deterministic_evidence(design)
    exact, se = orthant_log_evidence(design, 400_000, np.random.default_rng(6))
    assert se < 0.05
    assert abs(evidence.log_evidence - exact) < max(0.02, 3 * se)


def test_bee_is_rated_like_the_original(report):
    bee = next(p for p in report["players"] if p["name"] == "Bee")
    assert bee["iq_mean"] == pytest.approx(109.1, abs=1.5)
    assert bee["iq_sd"] == pytest.approx(13.2, abs=1.0)
    assert report["players"][0]["name"] == "Bee"
