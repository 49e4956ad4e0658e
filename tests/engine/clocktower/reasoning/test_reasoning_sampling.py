"""Beyond ``LIMIT`` feasible worlds the model searches for the likely ones and samples the rest
(``reasoning.sample``). Its chances agree with exact enumeration within their stated standard
errors (plus the small bias of what the search and the sample can miss), on 10-player records
with the search cut short (so that the sampled tail matters) and on 15-player records as
played; sampling is seeded, so it repeats exactly."""

from __future__ import annotations

import numpy as np
import pytest

from engine.clocktower.reasoning import infer as reasoning
from engine.clocktower.reasoning.exact import exact
from engine.clocktower.reasoning.infer import Draws, infer, prepared
from engine.clocktower.reasoning.record import Claim
from engine.clocktower.reasoning.sample import EXPAND, POOR, SLACK, _Search, draw, ess
from engine.clocktower.reasoning.worlds import evil_teams, feasible
from tests.engine.clocktower.game.support import BMR, SNV, TB
from tests.engine.clocktower.reasoning.test_reasoning_exact import record_at


def agree(setup, record, sampled_kwargs, seed):
    truth = exact(setup, record)
    sampled = infer(setup, record, seed=seed, **sampled_kwargs)
    assert sampled.sampled
    for p in setup.seats:
        for of in ("demon", "evil"):
            got, want = getattr(sampled, of)[p], getattr(truth, of)[p]
            assert abs(got - want) <= sampled.within(p, of), (p, of, got, want)
            assert sampled.within(p, of) == 4 * sampled.error(p, of) + SLACK
    return sampled


@pytest.mark.parametrize("seed", range(6))
def test_a_cut_short_search_and_its_sample_agree_with_enumeration(seed):
    setup, record, _, _ = record_at(10, seed, 3)
    sampled = agree(setup, record, {"limit": 0, "budget": 2_500, "samples": 4_000}, seed)
    assert sampled.ess < np.inf  # some of the chance came from the sample


@pytest.mark.parametrize("day", [2, 4])
def test_a_poor_tail_sample_joins_the_search(day):
    """A search cut short misses likely worlds that a few heavy tail draws stand for (an
    effective sample size of 2,148 and 3,398 here, chances up to 0.026 off): those draws are
    then weighed exactly and searched around, and a new tail is drawn."""
    setup, record, _, _ = record_at(10, 3, day)
    sampled = agree(setup, record, {"limit": 0, "budget": 2_500, "samples": 4_000}, 3)
    assert POOR <= sampled.ess < np.inf
    truth = exact(setup, record)
    worst = max(abs(sampled.demon[p] - truth.demon[p]) for p in setup.seats)
    assert worst < 0.01


@pytest.mark.parametrize("seed, day", [(0, 2), (1, 4)])
def test_fifteen_player_records_agree_with_enumeration(seed, day):
    setup, record, _, _ = record_at(15, seed, day)
    agree(setup, record, {}, seed)


def test_sampling_is_seeded():
    setup, record, _, _ = record_at(10, 1, 2)
    kwargs = {"limit": 0, "budget": 2_500, "samples": 3_000}
    first = infer(setup, record, seed=3, **kwargs)
    again = infer(setup, record, seed=3, **kwargs)
    other = infer(setup, record, seed=4, **kwargs)
    assert first.demon == again.demon and first.demon != other.demon


def test_the_effective_sample_size_counts_draws_and_not_the_exactly_weighed():
    assert ess(np.array([0.25, 0.25, 0.5]), np.array([1.0, 1.0, 2.0])) == pytest.approx(4.0)
    assert ess(np.array([0.5, 0.5]), np.array([np.inf, 1.0])) == pytest.approx(4.0)
    assert ess(np.array([1.0]), np.array([np.inf])) == np.inf


def test_draws_reused_day_after_day_agree_with_enumeration_and_repeat(monkeypatch):
    """As self-play meets a game's records, one a day, reusing its draws (``Draws``) while they
    weigh the new record well: each day within the stated accuracy, and the same answers for
    the same calls in the same order."""
    kwargs = {"limit": 0, "budget": 2_500, "samples": 4_000}
    days = [record_at(10, 4, day)[:2] for day in (1, 2, 3, 4)]

    searches = []
    monkeypatch.setattr(reasoning, "draw", lambda *a: searches.append(a) or draw(*a))
    reasoning._through.cache_clear()  # (so that every search is counted)

    def meet() -> list:
        draws = Draws()
        return [infer(setup, record, seed=4, draws=draws, **kwargs) for setup, record in days]

    met = meet()
    assert len(searches) < len(days)  # some day reused the draws before it
    for (setup, record), sampled in zip(days, met, strict=True):
        truth = exact(setup, record)
        for p in setup.seats:
            assert abs(sampled.demon[p] - truth.demon[p]) <= sampled.within(p)
            assert abs(sampled.evil[p] - truth.evil[p]) <= sampled.within(p, "evil")
    assert [b.demon for b in meet()] == [b.demon for b in met]


