"""Model comparison by evidence: each question answered as a probability with equal prior odds.

Every comparison pits the fitted ("main") model against one alternative that differs in one
respect. Alternatives with an eps integrate it over the main model's grid, starting the walk at
its most probable eps. Two alternatives need more words:

- Deterministic (eps = 0): identical games are one constraint "this side was ahead", so they
  are merged before EP, which is then exact for a single game and never counts one fact twice.
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
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Protocol

import numpy as np
import scipy.sparse
from scipy.optimize import linprog
from scipy.special import expit, logsumexp

from stats.ratings.design import Design, build_design
from stats.ratings.ep import EPFit, ProbitProblem
from stats.ratings.fit import RatingFit, fit_design
from stats.ratings.records import GameRecord

STORYTELLER_NOISE_FACTORS = (0.5, 1.0, 2.0)
NOISE_TELLERS = 4  # 3^4 = 81 warm-started fits at most
PRUNE_NATS = 40.0
SPLIT_RHOS = (0.0, 0.5, 0.9)


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


@dataclass(frozen=True)
class Comparison:
    """P(model) against P(alternative) given the data, from their evidences at even prior odds."""

    model: str
    alternative: str
    log_bayes_factor: float  # log evidence(model) - log evidence(alternative), nats
    probability: float  # P(model | data) when only these two are considered
    converged: bool  # False if EP did not converge on either side: the figures are rough

    def as_dict(self) -> dict:
        """JSON-safe: an infinite log Bayes factor (impossible alternative) becomes None."""
        out = asdict(self)
        if not np.isfinite(self.log_bayes_factor):
            out["log_bayes_factor"] = None
        return out


def compare(model: str, alternative: str, ev_model: HasEvidence, ev_alt: HasEvidence) -> Comparison:
    diff = float(ev_model.log_evidence - ev_alt.log_evidence)
    converged = bool(ev_model.converged and ev_alt.converged)
    return Comparison(model, alternative, diff, float(expit(diff)), converged)


def coin_log_evidence(n_games: int) -> float:
    """Every game a fair coin flip: the evidence is 1/2 per game."""
    return n_games * float(np.log(0.5))


def deterministic_evidence(design: Design) -> Evidence:
    """Evidence when the better team (bias included) always wins: eps = 0.

    The data are possible only if some skills make every winner's side ahead, i.e. the cone
    B x > 0 is non-empty (an LP: B x >= 1, since the cone is homogeneous); otherwise the
    evidence is zero and EP, whose sites would need infinite precision, is not run.
    """
    n_games, dim = design.signed.shape
    feasible = linprog(
        np.zeros(dim),
        A_ub=-design.signed,
        b_ub=-np.ones(n_games),
        bounds=[(None, None)] * dim,
        method="highs",
    )
    if feasible.status == 2:  # infeasible
        return Evidence(float("-inf"))
    fit = ProbitProblem(distinct_rows(design.signed), design.prior_cov).fit(0.0)
    return Evidence(fit.log_evidence, fit.converged)


def distinct_rows(signed: scipy.sparse.csr_matrix) -> scipy.sparse.csr_matrix:
    """The rows of the design with repeats removed (each row once, in first-seen order)."""
    rows = scipy.sparse.csr_matrix(signed, copy=True)
    rows.sum_duplicates()  # canonical: sorted column indices
    seen: dict[tuple[bytes, bytes], int] = {}
    for g, (a, b) in enumerate(itertools.pairwise(rows.indptr)):
        seen.setdefault((rows.indices[a:b].tobytes(), rows.data[a:b].tobytes()), g)
    return rows[sorted(seen.values())]


def storyteller_noise_evidence(design: Design, noise_sd: float, base: EPFit) -> Evidence:
    """Evidence when the busiest storytellers scale eps by their own factor (see module doc).

    ``base`` is the fit with every factor 1 at this eps.
    """
    teller = design.storyteller_of_game
    own = np.argsort(-np.bincount(teller), kind="stable")[:NOISE_TELLERS]
    factors = np.array(STORYTELLER_NOISE_FACTORS)
    neutral = STORYTELLER_NOISE_FACTORS.index(1.0)

    def fit(assignment: tuple[int, ...], start: EPFit) -> EPFit:
        multiplier = np.ones(len(design.storytellers))
        multiplier[own] = factors[list(assignment)]
        return design.problem.fit((noise_sd * design.noise_scale * multiplier[teller]) ** 2, start)

    # One storyteller's factor changed at a time gives an additive guess at every assignment.
    fits = {(neutral,) * len(own): base}
    alone = np.zeros((len(own), len(factors)))
    for k, j in itertools.product(range(len(own)), range(len(factors))):
        assignment = tuple(j if i == k else neutral for i in range(len(own)))
        if assignment not in fits:
            fits[assignment] = fit(assignment, base)
        alone[k, j] = fits[assignment].log_evidence - base.log_evidence
    assignments = list(gray_code(len(own), len(factors)))
    guesses = [alone[np.arange(len(own)), list(a)].sum() for a in assignments]
    previous = base
    for assignment, guess in zip(assignments, guesses, strict=True):
        if assignment not in fits and guess > max(guesses) - PRUNE_NATS:
            fits[assignment] = previous = fit(assignment, previous)
    log_ev = [f.log_evidence for f in fits.values()]
    return Evidence(
        float(logsumexp(log_ev) - np.log(len(assignments))),
        all(f.converged for f in fits.values()),
    )


def gray_code(n_digits: int, base: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of n digits in [0, base), each differing from the last in one digit by one."""
    if n_digits == 0:
        yield ()
        return
    for k, head in enumerate(gray_code(n_digits - 1, base)):
        for digit in range(base) if k % 2 == 0 else range(base - 1, -1, -1):
            yield (*head, digit)


