import difflib
import json
from pathlib import Path

import pytest

from engine.clocktower.counts import unsupported
from engine.clocktower.script import MAX_BYTES, ScriptError, load_script

from .helpers import SCRIPT_FILES, TB_IDS, ids_script, text


def problems(raw: str, players: int | None = None) -> list[str]:
    with pytest.raises(ScriptError) as info:
        load_script(raw, players)
    return [str(p) for p in info.value.problems]


@pytest.mark.parametrize("path", SCRIPT_FILES, ids=lambda p: p.stem)
def test_every_reference_script_imports(path):
    script = load_script(path.read_text(encoding="utf-8"))
    assert script.name and script.characters
    assert script.team("demon") or script.homebrew


def test_reference_folder_is_complete():
    assert len(SCRIPT_FILES) == 19


def test_base_edition_contents():
    tb = load_script(text("base-tb.json"))
    assert tb.name == "Trouble Brewing" and tb.author == "The Pandemonium Institute"
    assert sorted(tb.ids) == sorted(TB_IDS)
    assert tb.supported_players == tuple(range(5, 16))
    assert tb.warnings == ()


def test_homebrew_objects_and_meta_rules():
    stowed = load_script(text("wc25-stowedaway.json"))
    assert [c.id for c in stowed.homebrew] == [
        "stowedaway-bonecollector",
        "stowedaway-apprentice",
        "stowedaway-deviant",
        "stowedaway-scapegoat",
    ]
    assert stowed.homebrew[1].first_night == 1 and stowed.homebrew[0].other_night == 1
    assert len(stowed.bootlegger) == 1
    assert any("homebrew" in w.message for w in stowed.warnings)


def test_witch_hunt_deals_every_count_because_its_witch_is_a_bag_duplicate():
    script = load_script(text("wc25-witchhunt.json"))
    assert script.supported_players == tuple(range(5, 16))
    assert script.homebrew[0].setup.duplicates
    assert load_script(script.to_json()).supported_players == script.supported_players
    # Without "bag-duplicate", Lil' Monsta's extra Minion cannot be found at any count.
    plain = [x for x in json.loads(text("wc25-witchhunt.json"))]
    for item in plain:
        if isinstance(item, dict):
            item.pop("special", None)
    found = problems(json.dumps(plain))
    assert found == [
        "script: is too small for any game: needs with the Lil' Monsta, 2 Minion(s) (has 1). "
        "Add characters of those types."
    ]
    assert "3 Minion(s) (has 1)" in problems(json.dumps(plain), players=10)[0]


def test_supported_counts_follow_setup_modifiers():
    # Lil' Monsta needs one more Minion than the table; with 2 Minions it seats 5-9 only.
    monsta = load_script(ids_script(*TB_IDS[:17], "poisoner", "spy", "lilmonsta"))
    assert monsta.supported_players == tuple(range(5, 10))
    assert any("cannot seat 10, 11, 12, 13, 14, 15" in w.message for w in monsta.warnings)
    # A Baron's +2 needs Outsiders and the script has one: the Poisoner alone fits up to 8
    # players (not 9, which needs 2 Outsiders); from 10 both Minions, so the Baron, are dealt.
    baron = load_script(ids_script(*TB_IDS[:13], "saint", "baron", "poisoner", "imp"))
    assert baron.supported_players == (5, 6, 7, 8)
    assert unsupported(baron.characters)[10] == "2 Outsider(s) (has 1)"
    assert "for 15: needs 3 Minion(s) (has 2)" in baron.warnings[0].message
    # The Summoner turns the Demon's slot into a Townsfolk: a script with no Demon at all works.
    summoner = load_script(ids_script(*TB_IDS[:13], "saint", "recluse", "summoner"))
    assert summoner.supported_players == (5, 6, 7, 8, 9)
    # Legion takes most seats, so three Townsfolk seat 5 and 7 (not 6 or 9: no Outsider).
    legion = load_script(ids_script("chef", "empath", "monk", "legion"))
    assert legion.supported_players == (5, 7)


