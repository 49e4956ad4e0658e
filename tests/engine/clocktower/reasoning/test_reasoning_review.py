"""Reviewing a finished game from its first state and its actions: one belief per day, taken
before that day's execution, the real Demons named, the dead marked, and the public claims
read through ``spoken_claims``."""

from __future__ import annotations

import pytest

from engine.clocktower.game import Phase, apply
from engine.clocktower.reasoning import review as reviewing
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.record import Claim
from engine.clocktower.reasoning.review import record_of, review
from engine.clocktower.reasoning.worlds import Setup
from engine.clocktower.selfplay import Player, play, setup_game
from tests.engine.clocktower.game.support import TB


def test_a_day_by_day_review():
    log: list = []
    final, outcome = play(TB, 10, 4, log=log)
    start = setup_game(TB, 10, 4)
    found = review(start, log)
    assert [d for d, _ in found.days] == list(range(1, final.day + 1))
    for _, chances in found.days:
        assert sum(chances.values()) == pytest.approx(1.0)
    assert {s.player for s in final.seats if s.team == "demon"} <= found.demons
    record = record_of(start, log)
    assert {d.player for d in record.deaths} == set(found.died)
    executed = {d.player: d.moment // 2 for d in record.deaths if d.cause == "execution"}
    for player, day in executed.items():  # the day's execution is not yet known that day
        assert found.died[player] == day + 1
    assert found.claims == 0 and not found.sampled


def day_two() -> tuple[int, list, Player]:
    """A seed whose 8-player game reaches day 2, its actions so far and its table, whose
    claims of day 2 are made."""
    for seed in range(20):
        state, table, log = setup_game(TB, 8, seed), Player(seed), []
        while state.phase is not Phase.OVER and not (state.phase is Phase.DAY and state.day == 2):
            action = table.act(state)
            log.append(action)
            state = apply(state, action).state
        if state.phase is Phase.DAY:
            table.act(state)  # day 2's claims
            return seed, log, table
    raise AssertionError("no game reached day 2")


def test_claims_come_through_the_adapter(monkeypatch):
    """With claims on the record (as a claim action would give), each day's beliefs use the
    claims made by then."""
    seed, log, table = day_two()
    said = tuple((1, c) for c in table.talk.spoken())
    monkeypatch.setattr(reviewing, "spoken_claims", lambda steps: said)
    found = review(setup_game(TB, 8, seed), log)
    assert found.claims == len(said)
    day1 = dict(found.days)[1]
    record = record_of(setup_game(TB, 8, seed), log).until(2)
    setup = Setup(tuple(TB), record.seats)
    claims = tuple(
        Claim(c.player, c.character, tuple(h for h in c.heard if h.moment <= 2)) for _, c in said
    )
    before = tuple(d for d in record.deaths if not (d.moment == 2 and d.cause == "execution"))
    expected = infer(
        setup,
        record.__class__(
            record.seats, claims, before, record.nominations, record.shots, record.dusks
        ),
    )
    assert day1 == pytest.approx(expected.demon)
