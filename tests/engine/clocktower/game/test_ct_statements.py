"""Statements the engine judges (the Gossip's, the Artist's): surely true or false, or left to
the storyteller when a Spy or Recluse may register either way."""

from __future__ import annotations

import pytest

from engine.clocktower.game.statements import Statement, checked, judge, words
from engine.core import RuleError
from tests.engine.clocktower.game.support import start

CHARS = ["imp", "spy", "recluse", "chef", "empath", "monk", "soldier"]


@pytest.fixture
def state():
    return start({"characters": CHARS})


@pytest.mark.parametrize(
    ("statement", "possible"),
    [
        (Statement("character", (1,), "imp"), (True,)),
        (Statement("character", (4,), "imp"), (False,)),
        (Statement("team", (1,), "demon"), (True,)),
        (Statement("alignment", (4, 5), "evil"), (False,)),
        (Statement("alignment", (4, 1), "evil"), (True,)),
        (Statement("team", (3,), "demon"), (False, True)),  # the Recluse may register as one
        (Statement("alignment", (2,), "good"), (False, True)),  # the Spy may register good
        (Statement("character", (2,), "chef"), (False, True)),
        (Statement("character", (3,), "recluse"), (True, False)),  # may register as another
        (Statement("team", (6, 7), "townsfolk"), (True,)),
    ],
)
def test_judged_as_players_register(state, statement, possible):
    assert judge(state, checked(state, statement)) == possible


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        (Statement("mood", (1,), "happy"), "about a"),
        (Statement("character", (99,), "imp"), "players of this game"),
        (Statement("character", (1, 1), "imp"), "each player once"),
        (Statement("character", (1,), "nobody"), "not a character"),
        (Statement("team", (1,), "fabled"), "A team is one of"),
        (Statement("alignment", (1,), "neutral"), "good or evil"),
    ],
)
def test_bad_statements_are_one_sentence(state, statement, message):
    with pytest.raises(RuleError, match=message):
        checked(state, statement)


def test_statements_read_in_plain_words():
    name = {1: "Ann", 2: "Bo", 3: "Cy"}.__getitem__
    character = {"imp": "Imp"}.__getitem__
    assert words(Statement("character", (1,), "imp"), name, character) == "Ann is the Imp"
    assert words(Statement("team", (1, 2, 3), "outsider"), name, character) == (
        "one of Ann, Bo and Cy is an Outsider"
    )
    assert words(Statement("alignment", (2,), "evil"), name, character) == "Bo is evil"


@pytest.mark.parametrize("truth", [True, False])
def test_invented_statements_are_surely_what_they_are_asked_to_be(state, truth):
    """The Savant's statements: whatever the draw, the engine judges them true (or false)
    whichever way a Spy or Recluse registers."""
    import random

    from engine.clocktower.game.statements import from_plain, invent, plain, sure

    for seed in range(200):
        made = invent(state, random.Random(seed), truth)
        assert sure(state, made) is truth and from_plain(plain(made)) == made
