"""The model's worlds for the Minions and Demons of Bad Moon Rising and Sects & Violets equal a
plain brute-force enumeration of its story (``brute``), on seeded random records of small
tables: the night's death count under each Demon and killing Minion (``Role.night_kills``),
the Zombuul living on, the Fang Gu's jump into an Outsider, the star pass, the Mastermind's
day, the Godfather's Outsider shifts, the Lunatic among the Townsfolk claimers, the No
Dashii's poisoned neighbours and the Vortox's false information and quiet days."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.clocktower.catalogue import characters
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import (
    Claim,
    Death,
    Heard,
    Nominated,
    Record,
    day_moment,
    night_moment,
)
from engine.clocktower.reasoning.worlds import build, uncovered
from tests.engine.clocktower.reasoning.brute import reference

TOWNSFOLK = ("empath", "chef", "washerwoman", "investigator", "monk", "soldier")
# Bad Moon Rising's killers and the Imp; Sects & Violets' Demons and the Poisoner.
KILLERS = (*TOWNSFOLK, "lunatic", "saint", "godfather", "assassin", "mastermind",
           "scarletwoman", "po", "shabaloth", "zombuul", "imp")  # fmt: skip
STANDING = (*TOWNSFOLK, "lunatic", "saint", "poisoner", "mastermind", "scarletwoman",
            "nodashii", "vortox", "fanggu", "imp")  # fmt: skip


def random_record(n: int, seed: int, days: int) -> Record:
    """Claims of Townsfolk (some an Outsider or a Minion: a bluff) with an Empath's and a
    Chef's information each night, zero to three deaths a night, an execution or none each
    day, nominations with hands; the game goes on."""
    rng = random.Random(seed)
    seats = tuple(range(1, n + 1))
    said = list(TOWNSFOLK[:3]) + ["saint", "monk", "soldier", "godfather"]
    rng.shuffle(said)
    claimed = dict(zip(seats, said[: n - 1], strict=False))
    alive = list(seats)
    deaths: list[Death] = []
    nominations: list[Nominated] = []
    heard: dict[int, list[Heard]] = {p: [] for p in claimed}
    for day in range(1, days + 1):
        night = night_moment(day)
        if day > 1:
            for p in rng.sample(alive, min(rng.choice((0, 1, 1, 2, 3)), len(alive) - 3)):
                deaths.append(Death(p, night, "night"))
                alive.remove(p)
        for p, c in claimed.items():
            if c == "empath":
                left, right = seats[(p - 2) % n], seats[p % n]
                heard[p].append(Heard("empath", night, rng.choice((0, 1)), (left, right)))
            if c == "chef" and day == 1:
                heard[p].append(Heard("chef", night, rng.choice((0, 1)), ()))
        nominee, nominator = rng.sample(alive, 2)
        yes = tuple(v for v in alive if rng.random() < 0.5)
        nominations.append(Nominated(day, nominator, nominee, yes, tuple(alive)))
        if rng.random() < 0.7 and len(alive) > 3:
            deaths.append(Death(nominee, day_moment(day), "execution"))
            alive.remove(nominee)
    claims = tuple(Claim(p, c, tuple(heard[p])) for p, c in claimed.items())
    return Record(seats, claims, tuple(deaths), tuple(nominations), dusks=days)


def agree(chars: tuple[str, ...], record: Record) -> None:
    setup = Setup(chars, record.seats)
    beliefs = infer(setup, record)
    demon, evil = reference(chars, record)
    for p in record.seats:
        assert beliefs.demon[p] == pytest.approx(demon[p], abs=1e-9), (p, "demon")
        assert beliefs.evil[p] == pytest.approx(evil[p], abs=1e-9), (p, "evil")


@pytest.mark.parametrize("seed", range(6))
def test_killers_and_deaths_match_brute_force(seed):
    agree(KILLERS, random_record(7, seed, 3))


def test_a_voter_listed_twice_counts_twice_as_in_brute_force():
    """Hands are counted by seat bitmasks: a voter a record lists twice (a game's record never
    does) still counts twice, as brute force counts each listing."""
    record = random_record(7, 7, 2)
    first = record.nominations[0]
    twice = replace(first, voters=first.voters + first.voters[:3])
    agree(KILLERS, replace(record, nominations=(twice, *record.nominations[1:])))


@pytest.mark.parametrize("seed", range(6))
def test_standing_poison_false_information_and_jumps_match_brute_force(seed):
    agree(STANDING, random_record(7, 100 + seed, 3))


@pytest.mark.parametrize("seed", range(3))
def test_experimental_demons_match_brute_force(seed):
    """Demons that kill one, one or two, or nobody a night, beside the Godfather."""
    chars = (*TOWNSFOLK, "lunatic", "saint", "godfather", "widow", "ojo", "yaggababble",
             "leviathan")  # fmt: skip
    agree(chars, random_record(7, 300 + seed, 3))


def test_every_experimental_evil_character_is_covered_but_for_its_setup():
    evil = tuple(c.id for c in characters() if c.edition == "carousel" and c.evil)
    assert all("setup" in why for why in uncovered(evil).values()), uncovered(evil)


@pytest.mark.parametrize("seed", range(3))
def test_outsider_shifts_match_brute_force(seed):
    """At six players one Outsider: the Godfather's -1 or +1, the Fang Gu's +1."""
    chars = (*TOWNSFOLK, "lunatic", "saint", "recluse", "godfather", "assassin", "fanggu", "po")
    agree(chars, random_record(6, 200 + seed, 2))


def test_the_godfather_may_add_or_remove_an_outsider():
    chars = (*TOWNSFOLK, "lunatic", "saint", "recluse", "godfather", "assassin", "po")
    worlds = build(Setup(chars, tuple(range(8))), ())  # eight players: one Outsider
    godfather = (worlds.char == chars.index("godfather")).any(axis=1)
    assert set(worlds.outsiders[godfather].tolist()) == {0, 2}
    assert set(worlds.outsiders[~godfather].tolist()) == {1}


def test_a_night_with_two_deaths_points_at_the_shabaloth_and_the_po():
    chars = KILLERS
    seats = tuple(range(1, 8))
    deaths = (Death(1, 3, "night"), Death(2, 3, "night"))
    kinds = _demon_kinds(Setup(chars, seats), Record(seats, deaths=deaths))
    quiet = _demon_kinds(Setup(chars, seats), Record(seats, deaths=(Death(1, 3, "night"),)))
    assert kinds["shabaloth"] > 2 * quiet["shabaloth"]
    assert kinds["imp"] < quiet["imp"] / 2


def test_an_executed_demon_lives_on_only_as_the_zombuul_or_with_a_mastermind():
    """Player 1, the one who claimed nothing, is executed and the game goes on; nobody dies
    that night (the Zombuul kills only after a day without deaths)."""
    seats = tuple(range(1, 8))
    claims = tuple(Claim(p, c) for p, c in zip(seats[1:], TOWNSFOLK, strict=True))
    record = Record(seats, claims, (Death(1, 2, "execution"),), dusks=2)
    record = replace(record, nominations=(Nominated(2, 3, 4, (), seats[1:]),))
    plain = tuple(c for c in KILLERS if c not in ("zombuul", "mastermind", "scarletwoman"))
    assert infer(Setup(plain, seats), record).demon[1] < 0.01
    setup = Setup(KILLERS, seats)
    assert infer(setup, record).demon[1] > 0.2
    kinds = _demon_kinds(setup, record)
    assert kinds["zombuul"] == max(kinds.values())


def _demon_kinds(setup: Setup, record: Record) -> dict[str, float]:
    """The chance of each Demon character, by the worlds' weights at the end of the record."""
    from engine.clocktower.reasoning import infer as model

    events = model._timeline(record, setup)
    sweep = model._through(setup, (), (), 0, (model.LIMIT, 0, 0), (), events).copy()
    model._finish(sweep)
    beliefs = model._beliefs(sweep, setup)
    out: dict[str, float] = {}
    for code, p in zip(sweep.kind.tolist(), beliefs.p.tolist(), strict=True):
        out[setup.chars[code]] = out.get(setup.chars[code], 0.0) + p
    return out
