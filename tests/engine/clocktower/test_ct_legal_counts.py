"""Which team counts a deal of given characters may have (``counts.legal_counts``): every legal
value of every setup modifier is accepted, every other count refused, and every deal the random
bag makes is among them."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.clocktower.bag import balanced_bag
from engine.clocktower.catalogue import character
from engine.clocktower.counts import dealt_counts, legal_counts, needed_shown
from engine.clocktower.game import SYSTEM, Join, Start, apply, new_game
from engine.clocktower.game.model import Phase
from engine.clocktower.script import load_script
from engine.core import RuleError
from tests.engine.clocktower.game.support import BMR

from .helpers import SCRIPT_FILES, TB_IDS, ids_script
from .test_ct_bag import catalogue_scripts

TF = TB_IDS[:13]  # Trouble Brewing's Townsfolk


def outsiders(dealt_evil: list[str], good_extra: list[str], script: list[str]) -> set[int]:
    """The legal Outsider counts at 10 players (the table: 7 Townsfolk, 0 Outsiders, 2 Minions,
    1 Demon) for this evil side and these good characters, with Townsfolk and TB Outsiders
    filling the rest; also checks the other teams' counts are the table's."""
    found = set()
    filler = [*TF, "butler", "recluse", "saint", "klutz", "mutant", "sweetheart", "damsel"]
    dealt = [character(c) for c in [*dealt_evil, *good_extra]]
    dealt += [character(c) for c in filler if c not in dealt_evil + list(good_extra)][
        : 10 - len(dealt)
    ]
    pool = dealt + [character(c) for c in script]
    for tf, out, minion, demon in legal_counts(dealt, pool):
        assert tf + out + minion + demon == 10
        found.add(out)
    return found


@pytest.mark.parametrize(
    ("evil", "good", "fabled", "legal"),
    [
        (["imp", "poisoner", "spy"], [], [], {0}),
        (["imp", "baron", "spy"], [], [], {2}),
        (["zombuul", "godfather", "spy"], [], [], {1}),  # -1 of none does nothing; +1
        (["fanggu", "poisoner", "spy"], [], [], {1}),
        (["vigormortis", "poisoner", "spy"], [], [], {0}),  # nothing to remove
        (["vigormortis", "baron", "spy"], [], [], {1}),
        (["fanggu", "godfather", "baron"], [], [], {2, 4}),
        (["imp", "poisoner", "spy"], ["balloonist"], [], {0, 1}),
        (["imp", "baron", "spy"], ["balloonist", "hermit"], [], {1, 2, 3}),
        # the evil side's change first, then a good character's own, as the bag deals
        (["vigormortis", "poisoner", "spy"], ["balloonist"], [], {0, 1}),
        (["imp", "poisoner", "spy"], [], ["sentinel"], {0, 1}),
        (["imp", "godfather", "spy"], [], ["sentinel"], {0, 1, 2}),
        (["imp", "poisoner", "spy"], ["huntsman", "damsel"], [], {0, 1}),
        # The Marionette's jinxes: shown the Balloonist (on the script, not dealt), an Outsider
        # may have been added; shown the Huntsman, the Damsel was; a Balloonist in play is not
        # a token the Marionette can be shown, so its +1 is the only one.
        (["imp", "marionette", "spy"], [], ["balloonist"], {0, 1}),
        (["imp", "marionette", "spy"], [], [], {0}),
        (["imp", "marionette", "spy"], ["balloonist"], [], {0, 1}),
        (["imp", "marionette", "spy"], ["damsel"], ["huntsman"], {0, 1}),
    ],
)
def test_every_value_of_every_modifier_is_legal_and_nothing_else(evil, good, fabled, legal):
    assert outsiders(evil, good, fabled) == legal


def test_a_deal_only_the_marionettes_jinx_explains_needs_its_token():
    """An Outsider more than the table's beside a Marionette is legal only if it believes it is
    the Balloonist: that is the token it must be shown; at the table's count, any will do."""
    script = [character(c) for c in (*TF, "balloonist", "saint", "marionette", "imp")]
    usual = [character(c) for c in ("imp", "marionette", *TF[:5])]  # 7 players: 5/0/1/1
    extra = [*usual[:-1], character("saint")]
    assert dealt_counts(extra) == (4, 1, 1, 1) and dealt_counts(extra) in legal_counts(
        extra, script
    )
    assert needed_shown(extra, script) == ("balloonist",)
    assert needed_shown(usual, script) == ()
    no_balloonist = [c for c in script if c.id != "balloonist"]
    assert dealt_counts(extra) not in legal_counts(extra, no_balloonist)


