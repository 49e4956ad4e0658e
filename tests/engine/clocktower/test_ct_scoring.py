import pytest

from engine.clocktower.catalogue import MAX_PLAYERS, MIN_PLAYERS
from engine.clocktower.scoring import (
    base_raw_scores,
    category,
    normalise,
    raw_score,
    rules,
    score_script,
    table_factor,
)
from engine.clocktower.script import load_script

from .helpers import BASE, fake, text

EVERY_COUNT = range(MIN_PLAYERS, MAX_PLAYERS + 1)
OFFICIAL = {"tb": "Beginner", "bmr": "Intermediate", "snv": "Intermediate"}


def synergy(chars) -> dict[str, float]:
    return {s.rule: s.delta for s in raw_score(tuple(chars))[2]}


DEMON = fake("dem", "demon", "kill")


def test_tag_weights_come_from_the_data_file():
    chars = [fake(t, "townsfolk", t) for t in rules()["weights"]]
    _, rows, _ = raw_score(tuple(chars))
    assert {r.id: r.weight for r in rows} == rules()["weights"]
    assert raw_score((DEMON,))[1][0].weight == 0.0  # the Demon's nightly kill is the baseline


def test_extra_misinformers():
    assert synergy([DEMON, fake("a", "minion", "misinfo")]).get("extra_misinformers") is None
    three = [DEMON] + [fake(f"m{i}", "minion", "misinfo") for i in range(3)]
    assert synergy(three)["extra_misinformers"] == 2.0


def test_extra_kill_sources():
    assert "extra_kill_sources" not in synergy([DEMON])
    killers = [DEMON, fake("a", "minion", "kill"), fake("b", "townsfolk", "multiKill")]
    assert synergy(killers)["extra_kill_sources"] == 1.0


def test_align_and_char_change_needs_both():
    assert "align_and_char_change" not in synergy([DEMON, fake("a", "outsider", "alignChange")])
    both = [DEMON, fake("a", "outsider", "alignChange"), fake("b", "minion", "charChange")]
    assert synergy(both)["align_and_char_change"] == 1.0


def test_protection_against_kills():
    two = [DEMON, fake("p", "townsfolk", "protect"), fake("q", "townsfolk", "protect")]
    assert synergy(two)["protection_above_kills"] == -1.0
    assert "protection_above_kills" not in synergy(two[:2])  # 1 protector vs 1 kill source


def test_evil_protection_and_revival_harden_the_game():
    """The Devil's Advocate protects evil from execution: +1, not good's -1, and it is no
    protector in the synergies (two good protectors against one kill source still fire)."""
    from engine.clocktower.catalogue import character

    advocate = character("devilsadvocate")
    assert "protect" in advocate.tags
    _, rows, _ = raw_score((advocate,))
    assert rows[0].weight == -rules()["weights"]["protect"] == 1.0
    assert "helps evil" in rows[0].why
    evil_reviver = fake("r", "demon", "revive")
    assert raw_score((evil_reviver,))[1][0].weight == 2.0
    good = [DEMON, fake("p", "townsfolk", "protect"), advocate]
    assert "protection_above_kills" not in synergy(good)  # 1 good protector vs 1 kill source
    assert synergy([*good, fake("q", "townsfolk", "protect")])["protection_above_kills"] == -1.0
    evil_info = [DEMON, fake("m", "minion", "misinfo"), fake("s", "minion", "info")]
    assert "info_outweighs_misinfo" not in synergy(evil_info)  # evil's info is not good's


def test_kills_above_protection_margin_is_strict():
    four = [DEMON] + [fake(f"k{i}", "minion", "kill") for i in range(3)]  # 4 kill sources
    assert "kills_above_protection" in synergy(four)
    three = four[:3]
    assert "kills_above_protection" not in synergy(three)


def test_information_against_misinformation():
    info = [fake(f"i{i}", "townsfolk", "info") for i in range(4)]
    mis = [fake(f"m{i}", "minion", "misinfo") for i in range(3)]
    assert synergy(info + mis[:2])["info_outweighs_misinfo"] == -1.0
    assert "info_outweighs_misinfo" not in synergy(info + mis)
    assert synergy(info[:2] + mis[:2])["misinfo_matches_info"] == 1.0
    assert "misinfo_matches_info" not in synergy(info[:3] + mis[:2])
    assert synergy(info[:1])["info_outweighs_misinfo"] == -1.0  # information and no misinformation


