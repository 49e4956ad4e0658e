"""Synthetic recovery: data drawn from the model give 95% intervals that cover the truth ~95%."""

import numpy as np
import pytest

from stats.ratings import GameRecord, fit_ratings


def synthetic_games(rng, n_players, n_games, noise_sd, bias):
    skills = rng.standard_normal(n_players)
    names = [f"p{i}" for i in range(n_players)]
    games = []
    for _ in range(n_games):
        size = rng.integers(5, 11)
        chosen = rng.choice(n_players, size=size, replace=False)
        n_evil = max(1, size // 3)
        evil, good = chosen[:n_evil], chosen[n_evil:]
        diff = skills[good].mean() - skills[evil].mean() + bias + noise_sd * rng.standard_normal()
        games.append(
            GameRecord(
                tuple(names[i] for i in good),
                tuple(names[i] for i in evil),
                "good" if diff > 0 else "evil",
            )
        )
    return games, dict(zip(names, skills, strict=True))


@pytest.mark.parametrize("fixed_noise_sd", [1.0, None], ids=["eps fixed", "eps integrated"])
def test_intervals_cover_the_truth_at_about_the_nominal_rate(fixed_noise_sd):
    """40 data sets of 300 games: 1,200 skill intervals and 40 side-bias intervals (95%)."""
    rng = np.random.default_rng(5)
    skills_covered, bias_covered = [], []
    for _ in range(40):
        games, truth = synthetic_games(rng, 30, 300, noise_sd=1.0, bias=-0.4)
        fit = fit_ratings(games, noise_sd=fixed_noise_sd)
        assert fit.converged
        index = np.arange(len(fit.design.players) + 1)  # every skill, then the bias
        lo = fit.marginal_quantiles(index, 0.025)
        hi = fit.marginal_quantiles(index, 0.975)
        true = np.array([truth[name] for name in fit.design.players] + [-0.4])
        inside = (lo <= true) & (true <= hi)
        skills_covered.extend(inside[:-1])
        bias_covered.append(inside[-1])
    assert len(skills_covered) == 1200
    assert 0.92 <= np.mean(skills_covered) <= 0.98, np.mean(skills_covered)
    # 40 independent draws: a 95% interval covers 34 or more with probability 0.997.
    assert sum(bias_covered) >= 34, sum(bias_covered)


def test_estimated_skills_track_the_truth_when_eps_is_integrated():
    games, truth = synthetic_games(np.random.default_rng(6), 20, 400, noise_sd=0.7, bias=0.0)
    fit = fit_ratings(games)
    true = [truth[name] for name in fit.design.players]
    assert np.corrcoef(fit.mean[: len(true)], true)[0, 1] > 0.8
    assert 0.35 <= fit.weights @ fit.noise_sds <= 1.4
