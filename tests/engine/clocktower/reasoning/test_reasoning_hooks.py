"""The reasoning vocabulary in the units: what public facts told a claimed character
(``public_info``), how that weighs, and which scripts the model covers (``supported``)."""

from __future__ import annotations

import pytest

from engine.clocktower.catalogue import edition_characters
from engine.clocktower.game.roles import role
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import Claim, Death, Heard, Nominated, Record, Shot
from engine.clocktower.reasoning.worlds import supported, uncovered
from tests.engine.clocktower.game.support import TB

SEATS = tuple(range(1, 8))
SETUP = Setup(tuple(c for c in TB), SEATS)


def test_the_model_covers_the_three_editions_and_says_what_it_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert supported(TB)
    for edition in ("bmr", "snv"):
        assert supported(tuple(c.id for c in edition_characters(edition))), edition
    assert not supported((*TB, "my_homebrew_demon"))
    monkeypatch.setattr(type(role("summoner")), "summons_on_night", 0)  # as if undeclared
    why = uncovered((*TB, "my_homebrew_demon", "villageidiot", "bountyhunter", "summoner", "xaan"))
    # the Xaan's free Outsiders and the Village Idiot's copies beside the Bounty Hunter are
    # covered (an unknown character beside them too)
    assert set(why) == {"my_homebrew_demon", "summoner"}
    assert "setup" in why["summoner"] and "engine" in why["my_homebrew_demon"]


def test_a_slayer_and_a_virgin_learn_from_public_facts():
    record = Record(
        SEATS,
        nominations=(Nominated(1, 2, 3, at_once=True), Nominated(2, 4, 3, (1, 4))),
        shots=(Shot(1, 5, 6, False), Shot(2, 5, 7, False)),
    )
    assert role("virgin").public_info(record, 3) == (Heard("virgin", 2, True, (2,)),)
    assert role("slayer").public_info(record, 5) == (Heard("slayer", 2, False, (6,)),)
    assert role("slayer").public_info(record, 1) == ()


def test_a_virgin_who_executes_her_nominator_proves_them_a_townsfolk():
    said = (Claim(3, "virgin"), Claim(2, "chef"))
    record = Record(SEATS, said, (Death(2, 2, "execution"),),
                    (Nominated(1, 2, 3, at_once=True),), dusks=1)  # fmt: skip
    beliefs = infer(SETUP, record)
    assert beliefs.demon[2] < 1e-6 and beliefs.evil[2] < 0.1  # evil only as a Spy
    assert beliefs.evil[3] == pytest.approx(0.0, abs=1e-6)  # the Virgin was real and sober


def test_a_slayers_miss_clears_the_target_unless_the_slayer_lied_or_was_impaired():
    base = Record(SEATS, (Claim(5, "slayer"),))
    missed = Record(SEATS, (Claim(5, "slayer"),), shots=(Shot(1, 5, 6, False),))
    assert infer(SETUP, missed).demon[6] < 0.5 * infer(SETUP, base).demon[6]


def test_a_mayor_who_lets_a_quiet_day_pass_at_three_is_not_a_working_mayor():
    deaths = tuple(Death(p, m, "night" if m % 2 else "execution") for p, m in
                   ((1, 2), (2, 3), (4, 4), (6, 5)))  # fmt: skip
    record = Record(SEATS, (Claim(3, "mayor"),), deaths, dusks=3)
    assert set(record.alive_after(6)) == {3, 5, 7}
    assert role("mayor").public_info(record, 3) == (Heard("mayor", 6, False),)
    assert role("mayor").public_info(Record(SEATS, (), deaths, dusks=2), 3) == ()
    quiet = infer(SETUP, record)
    assert (
        quiet.evil[3] > infer(SETUP, Record(SEATS, (Claim(3, "mayor"),), deaths, dusks=2)).evil[3]
    )
