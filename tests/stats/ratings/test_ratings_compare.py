"""Model comparisons: the per-storyteller eps sum against brute force, and their building blocks."""

import itertools
from dataclasses import replace

import numpy as np
import pytest
from scipy.special import logsumexp

from stats.ratings import GameRecord, fit_ratings, ratings_report
from stats.ratings.budget import Budget, OutOfTime
from stats.ratings.compare import (
    NOISE_TELLERS,
    ORDER,
    STORYTELLER_NOISE_FACTORS,
    distinct_rows,
    gray_code,
    storyteller_noise_evidence,
)
from stats.ratings.dense import DenseProblem
from stats.ratings.design import ModelSpec, build_design


def storyteller_games(rng, n_games, factors):
    """Games from the model where storyteller k's games have noise sd factors[k]."""
    skills = rng.standard_normal(30)
    games = []
    for _ in range(n_games):
        chosen = rng.choice(30, size=int(rng.integers(5, 12)), replace=False)
        evil, good = chosen[: len(chosen) // 3], chosen[len(chosen) // 3 :]
        teller = int(rng.integers(len(factors)))
        diff = skills[good].mean() - skills[evil].mean() - 0.3
        diff += factors[teller] * rng.standard_normal()
        games.append(
            GameRecord(
                tuple(f"p{i}" for i in good),
                tuple(f"p{i}" for i in evil),
                "good" if diff > 0 else "evil",
                f"st{teller}",
            )
        )
    return games


def brute_force(design, noise_sd):
    """The average evidence over every assignment of factors, each fitted from scratch."""
    teller = design.storyteller_of_game
    own = np.argsort(-np.bincount(teller), kind="stable")[:NOISE_TELLERS]
    factors = np.array(STORYTELLER_NOISE_FACTORS)
    log_ev = []
    for assignment in itertools.product(range(len(factors)), repeat=len(own)):
        multiplier = np.ones(len(design.storytellers))
        multiplier[own] = factors[list(assignment)]
        sd = noise_sd * design.noise_scale * multiplier[teller]
        log_ev.append(design.problem.fit(sd**2).log_evidence)
    return logsumexp(log_ev) - np.log(len(log_ev))


@pytest.mark.parametrize(("n_games", "pruned"), [(200, False), (800, True)])
def test_storyteller_noise_evidence_is_the_brute_force_sum(monkeypatch, n_games, pruned):
    """With 800 games some assignments are hopeless and are not fitted; the sum is unchanged."""
    games = storyteller_games(np.random.default_rng(5), n_games, [0.5, 1.0, 2.0, 1.0])
    base = fit_ratings(games, noise_sd=1.0)
    calls = []
    fit = DenseProblem.fit
    monkeypatch.setattr(DenseProblem, "fit", lambda *a, **k: calls.append(1) or fit(*a, **k))
    evidence = storyteller_noise_evidence(base.design, 1.0, base.best)
    monkeypatch.setattr(DenseProblem, "fit", fit)
    assert evidence.converged
    assert evidence.log_evidence == pytest.approx(brute_force(base.design, 1.0), abs=1e-6)
    assert (len(calls) < 80) == pruned  # 80 = every assignment but the base fit's


def test_gray_code_visits_every_assignment_once_in_single_steps():
    codes = list(gray_code(4, 3))
    assert sorted(codes) == list(itertools.product(range(3), repeat=4))
    steps = [np.abs(np.subtract(a, b)) for a, b in itertools.pairwise(codes)]
    assert all(step.sum() == 1 for step in steps)


def test_distinct_rows_drops_repeated_games_only():
    games = [
        GameRecord(("a", "b"), ("c",), "good"),
        GameRecord(("b", "a"), ("c",), "good"),  # the same game, players listed differently
        GameRecord(("a", "b"), ("c",), "evil"),
        GameRecord(("a",), ("c",), "good"),
    ]
    rows = distinct_rows(build_design(games, ModelSpec()).signed)
    assert rows.shape[0] == 3


def test_many_storytellers_name_the_ones_with_their_own_noise():
    games = storyteller_games(np.random.default_rng(6), 120, [1.0] * 6)
    report = ratings_report(games, fit_ratings(games, noise_sd=1.0), min_games=1).to_dict()
    noise = report["comparisons"]["storyteller_noise_vs_shared_noise"]
    assert noise["model"].startswith(f"each of the {NOISE_TELLERS} storytellers with the most")
    assert (
        ratings_report(games, fit_ratings(games), comparisons=False).to_dict()["comparisons"]
        is None
    )


class Countdown(Budget):
    """A budget that lasts for ``checks`` checks (as if each EP fit took the time it has)."""

    def __init__(self, checks: int):
        super().__init__(3600.0)
        self.checks = checks

    def remaining(self) -> float:
        return 3600.0 if self.checks > 0 else 0.0

    def check(self) -> None:
        self.checks -= 1
        if self.checks < 0:
            raise OutOfTime


@pytest.fixture(scope="module")
def told():
    games = storyteller_games(np.random.default_rng(7), 150, [1.0, 1.0, 1.0])
    return games, fit_ratings(games)


def test_with_no_time_left_only_the_coin_flip_is_worked_out(told):
    games, fit = told
    comparisons = ratings_report(games, fit, budget=Budget(0)).to_dict()["comparisons"]
    assert list(comparisons) == [key for key in ORDER if key in comparisons]
    assert comparisons.pop("skill_vs_coin")["probability"] is not None
    for comparison in comparisons.values():
        assert comparison["probability"] is None and comparison["out_of_time"]
        assert comparison["note"] == "the time available was used up by the others"


def test_a_comparison_that_runs_out_of_time_midway_is_abandoned_with_a_note(told):
    games, fit = told
    comparisons = ratings_report(games, fit, budget=Countdown(len(fit.fits) + 2)).to_dict()[
        "comparisons"
    ]
    assert comparisons["bias_vs_no_bias"]["probability"] is not None  # the walk fits in time
    abandoned = comparisons["storyteller_bias_vs_shared_bias"]
    assert abandoned["probability"] is None
    assert abandoned["note"] == "it took longer than the time available"


def test_a_comparison_estimated_to_take_too_long_is_not_started(told, monkeypatch):
    games, fit = told
    slow = replace(fit, seconds_per_fit=1000.0)
    calls = []
    monkeypatch.setattr("stats.ratings.compare.fit_design", lambda *a, **k: calls.append(1) or None)
    comparisons = ratings_report(games, slow, budget=Budget(120.0)).to_dict()["comparisons"]
    assert calls == []
    note = comparisons["split_skill_vs_single_skill"]["note"]
    assert note.startswith("it would take about") and note.endswith("more than the time available")


def test_an_undecided_feasibility_check_is_said_not_guessed(told, monkeypatch):
    games, fit = told
    monkeypatch.setattr("stats.ratings.compare.cone_is_feasible", lambda rows, seconds: None)
    deterministic = ratings_report(games, fit).to_dict()["comparisons"]["skill_vs_deterministic"]
    assert deterministic["probability"] is None and not deterministic["out_of_time"]
    assert deterministic["note"].startswith("checking whether any skills explain every result")
