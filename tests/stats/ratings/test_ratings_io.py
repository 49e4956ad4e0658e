"""Game files: YAML and CSV in, CSV out, and all-or-nothing errors that name the bad row."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stats.ratings import GameRecord, games_to_csv, parse_games, validate_game
from stats.ratings.io import MAX_FILE_CHARS
from stats.ratings.names import BIDI_CONTROLS, name_problem

YAML_TEXT = """
- storyteller: Lizard
  edition: trouble-brewing
  good: [Monkey, Shrew, Cow]
  evil: [Bear]
  winner: evil
- storyteller: Monkey
  good: [Lizard, Shrew]
  evil: [Kangaroo]
  winner: Good
"""


def test_yaml_in_the_clocktower_iq_format():
    games = parse_games(YAML_TEXT, "games.yaml")
    assert games[0] == GameRecord(
        ("Monkey", "Shrew", "Cow"), ("Bear",), "evil", "Lizard", "clocktower", "trouble-brewing"
    )
    assert games[1].winner == "good" and games[1].script is None


def test_yaml_names_that_look_like_booleans_or_numbers_stay_names():
    text = "- good: [No, Yes, 007]\n  evil: [On, 1e3, true]\n  winner: good\n  storyteller:\n"
    (game,) = parse_games(text, "names.yaml")
    assert game.good == ("No", "Yes", "007") and game.evil == ("On", "1e3", "true")
    assert game.storyteller is None


def test_format_is_detected_from_content_without_an_extension():
    assert len(parse_games(YAML_TEXT.strip(), "upload")) == 2
    csv_text = games_to_csv(parse_games(YAML_TEXT, "g.yaml"))
    assert parse_games(csv_text, "upload") == parse_games(YAML_TEXT, "g.yaml")


def test_csv_round_trip_keeps_every_field():
    games = [
        GameRecord(("a, b", "c"), ("d",), "good", None, "traitors", None),
        GameRecord(("x",), ("y", 'z "q"'), "evil", "st", "clocktower", "bmr"),
    ]
    assert parse_games(games_to_csv(games), "out.csv") == games


@pytest.mark.parametrize(
    ("text", "filename", "fragment"),
    [
        ("- good: [a, b]\n  evil: [b]\n  winner: good\n", "f.yaml", "game 1: b is on both teams"),
        (
            "- good: [a]\n  evil: [b]\n  winner: good\n- good: []\n  evil: [c]\n  winner: evil\n",
            "f.yaml",
            "game 2: the good team is empty",
        ),
        ("- good: [a]\n  evil: [b]\n  winner: draw\n", "f.yaml", "winner 'draw' is neither"),
        ("winner,good,evil\ngood,a;b,c\nevil,a,\n", "f.csv", "row 3: the evil team is empty"),
        ("winner,good\ngood,a\n", "f.csv", "lacks the column(s) evil"),
        ("hello world\n", "notes.txt", "neither a YAML list of games nor a CSV"),
        ("- good: [a\n", "f.yaml", "not valid YAML"),
        ("good: [a]\n", "f.yaml", "should be a YAML list"),
        ("", "f.csv", "lacks the column(s)"),
        ("winner,good,evil\n", "f.csv", "contains no games"),
        ("- good: [a, a]\n  evil: [b]\n  winner: good\n", "f.yaml", "a is listed twice"),
    ],
)
def test_bad_files_are_refused_with_a_sentence_naming_the_problem(text, filename, fragment):
    with pytest.raises(ValueError, match=None) as info:
        parse_games(text, filename)
    assert fragment in str(info.value)
    assert str(info.value).startswith(filename)


def test_an_enormous_file_is_refused_before_parsing():
    with pytest.raises(ValueError, match="too large"):
        parse_games("x" * (MAX_FILE_CHARS + 1), "big.csv")


def test_validate_game_accepts_traitors_words_and_strips_names():
    game = validate_game([" ann ", "bo"], ["cy"], "Traitors", storyteller="", kind="Traitors")
    assert game == GameRecord(("ann", "bo"), ("cy",), "evil", None, "traitors", None)
    with pytest.raises(ValueError, match="contains ';'"):
        validate_game(["a;b"], ["c"], "good")


names = (
    st.text(
        alphabet=st.characters(
            blacklist_characters=";" + "".join(BIDI_CONTROLS), blacklist_categories=("Cs", "Cc")
        ),
        min_size=1,
        max_size=12,
    )
    .map(str.strip)
    .filter(lambda name: name and name_problem(name) is None)
)


@st.composite
def game_records(draw):
    people = draw(st.lists(names, min_size=2, max_size=8, unique=True))
    cut = draw(st.integers(1, len(people) - 1))
    return GameRecord(
        tuple(people[:cut]),
        tuple(people[cut:]),
        draw(st.sampled_from(["good", "evil"])),
        draw(st.none() | names),
        draw(st.sampled_from(["clocktower", "traitors"])),
        draw(st.none() | names),
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(game_records(), min_size=1, max_size=5))
def test_csv_export_then_import_is_the_identity(games):
    assert parse_games(games_to_csv(games), "export.csv") == games