def test_ids_match_loosely_and_as_objects():
    raw = json.dumps(
        [
            "Fortune_Teller",
            "SCARLET-WOMAN",
            {"id": "lil monsta"},
            "Imp",
            "chef",
            "empath",
            "monk",
            "poisoner",
        ]
    )
    script = load_script(raw)
    assert script.ids == (
        "fortuneteller",
        "scarletwoman",
        "lilmonsta",
        "imp",
        "chef",
        "empath",
        "monk",
        "poisoner",
    )
    assert script.name == "Untitled script"


def test_all_problems_at_once_with_positions_and_fixes():
    raw = json.dumps(
        [
            {"id": "_meta", "name": 7},
            "fortune_tellr",
            3,
            {"id": "hb", "team": "villain"},
            "imp",
            "Imp",
            None,
            {"id": "_meta", "name": "again"},
            {"name": "no id"},
        ]
    )
    found = problems(raw)
    assert (
        'entry 2 ("fortune_tellr"): is not a known character. Did you mean fortuneteller?' in found
    )
    assert any(p.startswith("entry 3: is a number") for p in found)
    assert any("entry 4" in p and "'name'" in p for p in found)
    assert any("entry 4" in p and "'ability'" in p for p in found)
    assert any("entry 4" in p and "team 'villain'" in p for p in found)
    assert any(p.startswith('entry 6 ("Imp"): repeats entry 5') for p in found)
    assert any(p.startswith("entry 7: is null") for p in found)
    assert any(p.startswith("entry 8: is a second _meta") for p in found)
    assert any(p.startswith("entry 9: is an object without a text 'id'") for p in found)
    assert any("entry 1 _meta.name" in p for p in found)
    # The count is reported too, as a possible knock-on of the entries that could not be read.
    (counts,) = [p for p in found if p.startswith("script: is too small")]
    assert "counting only the 1 character(s) read" in counts  # the Imp
    assert "Fix entry 2, entry 3, entry 4 … first (this may follow from it)" in counts


def test_a_misspelt_id_explains_its_knock_on():
    assert problems(ids_script(*TB_IDS[:-1], "ipm")) == [
        'entry 23 ("ipm"): is not a known character. Did you mean imp?',
        "script: has no Demon, counting only the 21 character(s) read. Fix entry 23 first (this "
        "may follow from it); then, if it remains, add characters.",
    ]
    # A shortage that cannot be a knock-on (every entry was read) is a plain error.
    assert problems(ids_script("chef", "empath", "poisoner"))[-1] == (
        "script: has no Demon. Add at least one Demon."
    )


def test_homebrew_traveler_spelling_and_number_checks():
    hb = {"id": "wanderer", "name": "Wanderer", "team": "Traveler", "ability": "Learns things."}
    script = load_script(ids_script(*TB_IDS, hb))
    assert script.characters[-1].team == "traveller"
    assert "traveller" in script.characters[-1].tags
    bad = dict(hb, firstNight="soon", otherNight=True, reminders="x")
    found = problems(ids_script(*TB_IDS, bad))
    assert len(found) == 3 and all("entry 24" in p for p in found)


