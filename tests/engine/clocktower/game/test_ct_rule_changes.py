"""The characters that change the rules, the endings and the votes (issue 21's experimental
Atheist, Heretic, Politician, Zealot, Damsel, Huntsman, Alsaahir, Golem, Cult Leader, Ogre and
Puzzlemaster): what their scenarios cannot show (the bot storyteller's policies, the setup's
jinx rules, the vote a timeout sets, the shell's codec) and a few hundred self-played games on a
script of them that end, replay identically and announce no secret."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clocktower.bag import BagError, balanced_bag
from engine.clocktower.catalogue import character, edition_characters
from engine.clocktower.counts import clash
from engine.clocktower.counts import unsupported as unsupported_counts
from engine.clocktower.game import (
    ACTIONS,
    Join,
    Phase,
    Start,
    State,
    Vote,
    apply,
    new_game,
    unsupported,
)
from engine.clocktower.game.model import SYSTEM
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.script import script_from_ids
from engine.clocktower.selfplay import play, setup_game
from engine.core import GameOver, RuleError, decode_action, encode_action
from tests.engine.clocktower.game.support import ST
from tests.engine.clocktower.game.support import play as play_scenario
from tests.engine.clocktower.game.test_ct_game_properties import check_effects

OURS = (
    "atheist",
    "heretic",
    "politician",
    "zealot",
    "damsel",
    "huntsman",
    "alsaahir",
    "golem",
    "cultleader",
    "ogre",
    "puzzlemaster",
)
TB = tuple(c.id for c in edition_characters("tb") if c.team != "traveller")
TOWNSFOLK = tuple(c for c in TB if character(c).team == "townsfolk")
EVIL = ("poisoner", "spy", "scarletwoman", "baron", "imp")
SCRIPT = TOWNSFOLK + OURS + ("hermit",) + EVIL  # the Hermit: every Outsider ability at once
CODEC = {**ACTIONS, **REGISTRY.day_actions()}


def test_the_bot_storyteller_runs_every_one_of_them():
    assert unsupported(SCRIPT) == ()
    assert all(role(c).policy for c in OURS)  # one sentence each, for the docs' table


# The Politician: the bot storyteller's judgement ---------------------------------------------
BARON_SEVEN = ["imp", "baron", "politician", "saint", "empath", "chef", "soldier"]


def bot_game(steps: list) -> State:
    return play_scenario(
        {"bot": True, "extra": ["politician"], "characters": BARON_SEVEN, "steps": steps}
    )


def test_the_bot_judges_the_politician_who_nominated_the_losing_execution_responsible():
    state = bot_game([{"nominate": [3, 4]}, {"vote": [1, 2, 3, 5, 6, 7]}, {"end_day": True}])
    assert (state.winner, state.ending) == ("evil", "saint_executed")
    assert state.seats[2].alignment == "evil"  # the Politician changed sides and won


def test_the_bot_does_not_judge_a_bystanding_politician_responsible():
    state = bot_game([{"nominate": [5, 4]}, {"vote": [1, 2, 3, 5, 6, 7]}, {"end_day": True}])
    assert (state.winner, state.ending) == ("evil", "saint_executed")
    assert state.seats[2].alignment == "good"


# The Zealot: a hand set for them -------------------------------------------------------------
def test_a_hand_the_storyteller_lowers_for_the_zealot_is_taken_as_forgotten():
    spec = {
        "extra": ["zealot"],
        "characters": ["imp", "poisoner", "zealot", "empath", "chef", "soldier"],
        "steps": [{"choose": [2, [6]]}, {"nominate": [4, 5]}],
    }
    state = play_scenario(spec)
    with pytest.raises(RuleError, match="must vote"):
        apply(state, Vote(3, False))
    lowered = apply(state, Vote(ST, False, voter=3)).state  # a timeout, or the storyteller
    assert dict(lowered.vote.hands)[3] is False


# The Heretic's jinxes: setup rules ------------------------------------------------------------
def test_the_bot_refuses_a_deal_of_the_heretic_beside_the_baron():
    state = new_game(None, 1, SCRIPT, True)
    for p in range(1, 8):
        state = apply(state, Join(p)).state
    dealt = ("imp", "baron", "heretic", "golem", "empath", "chef", "soldier")
    with pytest.raises(RuleError, match="Heretic and the Baron may not both be in play"):
        apply(state, Start(SYSTEM, dealt))


def test_the_bag_never_deals_the_heretic_beside_a_jinxed_minion():
    script = script_from_ids(["heretic", "saint", "recluse", *TOWNSFOLK, *EVIL])
    dealt = Counter()
    for seed in range(150):
        bag = balanced_bag(script, 5 + seed % 11, seed)
        chars = [character(c) for c in bag["characters"]]
        assert clash(chars) is None, bag["characters"]
        dealt.update(c.id for c in chars if c.id in ("heretic", "baron", "spy"))
    assert min(dealt.values()) > 0  # each of them is dealt, never together


# The Atheist -----------------------------------------------------------------------------------
def test_the_bot_storyteller_never_deals_the_atheist_and_cannot_be_nominated():
    assert not any(
        s.character == "atheist" for seed in range(60) for s in setup_game(SCRIPT, 7, seed).seats
    )
    spec = {
        "bot": True,
        "extra": ["atheist"],
        "characters": ["imp", "baron", "saint", "recluse", "empath", "chef", "soldier"],
        "steps": [
            {"expect": {"phase": "day"}},
            {"error": {"nominate": [1, SYSTEM]}, "message": "only nominate a player"},
        ],
    }
    play_scenario(spec)


def test_a_human_deal_with_the_atheist_and_no_evil_needs_no_note():
    spec = {
        "extra": ["atheist"],
        "characters": ["atheist", "empath", "chef", "soldier", "investigator", "saint"],
        "steps": [],
    }
    state = play_scenario(spec)
    assert not any(t.event == "setup_notes" for t in state.told)


# Self-play ---------------------------------------------------------------------------------
def replayed(players: int, seed: int, log: list, travellers: int, storyteller: int | None) -> State:
    """A self-played game's log replayed through the codec (the units' day actions too),
    every step's effects checked for secrets and open rulings."""
    state = setup_game(SCRIPT, players, seed, travellers=travellers, storyteller=storyteller)
    for action in log:
        step = apply(state, decode_action(encode_action(action), CODEC))
        check_effects(step.state, step.effects, storyteller is not None)
        if any(isinstance(e, GameOver) for e in step.effects):
            assert step.state.phase is Phase.OVER
        state = step.state
    return state


