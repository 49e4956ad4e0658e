"""The factor-graph solver against full EP, and which data set each solver gets.

Full EP (dense.py) is the reference: it matches prior Monte Carlo and Gibbs (see
test_ratings_ep_accuracy.py), and every data set of up to DENSE_PLAYERS players gets it. On the
data sets the factor graph takes (more players than that) it keeps every player's posterior
mean and sd within 0.5 IQ points of full EP and every Bayes factor between variants within
0.05 nats; its evidence on its own is as close only on sparse data, and 0.3 to 0.7 nats low
where players meet often (it ignores their posterior correlations). On a handful of games
among a handful of players it would be further off (0.7 IQ points and 0.9 nats at worst on
the 24 real games), which is why those get full EP.
"""

from pathlib import Path

import numpy as np
import pytest

from stats.ratings import fit_ratings, parse_games
from stats.ratings.dense import DenseProblem
from stats.ratings.design import DENSE_PLAYERS, ModelSpec, build_design
from stats.ratings.factor import FactorGraphProblem

from .ratings_data import random_games
from .test_ratings_ep_accuracy import SMALL_GAMES

IQ_GAMES = Path(__file__).with_name("clocktower_iq_games.yaml")
IQ_POINTS = 15.0


def both(games, spec, noise_sd):
    design = build_design(games, spec)
    noise = (noise_sd * design.noise_scale) ** 2
    dense = DenseProblem(design.signed, design.prior_root).fit(noise)
    factor = FactorGraphProblem(design.signed, design.prior_root).fit(noise)
    assert dense.converged and factor.converged
    return dense, factor


# Data sets the factor graph is used for (more than DENSE_PLAYERS players), or at the border.
SETS = {
    "1,000 games, 300 players": random_games(1000, 300, 4),
    "3,000 games, 400 players, 6 storytellers": random_games(3000, 400, 5, storytellers=6),
    "300 coin flips, 350 players": random_games(300, 350, 5, coin=True),
    "1,500 games, 1,500 players": random_games(1500, 1500, 6),
}


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("noise_sd", [0.5, 1.0, 1.8])
@pytest.mark.parametrize("spec", [ModelSpec(), ModelSpec(bias="storyteller")], ids=str)
def test_posterior_means_and_sds_agree_with_full_ep_within_half_an_iq_point(name, noise_sd, spec):
    dense, factor = both(SETS[name], spec, noise_sd)
    assert IQ_POINTS * np.max(np.abs(factor.mean - dense.mean)) < 0.5
    sd = np.sqrt(factor.cov.diagonal()), np.sqrt(dense.cov.diagonal())
    assert IQ_POINTS * np.max(np.abs(sd[0] - sd[1])) < 0.5


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("noise_sd", [0.5, 1.0])
def test_bayes_factors_between_variants_agree_with_full_ep_within_five_hundredths(name, noise_sd):
    """The figures the comparisons use: the difference between two variants' evidences."""
    gaps = {}
    for spec in (ModelSpec(), ModelSpec(bias="none"), ModelSpec(bias="storyteller")):
        dense, factor = both(SETS[name], spec, noise_sd)
        gaps[spec.bias] = factor.log_evidence - dense.log_evidence
        assert abs(gaps[spec.bias]) < 1.0  # the absolute gap: see the module docstring
    assert abs(gaps["shared"] - gaps["none"]) < 0.05
    assert abs(gaps["storyteller"] - gaps["shared"]) < 0.05


@pytest.mark.parametrize(("n_games", "n_players"), [(700, 1000), (1500, 1500)])
def test_on_sparse_data_the_evidence_itself_agrees_within_five_hundredths_of_a_nat(
    n_games, n_players
):
    for noise_sd in (0.5, 1.0):
        dense, factor = both(random_games(n_games, n_players, 7), ModelSpec(), noise_sd)
        assert abs(factor.log_evidence - dense.log_evidence) < 0.05


def test_small_data_sets_get_full_ep_and_large_ones_the_factor_graph():
    games = parse_games(IQ_GAMES.read_text(encoding="utf-8"), IQ_GAMES.name)
    fit = fit_ratings(games, noise_sd=1.0)
    design = build_design(games, ModelSpec())
    exact = DenseProblem(design.signed, design.prior_root).fit(1.0)
    assert fit.design.dense and fit.log_evidence == exact.log_evidence
    assert np.array_equal(fit.mean, exact.mean)
    large = fit_ratings(random_games(3000, DENSE_PLAYERS + 200, 2), noise_sd=1.0)
    assert not large.design.dense
    # every variant of one data set uses the same solver, even with twice the variables
    split = build_design(random_games(100, DENSE_PLAYERS - 10, 3), ModelSpec(split_rho=0.5))
    assert split.dense and split.signed.shape[1] > DENSE_PLAYERS


def test_the_factor_graph_keeps_the_split_skill_prior_exactly_when_there_are_no_games():
    """With no data the posterior is the prior, correlated good and evil skills included."""
    design = build_design(SMALL_GAMES, ModelSpec(split_rho=0.5))
    fit = FactorGraphProblem(design.signed[:0], design.prior_root).fit(1.0)
    prior = (design.prior_root @ design.prior_root.T).toarray()
    assert np.allclose(fit.cov.dense(), prior) and fit.log_evidence == pytest.approx(0.0)
