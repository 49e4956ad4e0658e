from engine.clocktower.catalogue import OfficialText, character
from engine.clocktower.nightorder import night_order, night_text
from engine.clocktower.script import load_script

from .helpers import TB_IDS, ids_script, text


def ids(order, kind):
    return [e["id"] for e in order[kind]]


def test_trouble_brewing_official_order():
    order = night_order(load_script(text("base-tb.json")))
    assert ids(order, "first") == [
        "dusk",
        "minioninfo",
        "demoninfo",
        "poisoner",
        "washerwoman",
        "librarian",
        "investigator",
        "chef",
        "empath",
        "fortuneteller",
        "butler",
        "spy",
        "dawn",
    ]
    assert ids(order, "other") == [
        "dusk",
        "poisoner",
        "monk",
        "scarletwoman",
        "imp",
        "ravenkeeper",
        "empath",
        "fortuneteller",
        "undertaker",
        "butler",
        "spy",
        "dawn",
    ]
    assert order["custom"] == {"first": False, "other": False}
    assert order["first"][1]["marker"] and order["first"][3]["team"] == "minion"


def test_homebrew_wake_numbers():
    order = night_order(load_script(text("wc25-stowedaway.json")))
    assert ids(order, "first")[1] == "stowedaway-apprentice"
    assert ids(order, "other")[1] == "stowedaway-bonecollector"


def test_meta_order_is_honoured_and_gaps_filled():
    meta = {
        "firstNight": ["dusk", "empath", "chef", "poisoner", "dawn"],
        "otherNight": ["dusk", "imp", "poisoner", "dawn"],
    }
    order = night_order(load_script(ids_script(*TB_IDS, meta=meta)))
    first = ids(order, "first")
    assert first.index("empath") < first.index("chef") < first.index("poisoner")
    assert {"washerwoman", "spy", "minioninfo", "demoninfo"} <= set(first)
    assert first[0] == "dusk" and first[-1] == "dawn"
    other = ids(order, "other")
    assert other.index("imp") < other.index("poisoner")
    assert order["custom"] == {"first": True, "other": True}
    assert any("leaves out" in n and "washerwoman" in n for n in order["notes"])


def test_text_rendering_numbers_characters_only():
    out = night_text(night_order(load_script(text("base-tb.json"))))
    assert "-- Minion info" in out and " 1. Poisoner" in out


def test_notes_are_our_summaries_or_the_operators_official_reminders():
    script = load_script(ids_script(*TB_IDS))
    ours = night_order(script)
    poisoner = next(e for e in ours["first"] if e["id"] == "poisoner")
    assert poisoner["note"] == character("poisoner").summary
    texts = {
        "poisoner": OfficialText("Ability words.", first_night="First cue.", other_night=""),
        "imp": OfficialText("Imp words."),
    }
    theirs = night_order(script, texts)
    notes = {(kind, e["id"]): e["note"] for kind in ("first", "other") for e in theirs[kind]}
    assert notes["first", "poisoner"] == "First cue."
    assert notes["other", "poisoner"] == "Ability words."  # no other-night cue: the ability
    assert notes["other", "imp"] == "Imp words."
    assert notes["first", "chef"] == character("chef").summary  # not in the file
    assert "Poisoner: First cue." in night_text(theirs)
