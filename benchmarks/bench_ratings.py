"""Benchmark: our full-batch EP team probit vs trueskill and openskill on synthetic games.

Part 1, accuracy: 10,000 two-team games of 5-15 players drawn from 200 players with the model
itself (skills N(0,1), team skill the mean, side bias, noise sd EPS). Figures: time to fit
everything, the predictive log-loss when each game is predicted before it is seen, and the
correlation of the estimated with the true skills. trueskill and openskill update online game
by game; ours is refitted in full batch on all earlier games every BLOCK games (games inside a
block are predicted from the fit on the games before the block).

Part 2, scale (SCALES): 20,000 games among 2,000 players and 100,000 among 10,000, drawn the
same way with 8 storytellers, each size in a fresh subprocess so that its peak memory (max RSS)
is its own. Figures: the fit with eps integrated and its evidence (what /ratings chart needs),
the report without comparisons, the /ratings model comparisons within the bot's budget, and
trueskill's online pass over the same games.

Part 3, size limits: a file one game over MAX_GAMES, as CSV and as YAML, refused by
parse_games: wall time and the peak of Python's traced memory (the text itself excluded).

openskill has no team-mean model: its team strength is always the sum of the players' mu
(its ``weights`` only scale each player's update, rescaled to [1, 2]), so with Good larger
than Evil its predictions lean on team size. Its log-loss is shown as the library computes
it; the correlation with the true skills is the fairer comparison.

Times are CPU seconds (time.process_time), best of REPEATS where stated. BLAS runs on one
thread: this script sets OPENBLAS_NUM_THREADS=1 (unless already set) before numpy loads. The
EP matrices are small (d x d, d = players + 1); a second BLAS thread doubles the CPU time for
the same wall time on an idle 2-core machine and is several times slower when the other core
is busy. Run with OPENBLAS_NUM_THREADS=2 to see it.

Run: PYTHONPATH=/path/to/peers python benchmarks/bench_ratings.py [--scale-only]
trueskill and openskill are peers measured in the same run, not dependencies of the project:
install them anywhere and put that directory on PYTHONPATH (a missing one is reported and
skipped).
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # before numpy is imported; see the docstring

import json  # noqa: E402
import math  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import scipy.sparse  # noqa: E402
from scipy.special import ndtr  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from stats.ratings import (  # noqa: E402
    GameRecord,
    fit_ratings,
    games_to_csv,
    parse_games,
    ratings_report,
)
from stats.ratings.budget import Budget  # noqa: E402
from stats.ratings.design import ModelSpec, build_design  # noqa: E402
from stats.ratings.fit import fit_model  # noqa: E402
from stats.ratings.io import MAX_GAMES  # noqa: E402

N_PLAYERS = 200
N_GAMES = 10_000
EPS = 1.0
BIAS = -0.3
BLOCK = 1000
SEED = 7
REPEATS = 3
STORYTELLERS = 8  # for the full report with every comparison, as /ratings model computes it
SCALES = ((20_000, 2_000), (100_000, 10_000))
MODEL_SECONDS = 60.0  # the bot's budget for the /ratings model comparisons


def synthetic(
    rng: np.random.Generator, n_games: int = N_GAMES, n_players: int = N_PLAYERS
) -> tuple[list[GameRecord], np.ndarray]:
    skills = rng.standard_normal(n_players)
    games = []
    for _ in range(n_games):
        size = int(rng.integers(5, 16))
        chosen = rng.choice(n_players, size=size, replace=False)
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


def correlation(estimates: dict[str, float], skills: np.ndarray, n_players=N_PLAYERS) -> float:
    names = [f"p{i}" for i in range(n_players) if f"p{i}" in estimates]
    return float(
        np.corrcoef([estimates[n] for n in names], [skills[int(n[1:])] for n in names])[0, 1]
    )


def cpu_best(action, repeats=REPEATS):
    """The action's result and its smallest CPU time over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        result = action()
        times.append(time.process_time() - t0)
    return result, min(times)


