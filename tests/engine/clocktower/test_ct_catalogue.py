import json
from collections import Counter
from pathlib import Path

import pytest

from engine.clocktower import catalogue as cat
from engine.clocktower.scoring import rules


def test_every_released_character_is_present_by_team_and_edition():
    chars = cat.characters()
    assert len(chars) == 181
    teams = Counter(c.team for c in chars)
    assert teams == {
        "townsfolk": 69,
        "minion": 27,
        "outsider": 23,
        "demon": 19,
        "traveller": 18,
        "fabled": 14,
        "loric": 11,
    }
    editions = Counter(c.edition for c in chars if c.team not in ("traveller",))
    assert editions["tb"] == 22 and editions["bmr"] == 25 and editions["snv"] == 25
    assert len({c.id for c in chars}) == 181


def test_lookup_is_loose_and_suggests_close_ids():
    assert cat.character("Fortune_Teller").id == "fortuneteller"
    assert cat.character("fortune-teller").id == "fortuneteller"
    assert cat.character("Lil' Monsta").id == "lilmonsta"
    assert cat.find("nobody") is None
    with pytest.raises(KeyError):
        cat.character("nobody")
    assert cat.suggest("fortune_tellr")[0] == "fortuneteller"
    assert cat.suggest("scarlet wman")[0] == "scarletwoman"


def test_search_autocompletes_prefix_first():
    names = [c.name for c in cat.search("mon")]
    assert names[0] == "Monk"
    assert "Lil' Monsta" in names
    assert [c.id for c in cat.search("imp", teams=("demon",))] == ["imp"]


def test_night_order_numbers_follow_the_official_sheet():
    first = cat.official_night("first")
    assert first[0] == "dusk" and first[-3] == "dawn"
    assert first.index("minioninfo") < first.index("demoninfo")
    for c in cat.characters():
        if c.first_night is not None:
            assert first[c.first_night] == c.id
    assert cat.character("poisoner").first_night < cat.character("washerwoman").first_night
    assert cat.character("imp").first_night is None
    assert cat.character("imp").other_night is not None
    assert (
        cat.character("soldier").first_night is None
        and cat.character("soldier").other_night is None
    )


@pytest.mark.parametrize(
    ("cid", "outsiders"),
    [
        ("baron", (2,)),
        ("godfather", (-1, 1)),
        ("fanggu", (1,)),
        ("vigormortis", (-1,)),
        ("balloonist", (0, 1)),
        ("hermit", (0, -1)),
        ("sentinel", (-1, 0, 1)),
    ],
)
def test_outsider_modifiers_are_structured(cid, outsiders):
    assert cat.character(cid).setup.outsiders == outsiders


def test_other_setup_modifiers():
    drunk = cat.character("drunk").setup
    assert not drunk.in_bag and drunk.shown_as == "townsfolk"
    assert cat.character("lunatic").setup.shown_as == "demon"
    assert (
        cat.character("lilmonsta").setup.minions == 1 and not cat.character("lilmonsta").setup.demon
    )
    assert not cat.character("summoner").setup.demon
    assert cat.character("huntsman").setup.requires == ("damsel",)
    assert cat.character("choirboy").setup.requires == ("king",)
    assert cat.character("villageidiot").setup.copies == (0, 1, 2)
    assert cat.character("atheist").setup.no_evil
    assert cat.character("legion").setup.majority and cat.character("legion").setup.duplicates
    # "-? to +? Outsiders" and the Xaan's "X Outsiders" are the Storyteller's free choice
    assert cat.character("kazali").setup.any_outsiders
    typhon = cat.character("lordoftyphon").setup
    assert typhon.any_outsiders and typhon.minions == 1
    xaan = cat.character("xaan").setup
    assert xaan.any_outsiders and xaan.min_outsiders == 1
    assert cat.character("marionette").setup.shown_as == "townsfolk"
    assert cat.character("imp").setup is None
    # every official setup flag has a structured modifier
    assert all(c.setup is not None for c in cat.characters() if c.setup_flag)


def test_setup_counts_table():
    assert cat.setup_counts(5) == {"townsfolk": 3, "outsider": 0, "minion": 1, "demon": 1}
    assert cat.setup_counts(15) == {"townsfolk": 9, "outsider": 2, "minion": 3, "demon": 1}
    for n in range(5, 16):
        assert sum(cat.setup_counts(n).values()) == n
    with pytest.raises(ValueError):
        cat.setup_counts(4)


def test_jinxes_are_symmetric_pairs_of_known_characters():
    pairs = cat.jinx_pairs()
    assert ("alchemist", "spy") in pairs
    for a, b in pairs:
        assert b in cat.character(a).jinxes and a in cat.character(b).jinxes


def test_tags_summaries_and_bag_values_are_complete():
    known = set(rules()["weights"])
    for c in cat.characters():
        assert set(c.tags) <= known, c.id
        assert 10 < len(c.summary) <= 140, c.id
        if c.evil:
            assert all(0 <= cut < 1 for _, cut in c.bag.cuts)
    assert cat.character("saint").bag.help < 0
    assert cat.character("empath").bag.info == 1.0
    assert dict(cat.character("poisoner").bag.cuts)["info"] > 0
    assert all("traveller" in c.tags for c in cat.characters() if c.team == "traveller")


def test_no_evil_character_makes_the_game_easier_for_good():
    # info, onceInfo, protect and revive weigh negative because they help the good team; on an
    # evil character (the Devil's Advocate's protection) they help evil, and weigh positive.
    from engine.clocktower.scoring import tag_weight

    easing = [(c.id, t) for c in cat.characters() if c.evil for t in c.tags if tag_weight(c, t) < 0]
    assert easing == []
    assert tag_weight(cat.character("devilsadvocate"), "protect") > 0


def test_official_texts_from_an_operator_file():
    roles = [
        {"id": "imp", "ability": "Words.", "otherNightReminder": "Cue.", "firstNightReminder": 4},
        {"id": "Fortune_Teller", "ability": "More words."},
        {"id": "zzz", "ability": "x"},
        {"id": "chef"},
        3,
    ]
    assert cat.official_texts(json.dumps(roles).encode()) == {
        "imp": cat.OfficialText("Words.", "", "Cue."),
        "fortuneteller": cat.OfficialText("More words."),
    }
    assert cat.official_texts("not json") == {}
    assert cat.official_texts("{}") == {}


def test_edition_characters_match_the_base_scripts():
    from .helpers import TB_IDS

    assert sorted(c.id for c in cat.edition_characters("tb")) == sorted(TB_IDS)


def test_summary_overlap_ranks_near_copies_first():
    imp = cat.character("imp").summary
    texts = {
        "imp": cat.OfficialText(imp),  # a copy of ours: ratio 1
        "chef": cat.OfficialText("Completely unrelated wording about something else entirely."),
    }
    (first, one), (second, low) = cat.summary_overlap(texts)
    assert (first, one) == ("imp", 1.0) and second == "chef" and low < 0.5


OFFICIAL_ROLES = (
    Path(__file__).resolve().parents[4] / "shared/reference/clocktower/official/roles.json"
)


@pytest.mark.skipif(not OFFICIAL_ROLES.exists(), reason="no official roles.json beside the repo")
def test_every_summary_is_in_our_own_words():
    """The guard on the real official texts (read from the reference folder beside the repo,
    never copied into it): no summary comes within 0.6 (difflib ratio) of its official text."""
    ranked = cat.summary_overlap(cat.official_texts(OFFICIAL_ROLES.read_bytes()))
    assert len(ranked) == len(cat.characters())
    assert ranked[0][1] < 0.6, ranked[:3]
