"""Reviewing a finished game from its first state and its actions: one belief per day, taken
before that day's execution, the real Demons named, the dead marked, and the game's public
claims (``State.claims``) counted from the day each was made."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.clocktower.game import Phase, apply
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import Claim
from engine.clocktower.reasoning.review import record_of, review
from engine.clocktower.selfplay import Player, play, setup_game
from tests.engine.clocktower.game.support import BMR, SNV, TB


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
    assert found.claims == len({p for _, p, _ in final.claims}) > 0 and not found.sampled


@pytest.mark.parametrize("script", [BMR, SNV], ids=["bmr", "snv"])
def test_a_game_of_each_edition_is_reviewed(script):
    """Bad Moon Rising and Sects & Violets as Trouble Brewing: a belief per day, each a
    distribution over the residents, the Demons (a Fang Gu's jump, a Pit-Hag's new one)
    named."""
    seed = 2
    log: list = []
    final, _ = play(script, 9, seed, log=log)
    found = review(setup_game(script, 9, seed), log)
    assert [d for d, _ in found.days] == list(range(1, final.day + 1))
    for _, chances in found.days:
        assert set(chances) == set(found.players) and sum(chances.values()) == pytest.approx(1.0)
    assert {s.player for s in final.seats if s.team == "demon"} <= found.demons
    assert found.claims > 0


def day_two() -> tuple[int, list, object]:
    """A seed whose 8-player game reaches day 2 with a claim made that day, its actions so far
    and its state."""
    for seed in range(20):
        state, table, log = setup_game(TB, 8, seed), Player(seed), []
        while state.phase is not Phase.OVER and not (state.phase is Phase.DAY and state.day == 2):
            action = table.act(state)
            log.append(action)
            state = apply(state, action).state
        while state.phase is Phase.DAY and not any(d == 2 for d, _, _ in state.claims):
            action = table.act(state)
            log.append(action)
            state = apply(state, action).state
        if state.phase is Phase.DAY and state.day == 2:
            return seed, log, state
    raise AssertionError("no game reached day 2 with a claim")


def test_each_days_beliefs_use_the_claims_made_by_then():
    seed, log, state = day_two()
    found = review(setup_game(TB, 8, seed), log)
    record = record_of(setup_game(TB, 8, seed), log).until(2)
    first = {p: cid for d, p, cid in state.claims if d == 1}
    assert first and set(first) != {p for _, p, _ in state.claims}  # day 2 added some
    setup = Setup(tuple(TB), record.seats)
    before = tuple(d for d in record.deaths if not (d.moment == 2 and d.cause == "execution"))
    claims = tuple(Claim(p, cid) for p, cid in first.items())
    expected = infer(setup, replace(record, claims=claims, deaths=before))
    assert dict(found.days)[1] == pytest.approx(expected.demon)
