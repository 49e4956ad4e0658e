"""The model's worlds for setups that change the evil team or the bag (``worlds.evil_teams``)
equal a plain brute-force enumeration of its story (``brute``) on seeded random records of
small tables: the Lord of Typhon's extra Minion seated in a line beside it and its free
Outsider count, the Xaan's free count (at least one) and its night of poisoned Townsfolk, the
Bounty Hunter's evil Townsfolk, the Kazali's Minions, Legion, Lil' Monsta's babysitter, the
Summoner's team and its Demon made on night 3, the Village Idiot's copies and its drunk one
(beside the Bounty Hunter too). Self-play with each reasons to the end."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from engine.clocktower.catalogue import character
from engine.clocktower.game.roles import role
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import (
    Claim,
    Death,
    Heard,
    Nominated,
    Record,
    night_moment,
)
from engine.clocktower.reasoning.worlds import build, minion_seats, uncovered
from engine.clocktower.selfplay import play, setup_game, table
from tests.engine.clocktower.game.support import TB
from tests.engine.clocktower.reasoning.test_reasoning_evil import TOWNSFOLK, agree, random_record

TYPHON = (*TOWNSFOLK, "lunatic", "saint", "recluse", "poisoner", "godfather", "assassin",
          "lordoftyphon", "imp")  # fmt: skip
XAAN = (*TOWNSFOLK, "lunatic", "saint", "recluse", "xaan", "poisoner", "imp", "nodashii")
KAZALI = (*TOWNSFOLK, "lunatic", "saint", "recluse", "poisoner", "scarletwoman", "baron",
          "kazali", "imp")  # fmt: skip
LEGION = (*TOWNSFOLK, "lunatic", "saint", "recluse", "poisoner", "scarletwoman", "godfather",
          "legion", "imp")  # fmt: skip
HUNTER = (*TOWNSFOLK, "bountyhunter", "lunatic", "saint", "poisoner", "scarletwoman",
          "godfather", "imp", "fanggu")  # fmt: skip


# Beside the Shabaloth, whose two kills a night set Lil' Monsta's one apart.
MONSTA = (*TOWNSFOLK, "lunatic", "saint", "recluse", "poisoner", "scarletwoman", "baron",
          "lilmonsta", "shabaloth")  # fmt: skip


SUMMONER = (*TOWNSFOLK, "lunatic", "saint", "recluse", "poisoner", "summoner", "baron", "imp",
            "shabaloth")  # fmt: skip


IDIOTS = (*TOWNSFOLK, "villageidiot", "lunatic", "saint", "recluse", "poisoner", "godfather",
          "imp")  # fmt: skip
HUNTED_IDIOTS = (*TOWNSFOLK, "bountyhunter", "villageidiot", "lunatic", "saint", "recluse",
                 "poisoner", "godfather", "imp")  # fmt: skip


def idiots(record: Record, seed: int, *old: str) -> Record:
    """The record with the claims of ``old`` made Village Idiots', each with an alignment
    learned each night of a random player."""
    rng = random.Random(seed)
    for cid in old:
        record = claiming(record, cid, "villageidiot")
    nights = range(1, record.dusks + 1)
    claims = tuple(
        replace(c, heard=tuple(
            Heard("villageidiot", night_moment(d), rng.choice(("good", "evil")),
                  (rng.choice(record.seats),))
            for d in nights))
        if c.character == "villageidiot" else c
        for c in record.claims
    )  # fmt: skip
    return replace(record, claims=claims)


def claiming(record: Record, old: str, new: str) -> Record:
    """The record with the claims of ``old`` made claims of ``new`` (the same information)."""
    claims = tuple(replace(c, character=new) if c.character == old else c for c in record.claims)
    return replace(record, claims=claims)


def test_the_experimental_setups_are_covered():
    for script in (TYPHON, XAAN, HUNTER, KAZALI, LEGION, IDIOTS, HUNTED_IDIOTS, MONSTA, SUMMONER):
        assert uncovered(script) == {}, script


@pytest.mark.parametrize("seed", range(4))
def test_village_idiots_match_brute_force(seed):
    """One, two or three claimed (the rest of the copies may be among those who have not
    claimed), one of several drunk; a Lunatic may claim one too."""
    old = ("monk", "soldier", "chef")[: 1 + seed % 3]
    agree(IDIOTS, idiots(random_record(7, 900 + seed, 2), seed, *old))


@pytest.mark.parametrize("seed", range(4))
def test_lil_monsta_matches_brute_force(seed):
    """No Demon dealt, one Minion more; each Minion as likely babysits and is the Demon: it
    kills one a night (the Shabaloth two), dies with its babysitter, and a Scarlet Woman
    inherits it."""
    agree(MONSTA, random_record(6 + seed % 3, 1000 + seed, 3))


@pytest.mark.parametrize("seed", range(4))
def test_the_summoner_matches_brute_force(seed):
    """No Demon dealt: the Summoner stands in for it, kills nobody on night 2 (the Imp and
    the Shabaloth would), and on night 3 makes a living good player an Imp or a Shabaloth."""
    agree(SUMMONER, random_record(6 + seed % 3, 1100 + seed, 3 + seed % 2))


def test_the_summoners_team_is_dealt_no_demon():
    """At ten seats: the Summoner and one more Minion, never beside a dealt Demon; eight good
    seats (the Demon's a Townsfolk's)."""
    worlds = build(Setup(SUMMONER, tuple(range(10))), ())
    code = SUMMONER.index("summoner")
    summoner = worlds.demon_kind == code
    assert summoner.any() and (worlds.char[summoner, worlds.demon[summoner]] == code).all()
    assert (worlds.evil[summoner].sum(axis=1) == 2).all()
    assert not ((worlds.char == code).any(axis=1) & ~summoner).any()
    good = worlds.townsfolk + worlds.outsiders
    assert (good[summoner] == 8).all() and (good[~summoner] == 7).all()


def test_lil_monsta_is_babysat_by_one_of_its_minions():
    """At seven seats its team is two Minions, one of them the Demon now, each as likely;
    no seat holds Lil' Monsta."""
    worlds = build(Setup(MONSTA, tuple(range(7))), ())
    monsta = worlds.demon_kind == MONSTA.index("lilmonsta")
    assert monsta.any() and not (worlds.char == MONSTA.index("lilmonsta")).any()
    rows = np.flatnonzero(monsta)
    team = worlds.evil[rows]
    assert (team.sum(axis=1) == 2).all() and team[np.arange(len(rows)), worlds.demon[rows]].all()
    assert (worlds.char[rows][team] == MONSTA.index("poisoner")).any()
    # Babysat by the Poisoner, or by its partner: as likely.
    at = worlds.char[rows, worlds.demon[rows]] == MONSTA.index("poisoner")
    mates = (worlds.char[rows] == MONSTA.index("poisoner")).any(axis=1)
    assert worlds.prior[rows][at].sum() == pytest.approx(worlds.prior[rows][mates & ~at].sum())


