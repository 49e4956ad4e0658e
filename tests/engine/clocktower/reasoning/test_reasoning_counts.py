"""The counts Bad Moon Rising's and Sects & Violets' good characters learn, as the reasoning model
weighs them: the Chambermaid's wakers, the Juggler's right guesses and the Mathematician's
abnormal abilities, each against a plain reading of every world, and in the sweep against the
brute-force enumeration; and the Juggler's guesses reaching what its holder says."""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import pytest

from engine.clocktower.catalogue import character, edition_characters
from engine.clocktower.game.characters._woke import informs, wake_chance
from engine.clocktower.game.characters.mathematician import LIES
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.reasoning.moment import UNKNOWN, Moment, Setup
from engine.clocktower.reasoning.record import Claim, Death, Heard, Record
from engine.clocktower.reasoning.worlds import build
from engine.clocktower.selfplay.talk import heard
from tests.engine.clocktower.game.support import TB, load, play
from tests.engine.clocktower.reasoning.brute import assert_as_brute

COUNTS = ("chambermaid", "juggler", "mathematician", "oracle", "sage", "seamstress")
CHARS = (*(c for c in TB if c not in ("washerwoman", "librarian", "investigator", "chef")),
         *COUNTS, "sweetheart", "vortox", "nodashii")  # fmt: skip
SEATS = tuple(range(1, 8))
SETUP = Setup(CHARS, SEATS)
CLAIMS = (Claim(1, "mathematician"), Claim(2, "recluse"), Claim(4, "empath"),
          Claim(5, "sweetheart"), Claim(6, "sage"))  # fmt: skip
GOODS = [c for c in CHARS if character(c).team in ("townsfolk", "outsider")]
SCENARIOS = Path(__file__).parents[1] / "game" / "scenarios"


def held(worlds, row: int, s: int) -> str | None:
    code = int(worlds.char[row, s])
    return None if code == UNKNOWN else CHARS[code]


def waking(cid: str | None, night: int, info: bool = False, townsfolk: bool = False) -> float:
    """A plain reading of ``_woke``: a character's chance, the Drunk's as a Townsfolk's mean,
    an unclaimed player's as the good characters' mean."""

    def one(c: str) -> float:
        kept = character(c).team == "townsfolk" if townsfolk else True
        return wake_chance(c, night) * (informs(c) if info else True) * kept

    if cid is None:
        return sum(one(c) for c in GOODS) / len(GOODS)
    if cid == "drunk":
        tf = [c for c in GOODS if character(c).team == "townsfolk"]
        return 0.0 if townsfolk else sum(one(c) for c in tf) / len(tf)
    return one(cid)


def exactly(chances: list[float], k: int) -> float:
    return sum(
        math.prod(c if f else 1 - c for c, f in zip(chances, fall, strict=True))
        for fall in itertools.product((False, True), repeat=len(chances))
        if sum(fall) == k
    )


def weighed(heard_item: Heard, claims=CLAIMS, dead=frozenset({5}), claimer=1):
    worlds = build(SETUP, claims)
    now = Moment(worlds, worlds.demon.copy(), frozenset(SEATS) - dead)
    weight = role(heard_item.character).weigh(heard_item, now, claimer)
    assert weight is not None
    return worlds, weight


@pytest.mark.parametrize("told", [0, 1, 2])
def test_the_chambermaid_counts_the_two_who_may_have_woken(told):
    worlds, weight = weighed(Heard("chambermaid", 3, told, (3, 4)))
    for row, sober in enumerate(weight.sober):
        chances = [waking(held(worlds, row, s), 2) for s in (2, 3)]
        assert sober == pytest.approx(exactly(chances, told), abs=1e-12)
    assert weight.impaired == 1 / 3
    assert weight.misinformed() == pytest.approx((1 - weight.sober) / 2)
    assert weight.sober.min() < weight.sober.max()  # the worlds differ on it


@pytest.mark.parametrize("told", [0, 1, 2])
def test_the_juggler_counts_the_guesses_surely_right_and_those_that_may_be(told):
    guesses = ((2, "recluse"), (3, "vortox"), (4, "empath"))
    worlds, weight = weighed(Heard("juggler", 3, told, (2, 3, 4), guesses))
    for row, sober in enumerate(weight.sober):
        right = [0.0, 0.0, 0.0]  # surely right, per guess; the rest surely wrong or open
        open_ = [0.0, 0.0, 0.0]
        recluse, third, empath = (held(worlds, row, s) for s in (1, 2, 3))
        demon = int(worlds.demon[row]) == 2
        right[0], open_[0] = 0.0, float(recluse in ("recluse", "spy"))  # may misregister
        right[1] = float(third == "vortox" and demon)
        if third is None:
            right[1] = 0.0  # an unclaimed good player is no Demon
        right[2] = float(empath == "empath")
        open_[2] = float(empath == "spy")
        total = 0.0
        for fall in itertools.product(range(3), repeat=3):
            odds = [(r, 1 - r - o, o)[f] for r, o, f in zip(right, open_, fall, strict=True)]
            k, m = fall.count(0), fall.count(2)
            total += math.prod(odds) * (k <= told <= k + m)
        assert sober == pytest.approx(total, abs=1e-12)
    assert weight.impaired == 1 / 4
    assert 0 < weight.sober.sum() < len(worlds)
    assert role("juggler").weigh(Heard("juggler", 3, 1, (2,)), None, 1) is None