ENDINGS = {"demon_dead", "two_left", "saint_executed", "mayor", "storyteller"} | {
    e for c in OURS for e in role(c).endings
}


def test_hundreds_of_self_played_games_with_them_end_and_replay():
    """300 games of 5 to 13 players, Travellers in some, a quarter with a stand-in human
    storyteller: each ends by an ending the rules know and its log replays to the same state."""
    endings: Counter = Counter()
    for i in range(300):
        players, travellers = 5 + i % 9, i % 3
        storyteller = 999 if i % 4 == 1 else None
        log: list = []
        final, outcome = play(
            SCRIPT,
            players,
            11 * i + 3,
            log=log,
            travellers=travellers,
            storyteller=storyteller,
            reason=False,
        )
        assert final.phase is Phase.OVER and final.ending in ENDINGS, (i, outcome)
        assert replayed(players, 11 * i + 3, log, travellers, storyteller) == final, i
        endings[final.ending] += 1
    assert endings["damsel"] > 0  # the Minions' guess is played


# The bot storyteller's other policies ------------------------------------------------------------
def test_the_bots_puzzle_drunk_is_a_townsfolk():
    found = 0
    for seed in range(80):
        state = setup_game(SCRIPT, 8, seed)
        holder = next((s for s in state.seats if s.character == "puzzlemaster"), None)
        if holder is None:
            continue
        drunk = next(m.target for m in state.marks if m.kind == "drunk")
        assert next(s for s in state.seats if s.player == drunk).team == "townsfolk"
        found += 1
    assert found > 0


def test_the_bots_found_damsel_becomes_a_townsfolk_not_in_play():
    spec = {
        "bot": True,
        "extra": ["damsel", "huntsman"],
        "characters": ["imp", "baron", "damsel", "huntsman", "saint", "chef", "soldier"],
        "steps": [{"choose": [4, [3]]}],
    }
    state = play_scenario(spec)
    became = state.seats[2].character
    assert character(became).team == "townsfolk"
    assert became not in ("chef", "soldier")  # not in play


def test_a_script_that_fields_a_count_only_with_a_jinxed_pair_does_not_support_it():
    """Twelve players need both Outsiders and both Minions here, the Heretic beside the Spy: the
    import's check and the bag agree there is no legal bag (found by the bag's property test)."""
    ids = [
        *("steward", "knight", "chef", "noble", "investigator", "washerwoman", "clockmaker"),
        *("grandmother", "librarian", "shugenja", "butler", "heretic", "spy", "mezepheles"),
        "yaggababble",
    ]
    script = script_from_ids(ids)
    assert 12 in unsupported_counts(script.characters)
    with pytest.raises(BagError):
        balanced_bag(script, 12, 0)
    assert clash(character(c) for c in balanced_bag(script, 11, 0)["characters"]) is None


def test_jinxed_minions_are_not_counted_as_interchangeable_with_the_others():
    """With the Heretic, the Spy is not any Minion: twelve players are fielded with the
    Mezepheles and the Poisoner, and the import's check says so (found by the bag's property
    test)."""
    ids = [
        *("steward", "knight", "chef", "noble", "investigator", "washerwoman", "clockmaker"),
        *("grandmother", "librarian", "heretic", "hermit", "spy", "mezepheles", "poisoner"),
        "yaggababble",
    ]
    script = script_from_ids(ids)
    assert 12 not in unsupported_counts(script.characters)
    assert clash(character(c) for c in balanced_bag(script, 12, 0)["characters"]) is None
