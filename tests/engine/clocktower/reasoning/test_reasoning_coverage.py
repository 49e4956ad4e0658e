"""Which characters the reasoning model covers (``worlds.uncovered``), the sentence that names
the others, and that nothing downstream measures a script it does not cover: ``/script
score``'s balance never falls back to naive players, and ``/clocktower review`` refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

import stats.balance
from engine.clocktower.catalogue import character, characters, edition_characters
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.reasoning.coverage import names, not_covered
from engine.clocktower.reasoning.review import not_reviewable
from engine.clocktower.reasoning.worlds import supported, uncovered
from engine.clocktower.selfplay import setup_game
from stats.balance import Balance, NotSimulated, script_balance
from tests.engine.clocktower.game.support import TB

DEALT = ("townsfolk", "outsider", "minion", "demon")
EDITION_NAMES = {"tb": "Trouble Brewing", "bmr": "Bad Moon Rising", "snv": "Sects & Violets"}
WHOLE = "Editions covered whole"
MISSING = "Characters the engine runs that the model does not cover yet"


def edition(code: str) -> tuple[str, ...]:
    return tuple(c.id for c in edition_characters(code) if c.team in DEALT)


@pytest.fixture
def imp_unreasoned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Imp as if its unit did not declare its part in the worlds."""
    monkeypatch.setattr(type(role("imp")), "reasoned", False)


