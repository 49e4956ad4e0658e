"""Sampled worlds (importance sampling from the prior over the feasible worlds, weighted by the
likelihood) agree with exact enumeration within their stated standard error, on 10-player
records where both can be computed; sampling is seeded, so it repeats exactly."""

from __future__ import annotations

import pytest

from engine.clocktower.reasoning.infer import infer
from tests.engine.clocktower.reasoning.test_reasoning_exact import record_at

SAMPLES = 20_000


@pytest.mark.parametrize("seed", range(6))
def test_sampled_beliefs_agree_with_enumeration(seed):
    setup, record, _, _ = record_at(10, seed, 3)
    exact = infer(setup, record)
    sampled = infer(setup, record, limit=0, samples=SAMPLES, seed=seed)
    assert not exact.sampled and sampled.sampled
    assert 30 < sampled.ess <= SAMPLES
    for p in setup.seats:
        for got, want in ((sampled.demon[p], exact.demon[p]), (sampled.evil[p], exact.evil[p])):
            assert abs(got - want) <= 5 * sampled.error(want) + 0.01, (p, got, want)


def test_sampling_is_seeded():
    setup, record, _, _ = record_at(10, 1, 2)
    first = infer(setup, record, limit=0, samples=5_000, seed=3)
    again = infer(setup, record, limit=0, samples=5_000, seed=3)
    other = infer(setup, record, limit=0, samples=5_000, seed=4)
    assert first.demon == again.demon and first.demon != other.demon
