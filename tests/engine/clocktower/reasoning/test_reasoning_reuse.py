"""Draws reused from day to day (``infer.Draws``, as self-play keeps them) are given up when a
new moment's events surprise the worlds they hold (``infer.SURPRISE``): the kept head counts
as weighed exactly, so their effective sample size cannot show that the likely worlds have
moved elsewhere."""

from __future__ import annotations

import pytest

from engine.clocktower.catalogue import edition_characters
from engine.clocktower.game import Phase, apply
from engine.clocktower.reasoning import infer as reasoning
from engine.clocktower.reasoning.exact import exact
from engine.clocktower.reasoning.infer import Draws, infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import Record
from engine.clocktower.selfplay import Player, setup_game

SAMPLED = 60_000  # below a 10-player Bad Moon Rising table's 69,120 worlds: they are sampled


def pondered(edition: str, players: int, seed: int, days: tuple[int, ...]) -> list:
    """(setup, record) of a self-played game as its table reasons on each of ``days``, once
    the day's claims are made (as the benchmark meets them)."""
    state = setup_game(tuple(c.id for c in edition_characters(edition)), players, seed)
    table = Player(seed)
    found: dict[int, tuple[Setup, Record]] = {}
    while state.phase is not Phase.OVER and len(found) < len(days):
        action = table.act(state)
        if state.phase is Phase.DAY and state.day in days and state.day not in found:
            assert table.setup is not None
            found[state.day] = (table.setup, table.pondered(state))
        state = apply(state, action).state
    return [found[day] for day in days]


@pytest.fixture(scope="module")
def late_snv_days() -> list:
    """Seed 1's 15-player Sects & Violets game on days 6 and 15: day 15's claims are day 6's
    again (the days between had others), so it meets the worlds searched for on day 6, and
    the events since contradict every one of them (each is left about e^-2089 of its weight,
    the effective sample size unbounded); kept, they put one chance 0.98 off the exact one."""
    return pondered("snv", 15, 1, (6, 15))


def test_a_day_that_contradicts_the_kept_worlds_is_searched_afresh(late_snv_days, monkeypatch):
    (setup, before), (_, record) = late_snv_days
    draws = Draws()
    infer(setup, before, draws=draws)
    searches = []
    draw = reasoning.draw
    monkeypatch.setattr(reasoning, "draw", lambda *a: searches.append(a) or draw(*a))
    beliefs = infer(setup, record, draws=draws)
    truth = exact(setup, record)
    for p in setup.seats:
        for of in ("demon", "evil"):
            got, want = getattr(beliefs, of)[p], getattr(truth, of)[p]
            assert abs(got - want) <= beliefs.within(p, of), (p, of, got, want)
    assert len(searches) == 1  # the day-6 worlds were given up, and searched afresh


def test_ordinary_days_keep_reusing_the_draws(monkeypatch):
    """Bad Moon Rising at 10 players (sampled with a ``limit`` below its 69,120 worlds): days of
    deaths, claims, readings and votes cost each world much alike and surprise nothing, so the
    worlds searched for on day 3 serve days 5 and 7 too."""
    days = pondered("bmr", 10, 5, (3, 5, 7))
    draws = Draws()
    setup, record = days[0]
    infer(setup, record, limit=SAMPLED, draws=draws)
    searches = []
    draw = reasoning.draw
    monkeypatch.setattr(reasoning, "draw", lambda *a: searches.append(a) or draw(*a))
    for setup, record in days[1:]:
        assert infer(setup, record, limit=SAMPLED, draws=draws).sampled
    assert not searches
    (kept,) = draws.bases.values()
    (checked,) = draws.checked.values()
    assert len(checked) > len(kept)  # the later days' moments were tested, and passed
