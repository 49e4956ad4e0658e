"""The model's worlds for setups that change the evil team or the bag (``worlds.evil_teams``)
equal a plain brute-force enumeration of its story (``brute``) on seeded random records of
small tables: the Lord of Typhon's extra Minion seated in a line beside it and its free
Outsider count, the Xaan's free count (at least one) and its night of poisoned Townsfolk."""

from __future__ import annotations

import pytest

from engine.clocktower.catalogue import character
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.worlds import build, minion_seats, uncovered
from engine.clocktower.selfplay import play, setup_game, table
from tests.engine.clocktower.game.support import TB
from tests.engine.clocktower.reasoning.test_reasoning_evil import TOWNSFOLK, agree, random_record

TYPHON = (*TOWNSFOLK, "lunatic", "saint", "recluse", "poisoner", "godfather", "assassin",
          "lordoftyphon", "imp")  # fmt: skip
XAAN = (*TOWNSFOLK, "lunatic", "saint", "recluse", "xaan", "poisoner", "imp", "nodashii")


def test_lord_of_typhon_and_xaan_are_covered():
    assert uncovered(TYPHON) == {} and uncovered(XAAN) == {}


@pytest.mark.parametrize("seed", range(3))
def test_lord_of_typhon_matches_brute_force(seed):
    agree(TYPHON, random_record(7, 400 + seed, 2))


@pytest.mark.parametrize("seed", range(4))
def test_xaan_matches_brute_force(seed):
    agree(XAAN, random_record(7, 500 + seed, 3))


def test_the_lord_of_typhon_sits_in_the_middle_of_its_minions():
    """At ten seats it has three Minions: one more on its right, as the engine arranges a deal
    not in line, or on its left, as only the one deal already so seated."""
    assert minion_seats("lordoftyphon", 10, 0) == {(1, 2, 9): 83, (1, 8, 9): 1}
    worlds = build(Setup(TYPHON, tuple(range(10))), ())
    typhon = worlds.char[range(len(worlds)), worlds.demon] == TYPHON.index("lordoftyphon")
    assert (worlds.evil[typhon].sum(axis=1) == 4).all() and (
        worlds.evil[~typhon].sum(axis=1) == 3
    ).all()
    for row in worlds.evil[typhon][:50]:
        seats = set(row.nonzero()[0].tolist())
        demon = next(s for s in seats if {(s + 1) % 10, (s - 1) % 10} <= seats)
        assert seats - {demon} in ({(demon + k) % 10 for k in (1, 2, -1)},
                                   {(demon + k) % 10 for k in (1, -2, -1)})  # fmt: skip


def test_a_free_outsider_count_spans_the_bags_band_and_the_xaans_minimum():
    """Seven seats deal no Outsider: the Lord of Typhon's free count is 0 to 2 (1 to 3 beside
    a Godfather, whose +1 it adds to), the Xaan's at least one, and an Imp beside no Xaan
    keeps the table's."""
    typhon = build(Setup(TYPHON, tuple(range(7))), ())
    kind = typhon.char[range(len(typhon)), typhon.demon]
    lord = kind == TYPHON.index("lordoftyphon")
    godfather = (typhon.char == TYPHON.index("godfather")).any(axis=1)
    assert set(typhon.outsiders[lord & ~godfather].tolist()) == {0, 1, 2}
    assert set(typhon.outsiders[lord & godfather].tolist()) == {0, 1, 2, 3}
    assert set(typhon.outsiders[~lord & ~godfather].tolist()) == {0}
    xaan = build(Setup(XAAN, tuple(range(7))), ())
    held = (xaan.char == XAAN.index("xaan")).any(axis=1)
    assert set(xaan.outsiders[held].tolist()) == {1, 2}
    assert set(xaan.outsiders[~held].tolist()) == {0}


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 0, 9, 5), (6, 2, 4, 8), (5, 4, 3, 6)])
def test_the_lord_of_typhons_seats_are_those_the_engine_deals(order):
    """Dealt out of line or in it (the Lord of Typhon at the first index of ``order``, its
    Minions at the others), the engine seats the Minions where the worlds say they may be."""
    good = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller"]
    dealt: list[str] = []
    evil = dict(zip(order, ("lordoftyphon", "poisoner", "spy", "baron"), strict=True))
    for i in range(10):
        dealt.append(evil[i] if i in evil else good.pop())
    state = setup_game((*TB, "lordoftyphon"), 10, 1, tuple(dealt))
    teams = [s.team for s in state.seats]
    demon = teams.index("demon")
    minions = tuple(i for i, t in enumerate(teams) if t == "minion")
    assert minions in minion_seats("lordoftyphon", 10, demon)


GOOD_TB = tuple(c for c in TB if not character(c).evil)
SELF_PLAYED = {
    "lordoftyphon": (*GOOD_TB, "poisoner", "spy", "scarletwoman", "baron", "lordoftyphon"),
    "xaan": (*GOOD_TB, "xaan", "poisoner", "imp"),
}


@pytest.mark.parametrize("cid", sorted(SELF_PLAYED))
def test_self_play_with_the_character_reasons_to_the_end(cid, monkeypatch):
    """Games whose deal holds the character are played by the reasoning players (the model
    is asked, the naive heuristics never) to a rules ending."""
    asked = []
    model = table.infer
    monkeypatch.setattr(table, "infer", lambda *a, **k: asked.append(1) or model(*a, **k))
    monkeypatch.setattr(table, "suspicion", _never)
    for seed, players in ((1, 10), (2, 11)):
        state, outcome = play(SELF_PLAYED[cid], players, seed)
        assert any(s.character == cid for s in state.seats) and outcome.ending != "unfinished"
    assert asked


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("the table fell back to the naive heuristics")