@pytest.fixture
def summoner_undeclared(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Summoner as if its unit did not declare the night it makes the Demon: a setup
    dealt no Demon that the worlds cannot hold."""
    monkeypatch.setattr(type(role("summoner")), "summons_on_night", 0)


@pytest.fixture
def monsta_undeclared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lil' Monsta as if its unit did not declare that a Minion holds it: a setup dealt no
    Demon that the worlds cannot hold."""
    monkeypatch.setattr(type(role("lilmonsta")), "held_by_minion", False)


def test_trouble_brewing_is_covered_whole():
    assert uncovered(TB) == {} and supported(TB) and not_covered(TB) is None


def test_an_evil_character_without_its_part_in_the_worlds_is_uncovered(imp_unreasoned):
    (why,) = uncovered(TB).values()
    assert list(uncovered(TB)) == ["imp"] and not supported(TB)
    assert not_covered(TB) == f"the reasoning model cannot yet weigh Imp ({why})"


def test_a_setup_modifier_the_worlds_cannot_hold_is_uncovered(
    summoner_undeclared: None, monsta_undeclared: None
) -> None:
    """A setup dealt no Demon is not held by the worlds unless its unit declares how the
    Demon comes (the Summoner's night, Lil' Monsta's babysitter); the Village Idiot's copies
    beside the Bounty Hunter's evil Townsfolk are; a good character whose information is not
    weighed is covered. Each group of characters is named with its reason."""
    assert not uncovered(("villageidiot", "bountyhunter", *TB))
    script = ("villageidiot", "bountyhunter", "summoner", "lilmonsta", *TB)
    assert list(uncovered(script)) == ["summoner", "lilmonsta"]
    assert "butler" not in REGISTRY.having("weigh") and "butler" not in uncovered(script)
    why = uncovered(script)["summoner"]
    assert (
        not_covered(script)
        == f"the reasoning model cannot yet weigh Summoner and Lil' Monsta ({why})"
    )


def test_characters_uncovered_for_different_reasons_are_grouped(
    imp_unreasoned: None, summoner_undeclared: None
) -> None:
    script = ("summoner", *TB)
    why = uncovered(script)
    assert not_covered(script) == (
        f"the reasoning model cannot yet weigh Summoner ({why['summoner']}); nor Imp ({why['imp']})"
    )


def test_names_read_as_a_list_and_count_the_rest():
    assert names(("imp",)) == "Imp"
    assert names(("imp", "spy")) == "Imp and Spy"
    assert names(("imp", "spy", "baron")) == "Imp, Spy and Baron"
    many = tuple(c for c in TB if not character(c).evil)[:10]
    assert names(many).endswith(" and 2 more") and names(many).count(",") == 7


def test_an_uncovered_script_gets_no_balance_figure_and_no_game_is_played(
    imp_unreasoned, monkeypatch
):
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played for an uncovered script")

    monkeypatch.setattr(stats.balance, "simulate", never)
    found = script_balance(TB, 10)
    assert isinstance(found, NotSimulated) and found.uncovered == ("imp",)
    assert found.text().startswith("Not simulated: the reasoning model cannot yet weigh Imp")
    assert "%" not in found.text() and "naive" not in found.text()
    assert found.to_dict() == {
        "players": 10, "games": 0, "error": found.error, "uncovered": ["imp"],
    }  # fmt: skip


def test_a_covered_script_is_measured_by_the_reasoning_players():
    found = script_balance(TB, 7, games=3)
    assert isinstance(found, Balance) and found.games == 3
    assert "reasoning players" in found.text() and "naive" not in found.text()
    assert "table" not in found.to_dict()


def test_a_game_of_an_uncovered_script_is_not_reviewed_and_says_why(imp_unreasoned):
    state = setup_game(TB, 7, 1)
    why = uncovered(TB)["imp"]
    assert not_reviewable(state) == (
        f"This game cannot be reviewed: the reasoning model cannot yet weigh Imp ({why})."
    )


def test_a_game_of_a_covered_script_may_be_reviewed():
    assert not_reviewable(setup_game(TB, 7, 1)) is None


def listed(docs: str, bullet: str) -> set[str]:
    """The names a bullet of docs/clocktower.md's coverage lists gives (``a, b, c.``)."""
    text = " ".join(docs.split())  # the list may wrap
    start = text.index(f"- {bullet}: ") + len(bullet) + 4
    said = text[start : text.index(".", start)]
    return set() if said == "none" else set(said.split(", "))


def test_the_docs_say_what_the_model_covers():
    """docs/clocktower.md's two lists match the registry: the editions covered whole, and every
    character the engine runs that the model does not cover (the message says what to write)."""
    docs = (Path(__file__).parents[4] / "docs" / "clocktower.md").read_text()
    run = tuple(c.id for c in characters() if c.team in DEALT and c.id in REGISTRY)
    missing = sorted(character(c).name for c in uncovered(run))
    assert listed(docs, MISSING) == set(missing), ", ".join(missing)
    whole = [name for code, name in EDITION_NAMES.items() if not uncovered(edition(code))]
    assert listed(docs, WHOLE) == set(whole), ", ".join(whole)


def test_a_script_with_too_many_evil_teams_is_not_simulated():
    """Every character the engine runs is covered, but a script of all of them would need
    billions of starting evil teams: it gets the sentence, not a figure; the editions with
    Lil' Monsta and the Summoner, or Trouble Brewing with the Village Idiot and the Bounty
    Hunter, fit."""
    every = tuple(c.id for c in characters() if c.team in DEALT and c.id in REGISTRY)
    assert not uncovered(every) and not supported(every)
    assert "this many evil characters" in (not_covered(every) or "")
    for script in ((*edition("bmr"), "lilmonsta", "summoner"),
                   (*TB, "villageidiot", "bountyhunter")):  # fmt: skip
        assert supported(script) and not_covered(script) is None


def test_evil_teams_are_counted_at_the_table_simulated():
    """Bad Moon Rising with the Bounty Hunter makes too many evil teams at 15 players (its
    Townsfolk made evil multiplies them), not at 10: a 10-player table gets its figure."""
    script = (*edition("bmr"), "bountyhunter")
    assert not uncovered(script)
    assert supported(script, 10) and not_covered(script, 10) is None
    assert not supported(script, 15) and not supported(script)
    assert not_covered(script, 15) == (
        "the reasoning model cannot yet weigh a script with this many evil characters at 15 players"
    )
    assert isinstance(script_balance(script, 10, games=2), Balance)
    refused = script_balance(script, 15)
    assert isinstance(refused, NotSimulated) and "at 15 players" in refused.error
