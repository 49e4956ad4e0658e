"""Model comparison by evidence: each question answered as a probability with equal prior odds.

Every comparison pits the fitted ("main") model against one alternative that differs in one
respect. Alternatives with an eps integrate it over the main model's grid, starting the walk at
its most probable eps. Two alternatives need more words:

- Deterministic (eps = 0): the data are possible only if some skills put every winner's side
  ahead, an LP (``cone_is_feasible``). If they are, identical games are one constraint "this
  side was ahead", so they are merged before EP, which is then exact for a single game and
  never counts one fact twice.
- Per-storyteller eps: at the main model's most probable eps, each of the (up to)
  NOISE_TELLERS storytellers with the most games scales it by their own factor 1/2, 1 or 2
  (uniform, independent); everyone else keeps the shared eps. The evidence is the average
  over all 3^k assignments, each fitted by EP: the skills tie the storytellers' games
  together, so it does not factorise. The fits follow a Gray code, each warm-started from
  the previous one, which differs in one storyteller's factor. With much data most
  assignments are hopeless, so the fits with one factor changed at a time give an additive
  guess at every assignment's evidence, and those guessed PRUNE_NATS below the best guess
  are left out (they count as zero). The guess was within 1.5 nats of EP on test data;
  on 24 or 500 games nothing is left out. It is compared with the main model at that eps.

With a budget (the bot has one), a comparison whose estimated cost exceeds what is left is not
started, one that runs out is abandoned, and either is reported with a sentence saying so
instead of a probability.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

import numpy as np
import scipy.sparse
from scipy.optimize import linprog
from scipy.special import expit, logsumexp

from stats.ratings.budget import UNLIMITED, Budget, OutOfTime
from stats.ratings.design import DENSE_PLAYERS, Design, ModelSpec, build_design
from stats.ratings.ep import EPFit, FloatArray
from stats.ratings.fit import RatingFit, fit_design
from stats.ratings.records import GameRecord

STORYTELLER_NOISE_FACTORS = (0.5, 1.0, 2.0)
NOISE_TELLERS = 4  # 3^4 = 81 warm-started fits at most
PRUNE_NATS = 40.0
SPLIT_RHOS = (0.0, 0.5, 0.9)
# The order of the report; questions are worked out cheapest first (see model_comparisons).
ORDER = (
    "skill_vs_coin",
    "skill_vs_deterministic",
    "bias_vs_no_bias",
    "storyteller_bias_vs_shared_bias",
    "storyteller_noise_vs_shared_noise",
    "split_skill_vs_single_skill",
)
LP_SECONDS = 60.0  # longest the deterministic model's feasibility LP may run
IPM_COLUMNS = 4_000  # HiGHS's interior point needs a dense d x d matrix: only for small d


class HasEvidence(Protocol):
    """Anything with a log evidence and a convergence flag: a fit, or an exact ``Evidence``."""

    @property
    def log_evidence(self) -> float: ...

    @property
    def converged(self) -> bool: ...


@dataclass(frozen=True)
class Evidence:
    """A log evidence and whether the fit behind it converged (exact figures count as such)."""

    log_evidence: float
    converged: bool = True


class Undecided(Exception):
    """A comparison that could not be worked out; the message says why, as a sentence."""


@dataclass(frozen=True)
class Comparison:
    """P(model) against P(alternative) given the data, from their evidences at even prior odds.

    A comparison that was not worked out has ``probability`` None and a ``note`` saying why.
    """

    model: str
    alternative: str
    log_bayes_factor: float | None  # log evidence(model) - log evidence(alternative), nats
    probability: float | None  # P(model | data) when only these two are considered
    converged: bool  # False if EP did not converge on either side: the figures are rough
    note: str | None = None
    out_of_time: bool = False  # not worked out only for lack of time: no budget would help

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe: an infinite log Bayes factor (impossible alternative) becomes None."""
        out = asdict(self)
        if out["log_bayes_factor"] is not None and not np.isfinite(out["log_bayes_factor"]):
            out["log_bayes_factor"] = None
        return out


def compare(model: str, alternative: str, ev_model: HasEvidence, ev_alt: HasEvidence) -> Comparison:
    diff = float(ev_model.log_evidence - ev_alt.log_evidence)
    converged = bool(ev_model.converged and ev_alt.converged)
    return Comparison(model, alternative, diff, float(expit(diff)), converged)


def coin_log_evidence(n_games: int) -> float:
    """Every game a fair coin flip: the evidence is 1/2 per game."""
    return n_games * float(np.log(0.5))