@pytest.mark.parametrize("seed", range(4))
def test_village_idiots_beside_the_bounty_hunter_match_brute_force(seed):
    """The Townsfolk made evil may hold a copy (then one of several is drunk as likely), or
    another Townsfolk; the Bounty Hunter claimed (by a good player or the Lunatic) or held
    by one who has not claimed, or out of play where no Townsfolk is evil."""
    old = ("monk", "soldier", "chef")[: 1 + seed % 3]
    record = idiots(random_record(7, 1200 + seed, 2), seed, *old)
    agree(HUNTED_IDIOTS, claiming(record, "washerwoman", "bountyhunter") if seed % 2 else record)


@pytest.mark.parametrize("seed", range(4))
def test_legion_matches_brute_force(seed):
    """Just over half the seats are Legion, the first alive the Demon now, the next its heir;
    each registers as a Minion too."""
    agree(LEGION, random_record(6 + seed % 2, 800 + seed, 3))


def test_legion_holds_most_seats_and_the_first_is_the_demon():
    worlds = build(Setup(LEGION, tuple(range(7))), ())
    legion = (worlds.char == LEGION.index("legion")).sum(axis=1)
    assert set(legion.tolist()) == {0, 4}
    held = legion == 4
    first = (worlds.char[held] == LEGION.index("legion")).argmax(axis=1)
    assert (worlds.demon[held] == first).all() and (worlds.evil[held].sum(axis=1) == 4).all()


LEGION_ONLY = (*TOWNSFOLK, "saint", "recluse", "godfather", "legion")


