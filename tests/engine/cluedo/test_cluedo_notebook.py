"""The notebook: names, validation, contradictions, undo and the JSON log."""

import json

import pytest

from engine.cluedo import (
    Accusation,
    Reveal,
    Shown,
    Suggestion,
    add_event,
    canonical_names,
    complete_card,
    describe,
    new_notebook,
    notebook_from_json,
    notebook_to_json,
    resolve_card,
    resolve_player,
    solve,
    undo,
)
from engine.core import RuleError

LOG = {
    "players": ["Ann", "Bob", "Cat"],
    "hand_sizes": {"Ann": 6, "Bob": 6, "Cat": 6},
    "me": "Ann",
    "my_cards": ["Dagger", "Hall", "Plum", "Rope", "Study", "White"],
    "events": [
        {"suggester": "Bob", "suspect": "Green", "weapon": "Rope", "room": "Hall",
         "responder": "Cat", "shown": None},
        {"suggester": "Ann", "suspect": "Mustard", "weapon": "Wrench", "room": "Lounge",
         "responder": "Bob", "shown": "Wrench"},
        {"suggester": "Cat", "suspect": "Scarlett", "weapon": "Revolver", "room": "Kitchen",
         "responder": None},
        {"accuser": "Bob", "suspect": "Peacock", "weapon": "Dagger", "room": "Library",
         "correct": False},
    ],
}  # fmt: skip


@pytest.fixture
def notebook():
    return notebook_from_json(LOG)


@pytest.mark.parametrize(
    "alias,card",
    [
        ("miss scarlet", "Scarlett"),
        ("Colonel Mustard", "Mustard"),
        ("MRS WHITE", "White"),
        ("Reverend Green", "Green"),
        ("Mr. Green", "Green"),
        ("prof plum", "Plum"),
        ("Knife", "Dagger"),
        ("spanner", "Wrench"),
        ("Billiards Room", "Billiard Room"),
        ("lead pipe", "Lead Pipe"),
    ],
)
def test_aliases(alias, card):
    assert resolve_card(alias) == card


@pytest.mark.parametrize(
    "typed,category,cards",
    [
        ("Kni", None, ["Dagger"]),
        ("Span", 1, ["Wrench"]),
        ("Miss Sc", 0, ["Scarlett"]),
        ("Colonel M", 0, ["Mustard"]),
        ("Professor P", 0, ["Plum"]),
        ("Billiards R", 2, ["Billiard Room"]),
        ("col. mus", 0, ["Mustard"]),
        ("mr", 0, ["White", "Green", "Peacock"]),
        ("p", 0, ["Peacock", "Plum"]),
        ("pipe", None, ["Lead Pipe"]),
        ("room", 2, ["Ballroom", "Dining Room", "Billiard Room"]),
        ("Kni", 0, []),
        ("xyz", None, []),
    ],
)
def test_completion_knows_titles_and_partial_aliases(typed, category, cards):
    assert complete_card(typed, category) == cards


def test_unknown_names_suggest_the_closest(notebook):
    with pytest.raises(ValueError, match="did you mean.*Candlestick"):
        resolve_card("Candelstick")
    with pytest.raises(ValueError, match="did you mean Bob"):
        resolve_player(notebook, "Bobb")
    assert len(canonical_names()) == 21


def test_the_log_replays_and_round_trips(notebook):
    assert notebook.players == ("Ann", "Bob", "Cat")
    assert len(notebook.events) == 4
    again = notebook_from_json(json.loads(json.dumps(notebook_to_json(notebook))))
    assert again == notebook


def test_the_solution_follows_the_log(notebook):
    solution = solve(notebook)
    assert solution.consistent_deals == 3584
    # Cat passed on Scarlett/Revolver/Kitchen as suggester; Ann and Bob lack all three.
    assert solution.envelope_probability("Wrench") == 0
    assert solution.location_counts[notebook.deck.index["Green"]][2] == 3584  # Cat has Green