def deterministic_evidence(design: Design, budget: Budget = UNLIMITED) -> Evidence:
    """Evidence when the better team (bias included) always wins: eps = 0.

    Zero (log -inf) when no skills put every winner's side ahead; otherwise EP on the merged
    games. Undecided when the LP could not settle feasibility in its time.
    """
    rows = distinct_rows(design.signed)
    seconds = min(LP_SECONDS, budget.remaining())
    feasible = cone_is_feasible(rows, seconds)
    if feasible is None:
        raise Undecided(
            "checking whether any skills explain every result took longer than "
            f"{seconds:.0f} seconds"
        )
    if not feasible:
        return Evidence(float("-inf"))
    budget.check()
    fit = design.problem_for(rows).fit(0.0)
    return Evidence(fit.log_evidence, fit.converged)


def cone_is_feasible(rows: scipy.sparse.csr_matrix, seconds: float) -> bool | None:
    """Whether some x has every row . x > 0 (the cone is homogeneous, so: row . x >= 1), by
    HiGHS; None when it could not tell within ``seconds``.

    The interior-point method is fastest where its dense d x d system is small; the dual
    simplex, on rows rescaled so their smallest entry is 1 (it meets numerical trouble on the
    raw fractions), takes the rest and anything the first could not settle.
    """
    n_rows, dim = rows.shape
    if n_rows == 0:
        return True
    scaled = scipy.sparse.diags(1.0 / _smallest_entries(rows)) @ rows
    attempts = [("highs-ipm", rows)] if dim <= IPM_COLUMNS else []
    attempts.append(("highs-ds", scaled))
    time_left = Budget(seconds)
    for method, matrix in attempts:
        if time_left.remaining() <= 0:
            return None
        result = linprog(
            np.zeros(dim),
            A_ub=-matrix,
            b_ub=-np.ones(n_rows),
            bounds=[(None, None)] * dim,
            method=method,
            options={"time_limit": time_left.remaining()},
        )
        if result.status == 2:
            return False
        if result.status == 0 and np.all(rows @ result.x > 0):
            return True
    return None


def _smallest_entries(rows: scipy.sparse.csr_matrix) -> FloatArray:
    """Each row's smallest non-zero |entry|."""
    magnitudes: FloatArray = np.abs(rows.data)
    return np.minimum.reduceat(magnitudes, rows.indptr[:-1])


def distinct_rows(signed: scipy.sparse.csr_matrix) -> scipy.sparse.csr_matrix:
    """The rows of the design with repeats removed (each row once, in first-seen order)."""
    rows = scipy.sparse.csr_matrix(signed, copy=True)
    rows.sum_duplicates()  # canonical: sorted column indices
    seen: dict[tuple[bytes, bytes], int] = {}
    for g, (a, b) in enumerate(itertools.pairwise(rows.indptr)):
        seen.setdefault((rows.indices[a:b].tobytes(), rows.data[a:b].tobytes()), g)
    return rows[sorted(seen.values())]


def storyteller_noise_evidence(
    design: Design, noise_sd: float, base: EPFit, budget: Budget = UNLIMITED
) -> Evidence:
    """Evidence when the busiest storytellers scale eps by their own factor (see module doc).

    ``base`` is the fit with every factor 1 at this eps. Only evidences are kept, not fits.
    """
    teller = design.storyteller_of_game
    own = np.argsort(-np.bincount(teller), kind="stable")[:NOISE_TELLERS]
    factors = np.array(STORYTELLER_NOISE_FACTORS)
    neutral = STORYTELLER_NOISE_FACTORS.index(1.0)

    def fit(assignment: tuple[int, ...], start: EPFit) -> EPFit:
        budget.check()
        multiplier = np.ones(len(design.storytellers))
        multiplier[own] = factors[list(assignment)]
        return design.problem.fit((noise_sd * design.noise_scale * multiplier[teller]) ** 2, start)

    # One storyteller's factor changed at a time gives an additive guess at every assignment.
    log_ev = {(neutral,) * len(own): base.log_evidence}
    converged = base.converged
    alone = np.zeros((len(own), len(factors)))
    for k, j in itertools.product(range(len(own)), range(len(factors))):
        assignment = tuple(j if i == k else neutral for i in range(len(own)))
        if assignment not in log_ev:
            single = fit(assignment, base)
            log_ev[assignment] = single.log_evidence
            converged = converged and single.converged
        alone[k, j] = log_ev[assignment] - base.log_evidence
    assignments = list(gray_code(len(own), len(factors)))
    guesses = [alone[np.arange(len(own)), list(a)].sum() for a in assignments]
    previous = base
    for assignment, guess in zip(assignments, guesses, strict=True):
        if assignment not in log_ev and guess > max(guesses) - PRUNE_NATS:
            previous = fit(assignment, previous)
            log_ev[assignment] = previous.log_evidence
            converged = converged and previous.converged
    return Evidence(float(logsumexp(list(log_ev.values())) - np.log(len(assignments))), converged)


