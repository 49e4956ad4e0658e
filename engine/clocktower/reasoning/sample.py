"""Choosing the worlds to weigh when there are too many to weigh them all: a search for the
likely ones, and a sample of the rest.

At 13 players and more a record has hundreds of thousands of feasible worlds, and a few days
into a game it leaves few of them likely: of 20,000 worlds drawn from the prior, hardly any
explained it (at 15 players the effective sample size was about 40, often below 10, and chances
came out up to 0.5 off). So the feasible worlds are split in two strata:

- **The head**, weighed exactly. ``PILOT`` worlds drawn from the prior are weighed, and the
  neighbours of the likeliest of them with each Demon seat (so that a likely team far from the
  likeliest one is found too); then, repeatedly, the neighbours of the likeliest weighed worlds
  (``BATCH`` at a time, or a ``GROWTH`` share of the worlds weighed so far: few, large rounds,
  as each replays the record) are weighed too, while they are at least ``EXPAND`` times as
  likely as the likeliest, and then, once none such is left, as the likeliest weighed world
  with the same Demon seat, until no such world is left unsearched or ``BUDGET`` worlds have
  been weighed. The record may make a seat's best weighed world far less likely than the
  likeliest, and its likely worlds a few steps on (on a Sects & Violets record at 15 players,
  3.7% of the mass), so each seat's region is searched too; but only after the likeliest's,
  which must not go short of the budget. A world's neighbours are the same evil team with any
  Drunk (and any Outsider shift), and the teams one step from its own (two seats swapping
  characters: an evil player with a good one, the Demon with a Minion; or a Minion becoming
  another) with the same Drunk or, where that is impossible, any (another Drunk is often
  possible only if someone else is evil too). The record makes the likely worlds a few such
  steps apart, so the search finds them whatever the prior thinks of them.
- **The tail**, every world the search did not weigh, sampled: ``samples`` draws from a
  proposal that tilts the prior seat by seat toward the head's posterior,
  q(w) ∝ prior(w) · exp(Σ_seats η[seat, class]) (a seat's class: good, the Drunk, or its evil
  character), η fitted by iterative proportional fitting so that q's class shares are the
  head's, mixed with the prior itself (``DEFENSIVE``) so that no draw weighs more than ten
  times its prior share.
- **A poor tail joins the search.** The tail's draws are weighed by the record at once; when
  the head and the tail together have an effective sample size below ``POOR`` (a likely region
  the search missed, which a few heavy draws stand for), the draws join the head, weighed
  exactly, the search goes on from them (``BUDGET / 2`` worlds more), and a new tail is drawn
  from a proposal fitted to the larger head; at most ``RETRIES`` times. On 40 records of
  15-player games this took the least effective sample size from 496 to 5,506 and the worst
  error from 0.041 to 0.020, for 13% more time (docs/benchmarks.md).

The estimate is the head's exact sum plus the tail's importance-sampling estimate, which is
unbiased whichever head the search found (the head is fixed before the last tail is drawn,
and that tail is drawn afresh). Its error comes from the tail alone: ``Beliefs.error`` is each
chance's standard error by the delta method, and ``ess`` the effective sample size (the head's
worlds count as drawn infinitely often). A likely world the search cannot reach and the tilt
rarely draws is the risk; the tests and the benchmark measure the result against exact
enumeration.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from engine.clocktower.reasoning.moment import DEMON, MINION, FloatArray, IntArray
from engine.clocktower.reasoning.worlds import Feasible, Worlds, evil_teams, tables

PILOT = 2_000  # worlds drawn from the prior to start the search from
EXPAND = 1e-4  # a world this likely relative to the likeliest has its neighbours weighed
BATCH = 30  # worlds whose neighbours are weighed together, at least...
GROWTH = 1 / 30  # ... or this share of the worlds weighed so far, whichever is more
BUDGET = 30_000  # worlds weighed in the search (the round that reaches it is finished)
KEPT = 1e-6  # head worlds less likely than this, relative to the likeliest, are left out
DEFENSIVE = 0.1  # the prior's share of the tail's proposal
FITTING = 2  # steps of iterative proportional fitting
POOR = 5_000  # a tail sample with a smaller effective sample size joins the search...
RETRIES = 2  # ... at most this many times, each searching BUDGET / 2 worlds more
# Beyond four standard errors, how far a chance may be from the exact one: what the search and
# the sample may miss. Measured against exact enumeration (docs/benchmarks.md), searched afresh
# and with draws reused day to day (``infer.Draws``, given up when a new moment's events
# surprise them: ``infer.SURPRISE``): every chance of the records of all three editions at 13
# and 15 players was within 4 standard errors + SLACK (on Sects & Violets at 15, 1,200 of 1,200
# since each Demon seat's region is searched; 11 of 1,260 were outside before). Not a bound:
# one Sects & Violets record at 15 players, of a game self-play played with the earlier search,
# had 98.7% of its mass in 12 worlds walled off by worlds the record makes at least e^-400 less
# likely than the search's likeliest, which no search step by step reaches (0.987 off;
# docs/clocktower.md).
SLACK = 0.02
GOOD, DRUNK = 0, 1  # a seat's classes; an evil character's code c is class c + 2


def draw(
    feasible: Feasible,
    loglik: Callable[[Worlds], FloatArray],
    seed: int,
    samples: int,
    budget: int = BUDGET,
) -> Worlds:
    """The head's worlds, found by weighing at most ``budget`` worlds with ``loglik`` (each
    world's log likelihood; -inf: impossible), and ``samples`` draws from the tail, with their
    weights and ``copies`` (how often each was drawn; infinite for the head's). A tail sample
    that weighs the record poorly (``POOR``) joins the search, up to ``RETRIES`` times."""
    rng = np.random.default_rng(seed)
    search = _Search(feasible, loglik)
    search.weigh(np.unique(rng.choice(len(feasible), size=PILOT, p=feasible.prior)))
    search.weigh(search.neighbours(search.per_demon()))
    search.expand(budget)
    tail = _Tail(search, rng, samples)
    for _ in range(RETRIES):
        if tail.ess() >= POOR:
            break
        search.weigh(tail.picked, tail.loglik)  # what the sample found is weighed exactly
        search.expand(search.count + budget // 2)
        tail = _Tail(search, rng, samples)
    head = search.head()
    weight = np.concatenate([feasible.prior[head], tail.weight])
    times = np.concatenate([np.full(len(head), np.inf), tail.copies])
    return feasible.worlds(np.concatenate([head, tail.picked]), weight, times)


class _Tail:
    """``samples`` draws from the worlds the search has not weighed, from a proposal tilted
    toward the search's posterior: the worlds drawn, how often, and their importance weights
    (prior over proposal, per sample); weighed by the record only when asked (``ess``)."""

    def __init__(self, search: _Search, rng: np.random.Generator, samples: int) -> None:
        feasible, self.search = search.feasible, search
        weighed = search.weighed
        logpost = search.logpost[weighed]
        tilt = _Tilt(feasible)
        q = np.exp(tilt.log_proposal(tilt.fit(weighed, np.exp(logpost - logpost.max()))))
        q[weighed] = 0.0
        if q.sum() > 0:
            q /= q.sum()
            self.picked, copies = np.unique(
                rng.choice(len(q), size=samples, p=q), return_counts=True
            )
        else:  # the search weighed every world
            self.picked, copies = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        self.copies = copies.astype(float)
        self.weight = copies * feasible.prior[self.picked] / q[self.picked] / samples
        self.loglik: FloatArray | None = None

    def ess(self) -> float:
        """The effective sample size of the head and this sample together, by the record as
        ``loglik`` weighs it (the head's worlds weighed exactly)."""
        if self.loglik is None:
            ones = np.ones(len(self.picked))
            self.loglik = self.search.loglik(self.search.feasible.worlds(self.picked, ones, ones))
        head = self.search.head()
        logs = np.concatenate([self.search.logpost[head], np.log(self.weight) + self.loglik])
        mass = np.exp(logs - logs.max())
        copies = np.concatenate([np.full(len(head), np.inf), self.copies])
        return ess(mass, copies)


def ess(weight: FloatArray, copies: FloatArray) -> float:
    """The effective sample size of draws whose weights (summed over copies) are ``weight``:
    (their sum)^2 over the sum of the single draws' squares (worlds weighed exactly, ``copies``
    infinite, add nothing to the latter; with none drawn it is infinite)."""
    squares = float((weight**2 / copies).sum())
    return float(weight.sum()) ** 2 / squares if squares > 0 else np.inf


class _Search:
    """The search for the head: every feasible world's log posterior once weighed (NaN
    before), the worlds weighed so far and whether each has been searched around, and a way to
    find a world's neighbours."""

    def __init__(self, feasible: Feasible, loglik: Callable[[Worlds], FloatArray]) -> None:
        self.feasible, self.loglik = feasible, loglik
        setup = feasible.setup
        n = setup.n
        self.teams = evil_teams(setup.chars, n)
        self.demon = self.teams.demon[feasible.teams[feasible.slot]]  # per feasible world
        self.logpost = np.full(len(feasible), np.nan)
        self.weighed = np.zeros(0, dtype=np.int64)  # in the order weighed
        self.searched = np.zeros(0, dtype=bool)  # per weighed world
        self.count = 0
        # The feasible world of each team (by its index in ``feasible.teams``), Drunk seat and
        # Outsider shift (``variant``).
        variants = int(feasible.variant.max(initial=0)) + 1
        self.index = np.full((len(feasible.teams), n + 1, variants), -1, dtype=np.int64)
        self.index[feasible.slot, feasible.drunk + 1, feasible.variant] = np.arange(len(feasible))
        # Every step from a team (two seats swap characters, or one seat takes an evil code),
        # as the change it makes to the team's key (``Teams.key``); the steps that make no
        # feasible team are dropped when looked up (``slots``: each team's slot, -1: none).
        base = int(self.teams.digit.max()) + 1
        self.places = base ** np.arange(n, dtype=np.int64)
        s, t = np.triu_indices(n, 1)
        self.pairs = (s, t, self.places[s] - self.places[t])
        team = tables(setup.chars)["team"]
        codes = np.flatnonzero((team[:-1] == MINION) | (team[:-1] == DEMON))
        seats, code = np.repeat(np.arange(n), len(codes)), np.tile(codes, n)
        self.recasts = (seats, self.teams.digit[code], self.places[seats])
        self.slots = np.full(len(self.teams.cast) + 1, -1, dtype=np.int64)
        self.slots[feasible.teams] = np.arange(len(feasible.teams))

    def weigh(self, idx: IntArray, loglik: FloatArray | None = None) -> None:
        """Weigh the worlds ``idx`` by the record (``loglik``: their log likelihoods, already
        found), those not weighed before."""
        fresh = np.isnan(self.logpost[idx])
        idx = idx[fresh]
        if len(idx):
            if loglik is None:
                ones = np.ones(len(idx))
                ll = self.loglik(self.feasible.worlds(idx, ones, ones))
            else:
                ll = loglik[fresh]
            self.logpost[idx] = np.log(self.feasible.prior[idx]) + ll
            self.weighed = np.concatenate([self.weighed, idx])
            self.searched = np.concatenate([self.searched, np.zeros(len(idx), dtype=bool)])
            self.count += len(idx)

    def expand(self, budget: int) -> None:
        """Weigh the neighbours of the likely worlds, the likeliest first, until none is left
        unsearched or ``budget`` worlds in all have been weighed."""
        while self.count < budget:
            frontier = self.frontier()
            if not len(frontier):
                break
            self.weigh(self.neighbours(frontier))

    def head(self) -> IntArray:
        """The worlds weighed, less those too unlikely to matter (``KEPT``), in index order."""
        weighed = np.sort(self.weighed)
        logpost = self.logpost[weighed]
        kept: IntArray = weighed[logpost >= logpost.max() + np.log(KEPT)]
        return kept

    def frontier(self) -> IntArray:
        """The likeliest weighed worlds not yet searched around (``BATCH``, or a ``GROWTH``
        share of the worlds weighed, at most), now marked searched: those at least ``EXPAND``
        times as likely as the likeliest, or, once none of them is left, as the likeliest with
        the same Demon seat. The record may leave a seat's likely worlds a few steps from its
        best world weighed, through worlds far below the likeliest overall; but searching every
        seat's region from the start spread the budget over them all, and left part of the
        likeliest's region unweighed (on a flat Sects & Violets record at 15 players)."""
        batch = max(BATCH, int(GROWTH * self.count))
        logpost = self.logpost[self.weighed]
        open_ = ~self.searched & (logpost >= logpost.max() + np.log(EXPAND))
        if not open_.any():
            demon = self.demon[self.weighed]
            best = np.full(self.feasible.setup.n, -np.inf)
            np.maximum.at(best, demon, logpost)
            open_ = ~self.searched & (logpost >= best[demon] + np.log(EXPAND))
        open_ = np.flatnonzero(open_)
        if len(open_) > batch:  # only those tied with the batch-th or likelier need sorting
            least = -np.partition(-logpost[open_], batch - 1)[batch - 1]
            open_ = open_[logpost[open_] >= least]
        chosen = open_[np.argsort(-logpost[open_], kind="stable")][:batch]
        self.searched[chosen] = True
        frontier: IntArray = self.weighed[chosen]
        return frontier

    def per_demon(self) -> IntArray:
        """The likeliest weighed world with each Demon seat, now marked searched: one start in
        each of the regions the record may leave far apart (a likely team and another with
        none of its players), however unlikely, so that the search reaches them all."""
        demon = self.demon[self.weighed]
        order = np.lexsort((-self.logpost[self.weighed], demon))
        first = np.ones(len(order), dtype=bool)
        first[1:] = demon[order][1:] != demon[order][:-1]
        chosen = order[first]
        self.searched[chosen] = True
        starts: IntArray = self.weighed[chosen]
        return starts

    def neighbours(self, idx: IntArray) -> IntArray:
        """The feasible worlds one step from ``idx``'s, not yet weighed: the same team with
        any Drunk, and each team one step away with the same Drunk or, where that is not
        feasible, with any."""
        f = self.feasible
        teams, at = np.unique(f.slot[idx], return_inverse=True)
        slot = self._steps(teams)[at]  # per world and step, the team it makes (-1: none)
        seats = np.broadcast_to(f.drunk[idx, None], slot.shape)
        ok = slot >= 0
        slot, seats = slot[ok], seats[ok]
        same = self.index[slot, seats + 1]  # per Outsider shift
        none = (same < 0).all(axis=1)
        anew = np.concatenate([slot[none], teams])  # any Drunk
        found = np.zeros(len(f), dtype=bool)
        found[same[same >= 0]] = True
        any_ = self.index[anew].ravel()
        found[any_[any_ >= 0]] = True
        fresh: IntArray = np.flatnonzero(found & np.isnan(self.logpost))
        return fresh

    def _steps(self, slots: IntArray) -> IntArray:
        """Per feasible team ``slots``, the feasible team each step makes (-1: none)."""
        digits = self.teams.digit[self.teams.cast[self.feasible.teams[slots]]]
        s, t, places = self.pairs
        swapped = (digits[:, t] - digits[:, s]) * places
        seats, code, place = self.recasts
        recast = (code - digits[:, seats]) * place
        change = np.hstack([swapped, recast])
        moved = change != 0  # a step that changes nothing finds the team itself (-1 here)
        keys = ((digits * self.places).sum(axis=1)[:, None] + change)[moved]
        order = np.argsort(keys)  # sorted keys are looked up several times faster
        found = np.empty(len(keys), dtype=np.int64)
        found[order] = self.slots[self.teams.find(keys[order])]
        steps: IntArray = np.full(change.shape, -1, dtype=np.int64)
        steps[moved] = found
        return steps


class _Tilt:
    """The tail's proposals over one feasible set, prior · exp(η[seat, class]) mixed with the
    prior: their log densities over every feasible world, and class shares (summed by evil
    team first, so that a pass over the worlds is a few vector operations)."""

    def __init__(self, feasible: Feasible) -> None:
        self.feasible = feasible
        n = feasible.setup.n
        cast = evil_teams(feasible.setup.chars, n).cast[feasible.teams]
        self.classes = 3 + len(feasible.setup.chars)  # and a Townsfolk made evil's class
        # Per feasible team and seat, the seat's cell in a seat-by-class table (a good seat's:
        # GOOD; the Drunk is the world's, not the team's).
        self.cells = np.arange(n) * self.classes + np.where(cast >= 0, cast + 2, GOOD)
        self.log_prior = np.log(feasible.prior)

    def shares(self, slot: IntArray, drunk: IntArray, weight: FloatArray) -> FloatArray:
        """Per seat and class, the share of ``weight`` (over worlds given by their team's
        ``slot`` and their ``drunk``) in which the seat is of that class."""
        n = self.feasible.setup.n
        by_team = np.bincount(slot, weight, minlength=len(self.cells))
        cells = np.bincount(self.cells.ravel(), np.repeat(by_team, n), n * self.classes)
        shares = cells.reshape(n, self.classes)
        has = drunk >= 0
        shares[:, DRUNK] = np.bincount(drunk[has], weight[has], minlength=n)
        shares[:, GOOD] = weight.sum() - shares[:, 1:].sum(axis=1)
        normalised: FloatArray = shares / weight.sum()
        return normalised

    def log_proposal(self, eta: FloatArray) -> FloatArray:
        """log q over every feasible world: the tilted prior mixed with the prior."""
        tilted = np.log(1 - DEFENSIVE) + self._log_tilted(eta)
        mixed: FloatArray = np.logaddexp(np.log(DEFENSIVE) + self.log_prior, tilted)
        return mixed

    def _log_tilted(self, eta: FloatArray) -> FloatArray:
        """log prior(w) + Σ η[seat, class], normalised over every feasible world."""
        f = self.feasible
        lift = eta - eta[:, [GOOD]]  # each class against being good (a good seat's: 0)
        by_team = lift.ravel()[self.cells].sum(axis=1)
        drunk = np.append(lift[:, DRUNK], 0.0)[f.drunk]  # no Drunk (-1): 0
        log = self.log_prior + by_team[f.slot] + drunk
        top = log.max()
        normalised: FloatArray = log - (top + np.log(np.exp(log - top).sum()))
        return normalised

    def fit(self, picked: IntArray, weight: FloatArray) -> FloatArray:
        """η whose tilted prior has the class shares of the worlds ``picked`` as weighted."""
        f = self.feasible
        want = self.shares(f.slot[picked], f.drunk[picked], weight)
        eta = np.zeros_like(want)
        for _ in range(FITTING):
            have = self.shares(f.slot, f.drunk, np.exp(self._log_tilted(eta)))
            ok = (want > 0) & (have > 0)
            eta[ok] += np.log(want[ok] / have[ok])
        return eta