def test_contradiction_names_the_earlier_entries(notebook):
    with pytest.raises(RuleError, match=r"contradicts entry 2 \(Ann suggested"):
        add_event(notebook, Reveal("Wrench", "Cat"))
    with pytest.raises(RuleError, match="entry 1"):
        add_event(notebook, Suggestion("Bob", "Green", "Knife", "Kitchen", "Ann"))


def test_holding_a_card_someone_else_showed(notebook):
    with pytest.raises(RuleError, match="your hand"):
        add_event(notebook, Shown("Bob", "Plum"))
    with pytest.raises(RuleError) as refused:
        add_event(notebook, Reveal("Plum", "Bob"))
    assert (
        str(refused.value) == "That cannot be right: Plum seen in Bob's hand contradicts your hand."
    )
    ruled_out = add_event(notebook, Reveal("Wrench"))
    assert describe(ruled_out.events[-1]) == "Wrench ruled out of the envelope"


def test_refused_entries_leave_the_notebook_unchanged(notebook):
    before = notebook
    with pytest.raises(RuleError):
        add_event(notebook, Reveal("Wrench", "Cat"))
    assert notebook == before and len(notebook.events) == 4


def test_undo(notebook):
    shorter = undo(notebook)
    assert shorter.events == notebook.events[:-1]
    empty = new_notebook(["A", "B", "C"], "A", ["Plum", "Rope", "Hall", "Study", "Lounge", "Knife"])
    with pytest.raises(RuleError, match="no entries"):
        undo(empty)


def test_shape_errors(notebook):
    with pytest.raises(RuleError, match="suspect, a weapon and a room"):
        add_event(notebook, Suggestion("Bob", "Rope", "Green", "Hall", None))
    with pytest.raises(RuleError, match="own suggestion"):
        add_event(notebook, Suggestion("Bob", "Green", "Rope", "Hall", "Bob"))
    with pytest.raises(RuleError, match="only see"):
        add_event(notebook, Suggestion("Bob", "Green", "Wrench", "Lounge", "Cat", "Wrench"))
    with pytest.raises(ValueError, match="No card"):
        add_event(notebook, Accusation("Bob", "Greene", "Rope", "Hall"))


@pytest.mark.parametrize(
    "players,me,cards,sizes,message",
    [
        (["A"], "A", [], None, "2 to 6 players"),
        (["A", "a"], "A", [], None, "different"),
        (["A", "B", "C"], "D", [], None, "No player"),
        (["A", "B", "C"], "A", ["Plum"] * 6, None, "twice"),
        (["A", "B", "C"], "A", ["Plum"], None, "should have 6"),
        (["A", "B", "C"], "A", ["Plum"], {"A": 1, "B": 1, "C": 1}, "add up"),
        (["A", "B"], "A", ["Plum"], {"A": 1}, "missing"),
    ],
)
def test_bad_setups(players, me, cards, sizes, message):
    with pytest.raises(ValueError, match=message):
        new_notebook(players, me, cards, sizes)


def test_uneven_hands_default_to_the_first_players():
    notebook = new_notebook(["A", "B", "C", "D"], "D", ["Plum", "Rope", "Hall", "Study"])
    assert notebook.hand_sizes == (5, 5, 4, 4)


def test_more_cards_than_a_hand_holds():
    notebook = new_notebook(
        ["A", "B", "C"], "A", ["Plum", "Rope", "Hall", "Study", "Lounge", "Knife"]
    )
    notebook = add_event(notebook, Reveal("Green", "B"))
    for card in ("Mustard", "White", "Peacock", "Candlestick", "Wrench"):
        notebook = add_event(notebook, Reveal(card, "B"))
    with pytest.raises(RuleError, match="contradicts B holding only 6 cards, entry 1"):
        add_event(notebook, Reveal("Kitchen", "B"))