def ours(games, skills, noise_sd):
    """Full-batch fit time (best of REPEATS), block-refit predictions, correlation."""
    fit, fit_time = cpu_best(lambda: fit_model(games, ModelSpec(), noise_sd))
    names = fit.design.players
    est = dict(zip(names, fit.mean[: len(names)], strict=True))
    preds = np.full(len(games), 0.5)
    t0 = time.process_time()
    for start in range(BLOCK, len(games), BLOCK):
        past = fit_model(games[:start], ModelSpec(), noise_sd)
        block = games[start : start + BLOCK]
        preds[start : start + BLOCK] = _predict(past, block)
    refit_time = time.process_time() - t0
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
        var = eps**2 * design.noise_scale**2 + f.cov.of_rows(scipy.sparse.csr_matrix(rows))
        # unseen players keep their prior variance 1 each, scaled by the team-mean weight
        for g, game in enumerate(block):
            var[g] += sum(1 / len(game.good) ** 2 for q in game.good if q not in index)
            var[g] += sum(1 / len(game.evil) ** 2 for q in game.evil if q not in index)
        p += w * ndtr(rows @ f.mean / np.sqrt(var))
    return p


def trueskill_run(games, skills, n_players=N_PLAYERS):
    import trueskill

    env = trueskill.TrueSkill(draw_probability=0.0)
    ratings = {}
    preds = np.empty(len(games))
    t0 = time.process_time()
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
    elapsed = time.process_time() - t0
    est = {p: r.mu for p, r in ratings.items()}
    return elapsed, log_loss(preds, games), correlation(est, skills, n_players)


def openskill_run(games, skills):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {}
    preds = np.empty(len(games))
    t0 = time.process_time()
    for k, g in enumerate(games):
        good = [ratings.setdefault(p, model.rating(name=p)) for p in g.good]
        evil = [ratings.setdefault(p, model.rating(name=p)) for p in g.evil]
        preds[k] = model.predict_win([good, evil])[0]
        ranks = [1, 2] if g.winner == "good" else [2, 1]
        new_good, new_evil = model.rate([good, evil], ranks=ranks)
        ratings.update(zip(g.good, new_good, strict=True))
        ratings.update(zip(g.evil, new_evil, strict=True))
    elapsed = time.process_time() - t0
    est = {p: r.mu for p, r in ratings.items()}
    return elapsed, log_loss(preds, games), correlation(est, skills)


def full_report(games, rng):
    """The whole /ratings model computation: fit with eps integrated, every comparison."""
    tellers = [replace(g, storyteller=f"st{rng.integers(STORYTELLERS)}") for g in games]

    def run():
        return ratings_report(tellers, fit_ratings(tellers), min_games=0)

    return cpu_best(run, repeats=1)


