"""The chunked exact reference (``reasoning.exact``) equals ``infer``'s own enumeration on
records of self-played Trouble Brewing, Bad Moon Rising and Sects & Violets games, whatever
the chunk size: it weighs every world as ``infer`` does, only never all of them at once."""

from __future__ import annotations

import math

import pytest

from engine.clocktower.reasoning import infer as infer_module
from engine.clocktower.reasoning.exact import exact
from engine.clocktower.reasoning.infer import LIMIT, infer
from engine.clocktower.reasoning.record import Claim
from engine.clocktower.reasoning.worlds import count
from engine.clocktower.selfplay.talk import heard
from tests.engine.clocktower.game.support import SCRIPTS
from tests.engine.clocktower.reasoning.test_reasoning_exact import record_at

CASES = [
    (edition, players, seed, day)
    for edition in ("tb", "bmr", "snv")
    for players, seed, day in ((7, 0, 2), (7, 1, 3), (8, 2, 3), (9, 3, 4))
]


def same(found, beliefs, seats):
    for p in seats:
        assert found.demon[p] == pytest.approx(beliefs.demon[p], abs=1e-9), p
        assert found.evil[p] == pytest.approx(beliefs.evil[p], abs=1e-9), p


@pytest.mark.parametrize("edition, players, seed, day", CASES)
def test_chunks_give_the_enumerated_beliefs(edition, players, seed, day):
    setup, record, _, _ = record_at(players, seed, day, SCRIPTS[edition])
    size = count(setup, record.claims)
    assert size <= LIMIT  # so that ``infer`` enumerates
    beliefs = infer(setup, record)
    assert not beliefs.sampled
    chunk = size // 4 + 1  # four chunks, the last one short
    found = exact(setup, record, chunk=chunk)
    assert found.worlds > 3 * chunk
    same(found, beliefs, setup.seats)


@pytest.mark.parametrize("edition", ["bmr", "snv"])
def test_a_players_own_view_matches_too(edition):
    setup, record, _, state = record_at(8, 1, 3, SCRIPTS[edition])
    me = next(s for s in state.seats if s.alignment == "good" and heard(state, s.player))
    mine = Claim(me.player, me.shown, heard(state, me.player))
    found = exact(setup, record, mine, chunk=97)
    same(found, infer(setup, record, mine), setup.seats)


def test_dropped_worlds_are_weighed_again(monkeypatch):
    """A world dropped early can come back ahead after a later "impossible" event: the
    reference weighs every world, and ``infer`` sweeps again dropping none when what it dropped
    was more than ``DROPPED`` of the final weight; without that, it is far off."""
    setup, record, _, _ = record_at(8, 2, 3, SCRIPTS["bmr"])
    found = exact(setup, record, chunk=500)
    monkeypatch.setattr(infer_module, "NEGLIGIBLE", 0.999)  # drop all but the likeliest worlds
    infer_module._through.cache_clear()
    same(exact(setup, record, chunk=500), found, setup.seats)
    same(found, infer(setup, record), setup.seats)
    monkeypatch.setattr(infer_module, "DROPPED", math.inf)  # never sweep again
    infer_module._through.cache_clear()
    assert infer(setup, record).demon != pytest.approx(found.demon, abs=1e-3)
    infer_module._through.cache_clear()