def gray_code(n_digits: int, base: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of n digits in [0, base), each differing from the last in one digit by one."""
    if n_digits == 0:
        yield ()
        return
    for k, head in enumerate(gray_code(n_digits - 1, base)):
        for digit in range(base) if k % 2 == 0 else range(base - 1, -1, -1):
            yield (*head, digit)


@dataclass(frozen=True)
class _Question:
    """One comparison to work out: its names, a guess at its cost in main-model fits, and the
    evidences of the model and of the alternative."""

    key: str
    model: str
    alternative: str
    fits: float
    evidences: Callable[[], tuple[HasEvidence, HasEvidence]]
    unavailable: str | None = None  # why it is not worked out at all, if so


def model_comparisons(
    games: Sequence[GameRecord], main: RatingFit, budget: Budget = UNLIMITED
) -> dict[str, Comparison]:
    """All the questions the ratings report answers about ``main``, keyed by a short name.

    Cheap questions are worked out first and the deterministic model's LP, whose cost is hard
    to foresee, last; with a budget, the rest as time allows.
    """
    spec = main.design.spec

    def variant(changed: ModelSpec) -> RatingFit:
        design = build_design(games, changed)
        return fit_design(design, main.grid, near=main.best_noise_sd, budget=budget)

    @functools.cache
    def toggled() -> RatingFit:
        """The main model with the side bias added or taken away."""
        return variant(replace(spec, bias="none" if spec.bias != "none" else "shared"))

    def shared_bias() -> RatingFit:
        return main if spec.bias != "none" else toggled()

    def split() -> Evidence:
        fits = [variant(replace(spec, split_rho=rho)) for rho in SPLIT_RHOS]
        return Evidence(
            float(logsumexp([f.log_evidence for f in fits]) - np.log(len(fits))),
            all(f.converged for f in fits),
        )

    grid = len(main.fits)
    tellers = len(main.design.storytellers)
    who = (
        "each storyteller has"
        if tellers <= NOISE_TELLERS
        else f"each of the {NOISE_TELLERS} storytellers with the most games has"
    )
    questions = [
        _Question(
            "skill_vs_coin",
            "skill decides",
            "every game a coin flip",
            0,
            lambda: (main, Evidence(coin_log_evidence(len(games)))),
        ),
        _Question(
            "bias_vs_no_bias",
            "one side is favoured",
            "neither side is favoured",
            grid,
            lambda: (shared_bias(), main if spec.bias == "none" else toggled()),
        ),
        _Question(
            "storyteller_bias_vs_shared_bias",
            "each storyteller tilts games their own way",
            "one side bias for all storytellers",
            grid,
            lambda: (variant(replace(spec, bias="storyteller")), shared_bias()),
        ),
        _Question(
            "split_skill_vs_single_skill",
            "separate (correlated) skill as good and as evil",
            "one skill per player",
            2 * len(SPLIT_RHOS) * grid,
            lambda: (split(), main),
            None
            if main.design.dense
            else f"with more than {DENSE_PLAYERS} players the fast fitting method is not "
            "accurate enough for this model (it misses how a player's two skills and the side "
            "bias depend on each other)",
        ),
        _Question(
            "storyteller_noise_vs_shared_noise",
            f"{who} their own amount of chance",
            "the same amount of chance for every storyteller",
            1 + 2 * min(tellers, NOISE_TELLERS),
            lambda: (
                storyteller_noise_evidence(main.design, main.best_noise_sd, main.best, budget),
                main.best,
            ),
        ),
        _Question(
            "skill_vs_deterministic",
            "skill and chance",
            "the better team always wins",
            2,
            lambda: (main, deterministic_evidence(main.design, budget)),
        ),
    ]
    if tellers == 1:
        questions = [q for q in questions if not q.key.startswith("storyteller_")]
    answers = {q.key: _answer(q, main.seconds_per_fit, budget) for q in questions}
    return {key: answers[key] for key in ORDER if key in answers}


def _answer(question: _Question, seconds_per_fit: float, budget: Budget) -> Comparison:
    """Work a question out, or say why not: unavailable, too long for the budget, undecided."""
    estimate = question.fits * seconds_per_fit
    if question.unavailable:
        return _not_worked_out(question, question.unavailable, out_of_time=False)
    left = budget.remaining()
    if question.fits and left <= 0:
        return _not_worked_out(question, "the time available was used up by the others")
    if question.fits and estimate > left:
        return _not_worked_out(
            question, f"it would take about {_seconds(estimate)}, more than the time available"
        )
    try:
        return compare(question.model, question.alternative, *question.evidences())
    except OutOfTime:
        return _not_worked_out(question, "it took longer than the time available")
    except Undecided as reason:
        return _not_worked_out(question, str(reason), out_of_time=False)


def _not_worked_out(question: _Question, note: str, out_of_time: bool = True) -> Comparison:
    return Comparison(question.model, question.alternative, None, None, True, note, out_of_time)


def _seconds(seconds: float) -> str:
    return f"{seconds:.0f} seconds" if seconds < 120 else f"{seconds / 60:.0f} minutes"