def test_a_godfathers_minus_one_and_plus_one_at_a_table_with_an_outsider():
    eight = [character(c) for c in ["zombuul", "godfather", "grandmother", "sailor"]]
    counts = {out for _, out, _, _ in legal_counts(eight + [character(c) for c in TF[:4]], eight)}
    assert counts == {0, 2}


def test_the_evil_sides_that_change_who_holds_what():
    ten = [character(c) for c in TF[:7]]
    lil = legal_counts(
        [*ten, *(character(c) for c in ("poisoner", "spy", "baron"))], [character("lilmonsta")]
    )
    assert {(t, o, m, d) for t, o, m, d in lil} == {(5, 2, 3, 0)}  # a Baron beside Lil' Monsta
    summoned = legal_counts(
        [*(character(c) for c in TF[:8]), character("summoner"), character("poisoner")], ()
    )
    assert summoned == {(8, 0, 2, 0)}  # the Demon's slot is a Townsfolk's
    typhon = legal_counts(
        [
            *(character(c) for c in TF[:6]),
            *(character(c) for c in ("lordoftyphon", "poisoner", "spy", "baron")),
        ],
        (),
    )
    assert (6, 0, 3, 1) in typhon and (3, 3, 3, 1) in typhon  # free Outsiders, one more Minion


@pytest.mark.parametrize("path", SCRIPT_FILES, ids=lambda p: p.stem)
def test_every_reference_script_bag_is_a_legal_count(path):
    script = load_script(path.read_text(encoding="utf-8"))
    for players in script.supported_players:
        for seed in range(3):
            assert_bag_accepted(script, balanced_bag(script, players, seed))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(catalogue_scripts(), st.integers(5, 15), st.integers(0, 2**32))
def test_every_deal_the_bag_makes_is_a_legal_count(ids, players, seed):
    script = load_script(ids_script(*ids))
    assume(players in script.supported_players)
    assert_bag_accepted(script, balanced_bag(script, players, seed))


def assert_bag_accepted(script, bag) -> None:
    by_id = {c.id: c for c in script.characters}
    dealt = [by_id[c] for c in bag["characters"]]
    final = bag["final_counts"]
    got = (final["townsfolk"], final["outsider"], final["minion"], final["demon"])
    legal = legal_counts(dealt, script.characters)
    assert got in legal, (bag["characters"], bag["modifiers"], sorted(legal))


BMR_DEAL = ["zombuul", "godfather", "grandmother", "sailor", "chambermaid", "exorcist"]


@pytest.mark.parametrize(
    ("outsiders_dealt", "accepted"),
    [(["tinker", "moonchild"], True), ([], True), (["tinker"], False)],
)
def test_the_bot_storyteller_takes_a_godfathers_every_legal_deal(outsiders_dealt, accepted):
    """Eight players (one Outsider on the table): a Godfather makes it none or two, never one."""
    townsfolk = ["innkeeper", "gambler", "gossip", "courtier", "professor", "minstrel"]
    deal = BMR_DEAL + outsiders_dealt
    deal += townsfolk[: 8 - len(deal)]
    state = new_game(None, 5, BMR, True)
    for p in range(1, 9):
        state = apply(state, Join(p)).state
    if accepted:
        assert apply(state, Start(SYSTEM, tuple(deal))).state.phase is not Phase.LOBBY
    else:
        with pytest.raises(RuleError, match="0 outsider.*or.*2 outsider"):
            apply(state, Start(SYSTEM, tuple(deal)))