def test_no_demon_and_too_few_for_players():
    assert any("no Demon" in p for p in problems(ids_script("chef", "empath", "monk", "poisoner")))
    small = ids_script("chef", "empath", "monk", "poisoner", "imp", "saint")
    assert load_script(small).supported_players == (5, 6)
    assert "needs 5 Townsfolk (has 3)" in problems(small, players=7)[0]
    assert "use 5 to 15" in problems(small, players=20)[0]
    # Every type the script lacks is named at once, not only the first.
    assert problems(ids_script("chef", "empath", "imp")) == [
        "script: is too small for any game: needs 1 Minion(s) (has 0); 3 Townsfolk (has 2). "
        "Add characters of those types."
    ]


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("", "is empty"),
        ("{", "not valid JSON"),
        ('{"id": "_meta"}', "is one object in { }, but a script is a list of characters in [ ]"),
        ('{"roles": ["imp"]}', 'Paste just the list under "roles"'),
        ('"imp"', "is text, but a script is a list"),
        ("42", "is a number, but a script is a list"),
        ("[]", "has no characters"),
        ("[NaN]", "not valid JSON"),
        ('["imp", Infinity]', "not valid JSON"),
        ("[" * 100_000, "nested far too deeply"),
        ("[" + "9" * 5000 + "]", "not valid JSON"),
        ('["' + "x" * 60 + '"]', "over 50 characters"),
        ('["_meta"]', "as a plain id"),
    ],
)
def test_malformed_input_is_a_clear_error(raw, fragment):
    assert any(fragment in p for p in problems(raw))


def test_size_limit_and_bytes():
    big = json.dumps(["imp"] + ["x" * 40] * 30_000)
    assert len(big) > MAX_BYTES
    assert "1 MB" in problems(big)[0]
    assert load_script(ids_script(*TB_IDS).encode("utf-8")).name == "Test"
    assert "UTF-8" in problems(b"\xff\xfe[")[0]


def test_meta_night_orders_are_cleaned():
    raw = ids_script(
        *TB_IDS, meta={"firstNight": ["dusk", "Fortune_Teller", "ghost"], "otherNight": "nope"}
    )
    found = problems(raw)
    assert found == ['entry 1 _meta.otherNight: is not a list of ids. ["dusk", ...].']
    script = load_script(ids_script(*TB_IDS, meta={"firstNight": ["dusk", "Fortune_Teller", "x"]}))
    assert script.first_night_order == ("dusk", "fortuneteller")
    assert any('"x"' in w.message for w in script.warnings)


def test_round_trip_through_canonical_json():
    original = load_script(text("wc25-stowedaway.json"))
    again = load_script(original.to_json())
    assert again.ids == original.ids and again.name == original.name
    assert again.bootlegger == original.bootlegger


def test_jinxes_on_script():
    script = load_script(ids_script(*TB_IDS))
    assert script.jinxes == ()
    assert ("spy", "magician") in load_script(ids_script(*TB_IDS, "magician")).jinxes or (
        "magician",
        "spy",
    ) in load_script(ids_script(*TB_IDS, "magician")).jinxes


REFERENCE = Path(__file__).resolve().parents[4] / "shared/reference/clocktower/scripts"


def _sentences(items: list) -> dict[tuple[str, str], str]:
    """Every sentence of a script by (entry id, field): abilities, reminders, rules, flavour."""
    found = {}
    for item in items:
        if not isinstance(item, dict):
            continue
        for key in ("ability", "flavor", "firstNightReminder", "otherNightReminder"):
            if item.get(key):
                found[item["id"], key] = item[key]
        for i, rule in enumerate(item.get("bootlegger", [])):
            found[item["id"], f"bootlegger {i}"] = rule
    return found


@pytest.mark.skipif(not REFERENCE.exists(), reason="no reference folder beside the repo")
@pytest.mark.parametrize("path", [p for p in SCRIPT_FILES if p.name.startswith("wc25")])
def test_community_script_copies_keep_the_facts_in_our_own_words(path):
    ours, theirs = json.loads(path.read_text()), json.loads((REFERENCE / path.name).read_text())
    facts = ("id", "name", "team", "firstNight", "otherNight", "reminders", "setup", "special")
    strip = [
        {k: v for k, v in x.items() if k in facts} if isinstance(x, dict) else x for x in theirs
    ]
    assert [
        {k: v for k, v in x.items() if k in facts} if isinstance(x, dict) else x for x in ours
    ] == strip
    originals = _sentences(theirs)
    for where, sentence in _sentences(ours).items():
        ratio = difflib.SequenceMatcher(None, originals[where], sentence).ratio()
        assert ratio < 0.6, (where, ratio)