@pytest.mark.parametrize("told", [0, 1, 3])
def test_the_mathematician_counts_who_may_have_been_told_false(told):
    """Plainly per seat: under the Vortox a Townsfolk told something is surely abnormal; the
    Drunk, the No Dashii's Townsfolk neighbours, the Poisoner's target and the one the dead
    Sweetheart made drunk (marginal chances) are abnormal with chance ``LIES`` when told
    something."""
    dead = frozenset({5})
    worlds, weight = weighed(Heard("mathematician", 3, told), dead=dead)
    alive = [p for p in SEATS if p not in dead]
    for row, sober in enumerate(weight.sober):
        chars = [held(worlds, row, s) for s in range(len(SEATS))]
        demon = int(worlds.demon[row])
        kind = chars[demon] if SEATS[demon] in alive else None  # a dead Demon does nothing
        tf = [c is None or character(c).team == "townsfolk" for c in chars]
        near = set()
        if kind == "nodashii":
            for step in (1, -1):
                s = next((demon + step * k) % 7 for k in range(1, 7) if tf[(demon + step * k) % 7])
                near.add(s)
        poisoners = [s for s, c in enumerate(chars) if c == "poisoner" and SEATS[s] in alive]
        chances = []
        for s, p in enumerate(SEATS):
            if p == 1 or p not in alive or worlds.evil[row, s]:
                continue
            told_now = waking(chars[s], 2, info=True)
            lied = (kind == "vortox") * waking(chars[s], 2, info=True, townsfolk=True)
            fixed = chars[s] == "drunk" or s in near
            target = 1 / (len(alive) - 1) if poisoners else 0.0
            sweet = (chars[4] == "sweetheart") / 6  # she died: one of the others is drunk
            impaired = 1 - (1 - fixed) * (1 - target) * (1 - sweet)
            chances.append(lied + (told_now - lied) * impaired * LIES)
        assert sober == pytest.approx(exactly(chances, told), abs=1e-12)
    assert weight.impaired == 1 / 8
    assert weight.sober.min() < weight.sober.max()


def said(player: int, cid: str, *items: Heard) -> Claim:
    return Claim(player, cid, items)


RECORDS = [
    Record(SEATS, (
        said(1, "mathematician", Heard("mathematician", 1, 1), Heard("mathematician", 3, 2)),
        said(2, "chambermaid", Heard("chambermaid", 1, 2, (3, 4)),
             Heard("chambermaid", 3, 0, (4, 6))),
        said(3, "juggler", Heard("juggler", 3, 2, (4, 5, 6), ((4, "empath"), (5, "vortox"),
                                                             (6, "poisoner")))),
        Claim(4, "empath"), said(6, "oracle", Heard("oracle", 3, 0)),
    ), (Death(7, 2, "execution"), Death(5, 3, "night")), dusks=1),
    Record(SEATS, (
        said(1, "juggler", Heard("juggler", 3, 1, (2, 3), ((2, "recluse"), (3, "nodashii")))),
        said(4, "mathematician", Heard("mathematician", 1, 0), Heard("mathematician", 3, 1)),
        said(5, "chambermaid", Heard("chambermaid", 3, 1, (1, 7))),
        Claim(2, "recluse"), Claim(6, "sweetheart"),
        said(7, "seamstress", Heard("seamstress", 1, False, (3, 6))),
    ), (Death(6, 3, "night"),), dusks=1),
]  # fmt: skip


@pytest.mark.parametrize("record", RECORDS)
def test_the_counts_compose_with_the_sweep_as_brute_force_has_it(record):
    """Poison summed over its target, the Drunk, the Vortox's false counts, the No Dashii's
    neighbours, deaths: the model's beliefs are the plain enumeration's."""
    assert_as_brute(SETUP, record, moves=0.02)


def test_a_juggler_says_what_they_guessed_beside_their_count():
    state = play(load(SCENARIOS / "snv_juggler.json"))
    (item,) = heard(state, 3)
    guesses = ((1, "nodashii"), (4, "cerenovus"), (5, "clockmaker"), (5, "oracle"), (6, "savant"))
    assert item == Heard("juggler", 3, 3, (1, 4, 5, 5, 6), guesses)


def test_every_good_character_of_bmr_and_snv_without_evidence_says_why():
    """Those whose units read nothing (no ``weigh``, no ``public_info``) say why in their
    docstring and are the docs' list, and no other does."""
    good = [c for ed in ("bmr", "snv") for c in edition_characters(ed)
            if c.team in ("townsfolk", "outsider")]  # fmt: skip
    reads = set(REGISTRY.having("weigh")) | set(REGISTRY.having("public_info"))
    docs = (Path(__file__).parents[4] / "docs" / "clocktower.md").read_text()
    listed = docs.split("- **Good characters that give no evidence**")[1].split("\n- **")[0]
    named = {line.split(":")[0].strip("- ") for line in listed.splitlines()[2:] if "  - " in line}
    assert named == {c.name for c in good if c.id not in reads}
    for c in good:
        says = (
            "The reasoning model reads no evidence"
            in sys.modules[type(role(c.id)).__module__].__doc__
        )
        assert says == (c.id not in reads), c.id


def test_who_wakes_for_their_ability_by_the_night_order_and_the_exceptions():
    assert [wake_chance("juggler", night) for night in (1, 2, 3)] == [0.0, 0.9, 0.0]
    assert wake_chance("clockmaker", 1) == 1.0 and wake_chance("clockmaker", 2) == 0.0
    assert wake_chance("gossip", 2) == wake_chance("tinker", 2) == 0.0  # the storyteller's turn
    assert wake_chance("godfather", 1) == 1.0 > wake_chance("godfather", 2) > 0.0
    assert wake_chance("saint", 2) == 0.0 and wake_chance("poisoner", 2) == 1.0
