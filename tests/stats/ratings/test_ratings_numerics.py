"""Numbers that never break: the cases the issue reported, and random files of every shape.

Every valid file must give a report of finite numbers (an impossible alternative's Bayes factor
is None, never inf) that strict JSON accepts, with no LinAlgError or NaN on the way.
"""

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stats.ratings import GameRecord, fit_ratings, ratings_report
from stats.ratings.compare import cone_is_feasible, deterministic_evidence, distinct_rows
from stats.ratings.dense import DenseProblem
from stats.ratings.design import ModelSpec, build_design
from stats.ratings.ep import iterate, project, tilt
from stats.ratings.factor import FactorGraphProblem

from .ratings_data import random_games


def strict_json(report: dict) -> dict:
    """The report through JSON that refuses NaN and infinities."""

    def refuse(constant):
        raise ValueError(f"{constant} in the report")

    return json.loads(json.dumps(report, allow_nan=False), parse_constant=refuse)


def assert_finite_report(games, **options):
    """Every comparison worked out, except the split-skill one with the factor graph."""
    fit = fit_ratings(games, **options)
    report = strict_json(ratings_report(games, fit, min_games=0).to_dict())
    for key, comparison in report["comparisons"].items():
        if key == "split_skill_vs_single_skill" and not fit.design.dense:
            assert comparison["probability"] is None and "more than" in comparison["note"]
        else:
            assert 0.0 <= comparison["probability"] <= 1.0, comparison["note"]
    return report


# The tilted moments, far on the wrong side of a result and with no noise at all ------------
@pytest.mark.parametrize("noise_var", [0.0, 1e-12, 1.0])
@pytest.mark.parametrize("cav_mean", [-1e8, -1e4, -37.0, -10.0, 0.0, 5.0, 1e4])
def test_tilted_moments_and_sites_stay_finite_and_proper(cav_mean, noise_var):
    cav_mean, cav_var, noise = np.array([cav_mean]), np.array([1.0]), np.array([noise_var])
    t = tilt(cav_mean, cav_var, noise)
    assert np.all(np.isfinite([t.log_z, t.alpha, t.w, t.slack]))
    assert 0.0 < t.slack[0] <= 1.0
    precision, shift = project(cav_mean, cav_var, 1.0, 0.0, noise, t)
    assert np.isfinite(precision[0]) and np.isfinite(shift[0]) and precision[0] >= 0.0


def test_the_far_tail_of_one_minus_w_matches_its_asymptotic_series():
    """1 - w = 1/t^2 - 6/t^4 + 50/t^6 - ... for z = -t; the direct form has cancelled to nothing."""
    t = np.array([1e3, 1e5, 1e7])
    slack = tilt(-t, np.ones(3), np.zeros(3)).slack
    assert np.allclose(slack, 1 / t**2 - 6 / t**4 + 50 / t**6, rtol=1e-9)


def test_one_minus_w_is_continuous_where_the_continued_fraction_takes_over():
    z = np.array([-3.0 + 1e-9, -3.0 - 1e-9])
    slack = tilt(z, np.ones(2), np.zeros(2)).slack
    assert slack[0] == pytest.approx(slack[1], rel=1e-7)


def test_a_runaway_iteration_goes_back_to_its_best_sites_and_slows_down():
    """An update that doubles its error every step, flipping sign (as parallel EP can on the
    factor graph): undamped it runs away; halved twice it converges to the fixed point 1."""

    def update(tau, nu):
        return tau, 1.0 - 2.0 * (nu - 1.0)

    tau, nu, _, converged = iterate(update, np.zeros(3), np.full(3, 1.5), tol=1e-8, max_iter=500)
    assert converged and np.allclose(nu, 1.0)


