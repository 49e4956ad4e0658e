"""Which names print as they read (stats.ratings.names), and how the others are shown."""

import pytest

from stats.ratings import validate_game
from stats.ratings.names import name_problem, shown


@pytest.mark.parametrize(
    "name",
    [
        "Bee",
        "Dora Smith",
        "Zoë",
        "李小龍",
        "محمد",
        "👩\u200d👩\u200d👧",  # an emoji sequence held together by zero-width joiners
        "क्\u200dष",  # a joiner inside Devanagari
        "𝓑𝓮𝓮",
        "a\u200bb",  # a zero-width space between visible letters: still someone you can see
    ],
)
def test_ordinary_names_in_any_script_print_as_they_are(name):
    assert name_problem(name) is None
    assert shown(name) == name


@pytest.mark.parametrize(
    ("name", "printed"),
    [
        ("Bee\x1b[31m", "Bee\\u001b[31m"),  # an ANSI colour: the escape character is shown
        ("\x07bell", "\\u0007bell"),
        ("Bee\u202eeviL", "Bee\\u202eeviL"),  # a right-to-left override
        ("\u2066Bee\u2069", "\\u2066Bee\\u2069"),  # an isolate
        ("\u200b", "\\u200b"),  # nothing visible: every character is shown
        ("\u3164\u3164", "\\u3164\\u3164"),  # Hangul fillers draw nothing
        ("\U000e0041", "\\U000e0041"),  # a tag character
    ],
)
def test_names_that_would_print_as_something_else_are_shown_escaped(name, printed):
    assert name_problem(name) is not None
    assert shown(name) == printed
    assert name_problem(shown(name)) is None


@pytest.mark.parametrize("role", ["good", "evil", "storyteller"])
def test_every_name_in_a_game_is_checked(role):
    teams = {"good": ["a"], "evil": ["b"], "storyteller": "s"}
    teams[role] = ["\u202ex"] if role != "storyteller" else "\u202ex"
    with pytest.raises(ValueError, match=r"name '\\u202ex' contains a character that reverses"):
        validate_game(teams["good"], teams["evil"], "good", storyteller=teams["storyteller"])
