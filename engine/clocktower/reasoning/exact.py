"""The exact beliefs of a record however many worlds it has: every feasible world weighed, a
chunk at a time, so that memory stays bounded (the reference the sampled beliefs are measured
against at 13 and 15 players, where building every world at once needed more than 10 GB).

Each chunk is swept exactly as ``infer`` sweeps its worlds (the same prior, the same moments,
the same closing sums), and its unnormalised log posterior is folded into per-seat sums by
log-sum-exp: the total, the mass in which each seat is the Demon now, and in which it is evil.
No world is dropped however unlikely (``infer`` drops those ``NEGLIGIBLE`` below its
likeliest): a chunk that dropped worlds below its own likeliest was a whole chance off on a
long, contradictory 15-player Sects & Violets record, where a later "impossible" event struck
the chunk's likeliest worlds and left the dropped ones ahead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp

from engine.clocktower.reasoning.infer import _advance, _finish, _Sweep, prepared
from engine.clocktower.reasoning.moment import FloatArray, Setup
from engine.clocktower.reasoning.record import Claim, Record
from engine.clocktower.reasoning.worlds import feasible

CHUNK = 50_000  # feasible worlds swept at once


@dataclass(frozen=True)
class Exact:
    """Per player, the exact chance of being the Demon now and of being evil, and how many
    worlds were weighed (feasible ones, before the sweep branched them on where a Demon
    moved)."""

    demon: dict[int, float]
    evil: dict[int, float]
    worlds: int


def exact(setup: Setup, record: Record, viewer: Claim | None = None, chunk: int = CHUNK) -> Exact:
    """The chances ``infer`` gives when it enumerates (with ``viewer``, that good player's),
    from every feasible world, ``chunk`` of them in memory at once."""
    said, good, events = prepared(setup, record, viewer)
    every = feasible(setup, tuple(Claim(p, c) for p, c in said), good)
    n = setup.n
    total = -np.inf
    demon = np.full(n, -np.inf)
    evil = np.full(n, -np.inf)
    for start in range(0, len(every), chunk):
        pick = np.arange(start, min(start + chunk, len(every)))
        worlds = every.worlds(pick)
        sweep = _Sweep.start(worlds, np.log(np.maximum(worlds.prior, 1e-300)), prunes=False)
        for ev in events:
            _advance(sweep, ev)
        _finish(sweep)
        logw = sweep.logw
        total = np.logaddexp(total, logsumexp(logw))
        is_demon = sweep.demon[None, :] == np.arange(n)[:, None]
        demon = np.logaddexp(demon, _seat_sums(logw, is_demon))
        evil = np.logaddexp(evil, _seat_sums(logw, sweep.worlds.evil.T))
    demons = {p: float(np.exp(demon[i] - total)) for i, p in enumerate(setup.seats)}
    evils = {p: float(np.exp(evil[i] - total)) for i, p in enumerate(setup.seats)}
    return Exact(demons, evils, len(every))


def _seat_sums(logw: FloatArray, holds: np.ndarray) -> FloatArray:
    """Per seat, the log of the summed weights of the worlds where ``holds[seat]``."""
    sums: FloatArray = logsumexp(np.where(holds, logw, -np.inf), axis=1)
    return sums
