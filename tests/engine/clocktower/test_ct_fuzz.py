"""Fuzzing: whatever the input, load_script returns a Script or raises ScriptError."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clocktower.catalogue import characters
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
        assert isinstance(result, Script)


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