def test_a_clash_with_the_hand_sizes_alone_says_so():
    hand = ["Plum", "Rope", "Hall", "Study", "Lounge", "Knife", "Green", "White", "Kitchen"]
    notebook = new_notebook(["A", "B", "C"], "A", hand, {"A": 9, "B": 0, "C": 9})
    with pytest.raises(RuleError, match="contradicts B holding no cards"):
        add_event(notebook, Shown("B", "Wrench"))


def test_bad_logs():
    with pytest.raises(ValueError, match="JSON object"):
        notebook_from_json([1, 2])
    with pytest.raises(ValueError, match="missing"):
        notebook_from_json({"players": ["A", "B"]})
    bad = dict(LOG, events=LOG["events"] + [{"type": "reveal", "card": "Wrench", "holder": "Cat"}])
    with pytest.raises(RuleError, match="Event 5"):
        notebook_from_json(bad)
    with pytest.raises(ValueError, match="kind of event"):
        notebook_from_json(dict(LOG, events=[{"foo": 1}]))


def edited(**changes):
    """LOG with some top-level fields replaced (None: removed)."""
    log = {**LOG, **changes}
    return {key: value for key, value in log.items() if value is not None}


def with_event(number: int, **changes):
    """LOG with event ``number`` (from 1) changed; a value of ... removes the key."""
    events = [dict(e) for e in LOG["events"]]
    events[number - 1].update(changes)
    events[number - 1] = {k: v for k, v in events[number - 1].items() if v is not ...}
    return edited(events=events)


@pytest.mark.parametrize(
    "log,message",
    [
        (with_event(4, correct="false"), 'correct is true or false .no quotes., not "false"'),
        (with_event(4, correct=...), "needs correct: true or false"),
        (with_event(1, responder=...), r"needs a responder \(null when nobody could show"),
        (with_event(1, suspect=5), "suspect must be a name in quotes, not 5"),
        (with_event(1, colour="red"), 'not "colour"'),
        (edited(hand_sizes=[6, 6, 6]), "hand_sizes must give each player a whole number"),
        (edited(hand_sizes={"Ann": "six", "Bob": 6, "Cat": 6}), "whole number"),
        (edited(hand_sizes={"Ann": True, "Bob": 6, "Cat": 6}), "whole number"),
        (edited(my_cards="Rope"), "my_cards must be a list of card names"),
        (edited(players="Ann, Bob, Cat"), "players must be a list of names"),
        (edited(me=["Ann"]), "me must be one of the players"),
        (edited(events={"a": 1}), "events must be a list"),
        (edited(hand_size={"Ann": 6}), 'no field "hand_size"'),
        (edited(deck={"suspects": ["A"], "weapons": ["B"]}), "deck must have suspects"),
        (edited(deck={"suspects": ["A"], "weapons": ["B"], "rooms": ["A"]}), "all different"),
    ],
)
def test_log_fields_of_the_wrong_kind_get_one_sentence(log, message):
    with pytest.raises((ValueError, RuleError), match=message):
        notebook_from_json(log)


def test_a_correct_accusation_must_be_a_real_true():
    right = {"suspect": "Scarlett", "weapon": "Revolver", "room": "Kitchen", "correct": True}
    solved = notebook_from_json(with_event(4, **right))
    assert solved.events[-1].correct is True
    assert len(solve(solved).triple_counts) == 1


def test_a_custom_deck_too_big_to_count_is_refused():
    deck = {"suspects": list("ABCDEFGH"), "weapons": list("IJKLMNOP"), "rooms": list("QRSTUVWX")}
    log = {"players": ["Ann", "Bob"], "me": "Ann", "my_cards": [], "deck": deck,
           "hand_sizes": {"Ann": 0, "Bob": 21}}  # fmt: skip
    with pytest.raises(ValueError, match="24 cards of unknown place"):
        notebook_from_json(log)
