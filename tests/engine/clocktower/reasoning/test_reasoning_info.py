"""The information of Bad Moon Rising's and Sects & Violets' good characters, as the reasoning
model weighs it: each unit's ``weigh`` against a plain reading of every world (who is what, who
may register as what), and what it does to the beliefs."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from engine.clocktower.catalogue import character
from engine.clocktower.game.roles import role
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import UNKNOWN, Moment, Setup
from engine.clocktower.reasoning.record import Claim, Death, Heard, Record
from engine.clocktower.reasoning.worlds import build
from tests.engine.clocktower.game.support import TB
from tests.engine.clocktower.reasoning.brute import assert_as_brute

GOODS = ("clockmaker", "dreamer", "oracle", "seamstress", "sage", "grandmother", "flowergirl",
         "towncrier", "savant", "tealady", "artist")  # fmt: skip
CHARS = tuple(c for c in TB if c not in ("washerwoman", "librarian")) + GOODS
SEATS = tuple(range(1, 8))
SETUP = Setup(CHARS, SEATS)
CLAIMS = (Claim(1, "oracle"), Claim(2, "recluse"), Claim(4, "empath"))
DEAD = frozenset({5})


class Seen:
    """One world as a table would read it, plainly: each seat's character (None: an unclaimed
    good player), alignment and the teams and alignments it may register as."""

    def __init__(self, worlds, row: int, demon: int) -> None:
        self.n = len(SEATS)
        self.demon = demon
        self.char = [None if c == UNKNOWN else CHARS[c] for c in worlds.char[row]]
        self.evil = [bool(e) for e in worlds.evil[row]]

    def team(self, s: int) -> str | None:
        c = self.char[s]
        return None if c is None else character(c).team

    def teams(self, s: int) -> set[str]:
        extra = {"spy": {"townsfolk", "outsider"}, "recluse": {"minion", "demon"}}
        if self.char[s] is None:
            return {"townsfolk", "outsider"}
        return {self.team(s), *extra.get(self.char[s], set())}

    def sides(self, s: int) -> set[str]:
        if self.char[s] in ("spy", "recluse"):
            return {"good", "evil"}
        return {"evil" if self.evil[s] else "good"}

    def evil_range(self, seats) -> tuple[int, int]:
        return (sum(self.sides(s) == {"evil"} for s in seats),
                sum("evil" in self.sides(s) for s in seats))  # fmt: skip

    def demon_may(self, seats) -> bool:
        return any(s == self.demon or (not self.evil[s] and "demon" in self.teams(s))
                   for s in seats)  # fmt: skip


def seat(p: int) -> int:
    return SEATS.index(p)


def weighed(heard: Heard, claims=CLAIMS, dead=DEAD):
    worlds = build(SETUP, claims)
    now = Moment(worlds, worlds.demon.copy(), frozenset(SEATS) - dead)
    weight = role(heard.character).weigh(heard, now, 1)
    assert weight is not None
    return [Seen(worlds, i, int(worlds.demon[i])) for i in range(len(worlds))], weight


def test_the_oracle_counts_the_dead_who_may_be_evil():
    for told in (0, 1):
        worlds, weight = weighed(Heard("oracle", 3, told))
        for w, sober in zip(worlds, weight.sober, strict=True):
            lo, hi = w.evil_range([seat(5)])
            assert sober == (lo <= told <= hi)
        assert weight.impaired == 1 / 2
        assert 0 < weight.sober.sum() < len(worlds)


@pytest.mark.parametrize("alike", [True, False])
def test_the_seamstress_hears_whether_two_may_share_an_alignment(alike):
    worlds, weight = weighed(Heard("seamstress", 1, alike, (2, 3)))
    for w, sober in zip(worlds, weight.sober, strict=True):
        pairs = itertools.product(w.sides(seat(2)), w.sides(seat(3)))
        assert sober == any((a == b) == alike for a, b in pairs)
    assert weight.impaired == 1 / 2 and 0 < weight.sober.sum() < len(worlds)


def test_the_sage_is_shown_the_demon_beside_anyone():
    worlds, weight = weighed(Heard("sage", 3, (2, 3)), dead=frozenset({1}))
    for w, sober in zip(worlds, weight.sober, strict=True):
        assert sober == pytest.approx(w.demon_may([seat(2), seat(3)]) / 5)
    assert weight.impaired == 1 / math.comb(6, 2)
    assert weighed(Heard("sage", 3, None))[1].sober.sum() == 0


def test_the_grandmother_is_shown_a_good_player_as_their_character():
    worlds, weight = weighed(Heard("grandmother", 1, (2, "recluse")))
    for w, sober in zip(worlds, weight.sober, strict=True):
        good = 6 - sum(w.evil)
        assert sober == pytest.approx((not w.evil[seat(2)]) / good)
    goods = sum(character(c).team in ("townsfolk", "outsider") for c in CHARS)
    assert weight.impaired == 1 / (6 * goods)
    _, wrong = weighed(Heard("grandmother", 1, (4, "chef")))
    assert wrong.sober.sum() == 0  # the claimed Empath is no Chef, unless evil: then no grandchild


def test_the_dreamer_sees_the_true_character_beside_one_of_the_other_side():
    goods = sum(character(c).team in ("townsfolk", "outsider") for c in CHARS)
    evils = len(CHARS) - goods
    worlds, weight = weighed(Heard("dreamer", 1, ("recluse", "imp"), (2,)))
    for w, sober in zip(worlds, weight.sober, strict=True):
        s = seat(2)
        good = w.char[s] in ("recluse", "spy")  # the Spy may register as any good character
        evil = w.char[s] == "imp" or (w.char[s] == "recluse" and "demon" in w.teams(s))
        assert sober == pytest.approx(good / evils + evil / goods)
    assert weight.impaired == 1 / (goods * evils)


def clock(w: Seen) -> tuple[int, int | None]:
    """The Clockmaker's reading, plainly: the fewest steps from any may-be Demon to any may-be
    Minion, and from the Demon to its nearest sure Minion (None: none)."""
    n = w.n

    def steps(a: int, b: int) -> int:
        return min(abs(a - b), n - abs(a - b))

    demons = [s for s in range(n) if s == w.demon or (not w.evil[s] and "demon" in w.teams(s))]
    minions = [s for s in range(n) if s != w.demon and "minion" in w.teams(s)]
    sure = [s for s in range(n) if w.teams(s) == {"minion"}]
    fewest = min((steps(d, m) for d in demons for m in minions if d != m), default=n)
    near = min((steps(w.demon, m) for m in sure), default=None)
    return fewest, near


@pytest.mark.parametrize("told", [1, 2, 3, None])
def test_the_clockmaker_counts_from_the_demon_to_its_nearest_minion(told):
    worlds, weight = weighed(Heard("clockmaker", 1, told))
    for w, sober in zip(worlds, weight.sober, strict=True):
        fewest, near = clock(w)
        farthest = w.n if near is None else near  # a lone Spy may register as no Minion
        expected = near is None if told is None else fewest <= told <= farthest
        assert sober == expected
    assert weight.impaired == 1 / 3


@pytest.mark.parametrize("said", [True, False])
def test_the_flowergirl_and_town_crier_hear_whether_the_team_did_it(said):
    worlds, flower = weighed(Heard("flowergirl", 3, said, (2, 3)))
    _, crier = weighed(Heard("towncrier", 3, said, (2, 3)))
    for w, f, c in zip(worlds, flower.sober, crier.sober, strict=True):
        pair = [seat(2), seat(3)]
        demon_surely = w.demon in pair
        assert f == (w.demon_may(pair) if said else not demon_surely)
        minion_may = any("minion" in w.teams(s) and s != w.demon for s in pair)
        minion_surely = any(w.teams(s) == {"minion"} for s in pair)
        assert c == (minion_may if said else not minion_surely)
    assert flower.impaired == crier.impaired == 1 / 2


def test_the_savant_hears_one_true_thing_and_one_false():
    """Each as surely true or false as registration leaves it: a Spy may be the Empath."""
    said = (("alignment", (3,), "evil"), ("character", (4,), "empath"))
    worlds, weight = weighed(Heard("savant", 3, said))
    for w, sober, false in zip(worlds, weight.sober, weight.misinformed(), strict=True):
        evil = w.sides(seat(3)) == {"evil"}
        good = "evil" not in w.sides(seat(3))
        empath, other = w.char[seat(4)] == "empath", w.char[seat(4)] not in ("empath", "spy")
        assert sober == (evil and other) + (good and empath)
        assert false == (good and other)
    assert 0 < weight.sober.sum() < len(worlds)
    worlds, open_ = weighed(Heard("savant", 3, (said[0], ("character", (2,), "recluse"))))
    for w, sober in zip(worlds, open_.sober, strict=True):
        if w.char[seat(2)] == "recluse":  # he may register as another: never surely himself
            assert sober == 0
    assert weight.impaired == 1 / 3
    assert role("savant").weigh(Heard("savant", 3, ("a line", "another")), None, 1) is None


@pytest.mark.parametrize("answer", [True, False])
def test_the_artist_hears_whether_a_statement_holds(answer):
    question = ("team", (2, 3), "demon")
    worlds, weight = weighed(Heard("artist", 3, answer, question=question))
    for w, sober, false in zip(worlds, weight.sober, weight.misinformed(), strict=True):
        sure, never = w.demon in (seat(2), seat(3)), not w.demon_may([seat(2), seat(3)])
        assert sober == ((not never) if answer else (not sure))
        assert false == (never if answer else sure)
    assert weight.impaired == 1 / 2 and 0 < weight.sober.sum() < len(worlds)
    for unread in (Heard("artist", 3, answer), Heard("artist", 3, "yes", question="Is it Bob?")):
        assert role("artist").weigh(unread, None, 1) is None


def test_a_tea_lady_s_neighbour_who_dies_had_an_evil_neighbour_of_hers():
    deaths = (Death(4, 3, "night"), Death(6, 4, "execution"))
    record = Record(SEATS, (Claim(5, "tealady"),), deaths, dusks=2)
    assert role("tealady").public_info(record, 5) == (
        Heard("tealady", 3, 4, (4, 6)),
        Heard("tealady", 4, 6, (3, 6)),
    )
    assert role("tealady").public_info(Record(SEATS, (), (Death(5, 3, "night"),)), 5) == ()
    worlds, weight = weighed(Heard("tealady", 3, 4, (4, 6)))
    for w, sober in zip(worlds, weight.sober, strict=True):
        assert sober == ("evil" in w.sides(seat(4)) | w.sides(seat(6)))
    assert weight.impaired == 1.0 and not weight.informs


def test_the_information_moves_the_beliefs():
    base = (Claim(1, "oracle"), Claim(2, "chef"))
    deaths = (Death(3, 2, "execution"),)
    told = Claim(1, "oracle", (Heard("oracle", 3, 1),))
    quiet = infer(SETUP, Record(SEATS, base, deaths, dusks=1))
    heard = infer(SETUP, Record(SEATS, (told, base[1]), deaths, dusks=1))
    assert heard.evil[3] > 2 * quiet.evil[3]
    said = Claim(1, "seamstress", (Heard("seamstress", 1, False, (2, 3)),))
    seam = infer(SETUP, Record(SEATS, (said, Claim(2, "chef"))))
    assert seam.evil[3] > 1.5 * infer(SETUP, Record(SEATS, (Claim(1, "seamstress"),
                                                            Claim(2, "chef")))).evil[3]  # fmt: skip
    np.testing.assert_allclose(sum(seam.demon.values()), 1.0)


def said(player: int, cid: str, *heard: Heard) -> Claim:
    return Claim(player, cid, heard)


RECORDS = [
    Record(SEATS, (
        said(1, "oracle", Heard("oracle", 3, 1)),
        said(2, "seamstress", Heard("seamstress", 1, False, (3, 4))),
        said(3, "sage", Heard("sage", 3, (4, 5))),
        said(4, "grandmother", Heard("grandmother", 1, (6, "chef"))),
        said(5, "dreamer", Heard("dreamer", 1, ("recluse", "imp"), (7,)),
             Heard("dreamer", 3, ("empath", "poisoner"), (2,))),
        Claim(6, "chef"), Claim(7, "recluse"),
    ), (Death(6, 2, "execution"), Death(3, 3, "night")), dusks=1),
    Record(SEATS, (
        said(1, "clockmaker", Heard("clockmaker", 1, 2)),
        said(2, "flowergirl", Heard("flowergirl", 3, True, (4, 5))),
        said(3, "towncrier", Heard("towncrier", 3, False, (6,))),
        said(4, "savant", Heard("savant", 1, (("alignment", (5,), "evil"),
                                               ("character", (1,), "clockmaker")))),
        Claim(5, "tealady"), Claim(6, "recluse"),
        said(7, "artist", Heard("artist", 3, False, question=("team", (2, 3), "demon"))),
    ), (Death(4, 3, "night"), Death(7, 4, "execution")), dusks=2),
    Record(SEATS, (
        said(1, "clockmaker", Heard("clockmaker", 1, None)),
        said(3, "savant", Heard("savant", 1, (("team", (2,), "demon"), ("alignment", (4, 5), "good")))),
        Claim(2, "chef"), Claim(5, "tealady"), Claim(4, "empath"),
        said(6, "artist", Heard("artist", 1, True, question=("alignment", (2, 7), "evil"))),
    ), (Death(6, 3, "night"),), dusks=1),
]  # fmt: skip


@pytest.mark.parametrize("record", RECORDS)
def test_the_information_composes_with_the_sweep_as_brute_force_has_it(record):
    """Poison summed over its target, the Drunk, the Spy and Recluse registering either way,
    deaths and star passes: the model's beliefs are the plain enumeration's."""
    assert_as_brute(SETUP, record, moves=0.05)