def timed(action):
    """The action's result, its wall-clock and its CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def scale_run(n_games: int, n_players: int) -> dict:
    """One size of part 2, meant to run alone in its process (see ``scale``)."""
    rng = np.random.default_rng(SEED)
    games, skills = synthetic(rng, n_games, n_players)
    games = [replace(g, storyteller=f"st{rng.integers(STORYTELLERS)}") for g in games]
    fit, fit_wall, fit_cpu = timed(lambda: fit_ratings(games))
    _, report_wall, _ = timed(lambda: ratings_report(games, fit, min_games=0, comparisons=False))
    rss_fit = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    model, model_wall, _ = timed(
        lambda: ratings_report(games, fit, min_games=0, budget=Budget(MODEL_SECONDS))
    )
    names = fit.design.players
    out = {
        "fit_wall": fit_wall,
        "fit_cpu": fit_cpu,
        "solver": "full EP" if fit.design.dense else "factor graph",
        "grid_points": len(fit.fits),
        "iterations": [f.iterations for f in fit.fits],
        "converged": fit.converged,
        "log_evidence": fit.log_evidence,
        "corr": correlation(dict(zip(names, fit.mean, strict=False)), skills, n_players),
        "report_wall": report_wall,
        "model_wall": model_wall,
        "not_worked_out": {k: c["note"] for k, c in model["comparisons"].items() if c["note"]},
        "rss_fit_mb": rss_fit,
        "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    try:
        out["trueskill_cpu"], out["trueskill_loss"], out["trueskill_corr"] = trueskill_run(
            games, skills, n_players
        )
    except ImportError as error:
        out["trueskill"] = f"skipped, not importable ({error})"
    return out


def scale() -> None:
    """Part 2: each size in a fresh interpreter, so max RSS is that size's peak."""
    for n_games, n_players in SCALES:
        child = subprocess.run(
            [sys.executable, __file__, "--scale-child", str(n_games), str(n_players)],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(child.stdout)
        print(
            f"{n_games:,} games among {n_players:,} players ({r['solver']}): fit with eps "
            f"integrated and evidence {r['fit_wall']:.1f} s wall ({r['fit_cpu']:.1f} s CPU; "
            f"{r['grid_points']} grid points, iterations {r['iterations']}, converged "
            f"{r['converged']}), corr {r['corr']:.3f}; report {r['report_wall']:.1f} s; "
            f"/ratings model comparisons {r['model_wall']:.1f} s (budget {MODEL_SECONDS:.0f} s); "
            f"peak RSS {r['rss_fit_mb']:.0f} MB after the fit and report (games included), "
            f"{r['max_rss_mb']:.0f} MB after the comparisons"
        )
        for key, note in r["not_worked_out"].items():
            print(f"  not worked out: {key}: {note}")
        if "trueskill_cpu" in r:
            print(
                f"  trueskill online pass: {r['trueskill_cpu']:.1f} s CPU, corr "
                f"{r['trueskill_corr']:.3f}"
            )
        else:
            print(f"  trueskill: {r['trueskill']}")


def refusal() -> None:
    """Part 3: how fast, and in how little memory, a file over the limit is refused."""
    rng = np.random.default_rng(SEED)
    games, _ = synthetic(rng, MAX_GAMES + 1, 10_000)
    texts = {
        "CSV": ("over.csv", games_to_csv(games)),
        "YAML": (
            "over.yaml",
            "".join(
                f"- good: [{', '.join(g.good)}]\n  evil: [{', '.join(g.evil)}]\n"
                f"  winner: {g.winner}\n"
                for g in games
            ),
        ),
    }
    for label, (filename, text) in texts.items():
        tracemalloc.start()
        t0 = time.perf_counter()
        try:
            parse_games(text, filename)
        except ValueError as error:
            message = str(error)
        elapsed = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"{label}, {MAX_GAMES + 1:,} games ({len(text) / 1e6:.1f} M characters): refused in "
            f"{elapsed:.2f} s wall, traced peak {peak / 1e6:.1f} MB: {message}"
        )


def main() -> None:
    if sys.argv[1:2] == ["--scale-child"]:
        print(json.dumps(scale_run(int(sys.argv[2]), int(sys.argv[3]))))
        return
    print(f"BLAS threads {os.environ['OPENBLAS_NUM_THREADS']}")
    if sys.argv[1:2] != ["--scale-only"]:
        accuracy()
    scale()
    refusal()


def accuracy() -> None:
    """Part 1."""
    rng = np.random.default_rng(SEED)
    games, skills = synthetic(rng)
    print(f"{N_GAMES} games, {N_PLAYERS} players, eps={EPS}, bias={BIAS}, refit block={BLOCK}")
    print("CPU seconds")
    one, one_time = cpu_best(lambda: fit_model(games, ModelSpec(), EPS).fits[0])
    print(
        f"ours, one full-batch EP fit with evidence at fixed eps (design included): "
        f"{one_time:.2f} s, best of {REPEATS} ({one.iterations} iterations, log evidence "
        f"{one.log_evidence:.1f})"
    )
    for label, noise_sd in (("fixed eps=1", EPS), ("eps integrated (11-point grid)", None)):
        fit_time, refit_time, loss, corr, fit = ours(games, skills, noise_sd)
        extra = ""
        if noise_sd is None:
            extra = f", posterior mean eps {float(fit.weights @ fit.noise_sds):.2f}"
        print(
            f"ours [{label}]: fit {fit_time:.2f} s (best of {REPEATS}), block refits "
            f"{refit_time:.1f} s, "
            f"log-loss {loss:.4f}, corr {corr:.3f}{extra}"
        )
    report, report_time = full_report(games, rng)
    print(
        f"ours, full report with every comparison ({STORYTELLERS} storytellers, as /ratings "
        f"model): {report_time:.1f} s, converged {report.converged}"
    )
    for name, run in (("trueskill", trueskill_run), ("openskill PL", openskill_run)):
        try:
            elapsed, loss, corr = run(games, skills)
        except ImportError as error:
            print(f"{name}: skipped, not importable ({error}); see the docstring")
            continue
        print(f"{name}: online pass {elapsed:.2f} s, log-loss {loss:.4f}, corr {corr:.3f}")
    print(f"coin flip log-loss {math.log(2):.4f}")


if __name__ == "__main__":
    main()
