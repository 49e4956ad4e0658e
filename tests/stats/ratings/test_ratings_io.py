"""Game files: YAML and CSV in, CSV out, and all-or-nothing errors that name the bad row."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stats.ratings import GameRecord, games_to_csv, parse_games, validate_game
from stats.ratings.io import MAX_FILE_CHARS
from stats.ratings.names import BIDI_CONTROLS, name_problem, shown

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


@pytest.mark.parametrize(
    ("text", "filename"),
    [
        ("winner,good,evil\n" + "good,a,b\n" * 4, "four.csv"),
        ("- {good: [a], evil: [b], winner: good}\n" * 4, "four.yaml"),
        ("-\n  good: [a]\n  evil: [b]\n  winner: good\n" * 4, "four.yaml"),
    ],
)
def test_a_file_over_the_limit_is_refused_before_any_game_is_built(text, filename, monkeypatch):
    built = []
    monkeypatch.setattr("stats.ratings.io.MAX_GAMES", 3)
    monkeypatch.setattr("stats.ratings.io.validate_game", lambda **f: built.append(f))
    with pytest.raises(ValueError, match=rf"^{filename} has more than 3 games\.$"):
        parse_games(text, filename)
    assert built == []


def test_a_flow_style_yaml_list_over_the_limit_is_refused_as_it_is_read(monkeypatch):
    monkeypatch.setattr("stats.ratings.io.MAX_GAMES", 3)
    text = "[" + ", ".join(["{good: [a], evil: [b], winner: good}"] * 1000) + "]"
    with pytest.raises(ValueError, match="has more than 3 games"):
        parse_games(text, "flow.yaml")


def test_yaml_anchors_aliases_and_odd_shapes_read_as_a_loader_would():
    text = (
        "- &first {good: [&ann Ann, Bo], evil: [Cy], winner: good, storyteller: ~}\n"
        "- *first\n"
        "- {good: [*ann], evil: [Dee], winner: evil, [odd, key]: 1}\n"
    )
    games = parse_games(text, "a.yaml")
    assert games[0] == games[1] == GameRecord(("Ann", "Bo"), ("Cy",), "good")
    assert games[2].good == ("Ann",)
    with pytest.raises(ValueError, match="game 1: a good player must be a name, not {'x': '1'}"):
        parse_games("- {good: [{x: 1}], evil: [b], winner: good}\n", "n.yaml")
    with pytest.raises(ValueError, match="is not valid YAML"):
        parse_games("- {good: [*nobody], evil: [b], winner: good}\n", "n.yaml")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Bee\x1b[31m", "contains a control character"),
        ("\x1b]0:pwned\x07", "contains a control character"),
        ("Bee\u202eeviL", "reverses the direction of the text"),
        ("\u2067Bee", "reverses the direction of the text"),
        ("\u200b\u200b", "has no visible characters"),
        ("\u3164", "has no visible characters"),
        ("\u200d\ufe0f", "has no visible characters"),
    ],
)
def test_names_that_would_print_as_something_else_are_refused_at_import(name, problem):
    csv_text = f"winner,good,evil\ngood,{name},b\n"
    yaml_text = f'- {{good: ["{name}"], evil: [b], winner: good}}\n'.replace("\x1b", "\\e")
    yaml_text = yaml_text.replace("\x07", "\\a")
    for text, filename in ((csv_text, "n.csv"), (yaml_text, "n.yaml")):
        with pytest.raises(ValueError) as info:
            parse_games(text, filename)
        message = str(info.value)
        assert problem in message and shown(name) in message
        assert name_problem(message) is None  # the sentence itself prints as it reads
