"""Weighing the worlds: how likely each one makes what the table has seen, and what follows.

The generative story a decent table assumes, and that this module computes exactly over the
worlds of ``worlds.build``:

- Good players claim honestly; a sober, working holder's information is the truth, as its
  unit's ``weigh`` hook says (with the Spy and Recluse registering either way). A drunk or
  poisoned holder's, and anything an evil player says, is arbitrary: as likely as the unit's
  ``impaired`` figure (an Empath's 0, 1 or 2 each a third).
- A Poisoner (a unit with ``poisons_nightly``) poisons one living player each night, uniformly among
  the others, until dusk: the information of that night and day is summed over who it was
  (exactly: one target a night, so two players are never both explained away by one poison).
- A red herring (``Weight.herring``) is one good player, fixed for the game, summed over.
- The Demon kills good players, uniformly, or (rarely, ``STAR_PASS``) itself: then it lives
  on (``Role.lives_on``), a Minion inherits (``Role.inherits``), or it moves as its unit says
  (``Role.moves_to``: to any living Minion, or into a good Outsider, who turns evil), else the
  game would have ended; a Minion is almost never killed. How many die a night is weighed by
  the living Demon's and killing Minions' ``Role.night_kills`` (``_kill_count``). A Demon
  executed or shot while the game goes on lived on, was inherited, or (executed) left a day
  to a Minion that outlives it (``Role.outlives_demon``).
- Standing effects of the living Demon hold for a night and its day: its nearest Townsfolk
  poisoned (``Role.poisons_neighbours``), every sober Townsfolk's information false
  (``Role.falsifies``: ``Weight.misinformed``), and a day without an execution would have
  ended the game (``Role.quiet_day_ends``).
- Evil players vote and nominate as ``VOTES`` and ``NOMINATES`` say: for their own team rarely,
  otherwise like anyone else (so only their hands for teammates give them away); good
  players' hands carry no evidence about the worlds.

Impossible events get weight ``IMPOSSIBLE`` rather than zero, so a table that has seen
something the model cannot explain (a storyteller's slip, a character it does not know) still
gets sensible beliefs from the worlds that explain it best. Worlds that fall below
``NEGLIGIBLE`` of the likeliest are dropped; as later impossible events can bring the dropped
ahead again, a sweep that dropped more than ``DROPPED`` of its final weight is swept again
dropping none.

The sweep goes through the game moment by moment (night 1, day 1, night 2, ...); each night and
its day form an *epoch* whose information is weighed together when it closes (a poison lasts a
night and a day). Each moment extends the sweep of the moments before it, which is memoised,
so a new nomination or death costs one moment's work, not the whole game's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from engine.clocktower.game.roles import role
from engine.clocktower.reasoning.moment import (
    DEMON,
    OUTSIDER,
    TOWNSFOLK,
    UNKNOWN,
    BoolArray,
    FloatArray,
    IntArray,
    Moment,
    Setup,
    Weight,
    townsfolk_neighbours,
)
from engine.clocktower.reasoning.record import (
    Claim,
    Death,
    Heard,
    Nominated,
    Record,
    day_moment,
)
from engine.clocktower.reasoning.sample import BUDGET, SLACK, draw, ess
from engine.clocktower.reasoning.worlds import (
    Worlds,
    build,
    count,
    feasible,
    summonable,
    tables,
)

LIMIT = 100_000  # enumerate up to this many feasible worlds (a base edition at 10); sample beyond
SAMPLES = 8_000  # worlds drawn from the tail, when sampling
REUSE_ESS = 2_000  # drawn worlds are reused while they weigh a record this well (``Draws``)
SURPRISE = 1e-5  # ... and no new moment's events are less likely than this under them
IMPOSSIBLE = 1e-9
NEGLIGIBLE = 1e-20  # worlds this much less likely than the likeliest are dropped
DROPPED = 1e-12  # ... unless that was more than this share of the sweep's final weight
PRUNE_BELOW = 0.5  # ... once they are half the worlds (dropping fewer is not worth the copy)
STAR_PASS = 0.03  # how often the Demon kills itself, as the town reckons
MINION_KILLED = 0.01  # how often the Demon kills one of its Minions
# The night's death count (``_kill_count``): counts of kills up to ``KILLS - 1``; how often a
# kill is stopped (a protection, a Soldier, a Fool); how often 0, 1, 2 others die (the Gossip,
# a Moonchild, a Tinker, a Sweetheart...).
KILLS = 8
SAVED = 0.15
OTHER_DEATHS = (0.9, 0.08, 0.02)
QUIET_DAY = 0.01  # how often a day ends with no execution under a Vortox and the game goes on
# P(an evil voter raises a hand | the nominee is its Demon, another Minion, a good player), and
# the rate of a good voter: the ratio is the evidence an evil voter's hand gives.
GOOD_HANDS = 0.45
VOTES = {"demon": 0.12, "minion": 0.35, "good": GOOD_HANDS}
# P(an evil nominator picks this nominee) relative to a good nominator's, by the nominee.
NOMINATES = {"demon": 0.15, "minion": 0.4, "good": 1.15}


class Beliefs:
    """What follows from a record: the weighed worlds, and per player the chance that they are
    the Demon now (``demon``), that they are evil (``evil``), and that executing them loses the
    game for good (``risk``: a real Saint). ``worlds`` were weighed; when some were
    ``sampled`` (from ``feasible`` worlds), ``ess`` is the effective sample size and ``error``
    each chance's standard error. Each is summed when first read (the Demon and evil chances
    over ``_Groups``, not every world): self-play builds a view for many players
    (``given_good``) and reads only some chances of each."""

    def __init__(
        self,
        setup: Setup,
        p: FloatArray,
        demon: IntArray,
        worlds: Worlds,
        groups: _Groups | None = None,
    ) -> None:
        """``p``: per world, its chance; ``demon``: the Demon now's seat; ``groups``: ``p``
        summed by who is evil and who is the Demon (summed when first needed)."""
        self.setup, self._p, self._demon, self._worlds = setup, p, demon, worlds
        self.sampled, self.feasible = worlds.sampled, worlds.feasible
        self.worlds = len(p)
        self._errors: dict[str, dict[int, float]] | None = None
        self._given: dict[int, Beliefs] = {}
        self._summed = groups

    @property
    def p(self) -> FloatArray:
        return self._p

    @property
    def _groups(self) -> _Groups:
        if self._summed is None:
            self._summed = _Groups.of(self._worlds, self._demon, self.p)
        return self._summed

    @cached_property
    def demon(self) -> dict[int, float]:
        groups = self._groups
        return _per_player(
            self.setup, np.bincount(groups.demon, weights=groups.weight, minlength=self.setup.n)
        )

    @cached_property
    def evil(self) -> dict[int, float]:
        groups = self._groups
        summed: FloatArray = np.einsum("g,gs->s", groups.weight, groups.evil)
        return _per_player(self.setup, summed)

    @cached_property
    def risk(self) -> dict[int, float]:
        """Nothing to sum where no character on the script loses the game when executed."""
        if not tables(self.setup.chars)["losing"].any():
            return dict.fromkeys(self.setup.seats, 0.0)
        return _per_player(self.setup, _losing(self._worlds, self.p))

    @cached_property
    def ess(self) -> float:
        return ess(self._drawn(), self._worlds.copies) if self.sampled else math.inf

    def _drawn(self, values: FloatArray | None = None) -> FloatArray:
        """Per world first built (a row's ``origin``), the sum of its rows' weights (times
        ``values``, one per row and seat: then one sum per seat)."""
        origin, count = self._worlds.origin, len(self._worlds.copies)
        if values is None:
            return np.bincount(origin, weights=self.p, minlength=count)
        n = values.shape[1]
        cells = (origin[:, None] * n + np.arange(n)[None, :]).ravel()
        summed = np.bincount(cells, weights=(self.p[:, None] * values).ravel(), minlength=count * n)
        return summed.reshape(count, n)

    def error(self, player: int, of: str = "demon") -> float:
        """The standard error of the chance that ``player`` is the Demon (``of`` "demon") or
        evil ("evil"): zero when every world was weighed; else, by the delta method, the
        square root of the sum over the draws of (weight x (value - chance))^2."""
        if not self.sampled:
            return 0.0
        if self._errors is None:
            n = self.setup.n
            demon, evil = self._demon, self._worlds.evil
            copies = self._worlds.copies
            mass = self._drawn()
            drawn = np.isfinite(copies) & (mass > 0)
            self._errors = {}
            for name, values in (("demon", np.eye(n)[demon]), ("evil", evil)):
                by_seat = self._drawn(values)[drawn] / mass[drawn, None]
                chance = np.array([getattr(self, name)[p] for p in self.setup.seats])
                spread = (mass[drawn, None] * (by_seat - chance)) ** 2 / copies[drawn, None]
                self._errors[name] = _per_player(self.setup, np.sqrt(spread.sum(axis=0)))
        return self._errors[of][player]

    def within(self, player: int, of: str = "demon") -> float:
        """How far the chance may be from the exact one: four standard errors, plus what the
        search and the sample may miss (``sample.SLACK``); zero when every world was weighed."""
        return 4 * self.error(player, of) + SLACK if self.sampled else 0.0

    def given_good(self, player: int) -> Beliefs:
        """These beliefs for ``player``, who knows they are good (and has said all they know);
        memoised, as self-play asks for them again and again."""
        if player not in self._given:
            self._given[player] = _GivenGood(self, self.setup.seat(player))
        return self._given[player]


class _GivenGood(Beliefs):
    """``base``'s beliefs for the player at ``seat``, who knows they are good: the worlds where
    they are evil weigh nothing. Its chances are summed over ``base``'s groups; its chance of
    each world (for ``risk`` and the sampling's errors) is found only when read."""

    def __init__(self, base: Beliefs, seat: int) -> None:
        groups = base._groups.given_good(seat)
        super().__init__(base.setup, base.p, base._demon, base._worlds, groups)
        self._seat = seat

    @cached_property
    def p(self) -> FloatArray:
        return _good(self._p, self._worlds.evil[:, self._seat])


@dataclass(frozen=True)
class _Groups:
    """Worlds' chances summed by who is evil and who is the Demon now, on which the chances
    of being either depend alone: at 10 players a few hundred groups stand for tens of
    thousands of worlds, and self-play sums a view for most good players (``given_good``)."""

    weight: FloatArray
    evil: BoolArray  # per group and seat
    demon: IntArray

    @staticmethod
    def of(worlds: Worlds, demon: IntArray, p: FloatArray) -> _Groups:
        """Keyed densely by evil seats and Demon seat (at most 2^15 x 15 keys at 15 seats)."""
        n = worlds.setup.n
        summed = np.bincount(worlds.evil_bits.astype(np.int64) * n + demon, weights=p)
        keys = np.flatnonzero(summed)
        bits = keys // n
        evil: BoolArray = ((bits[:, None] >> np.arange(n)) & 1).astype(bool)
        return _Groups(summed[keys], evil, keys % n)

    def given_good(self, seat: int) -> _Groups:
        """These groups for a player at ``seat`` who knows they are good."""
        return _Groups(_good(self.weight, self.evil[:, seat]), self.evil, self.demon)


def _good(weight: FloatArray, evil: BoolArray) -> FloatArray:
    """``weight`` given that a player is good: nothing where they are ``evil``, the rest
    normalised (as it was, if they are evil everywhere)."""
    kept = np.where(evil, 0.0, weight)
    total = kept.sum()
    good: FloatArray = kept / total if total > 0 else weight
    return good


def _losing(worlds: Worlds, p: FloatArray) -> FloatArray:
    """Per seat, the sum of ``p`` over the worlds where its character loses the game when
    executed: by ``einsum``, in this thread (a BLAS product spreads a large one over threads
    that cost several times the work, and its rounding depends on the BLAS and on how many
    threads it takes)."""
    summed: FloatArray = np.einsum("w,ws->s", p, worlds.per_seat("losing"))
    return summed


def _per_player(setup: Setup, values: FloatArray) -> dict[int, float]:
    return {player: float(values[i]) for i, player in enumerate(setup.seats)}


@dataclass
class _Item:
    claimer: int  # seat
    weight: Weight
    players: tuple[int, ...]


@dataclass
class _Epoch:
    """A night and its day: their information, whether the Poisoner was alive that night (per
    world) and who was (the Poisoner's possible targets); per world and seat, whom a Demon's
    standing poison impairs (the No Dashii's neighbours; None: nobody), and per world whether
    every sober Townsfolk's information is false (the Vortox; None: in no world)."""

    items: list[_Item]
    working: FloatArray
    living: frozenset[int]
    impaired: BoolArray | None = None
    false: BoolArray | None = None

    def take(self, rows: IntArray) -> _Epoch:
        return _Epoch(
            [_Item(it.claimer, it.weight.take(rows), it.players) for it in self.items],
            self.working[rows],
            self.living,
            None if self.impaired is None else self.impaired[rows],
            None if self.false is None else self.false[rows],
        )


@dataclass(frozen=True)
class _Events:
    """What happened at one moment, as the sweep reads it."""

    moment: int
    deaths: tuple[Death, ...] = ()
    nominations: tuple[Nominated, ...] = ()
    items: tuple[tuple[int, Heard], ...] = ()
    final: bool = False  # the game ended here (a Demon's death needed no heir)


# The parts of a red-herring holder's epochs: (a, b, rest, items, held), its likelihood
# a + b * s in the worlds ``held`` (where the holder was sober; elsewhere already weighed).
_Part = tuple[FloatArray, FloatArray, FloatArray, list[_Item], BoolArray]
# A sweep's memo (``_Sweep.memo``): by what they depend on, heard items' weights and the weights
# after a day's first nominations.
_Memo = dict[tuple[object, ...], Any]
# What a sweep is built for: the setup, the claims said, the good players, the seed and the
# sizes (limit, samples, budget).
_Key = tuple[Setup, tuple[tuple[int, str], ...], tuple[int, ...], int, tuple[int, int, int]]


@dataclass
class _Sweep:
    """The per-world arrays a sweep carries, re-indexed together when worlds branch or drop.
    Steps never change an array in place, so a copy shares them safely."""

    worlds: Worlds
    demon: IntArray
    logw: FloatArray
    alive: frozenset[int]
    kind: IntArray  # per world, the Demon's character code
    undead: BoolArray  # per world, whether the Demon lives on though the town saw it die
    open: _Epoch | None = None
    herrings: dict[int, list[_Part]] = field(default_factory=dict)
    quiet: bool = True  # nobody died the day before (public, as the Demons' ``night_kills``)
    executed: bool = True  # somebody was executed the day before
    last: int = 0  # how many died the night before
    prunes: bool = True  # False: no world is ever dropped (``exact``)
    dropped: float = -math.inf  # the log of the weight dropped, as it was when dropped
    # What the moment after this one worked out from it (``_advance``): its own, not a copy's.
    memo: _Memo = field(default_factory=dict)

    @staticmethod
    def start(worlds: Worlds, logw: FloatArray, prunes: bool = True) -> _Sweep:
        """A sweep from the start of the game, everyone alive."""
        kind = worlds.demon_kind
        alive = frozenset(worlds.setup.seats)
        undead = np.zeros(len(kind), bool)
        return _Sweep(worlds, worlds.demon.copy(), logw, alive, kind, undead, prunes=prunes)

    def copy(self) -> _Sweep:
        epoch = self.open and replace(self.open, items=list(self.open.items))
        herrings = {c: list(parts) for c, parts in self.herrings.items()}
        return replace(self, open=epoch, herrings=herrings, memo={})

    def prune(self) -> None:
        """Drop worlds too unlikely ever to matter (when they are worth the copying)."""
        if not self.prunes:
            return
        floor = self.logw.max() + math.log(NEGLIGIBLE)
        if self.logw.min() >= floor:  # none to drop
            return
        keep = self.logw >= floor
        if keep.sum() < PRUNE_BELOW * len(keep):
            self.dropped = float(np.logaddexp(self.dropped, _log_total(self.logw[~keep])))
            self.take(np.flatnonzero(keep))

    def take(self, rows: IntArray) -> None:
        self.worlds = self.worlds.take(rows)
        self.demon = self.demon[rows]
        self.logw = self.logw[rows]
        self.kind = self.kind[rows]
        self.undead = self.undead[rows]
        if self.open is not None:
            self.open = self.open.take(rows)
        self.herrings = {
            c: [
                (
                    a[rows],
                    b[rows],
                    rest[rows],
                    [_Item(it.claimer, it.weight.take(rows), it.players) for it in tied],
                    held[rows],
                )
                for a, b, rest, tied, held in parts
            ]
            for c, parts in self.herrings.items()
        }


def heard_items(record: Record) -> list[tuple[int, Heard]]:
    """Every heard item on the record, with who said it: their claims' own, and what the
    public facts told the claimed character (``Role.public_info``: a Slayer's shot)."""
    found: list[tuple[int, Heard]] = []
    for c in record.claims:
        unit = role(c.character)
        items = (*c.heard, *unit.public_info(record, c.player))
        found.extend((c.player, h) for h in items if h.character == c.character)
    return found


class Draws:
    """A caller's memory of the worlds it searched for and drew, beyond ``LIMIT`` (self-play
    keeps one per game). A later record that extends the one they were weighed by reuses them
    while they still weigh it well, instead of searching again: the weights stay exact for the
    new events, only the share the sample carries grows. Two tests, as each sees a different
    failure: an effective sample size of at least ``REUSE_ESS`` (the drawn worlds carry the
    posterior through a few heavy draws), and no new moment whose events surprise the kept
    worlds (``_unsurprised``: the posterior has left them for worlds they do not hold, which no
    sample size can show, the head counting as weighed exactly). What a caller gets depends
    on what it asked before, so a caller that asks in the same order gets the same answers."""

    def __init__(self) -> None:
        self.bases: dict[tuple[object, ...], tuple[_Events, ...]] = {}
        # Per key, the longest events found unsurprising under its basis and their log
        # evidence (``_unsurprised``): each moment is tested once, however often a caller asks.
        self.checked: dict[tuple[object, ...], tuple[tuple[_Events, ...], float]] = {}


def infer(
    setup: Setup,
    record: Record,
    viewer: Claim | None = None,
    seed: int = 0,
    limit: int = LIMIT,
    samples: int = SAMPLES,
    budget: int = BUDGET,
    draws: Draws | None = None,
) -> Beliefs:
    """The beliefs that follow from the record; with ``viewer``, those of that (good) player,
    who also knows their own claim (said or not) and that they are good. Beyond ``limit``
    feasible worlds, the likely ones are searched for (weighing at most ``budget``) and
    ``samples`` of the rest drawn (``sample``), or, with ``draws``, those of an earlier call
    reused."""
    said, good, events = prepared(setup, record, viewer)
    size = count(setup, tuple(Claim(p, c) for p, c in said), good)
    key = (setup, said, good, seed, (limit, samples, budget))
    if size <= limit:
        return _beliefs(_swept(key, (), events), setup)
    basis = _basis(events)
    kept = draws.bases.get(key) if draws is not None else None
    if draws is not None and kept is not None and kept != basis and events[: len(kept)] == kept:
        beliefs = _beliefs(_swept(key, kept, events), setup)
        if beliefs.ess >= REUSE_ESS:
            checked = draws.checked.get(key)
            if checked is None or events[: len(checked[0])] != checked[0]:
                checked = kept, _log_total(_swept(key, kept, kept).logw)
            evidence = _unsurprised(key, kept, events, checked)
            if evidence is not None:
                draws.checked[key] = events, evidence
                return beliefs
    if draws is not None:
        draws.bases[key] = basis
        draws.checked.pop(key, None)
    return _beliefs(_swept(key, basis, events), setup)


def _unsurprised(
    key: _Key,
    kept: tuple[_Events, ...],
    events: tuple[_Events, ...],
    checked: tuple[tuple[_Events, ...], float],
) -> float | None:
    """The log evidence of ``events`` under the worlds kept for the basis ``kept`` (the log of
    their total weight after the events, up to a constant), or None if one of their moments
    after those ``checked`` (with their log evidence) surprises those worlds: its evidence,
    P(the moment's events | the record before it) as the kept worlds estimate it (the share of
    their posterior mass the moment keeps), is below ``SURPRISE``.

    Why this is the test: the kept worlds stand for every world but a share of the posterior
    they miss (the search's and the sample's). A moment multiplies each world's weight by the
    likelihood of its events; the kept worlds' total by the evidence, a world outside them by
    its own likelihood, at most about 1 (a probability; a vote's or nomination's ratio is
    near it). So the missed share can grow by at most about 1 / evidence a moment. Ordinary
    events cost every world alike (a death among the living, a reading among its values) and
    leave the evidence above ``SURPRISE`` (at least e^-8 a moment in the games measured,
    docs/benchmarks.md); events that contradict (nearly) every kept world cost each about
    ``IMPOSSIBLE``, and a world the search did not keep, which may explain them, can then
    outweigh them all, while the effective sample size still looks unbounded."""
    seen, before = checked
    for t in range(len(seen) + 1, len(events) + 1):
        now = _log_total(_swept(key, kept, events[:t]).logw)
        if now - before < math.log(SURPRISE):
            return None
        before = now
    return before


def _log_total(logw: FloatArray) -> float:
    """The log of the sum of the weights (``scipy.special.logsumexp`` costs ten times as much
    on the few thousand worlds of a sweep)."""
    top = float(logw.max())
    if top == -math.inf:  # no weight at all
        return top
    return top + math.log(float(np.exp(logw - top).sum()))


def prepared(
    setup: Setup, record: Record, viewer: Claim | None = None
) -> tuple[tuple[tuple[int, str], ...], tuple[int, ...], tuple[_Events, ...]]:
    """What the worlds are built from and weighed by: the claimed characters, the players
    known to be good (a ``viewer``, whose claim joins the record) and the record's events.
    Claims no world allows are ignored (shared by ``infer`` and ``exact``, which must agree)."""
    if viewer is not None:
        record = record.with_claim(viewer)
    good = (viewer.player,) if viewer is not None else ()
    said = tuple(sorted((c.player, c.character) for c in record.claims if c.player in setup.seats))
    if not count(setup, record.claims, good):
        record, said = replace(record, claims=()), ()  # the claims contradict: ignore them
    return said, good, _timeline(record, setup)


def _swept(key: _Key, basis: tuple[_Events, ...], events: tuple[_Events, ...]) -> _Sweep:
    """The finished sweep after ``events`` (``_through``; ``key``: the setup, claims, good
    players, seed and sizes), swept again dropping no world when what it dropped comes to more
    than ``DROPPED`` of its final weight."""
    sweep = _through(*key, basis, events).copy()
    _finish(sweep)
    dropped = sweep.dropped > -math.inf  # (most sweeps drop none: no total to take)
    if dropped and sweep.dropped > _log_total(sweep.logw) + math.log(DROPPED):
        sweep = _through(*key, basis, events, prunes=False).copy()
        _finish(sweep)
    return sweep


def _basis(events: tuple[_Events, ...]) -> tuple[_Events, ...]:
    """The events the search for likely worlds weighs them by: all but those of a day still
    going on, so that the day's nominations extend the memoised sweep (any worlds may be
    chosen: the weights are exact for all the events either way)."""
    return events[: len(events) - 1] if len(events) % 2 == 0 else events


def _finish(sweep: _Sweep) -> None:
    """The last epoch's information and the red herrings' sums: the sweep's weights are then
    the worlds' posterior (unnormalised)."""
    _close(sweep)
    for parts in sweep.herrings.values():
        held = parts[0][4]
        for part in parts[1:]:
            held = held | part[4]
        sweep.logw = sweep.logw + np.where(held, _herring(sweep.worlds, parts), 0.0)
    sweep.herrings = {}
    sweep.prune()


def _loglik(events: tuple[_Events, ...]) -> Callable[[Worlds], FloatArray]:
    """The log likelihood of ``events`` in each of some worlds (for the search and the tail's
    proposal): no world dropped, as a world dropped midway, behind the likeliest of its batch,
    may be ahead of them all at the end (it came out impossible, and the search never reached
    its region)."""

    def loglik(worlds: Worlds) -> FloatArray:
        sweep = _Sweep.start(worlds, np.zeros(len(worlds)), prunes=False)
        for ev in events:
            _advance(sweep, ev)
        _finish(sweep)
        out = np.full(len(worlds.copies), -np.inf)
        np.logaddexp.at(out, sweep.worlds.origin, sweep.logw)
        return out

    return loglik


def _timeline(record: Record, setup: Setup) -> tuple[_Events, ...]:
    """The record as events, moment by moment, from night 1 to its last moment."""
    items = [(p, h) for p, h in heard_items(record) if p in setup.seats]
    moments = (
        [h.moment for _, h in items]
        + [d.moment for d in record.deaths]
        + [day_moment(n.day) for n in record.nominations]
    )
    last = max(moments, default=0)
    final = max((d.moment for d in record.deaths), default=-1) if record.over else -1
    deaths: dict[int, list[Death]] = {}
    for d in record.deaths:
        deaths.setdefault(d.moment, []).append(d)
    nominated: dict[int, list[Nominated]] = {}
    for n in record.nominations:
        nominated.setdefault(day_moment(n.day), []).append(n)
    heard: dict[int, list[tuple[int, Heard]]] = {}
    for p, h in items:
        heard.setdefault(h.moment, []).append((p, h))
    return tuple(
        _Events(
            t,
            tuple(deaths.get(t, ())),
            tuple(nominated.get(t, ())),
            tuple(heard.get(t, ())),
            t == final,
        )
        for t in range(1, last + 1)
    )


@lru_cache(maxsize=64)
def _through(
    setup: Setup,
    said: tuple[tuple[int, str], ...],
    good: tuple[int, ...],
    seed: int,
    sizes: tuple[int, int, int],
    basis: tuple[_Events, ...],
    events: tuple[_Events, ...],
    prunes: bool = True,
) -> _Sweep:
    """The sweep after ``events`` (memoised: each moment extends the sweep before it), from
    every feasible world or, beyond ``limit`` of them (``sizes``: limit, samples, budget), a
    search and a sample weighed with the events ``basis``; ``prunes`` False: dropping none."""
    if not events:
        claims = tuple(Claim(p, c) for p, c in said)
        limit, samples, budget = sizes
        if count(setup, claims, good) > limit:
            worlds = draw(feasible(setup, claims, good), _loglik(basis), seed, samples, budget)
        else:
            worlds = build(setup, claims, good)
        return _Sweep.start(worlds, np.log(np.maximum(worlds.prior, 1e-300)), prunes)
    before = _through(setup, said, good, seed, sizes, basis, events[:-1], prunes)
    sweep = before.copy()
    _advance(sweep, events[-1], before.memo)
    return sweep


def _advance(sweep: _Sweep, ev: _Events, memo: _Memo | None = None) -> None:
    """One moment: at night its deaths (the Demon's kill), by day its nominations; then what
    the players learned then; then the day's deaths (executions, shots). With ``memo``, the
    sweep's before this moment (``_Sweep.memo``): what was worked out from it already is not
    worked out again (a day's moment is swept anew for each nomination and hand)."""
    setup = sweep.worlds.setup
    if ev.moment % 2:
        _close(sweep)
        night = (ev.moment + 1) // 2
        living, _ = _living(setup.seats, sweep.alive)
        demon = living[sweep.demon] | sweep.undead  # per world, whether the Demon lives
        if night > 1:
            _quiet_day(sweep, demon)
            if _summon(sweep, night, demon):  # worlds branched: the Demon's seat is new
                demon = living[sweep.demon] | sweep.undead
            _kill_count(sweep, night, len(ev.deaths), demon)
        poisoner = sweep.worlds.holder("poisons")
        working = np.where(poisoner >= 0, living[np.maximum(poisoner, 0)], False).astype(float)
        sweep.open = _Epoch([], working, sweep.alive, *_standing(sweep, night, living, demon))
        for d in ev.deaths:
            _night_death(sweep, d.player, ev.final)
        sweep.last = len(ev.deaths)
    else:
        _nominations(sweep, ev.nominations, memo)
    now = Moment(sweep.worlds, sweep.demon, sweep.alive)
    given = (ev.deaths, ev.final) if ev.moment % 2 else ()  # what the moment's worlds follow
    for player, heard in ev.items:
        weight = _weigh(now, player, heard, memo, given)
        if weight is not None and sweep.open is not None:
            sweep.open.items.append(_Item(setup.seat(player), weight, heard.players))
    if not ev.moment % 2:
        for d in ev.deaths:
            _day_death(sweep, d, ev.final)
        sweep.quiet = not ev.deaths
        sweep.executed = any(d.cause == "execution" for d in ev.deaths)


def _weigh(
    now: Moment, player: int, heard: Heard, memo: _Memo | None, given: tuple[object, ...]
) -> Weight | None:
    """The heard item's weight (its unit's ``weigh``), once per moment of a sweep (``given``:
    at night its deaths, which the worlds and who lives follow; by day nothing, as nominations
    change only the weights)."""
    if memo is None:
        return role(heard.character).weigh(heard, now, player)
    key = ("heard", given, player, heard)
    if key not in memo:
        memo[key] = role(heard.character).weigh(heard, now, player)
    weight: Weight | None = memo[key]
    return weight


@lru_cache(maxsize=4096)
def _living(seats: tuple[int, ...], alive: frozenset[int]) -> tuple[BoolArray, int]:
    """Per seat, whether its player lives, and the same as a bitmask (bit ``s`` for seat
    ``s``); cached, as every step of a moment asks (the array is shared: read-only)."""
    living = np.array([p in alive for p in seats])
    living.setflags(write=False)
    return living, sum(1 << s for s, p in enumerate(seats) if p in alive)


def _status(sweep: _Sweep, player: int) -> tuple[np.ndarray, np.ndarray]:
    """Per world: whether ``player`` is the Demon now, and whether they are a Minion (of its
    team: a Townsfolk made evil is not, ``Worlds.evil_team``)."""
    s = sweep.worlds.setup.seat(player)
    demon = sweep.demon == s
    return demon, sweep.worlds.evil_team[:, s] & ~demon


def _heirs(sweep: _Sweep, rows: IntArray, living: BoolArray) -> IntArray:
    """In the worlds ``rows``, the seat of a living Minion who inherits at once (a Scarlet
    Woman with enough players alive; -1: none)."""
    w = sweep.worlds
    inherits = tables(w.setup.chars)["inherits"]
    if not inherits.any():  # no character of the script inherits
        return np.full(len(rows), -1)
    need = np.take(inherits, np.take(w.char, rows, 0))
    minion = (
        np.take(w.evil, rows, 0)
        & living[None, :]
        & (np.arange(w.setup.n) != sweep.demon[rows, None])
    )
    heir = minion & (need > 0) & (need <= len(sweep.alive))
    found: IntArray = np.where(heir.any(axis=1), heir.argmax(axis=1), -1)
    return found


def _night_death(sweep: _Sweep, player: int, final: bool) -> None:
    """The Demon's kill: a good player, uniformly; itself, rarely (``_demon_died``)."""
    w = sweep.worlds
    demon, minion = _status(sweep, player)
    _, alive = _living(w.setup.seats, sweep.alive)
    good_alive = np.bitwise_count(alive & ~w.team_bits)
    n = w.setup.n
    victim = np.where(demon, n + 2, np.where(minion, n + 1, good_alive))
    sweep.logw = sweep.logw + _victim_table(n)[victim]
    kept = sweep.demon
    sweep.prune()
    if sweep.demon is not kept:  # worlds were dropped
        demon, _ = _status(sweep, player)
    if demon.any():
        _demon_died(sweep, player, demon, final, night=True)
    sweep.alive = sweep.alive - {player}


@lru_cache(maxsize=64)
def _victim_table(n: int) -> FloatArray:
    """The log chance of the Demon's kill by whom it was (``_night_death``): a good player
    when ``k`` good players live (index ``k``, up to ``n``), a Minion (``n + 1``), the Demon
    itself (``n + 2``)."""
    good = [(1 - STAR_PASS) / max(k, 1) for k in range(n + 1)]
    table: FloatArray = np.log(np.maximum(np.array([*good, MINION_KILLED, STAR_PASS]), IMPOSSIBLE))
    table.setflags(write=False)
    return table


def _demon_died(
    sweep: _Sweep, player: int, demon: BoolArray, final: bool, night: bool, executed: bool = False
) -> None:
    """The Demon died (in the worlds ``demon``): a Demon that lives on after its first death
    (``Role.lives_on``) does; else a Minion who inherits at once does (the Scarlet Woman); else,
    at night, the Demon moves as its unit says (``Role.moves_to``: the star pass to a living
    Minion, or into a living good Outsider, who turns evil), the sweep branching on where;
    else, executed, the game goes on a day while a Minion outlives it (the Mastermind), or
    while a Minion that keeps the game lives (the Evil Twin). Worlds in none of these are
    impossible while the game goes on."""
    w = sweep.worlds
    info = tables(w.setup.chars)
    survives = demon & info["lives_on"][sweep.kind] & ~sweep.undead
    sweep.undead = sweep.undead | survives
    demon = demon & ~survives
    if not demon.any():
        return
    living, _ = _living(w.setup.seats, sweep.alive - {player})
    rows = np.flatnonzero(demon)
    heir = _heirs(sweep, rows, living)
    sweep.demon = sweep.demon.copy()
    sweep.demon[rows[heir >= 0]] = heir[heir >= 0]
    rows = rows[heir < 0]  # orphaned
    if night:
        moves = info["moves"][sweep.kind[rows]]
        star = moves == 1  # a star pass, to a living Minion
        heirs = np.zeros((len(rows), w.setup.n))
        if star.any():
            heirs = np.where(star[:, None], _minions(sweep, rows, living), 0.0)
        jumps = moves == 2
        if jumps.any():
            heirs = np.where(jumps[:, None], _outsiders(w, rows, living), heirs)
        stuck = heirs.sum(axis=1) == 0
    else:
        stuck = ~(executed & _held(w, rows, living, "outlives_demon"))
    stuck &= ~_held(w, rows, living, "keeps_game")
    if not final:
        sweep.logw = sweep.logw.copy()
        sweep.logw[rows[stuck]] += math.log(IMPOSSIBLE)
    if night:
        _branch(sweep, rows, heirs, jumps)


def _held(w: Worlds, rows: IntArray, living: BoolArray, flag: str) -> BoolArray:
    """In the worlds ``rows``, whether a living evil player holds a character ``flag`` marks
    (``tables``). The rows are few (where the Demon died): no per-seat table of every world."""
    marks = tables(w.setup.chars)[flag]
    if not marks.any():
        return np.zeros(len(rows), dtype=bool)
    holds = np.take(marks, np.take(w.char, rows, 0), 0) & np.take(w.evil, rows, 0)
    held: BoolArray = (holds & living[None, :]).any(axis=1)
    return held


def _minions(sweep: _Sweep, rows: IntArray, living: BoolArray) -> FloatArray:
    """In the worlds ``rows``, per seat, 1 for a living Minion (where a star pass may go)."""
    w = sweep.worlds
    seats = np.arange(w.setup.n)[None, :]
    team = np.take(w.evil_team, rows, 0)
    minion: FloatArray = (team & living[None, :] & (seats != sweep.demon[rows, None])) * 1.0
    return minion


def _outsiders(w: Worlds, rows: IntArray, living: BoolArray) -> FloatArray:
    """In the worlds ``rows``, per seat, how likely a living good player is an Outsider (where
    the Fang Gu may jump): 1 for a claimed one; for one who has not claimed, the share of the
    Outsiders in play that no good claimer accounts for (an approximation: the seats are not
    enumerated)."""
    char = np.take(w.char, rows, 0)
    good = ~np.take(w.evil, rows, 0)
    outsider = good & (np.take(w.team_table, char) == OUTSIDER)
    unknown = good & (char == UNKNOWN)
    free = np.clip(w.outsiders[rows] - outsider.sum(axis=1), 0, None)
    share = free / np.maximum(unknown.sum(axis=1), 1)
    likely = np.where(unknown, share[:, None], outsider.astype(float))
    chance: FloatArray = likely * living[None, :]
    return chance


def _branch(sweep: _Sweep, moved: IntArray, heirs: FloatArray, jumps: BoolArray) -> None:
    """The worlds ``moved``, where the Demon moved: one copy per seat it may have gone to
    (``heirs``, per moved world and seat, each seat's weight), each with its share of the
    weight; where it jumped into a good player (``jumps``), that player turns evil and holds
    the Demon."""
    total = heirs.sum(axis=1)
    ok = total > 0
    if not ok.any():
        return
    moved, heirs, jumps, total = moved[ok], heirs[ok], jumps[ok], total[ok]
    at, heir = np.nonzero(heirs)
    which = np.zeros(len(sweep.demon), dtype=bool)
    which[moved] = True
    stay = np.flatnonzero(~which)
    share = np.concatenate([np.zeros(len(stay)), np.log(heirs[at, heir] / total[at])])
    rows = np.concatenate([stay, moved[at]])
    heir = np.concatenate([sweep.demon[stay], heir])
    jumped = np.concatenate([np.zeros(len(stay), dtype=bool), jumps[at]])
    order = np.argsort(rows, kind="stable")
    rows, heir, share, jumped = rows[order], heir[order], share[order], jumped[order]
    sweep.take(rows)
    sweep.demon = heir
    sweep.logw = sweep.logw + share
    if jumped.any():
        sweep.worlds = sweep.worlds.recast(jumped, heir, sweep.kind)


def _summon(sweep: _Sweep, night: int, demon: BoolArray) -> bool:
    """A living Minion that stands in for the Demon and makes one tonight (``Role.
    summons_on_night``: the Summoner) does: the sweep branches on the Demon (each of the
    script's that a player can hold, as likely) and on the living good player made it (each as
    likely), who turns evil and holds it (``demon``: per world, whether the Demon lives).
    Whether it did, in some world."""
    w = sweep.worlds
    info = tables(w.setup.chars)
    on = np.flatnonzero((info["summons"][sweep.kind] == night) & demon)
    if not len(on):
        return False
    made = summonable(w.setup.chars)
    copies = np.ones(len(sweep.kind), dtype=np.int64)
    copies[on] = len(made)
    rows = np.repeat(np.arange(len(copies)), copies)
    first = np.repeat(np.cumsum(copies) - copies, copies)
    which = np.zeros(len(copies), dtype=bool)
    which[on] = True
    moved = which[rows]
    sweep.take(rows)
    sweep.kind = sweep.kind.copy()
    sweep.kind[moved] = np.array(made)[(np.arange(len(rows)) - first)[moved]]
    sweep.logw = sweep.logw - np.where(moved, math.log(len(made)), 0.0)
    living, _ = _living(w.setup.seats, sweep.alive)
    moved = np.flatnonzero(moved)
    heirs = (~np.take(sweep.worlds.evil_team, moved, 0) & living[None, :]).astype(float)
    _branch(sweep, moved, heirs, np.ones(len(moved), dtype=bool))
    return True


def _day_death(sweep: _Sweep, death: Death, final: bool) -> None:
    """An execution or a shot: if it was the Demon and the game went on, it lived on, someone
    inherited, or (executed) the Mastermind gave a day more."""
    demon, _ = _status(sweep, death.player)
    if demon.any():
        executed = death.cause == "execution"
        _demon_died(sweep, death.player, demon, final, night=False, executed=executed)
    sweep.alive = sweep.alive - {death.player}


@lru_cache(maxsize=1024)
def _kill_table(
    chars: tuple[str, ...], night: int, quiet: bool, last: int, seen: int
) -> FloatArray | None:
    """How likely ``seen`` deaths tonight are, for each way the night's killers may stand
    (``_kills``'s keys); None when the count tells the worlds nothing tonight. The table holds
    each chance's log, floored at ``IMPOSSIBLE``."""
    kills = _kills(chars, night, quiet, last)
    if kills is None:
        return None
    table = np.array([count @ SEEN[:, min(seen, KILLS - 1)] for count in kills])
    logs: FloatArray = np.log(np.maximum(table, IMPOSSIBLE))
    logs.setflags(write=False)
    return logs


@lru_cache(maxsize=256)
def _kills(chars: tuple[str, ...], night: int, quiet: bool, last: int) -> list[FloatArray] | None:
    """How likely each count of kills tonight is, for each way the night's killers may stand:
    by key, ``demon * 2**k + mask`` (``demon`` the living Demon's character code or the last
    code, for none; ``mask`` the ``kill_bit`` of each of the ``k`` non-Demons that may kill,
    alive). None when the count tells the worlds nothing tonight (one way a Demon kills, and
    no other killer)."""
    kills = np.zeros((len(chars) + 1, KILLS))
    kills[:, 0] = 1.0
    for i, cid in enumerate(chars):
        told = role(cid).night_kills(night, quiet, last)[:KILLS]
        kills[i] = 0.0
        kills[i, : len(told)] = told
    info = tables(chars)
    demons = {tuple(row) for row in kills[(info["team"] == DEMON) | (info["summons"] > 0)]}
    killers = np.flatnonzero(info["kill_bit"])  # in the order of their bits
    if len(demons) <= 1 and (kills[killers, 0] == 1.0).all():
        return None
    counts = []
    for key in range(len(kills) << len(killers)):
        count = kills[key >> len(killers)]
        for j, code in enumerate(killers):
            if key >> j & 1:
                count = np.convolve(count, kills[code])[:KILLS]
        counts.append(count)
    return counts


def _kill_count(sweep: _Sweep, night: int, seen: int, demon: BoolArray) -> None:
    """How likely each world makes the number of deaths ``seen`` tonight (``demon``: per world,
    whether the Demon lives, seen alive or living on though seen dead): the Demon's kills and
    each living Minion's (``Role.night_kills``), each kill stopped with chance ``SAVED``, and
    other deaths as ``OTHER_DEATHS`` has them."""
    w = sweep.worlds
    table = _kill_table(w.setup.chars, night, sweep.quiet, sweep.last, seen)
    if table is None:
        return
    codes = len(w.setup.chars) + 1
    key = np.where(demon, sweep.kind, codes - 1) * (len(table) // codes)
    rows, seats, bits = w.killers()
    if len(rows):  # a Minion that may kill is in some world
        living, _ = _living(w.setup.seats, sweep.alive)
        on = living[seats] & (seats != sweep.demon[rows])
        key = key + np.bincount(rows, weights=bits * on, minlength=len(w)).astype(np.int64)
    sweep.logw = sweep.logw + table[key]


def _seen() -> FloatArray:
    """P(m deaths are seen | k kills were made), for k and m below ``KILLS``."""
    table = np.zeros((KILLS, KILLS))
    for k in range(KILLS):
        for j in range(k + 1):
            made = math.comb(k, j) * (1 - SAVED) ** j * SAVED ** (k - j)
            for extra, p in enumerate(OTHER_DEATHS):
                if j + extra < KILLS:
                    table[k, j + extra] += made * p
    return table


SEEN = _seen()


def _quiet_day(sweep: _Sweep, demon: BoolArray) -> None:
    """A day ended with no execution and the game went on: hardly ever under a living Demon
    whose quiet days end the game (the Vortox; ``QUIET_DAY``, for an execution the record
    does not show as a death)."""
    ends_game = tables(sweep.worlds.setup.chars)["quiet_day_ends"]
    if sweep.executed or not ends_game.any():
        return
    ends = ends_game[sweep.kind] & demon
    sweep.logw = np.where(ends, sweep.logw + math.log(QUIET_DAY), sweep.logw)


def _standing(
    sweep: _Sweep, night: int, living: BoolArray, alive: BoolArray
) -> tuple[BoolArray | None, BoolArray | None]:
    """For a night's epoch (``living``: per seat, who lives at dusk; ``alive``: per world,
    whether the Demon lives), per world: whom a standing poison impairs (the living Demon's
    nearest Townsfolk either side, ``Role.poisons_neighbours``; every good Townsfolk on the
    night numbered as the Outsiders in play, under a Minion alive at dusk that declares
    ``poisons_townsfolk_on_night_x``), and whether every sober Townsfolk's information is
    false (``Role.falsifies``); None where no world has it."""
    w = sweep.worlds
    info = tables(w.setup.chars)
    poisons = info["poisons_neighbours"][sweep.kind] & alive
    false = info["falsifies"][sweep.kind] & alive
    impaired = townsfolk_neighbours(w, sweep.demon, poisons) if poisons.any() else None
    if info["night_x"].any():
        xaan = w.holder("night_x")
        on = (xaan >= 0) & living[np.maximum(xaan, 0)] & (w.outsiders == night)
        if on.any():
            townsfolk = ~w.evil & (np.take(w.team_table, w.char) == TOWNSFOLK) & on[:, None]
            impaired = townsfolk if impaired is None else impaired | townsfolk
    return impaired, false if false.any() else None


def _nominations(
    sweep: _Sweep, nominations: tuple[Nominated, ...], memo: _Memo | None = None
) -> None:
    """Each nomination's evidence: an evil nominator's choice, and every evil voter's hand. With
    ``memo``, the weights after the day's first nominations are kept, and taken up where the
    day's nominations extend them (one more, or the last one's hands so far)."""
    start = 0
    if memo is not None:
        for j in range(len(nominations), 0, -1):
            kept = memo.get(("nominated", nominations[:j]))
            if kept is not None:
                sweep.logw, start = kept, j
                break
    for j in range(start, len(nominations)):
        _nominated(sweep, nominations[j])
        if memo is not None:
            memo[("nominated", nominations[: j + 1])] = sweep.logw


def _nominated(sweep: _Sweep, n: Nominated) -> None:
    """One nomination's evidence."""
    w = sweep.worlds
    ballot = _ballot(w.setup.seats, n)
    if ballot is None:
        return
    evil = w.evil_team
    seat, nominator, raised, lowered = ballot
    demon = sweep.demon == seat
    nominee = np.where(demon, 2, evil[:, seat])  # by ``_BY_NOMINEE``'s columns
    if nominator is not None:
        chose = _BY_NOMINEE[0][nominee]
        sweep.logw = sweep.logw + np.where(evil[:, nominator], chose, 0.0)
    if raised or lowered:
        yes, no = _BY_NOMINEE[1][nominee], _BY_NOMINEE[2][nominee]
        bits = w.team_bits
        sweep.logw = sweep.logw + _hands(bits, raised) * yes + _hands(bits, lowered) * no


_Layers = tuple[int, ...]


@lru_cache(maxsize=4096)
def _ballot(
    seats: tuple[int, ...], n: Nominated
) -> tuple[int, int | None, _Layers, _Layers] | None:
    """A nomination in seats, once per nomination (every moment after it weighs it again):
    the nominee's, the nominator's (None: not a resident), and the voters' who raised and who
    lowered a hand (``_layers``; none when the nominee was executed at once). None: the
    nominee is not a resident."""
    if n.nominee not in seats:
        return None
    nominator = seats.index(n.nominator) if n.nominator in seats else None
    voters = [v for v in n.voters if v != n.nominee and v in seats]
    if n.at_once or not voters:
        return seats.index(n.nominee), nominator, (), ()
    raised = [seats.index(v) for v in voters if v in n.yes]
    lowered = [seats.index(v) for v in voters if v not in n.yes]
    return seats.index(n.nominee), nominator, _layers(raised), _layers(lowered)


def _layers(seats: list[int]) -> _Layers:
    """Seats as bitmasks: the first holds every seat listed, the next those listed twice, and
    so on (a game's record lists each voter once)."""
    most = max((seats.count(s) for s in seats), default=1)
    return tuple(sum(1 << s for s in set(seats) if seats.count(s) >= k) for k in range(1, most + 1))


def _hands(bits: IntArray, layers: _Layers) -> IntArray:
    """Per world, how many of the seats ``layers`` lists (``_layers``) ``bits`` holds."""
    count: IntArray = np.bitwise_count(bits & layers[0])
    for layer in layers[1:]:
        count = count + np.bitwise_count(bits & layer)
    return count


def _by_nominee() -> FloatArray:
    """The log evidence of a nomination, by the nominee (columns: a good player, a Minion, the
    Demon): an evil nominator's choice (``NOMINATES``), and an evil voter's raised hand and
    lowered hand against a good voter's (``VOTES``)."""
    rate = np.array([VOTES[k] for k in ("good", "minion", "demon")])
    chose = np.array([NOMINATES[k] for k in ("good", "minion", "demon")])
    table: FloatArray = np.log(np.stack([chose, rate / GOOD_HANDS, (1 - rate) / (1 - GOOD_HANDS)]))
    table.setflags(write=False)
    return table


_BY_NOMINEE = _by_nominee()


def _epoch(s: list[FloatArray], q: list[float], pi: list[FloatArray]) -> FloatArray:
    """The likelihood of one night's (and its day's) information, summed over whom the
    Poisoner poisoned: nobody who spoke (``1 - sum(pi)``) or exactly one of them (``pi``
    empty: nobody could be, in any world). The products run left to right, as ever, so the
    figures are the same to the bit whichever way they are asked for."""
    whole = _product(s)
    if not pi:
        return whole
    m = len(s)
    prefix = [s[0]]
    for x in s[1:-1]:
        prefix.append(prefix[-1] * x)
    suffix = [s[-1]]
    for x in s[-2:0:-1]:
        suffix.append(suffix[-1] * x)
    total = (1 - sum(pi)) * whole
    for j in range(m):
        term = pi[j] * q[j]
        if j:
            term = term * prefix[j - 1]
        if j < m - 1:
            term = term * suffix[m - 2 - j]
        total = total + term
    return total


def _product(factors: list[FloatArray]) -> FloatArray:
    """The product of the arrays, left to right (as ``np.prod`` along a stack's first axis,
    without the stacking)."""
    product = factors[0]
    for x in factors[1:]:
        product = product * x
    return product


def _close(sweep: _Sweep) -> None:
    """Weigh the open epoch's information, summed over whom the Poisoner poisoned; for a
    holder with a red herring keep its parts, to sum over the herring at the end."""
    epoch, sweep.open = sweep.open, None
    if epoch is None or not epoch.items:
        return
    w = sweep.worlds
    mine: dict[int, list[_Item]] = {}
    for it in epoch.items:
        mine.setdefault(it.claimer, []).append(it)
    claimers = list(mine)
    q = [math.prod(it.weight.impaired for it in mine[c]) for c in claimers]
    s, sober = [], {}
    for c, qc in zip(claimers, q, strict=True):
        real = ~w.evil[:, c] & (w.drunk != c) & (w.drunk_copy != c)  # holds it, sober
        if epoch.impaired is not None:
            real &= ~epoch.impaired[:, c]
        told = _product([it.weight.sober for it in mine[c]])
        sober[c] = real
        if epoch.false is not None:  # the Vortox: a sober Townsfolk's information is false
            lied = real & epoch.false & (np.take(w.team_table, w.char[:, c]) == TOWNSFOLK)
            false = _product([it.weight.misinformed() for it in mine[c]])
            told = np.where(lied, false, told)
            sober[c] = real & ~lied
        s.append(np.where(real, told, qc))
    pi = _poisoned(sweep, epoch, claimers)
    total = np.log(np.maximum(_epoch(s, q, pi), 1e-300))
    held = None  # worlds whose epoch waits for a red herring's sum
    for j, c in enumerate(claimers):
        tied = [it for it in mine[c] if it.weight.herring is not None]
        if not tied:
            continue
        a = _epoch([*s[:j], np.zeros(len(w)), *s[j + 1 :]], q, pi)
        b = _epoch([*s[:j], np.ones(len(w)), *s[j + 1 :]], q, pi) - a
        plain = [it.weight.sober for it in mine[c] if it.weight.herring is None]
        rest = _product(plain) if plain else np.ones(len(w))
        sweep.herrings.setdefault(c, []).append((a, b, rest, tied, sober[c]))
        held = sober[c] if held is None else held | sober[c]
    sweep.logw = sweep.logw + (total if held is None else np.where(held, 0.0, total))
    sweep.prune()


def _poisoned(sweep: _Sweep, epoch: _Epoch, claimers: list[int]) -> list[FloatArray]:
    """Per claimer (a seat), per world, the chance the Poisoner poisoned them that night:
    one of the others alive, alike, where a Poisoner was alive; none (an empty list) where
    no world had one working, or no claimer was alive then."""
    working = epoch.working > 0
    living = [sweep.worlds.setup.seats[c] in epoch.living for c in claimers]
    if not any(living) or not working.any():
        return []
    poisoner = sweep.worlds.holder("poisons")
    chance = working * (1 / max(len(epoch.living) - 1, 1))  # each of the others alike
    zero = np.zeros(len(working))
    return [
        chance * (poisoner != c) if alive else zero
        for c, alive in zip(claimers, living, strict=True)
    ]


def _herring(w: Worlds, epochs: list[_Part]) -> FloatArray:
    """The log likelihood of a red-herring holder's epochs, summed over its herring ``r``: a
    good player, uniformly. Each epoch's likelihood is affine in the holder's own factor,
    ``a + b * s``, and ``s`` depends on whether ``r`` is among the players it asked about
    (in the worlds where the holder was sober then; elsewhere the epoch was weighed already)."""

    def own(rest: FloatArray, tied: list[_Item], r: int | None) -> FloatArray:
        parts = [
            it.weight.herring
            if r in it.players and it.weight.herring is not None
            else it.weight.sober
            for it in tied
        ]
        product: FloatArray = rest * _product(parts)
        return product

    def likelihood(part: _Part, r: int | None) -> FloatArray:
        a, b, rest, tied, held = part
        return np.where(held, a + b * own(rest, tied, r), 1.0)

    good = ~w.evil
    count = np.maximum(good.sum(axis=1), 1)
    residents = set(w.setup.seats)  # the herring is a resident (Travellers are not dealt one)
    asked = sorted({p for *_, tied, _ in epochs for it in tied for p in it.players} & residents)
    unasked = [likelihood(part, None) for part in epochs]  # an epoch that asked not about r
    nobody = np.ones(len(w))
    for factor in unasked:
        nobody = nobody * factor
    others = count.astype(float)
    total = np.zeros(len(w))
    for r in asked:
        s = w.setup.seat(r)
        term = good[:, s] / count
        for part, factor in zip(epochs, unasked, strict=True):
            mentions = any(r in it.players for it in part[3])
            term = term * (likelihood(part, r) if mentions else factor)
        total = total + term
        others = others - good[:, s]
    summed: FloatArray = np.log(np.maximum(total + others / count * nobody, 1e-300))
    return summed


def _beliefs(sweep: _Sweep, setup: Setup) -> Beliefs:
    w = sweep.worlds
    p = np.exp(sweep.logw - sweep.logw.max())
    return Beliefs(setup, p / p.sum(), sweep.demon, w)