def test_an_executed_legion_passes_the_demon_on():
    """Player 1, executed, is the Demon now whenever they are Legion (the first in seat
    order): the game goes on, as the next Legion is the Demon now."""
    seats = tuple(range(1, 8))
    record = Record(seats, (), (Death(1, 2, "execution"),), (Nominated(1, 2, 1, (), seats),), 1)
    assert infer(Setup(LEGION_ONLY, seats), record).evil[1] > 0.5


def test_legion_registers_as_a_minion():
    """An Investigator shown one of two players as the Godfather, where only Legion is evil:
    one of them is Legion."""
    seats = tuple(range(1, 8))
    shown = Heard("investigator", 1, (2, 3, "godfather"), (2, 3))
    beliefs = infer(Setup(LEGION_ONLY, seats), Record(seats, (Claim(7, "investigator", (shown,)),)))
    assert beliefs.evil[2] > beliefs.evil[1] + 0.1


@pytest.mark.parametrize("seed", range(4))
def test_kazali_matches_brute_force(seed):
    """Its Minions were dealt good characters, as unknown as an unclaimed player's; the
    Outsider count is free, and a Baron it makes adds none; beside an Imp and a Baron."""
    agree(KAZALI, random_record(7 + seed % 2, 700 + seed, 3))


@pytest.mark.parametrize("seed", range(4))
def test_bounty_hunter_matches_brute_force(seed):
    """Claimed (by a good player, a liar or the Lunatic) or not (one who has not claimed may
    hold it), the Bounty Hunter's evil Townsfolk is evil, killed and voting as the good,
    never the Demon's heir."""
    record = random_record(7, 600 + seed, 3)
    agree(HUNTER, claiming(record, "monk", "bountyhunter") if seed % 2 else record)


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
# Per character: a script, and a deal of ten that holds it, or () for the bot's own deals
# (which always hold it on that script).
SELF_PLAYED = {
    "lordoftyphon": ((*GOOD_TB, "poisoner", "spy", "scarletwoman", "baron", "lordoftyphon"), ()),
    "xaan": ((*GOOD_TB, "xaan", "poisoner", "imp"), ()),
    "kazali": ((*GOOD_TB, "poisoner", "spy", "scarletwoman", "baron", "kazali"), ()),
    "legion": ((*GOOD_TB, "poisoner", "spy", "legion"), ()),
    "lilmonsta": ((*GOOD_TB, "poisoner", "spy", "scarletwoman", "baron", "lilmonsta"), ()),
    "summoner": ((*TB, "summoner"), ("summoner", "poisoner", *GOOD_TB[:8])),
    "villageidiot": (
        (*TB, "villageidiot"),
        ("imp", "poisoner", "spy", *["villageidiot"] * 3, *GOOD_TB[:4]),
    ),
    "bountyhunter": (
        (*TB, "bountyhunter"),
        ("imp", "poisoner", "spy", "bountyhunter", *GOOD_TB[:6]),
    ),
}


@pytest.mark.parametrize("cid", sorted(SELF_PLAYED))
def test_self_play_with_the_character_reasons_to_the_end(cid, monkeypatch):
    """Games whose deal holds the character (a Minion babysitting Lil' Monsta) are played by
    the reasoning players (the model is asked, the naive heuristics never) to a rules
    ending."""
    asked = []
    model = table.infer
    monkeypatch.setattr(table, "infer", lambda *a, **k: asked.append(1) or model(*a, **k))
    monkeypatch.setattr(table, "suspicion", _never)
    script, deal = SELF_PLAYED[cid]
    for seed in (1, 2):
        state, outcome = play(script, 10, seed, deal)
        held = any(s.character == cid for s in state.seats) or role(cid).unheld(state)
        held = held or any(c.before == cid for c in state.changes)  # a Summoner passed the Imp
        assert held and outcome.ending != "unfinished"
    assert asked


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("the table fell back to the naive heuristics")


def test_the_kazalis_minions_change_no_setup():
    """Its Minions are made on the first night: a Baron it makes adds no Outsider (its free
    count is 0 to 2 at seven seats), as the Imp's Baron adds two."""
    worlds = build(Setup(KAZALI, tuple(range(7))), ())
    kazali = worlds.char[range(len(worlds)), worlds.demon] == KAZALI.index("kazali")
    baron = (worlds.char == KAZALI.index("baron")).any(axis=1)
    assert set(worlds.outsiders[kazali & baron].tolist()) == {0, 1, 2}
    assert set(worlds.outsiders[~kazali & baron].tolist()) == {2}
