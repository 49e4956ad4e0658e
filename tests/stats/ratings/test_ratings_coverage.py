"""Synthetic recovery: data drawn from the model give 95% intervals that cover the truth ~95%."""

import numpy as np

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


def test_intervals_cover_the_true_skills_at_about_the_nominal_rate():
    rng = np.random.default_rng(5)
    covered = []
    bias_covered = []
    for _ in range(6):
        games, truth = synthetic_games(rng, 30, 300, noise_sd=1.0, bias=-0.4)
        fit = fit_ratings(games, noise_sd=1.0)
        players = np.arange(len(fit.design.players))
        lo = fit.marginal_quantiles(players, 0.025)
        hi = fit.marginal_quantiles(players, 0.975)
        true = np.array([truth[name] for name in fit.design.players])
        covered.extend((lo <= true) & (true <= hi))
        bias = fit.design.bias_columns.start
        bias_covered.append(abs(fit.mean[bias] + 0.4) < 1.96 * np.sqrt(fit.cov[bias, bias]))
    rate = np.mean(covered)
    assert len(covered) == 180
    assert 0.89 <= rate <= 0.99, rate
    assert sum(bias_covered) >= 5


def test_estimated_skills_track_the_truth_when_eps_is_integrated():
    games, truth = synthetic_games(np.random.default_rng(6), 20, 400, noise_sd=0.7, bias=0.0)
    fit = fit_ratings(games)
    true = [truth[name] for name in fit.design.players]
    assert np.corrcoef(fit.mean[: len(true)], true)[0, 1] > 0.8
    assert 0.35 <= fit.weights @ fit.noise_sds <= 1.4