def test_no_information_and_no_misinformation_fires_neither_rule():
    fired = synergy([DEMON, fake("p", "townsfolk", "protect")])
    assert "info_outweighs_misinfo" not in fired and "misinfo_matches_info" not in fired


def test_categories_and_normalisation():
    assert [category(x) for x in (0, 5, 5.01, 10, 10.5, 15, 15.1)] == [
        "Beginner",
        "Beginner",
        "Intermediate",
        "Intermediate",
        "Advanced",
        "Advanced",
        "Expert",
    ]
    assert normalise(12, 10, 25) == 6.0  # at the reference table: the seed's 12 x 5 / 10
    assert normalise(12, 5, 25) == 5.14  # 12 x 0.5 x 30 / 35
    assert normalise(12, 15, 25) == 6.86  # 12 x 0.5 x 40 / 35


def test_the_table_factor_grows_mildly_with_the_table():
    for characters in (5, 22, 25, 31):
        factors = [table_factor(n, characters) for n in EVERY_COUNT]
        assert factors == sorted(factors)
        assert table_factor(10, characters) == rules()["table"]["scale"]
    # the editions' labels need the largest factor under 1.93 times the smallest (see the docs)
    assert table_factor(15, 22) / table_factor(5, 22) < (10 / 13.5) / (5 / 13)


def test_worked_example_trouble_brewing():
    """Trouble Brewing at 10 players, every point accounted for."""
    r = score_script(load_script(text(BASE["tb"])), players=10).to_dict()
    weights = {c["id"]: c["weight"] for c in r["characters"]}
    assert weights["empath"] == -1 and weights["chef"] == -0.5 and weights["poisoner"] == 2
    assert weights["imp"] == 2 and weights["slayer"] == -0.5 and weights["saint"] == 0
    assert sum(weights.values()) == 2.5
    assert {s["rule"]: s["delta"] for s in r["synergies"]} == {
        "extra_misinformers": 3.0,
        "protection_above_kills": -1.0,
        "info_outweighs_misinfo": -1.0,
    }
    assert r["raw"] == 3.5 and r["score"] == 1.75 and r["category"] == "Beginner"


@pytest.mark.parametrize("players", EVERY_COUNT)
@pytest.mark.parametrize("edition", OFFICIAL)
def test_the_official_labels_hold_at_every_player_count(edition, players):
    """Trouble Brewing is Beginner, Bad Moon Rising and Sects & Violets Intermediate, from 5 to
    15 players: 33 cases, from the script files as a user would paste them."""
    result = score_script(load_script(text(BASE[edition])), players).to_dict()
    assert result["category"] == OFFICIAL[edition]
    by = {row["players"]: row["category"] for row in result["by_players"]}
    assert by[players] == OFFICIAL[edition]
    base = {b["edition"]: b["category"] for b in result["comparison"]["base_editions"]}
    assert base == OFFICIAL  # the catalogue's editions agree with the files


def test_the_seed_normalisation_would_break_the_labels():
    """Why the table factor exists: raw x 5 / players made S&V Beginner at 13 and BMR at 15."""
    raw = {edition: score for edition, (score, _) in base_raw_scores().items()}
    assert category(raw["snv"] * 5 / 13) == "Beginner"
    assert category(raw["bmr"] * 5 / 15) == "Beginner"


def test_the_formula_shows_every_factor():
    r = score_script(load_script(text(BASE["bmr"])), players=12).to_dict()
    assert r["formula"] == (
        "(13.5 = tags 8.5 + synergies 5) x 0.5 x (25 characters + 12 players) / (25 + 10)"
    )
    assert r["score"] == round(13.5 * 0.5 * 37 / 35, 2)


def test_payload_shape_and_comparison():
    r = score_script(load_script(text("wc25-stowedaway.json"))).to_dict()
    assert {"score", "category", "characters", "synergies", "errors", "warnings"} <= set(r)
    assert all({"id", "tags", "weight"} <= set(c) for c in r["characters"])
    assert all({"rule", "delta"} <= set(s) for s in r["synergies"])
    assert r["players"] == rules()["default_players"]
    assert [b["edition"] for b in r["comparison"]["base_editions"]] == ["tb", "bmr", "snv"]
    assert "harder than Trouble Brewing" in r["comparison"]["summary"]
    assert len(r["by_players"]) == 11
    assert r["warnings"]  # the homebrew characters
