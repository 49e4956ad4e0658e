"""Fuzzing: whatever the input, load_script returns a Script or raises ScriptError."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clocktower.bag import balanced_bag
from engine.clocktower.catalogue import characters
from engine.clocktower.nightorder import night_order
from engine.clocktower.scoring import score_script
from engine.clocktower.script import Script, ScriptError, load_script

IDS = [c.id for c in characters()]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(IDS + ["_meta", "Fortune_Teller", "traveler"]),
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "name",
                    "team",
                    "ability",
                    "firstNight",
                    "otherNight",
                    "reminders",
                    "setup",
                    "bootlegger",
                    "author",
                ]
            )
            | st.text(max_size=5),
            children,
            max_size=6,
        )
    ),
    max_leaves=30,
)


def survives(raw) -> None:
    try:
        result = load_script(raw)
    except ScriptError as exc:
        assert exc.problems and all(p.position and p.message for p in exc.problems)
        assert "could not be read" not in str(exc)  # our own bug would show up here
    else:
        # Whatever imports also scores, orders its nights and (where a count is supported) bags.
        assert isinstance(result, Script)
        assert score_script(result).category
        night_order(result)
        for players in result.supported_players[:1] + result.supported_players[-1:]:
            assert len(balanced_bag(result, players, seed=1)["characters"]) == players


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(raw):
    survives(raw)


@FUZZ
@given(st.text(max_size=300))
def test_random_text(raw):
    survives(raw)


@FUZZ
@given(st.lists(json_values, max_size=25))
def test_wrong_types_in_a_list(items):
    survives(json.dumps(items))


@FUZZ
@given(json_values)
def test_any_json_document(value):
    survives(json.dumps(value))


@FUZZ
@given(st.integers(min_value=1, max_value=3000), st.sampled_from(["[", '{"id":', '[{"a":']))
def test_deep_nesting(depth, opener):
    survives(opener * depth)


@FUZZ
@given(st.integers(min_value=-(10**400), max_value=10**400))
def test_huge_numbers_in_homebrew(number):
    hb = {"id": "hb", "name": "Hb", "team": "demon", "ability": "x", "firstNight": number}
    survives(json.dumps(["chef", "empath", "monk", "poisoner", hb]))


homebrew = st.fixed_dictionaries(
    {
        "id": st.text("abcdefgh-_ ", min_size=1, max_size=12),
        "name": st.text(min_size=1, max_size=12),
        "team": st.sampled_from(
            ["townsfolk", "outsider", "minion", "demon", "Traveler", "fabled", "loric"]
        ),
        "ability": st.sampled_from(
            ["Learns a thing.", "Poisons someone.", "Kills twice.", "Becomes evil.", "Nothing."]
        ),
    },
    optional={
        "firstNight": st.integers(0, 90) | st.floats(0, 90),
        "otherNight": st.integers(0, 90),
        "setup": st.booleans(),
        "reminders": st.lists(st.text(max_size=8), max_size=3),
        "special": st.just([{"type": "selection", "name": "bag-duplicate"}]),
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(IDS), min_size=8, max_size=30, unique=True),
    st.lists(homebrew, max_size=4),
)
def test_official_and_homebrew_mixes_import_score_order_and_bag(ids, brews):
    """Scripts that usually import (official ids plus homebrew objects of every team) go on
    through scoring, night order and bags without an exception."""
    survives(json.dumps([{"id": "_meta", "name": "Mix"}, "imp", *ids, *brews]))
