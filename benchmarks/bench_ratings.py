"""Benchmark: our full-batch EP team probit vs trueskill and openskill on synthetic games.

10,000 two-team games of 5-15 players drawn from 200 players with the model itself (skills
N(0,1), team skill the mean, side bias, noise sd EPS). Figures: time to fit everything, the
predictive log-loss when each game is predicted before it is seen, and the correlation of the
estimated with the true skills. trueskill and openskill update online game by game; ours is
refitted in full batch on all earlier games every BLOCK games (games inside a block are
predicted from the fit on the games before the block).

Run: python benchmarks/bench_ratings.py   (trueskill and openskill must be installed)
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import numpy as np
from scipy.special import ndtr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from stats.ratings import GameRecord  # noqa: E402
from stats.ratings.design import ModelSpec, build_design  # noqa: E402
from stats.ratings.fit import fit_design, fit_model  # noqa: E402

N_PLAYERS = 200
N_GAMES = 10_000
EPS = 1.0
BIAS = -0.3
BLOCK = 1000
SEED = 7


def synthetic(rng: np.random.Generator) -> tuple[list[GameRecord], np.ndarray]:
    skills = rng.standard_normal(N_PLAYERS)
    games = []
    for _ in range(N_GAMES):
        size = int(rng.integers(5, 16))
        chosen = rng.choice(N_PLAYERS, size=size, replace=False)
        n_evil = max(1, size // 3)
        evil, good = chosen[:n_evil], chosen[n_evil:]
        diff = skills[good].mean() - skills[evil].mean() + BIAS + EPS * rng.standard_normal()
        games.append(
            GameRecord(
                tuple(f"p{i}" for i in good),
                tuple(f"p{i}" for i in evil),
                "good" if diff > 0 else "evil",
            )
        )
    return games, skills


def log_loss(p_good: np.ndarray, games: list[GameRecord]) -> float:
    p = np.clip(p_good, 1e-12, 1 - 1e-12)
    good_won = np.array([g.winner == "good" for g in games])
    return float(-np.mean(np.where(good_won, np.log(p), np.log1p(-p))))


def correlation(estimates: dict[str, float], skills: np.ndarray) -> float:
    names = [f"p{i}" for i in range(N_PLAYERS) if f"p{i}" in estimates]
    return float(
        np.corrcoef([estimates[n] for n in names], [skills[int(n[1:])] for n in names])[0, 1]
    )


def ours(games, skills, noise_sd):
    """Full-batch fit times, block-refit predictions, correlation."""
    t0 = time.perf_counter()
    fit = fit_model(games, ModelSpec(), noise_sd)
    fit_time = time.perf_counter() - t0
    names = fit.design.players
    est = dict(zip(names, fit.mean[: len(names)], strict=True))
    preds = np.full(len(games), 0.5)
    t0 = time.perf_counter()
    for start in range(BLOCK, len(games), BLOCK):
        past = fit_model(games[:start], ModelSpec(), noise_sd)
        block = games[start : start + BLOCK]
        preds[start : start + BLOCK] = _predict(past, block)
    refit_time = time.perf_counter() - t0
    return fit_time, refit_time, log_loss(preds, games), correlation(est, skills), fit


def _predict(fit, block):
    """P(good wins) for unseen games: mixture over eps of probit of the predicted difference."""
    index = {p: i for i, p in enumerate(fit.design.players)}
    design = build_design(block, ModelSpec())
    rows = np.zeros((len(block), fit.mean.size))
    for g, game in enumerate(block):
        for p in game.good:
            if p in index:
                rows[g, index[p]] += 1 / len(game.good)
        for p in game.evil:
            if p in index:
                rows[g, index[p]] -= 1 / len(game.evil)
        rows[g, -1] = 1.0
    p = np.zeros(len(block))
    for w, f, eps in zip(fit.weights, fit.fits, fit.noise_sds, strict=True):
        var = eps**2 * design.noise_scale**2 + np.einsum("gi,ij,gj->g", rows, f.cov, rows)
        # unseen players keep their prior variance 1 each, scaled by the team-mean weight
        for g, game in enumerate(block):
            var[g] += sum(1 / len(game.good) ** 2 for q in game.good if q not in index)
            var[g] += sum(1 / len(game.evil) ** 2 for q in game.evil if q not in index)
        p += w * ndtr(rows @ f.mean / np.sqrt(var))
    return p


def trueskill_run(games, skills):
    import trueskill

    env = trueskill.TrueSkill(draw_probability=0.0)
    ratings = {}
    preds = np.empty(len(games))
    t0 = time.perf_counter()
    for k, g in enumerate(games):
        good = [ratings.setdefault(p, env.create_rating()) for p in g.good]
        evil = [ratings.setdefault(p, env.create_rating()) for p in g.evil]
        wg, we = [1 / len(good)] * len(good), [1 / len(evil)] * len(evil)
        delta = sum(w * r.mu for w, r in zip(wg, good, strict=True)) - sum(
            w * r.mu for w, r in zip(we, evil, strict=True)
        )
        var = sum(
            w * w * (r.sigma**2 + env.beta**2) for w, r in zip(wg + we, good + evil, strict=True)
        )
        preds[k] = ndtr(delta / math.sqrt(var))
        ranks = [0, 1] if g.winner == "good" else [1, 0]
        new_good, new_evil = env.rate([good, evil], ranks=ranks, weights=[wg, we])
        ratings.update(zip(g.good, new_good, strict=True))
        ratings.update(zip(g.evil, new_evil, strict=True))
    elapsed = time.perf_counter() - t0
    est = {p: r.mu for p, r in ratings.items()}
    return elapsed, log_loss(preds, games), correlation(est, skills)


def openskill_run(games, skills):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {}
    preds = np.empty(len(games))
    t0 = time.perf_counter()
    for k, g in enumerate(games):
        good = [ratings.setdefault(p, model.rating(name=p)) for p in g.good]
        evil = [ratings.setdefault(p, model.rating(name=p)) for p in g.evil]
        preds[k] = model.predict_win([good, evil])[0]
        ranks = [1, 2] if g.winner == "good" else [2, 1]
        new_good, new_evil = model.rate([good, evil], ranks=ranks)
        ratings.update(zip(g.good, new_good, strict=True))
        ratings.update(zip(g.evil, new_evil, strict=True))
    elapsed = time.perf_counter() - t0
    est = {p: r.mu for p, r in ratings.items()}
    return elapsed, log_loss(preds, games), correlation(est, skills)


def main() -> None:
    rng = np.random.default_rng(SEED)
    games, skills = synthetic(rng)
    print(f"{N_GAMES} games, {N_PLAYERS} players, eps={EPS}, bias={BIAS}, refit block={BLOCK}")
    design = build_design(games, ModelSpec())
    t0 = time.perf_counter()
    one = fit_design(design, (EPS,)).fits[0]
    print(
        f"ours, one full-batch EP fit with evidence at fixed eps: {time.perf_counter() - t0:.2f} s"
        f" ({one.iterations} iterations, log evidence {one.log_evidence:.1f})"
    )
    for label, noise_sd in (("fixed eps=1", EPS), ("eps integrated (11-point grid)", None)):
        fit_time, refit_time, loss, corr, fit = ours(games, skills, noise_sd)
        extra = ""
        if noise_sd is None:
            extra = f", posterior mean eps {float(fit.weights @ fit.noise_sds):.2f}"
        print(
            f"ours [{label}]: fit {fit_time:.2f} s, block refits {refit_time:.1f} s, "
            f"log-loss {loss:.4f}, corr {corr:.3f}{extra}"
        )
    for name, run in (("trueskill", trueskill_run), ("openskill PL", openskill_run)):
        elapsed, loss, corr = run(games, skills)
        print(f"{name}: online pass {elapsed:.2f} s, log-loss {loss:.4f}, corr {corr:.3f}")
    print(f"coin flip log-loss {math.log(2):.4f}")


if __name__ == "__main__":
    main()