@pytest.mark.parametrize("solver", [DenseProblem, FactorGraphProblem])
def test_ep_with_no_noise_on_impossible_results_stays_finite(solver):
    """The same line-up winning and losing: no skills explain it; EP must not produce NaN."""
    games = [GameRecord(("a", "b"), ("c", "d"), "good"), GameRecord(("a", "b"), ("c", "d"), "evil")]
    games += random_games(30, 8, 3, sizes=(3, 6))
    design = build_design(games, ModelSpec())
    fit = solver(design.signed, design.prior_root).fit(0.0, max_iter=100)
    assert np.all(np.isfinite(fit.mean)) and np.all(np.isfinite(fit.cov.diagonal()))
    assert np.isfinite(fit.log_evidence) or fit.log_evidence == -math.inf


# The failures in the issue --------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_random_thousand_game_files_give_a_deterministic_evidence(seed):
    """Coin-flip results among 300 players: once in five the simplex reported numerical
    trouble, the data were taken to be feasible and EP at eps = 0 met NaN."""
    design = build_design(random_games(1000, 300, seed, coin=True), ModelSpec())
    evidence = deterministic_evidence(design)
    assert evidence.log_evidence == -math.inf or np.isfinite(evidence.log_evidence)


def test_feasibility_is_decided_on_the_files_that_confused_the_simplex():
    for seed in range(5):
        rows = distinct_rows(
            build_design(random_games(1000, 300, seed, coin=True), ModelSpec()).signed
        )
        assert cone_is_feasible(rows, 60.0) is False  # 1,000 random results, 301 unknowns
    feasible = distinct_rows(
        build_design(random_games(150, 1000, 1, coin=True), ModelSpec()).signed
    )
    assert cone_is_feasible(feasible, 60.0) is True


def test_twenty_thousand_games_among_two_thousand_players_fit_without_linalg_errors():
    games = random_games(20_000, 2000, 1)
    fit = fit_ratings(games)
    assert fit.converged and np.all(np.isfinite(fit.mean)) and np.isfinite(fit.log_evidence)
    assert np.all(fit.var > 0) and 0.5 < fit.weights @ fit.noise_sds < 2.0


def test_fifteen_hundred_games_among_fifteen_hundred_players_report_in_full():
    report = assert_finite_report(random_games(1500, 1500, 2, coin=True))
    assert report["converged"]


def test_two_thousand_games_with_a_storyteller_column_report_in_full():
    report = assert_finite_report(random_games(2000, 200, 3, storytellers=5))
    assert "storyteller_noise_vs_shared_noise" in report["comparisons"]


# Any valid file -------------------------------------------------------------------------
@st.composite
def game_files(draw):
    """A valid file: 1 to 40 games of 1 to 6 a side among up to 12 players, any results,
    sometimes storytellers, sometimes the same line-up over and over."""
    pool = [f"p{i}" for i in range(draw(st.integers(2, 12)))]
    games = []
    for _ in range(draw(st.integers(1, 40))):
        chosen = draw(st.permutations(pool))
        cut = draw(st.integers(1, len(pool) - 1))
        size = draw(st.integers(cut + 1, len(pool)))
        games.append(
            GameRecord(
                tuple(chosen[:cut]),
                tuple(chosen[cut:size]),
                draw(st.sampled_from(["good", "evil"])),
                draw(st.none() | st.sampled_from(["s1", "s2", "s3"])),
            )
        )
    repeat = draw(st.integers(1, 30))
    return games[:1] * repeat + games[1:]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_files(),
    st.none() | st.sampled_from([0.01, 0.25, 1.0, 100.0]),
    st.booleans(),
    st.booleans(),
)
def test_no_valid_file_gives_nan_inf_or_a_linalg_error(games, noise_sd, team_size_noise, bias):
    assert_finite_report(games, noise_sd=noise_sd, team_size_noise=team_size_noise, bias=bias)


@pytest.mark.parametrize("noise_sd", [0.0, -1.0, math.inf, math.nan, 1e300, 1e-300])
def test_nonsense_noise_sds_are_refused_with_a_sentence(noise_sd):
    with pytest.raises(ValueError, match=r"must be a number from 0.01 to 100 \(the luck"):
        fit_ratings(random_games(5, 6, 1, sizes=(2, 4)), noise_sd=noise_sd)