def model_comparisons(games: Sequence[GameRecord], main: RatingFit) -> dict[str, Comparison]:
    """All the questions the ratings report answers about ``main``, keyed by a short name."""
    spec = main.design.spec

    def variant(**change) -> RatingFit:
        design = build_design(games, replace(spec, **change))
        return fit_design(design, main.grid, near=main.best_noise_sd)

    out = {
        "skill_vs_coin": compare(
            "skill decides",
            "every game a coin flip",
            main,
            Evidence(coin_log_evidence(len(games))),
        ),
        "skill_vs_deterministic": compare(
            "skill and chance",
            "the better team always wins",
            main,
            deterministic_evidence(main.design),
        ),
    }
    other = variant(bias="none" if spec.bias != "none" else "shared")
    with_bias, without_bias = (main, other) if spec.bias != "none" else (other, main)
    out["bias_vs_no_bias"] = compare(
        "one side is favoured", "neither side is favoured", with_bias, without_bias
    )
    tellers = len(main.design.storytellers)
    if tellers > 1:
        out["storyteller_bias_vs_shared_bias"] = compare(
            "each storyteller tilts games their own way",
            "one side bias for all storytellers",
            variant(bias="storyteller"),
            with_bias,
        )
        who = (
            "each storyteller has"
            if tellers <= NOISE_TELLERS
            else f"each of the {NOISE_TELLERS} storytellers with the most games has"
        )
        out["storyteller_noise_vs_shared_noise"] = compare(
            f"{who} their own amount of chance",
            "the same amount of chance for every storyteller",
            storyteller_noise_evidence(main.design, main.best_noise_sd, main.best),
            main.best,
        )
    split = [variant(split_rho=rho) for rho in SPLIT_RHOS]
    out["split_skill_vs_single_skill"] = compare(
        "separate (correlated) skill as good and as evil",
        "one skill per player",
        Evidence(
            float(logsumexp([f.log_evidence for f in split]) - np.log(len(split))),
            all(f.converged for f in split),
        ),
        main,
    )
    return out