@pytest.mark.parametrize("script", ["tb", "bmr"])
def test_a_worlds_neighbours_are_those_one_step_away(script):
    """The search's neighbours, found from team keys, against their definition world by world:
    the same team with any Drunk, and each team two swapped seats or one recast seat away,
    with the same Drunk where the feasible worlds have it, else with any."""
    scripts = {"tb": TB, "bmr": BMR}
    setup, record, _, _ = record_at(10, 2, 2, scripts[script])
    said, good, _ = prepared(setup, record)
    f = feasible(setup, tuple(Claim(p, c) for p, c in said), good)
    teams = evil_teams(setup.chars, setup.n)
    cast = {tuple(teams.cast[row]): slot for slot, row in enumerate(f.teams)}
    worlds: dict[int, list[int]] = {}
    for w, slot in enumerate(f.slot):
        worlds.setdefault(int(slot), []).append(w)
    evil_codes = sorted({int(c) for c in teams.cast[teams.evil]} - {len(setup.chars)})
    search = _Search(f, lambda w: np.zeros(len(w)))
    picked = np.random.default_rng(0).choice(len(f), 40, replace=False)
    for w in picked:
        own = teams.cast[f.teams[f.slot[w]]]
        steps = []
        for s in range(setup.n):
            for t in range(s + 1, setup.n):
                swapped = own.copy()
                swapped[[s, t]] = own[[t, s]]
                steps.append(swapped)
            for code in evil_codes:
                recast = own.copy()
                recast[s] = code
                steps.append(recast)
        want = set(worlds[int(f.slot[w])])
        for step in steps:
            near = worlds.get(cast.get(tuple(step), -1), [])
            same = [v for v in near if f.drunk[v] == f.drunk[w]]
            want |= set(same or near)
        assert set(search.neighbours(np.array([w])).tolist()) == want


def test_a_worlds_likelihood_does_not_depend_on_the_worlds_weighed_with_it():
    """The search's likelihoods drop no world midway: on this record a batch of worlds from
    the prior left 40 of them behind its likeliest at some moment, ahead of them all at the
    end; dropped, they came out impossible, and the search never reached their region. Each
    world's likelihood is the same weighed in the whole batch or in small groups."""
    setup, record, _, _ = record_at(13, 2, 5, SNV)
    said, good, events = prepared(setup, record)
    every = feasible(setup, tuple(Claim(p, c) for p, c in said), good)
    picked = np.unique(np.random.default_rng(0).choice(len(every), 3_000, p=every.prior))
    loglik = reasoning._loglik(events)

    def weighed(idx: np.ndarray) -> np.ndarray:
        ones = np.ones(len(idx))
        return loglik(every.worlds(idx, ones, ones))

    together = weighed(picked)
    apart = np.concatenate([weighed(group) for group in np.array_split(picked, 30)])
    impossible = np.isinf(together)
    assert (impossible == np.isinf(apart)).all()
    assert np.allclose(together[~impossible], apart[~impossible])


def test_each_demon_seats_worlds_are_searched_around_once_the_likeliests_are():
    """A world far below the likeliest overall is searched around, once no world within
    ``EXPAND`` of the likeliest is left, if it is within ``EXPAND`` of the likeliest weighed
    world with its Demon seat (on Sects & Violets at 15 players a seat's likely worlds lay a
    few steps from such a world, and were never reached); one beyond that is not."""
    setup, record, _, _ = record_at(10, 2, 2)
    said, good, _ = prepared(setup, record)
    f = feasible(setup, tuple(Claim(p, c) for p, c in said), good)
    search = _Search(f, lambda w: np.zeros(len(w)))
    demon = search.demon
    likeliest = 0
    there = np.flatnonzero(demon != demon[likeliest])
    far = there[demon[there] == demon[there[0]]][:3]  # the seat's best, one near it, one not
    idx = np.array([likeliest, *far])
    logpost = np.array([0.0, -50.0, -50.0 + np.log(EXPAND) / 2, -50.0 + 2 * np.log(EXPAND)])
    search.weigh(idx, logpost - np.log(f.prior[idx]))
    assert search.frontier().tolist() == [likeliest]
    assert search.frontier().tolist() == far[:2].tolist()
    assert not len(search.frontier())
