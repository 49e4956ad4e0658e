"""Every scenario file plays out as written: information, deaths, rulings and the winner."""

from __future__ import annotations

import pytest

from tests.engine.clocktower.game.support import SCENARIOS, load, play


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    play(load(path))


def test_there_is_a_scenario_for_every_trouble_brewing_character():
    text = " ".join(p.read_text() for p in SCENARIOS)
    from tests.engine.clocktower.game.support import TB

    assert [c for c in TB if f'"{c}"' not in text] == []


def test_there_is_a_scenario_for_every_sects_and_violets_character():
    from engine.clocktower.catalogue import characters

    text = " ".join(p.read_text() for p in SCENARIOS)
    snv = [c.id for c in characters() if c.edition == "snv"]  # Travellers too
    assert len(snv) == 30
    assert [c for c in snv if f'"{c}"' not in text] == []


def test_there_is_a_scenario_for_every_bad_moon_rising_character_and_traveller():
    from engine.clocktower.catalogue import characters

    text = " ".join(p.read_text() for p in SCENARIOS)
    bmr = [c.id for c in characters() if c.edition == "bmr"]
    assert len(bmr) == 30 and [c for c in bmr if f'"{c}"' not in text] == []
