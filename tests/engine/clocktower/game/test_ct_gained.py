"""The experimental good characters whose abilities come from, or go to, other characters (the
Pixie, Alchemist, Cannibal, Amnesiac, Farmer, Hermit, Plague Doctor, Hatter, Engineer): their bot
storyteller policies, the setup they change, and whole self-played games on scripts with them.
Their rulings and effects are played through in the scenario files (``scenarios/<id>*.json``)."""

from __future__ import annotations

import random

import pytest

from engine.clocktower.catalogue import character
from engine.clocktower.counts import legal_counts
from engine.clocktower.game import Phase, new_game, rules
from engine.clocktower.game.characters.alchemist import Alchemist
from engine.clocktower.game.characters.amnesiac import Amnesiac, accuracy, offered
from engine.clocktower.game.characters.plaguedoctor import USED, PlagueDoctor
from engine.clocktower.game.model import Pending, Seat, evolve, seat
from engine.clocktower.game.roles import REGISTRY, gained, has_ability, role
from tests.engine.clocktower.game.test_ct_game_properties import checked_games, replay, tally
from tests.engine.clocktower.game.test_ct_snv_properties import check_winner as check_winner_snv
from tests.engine.clocktower.game.test_ct_snv_properties import replay as replay_snv

MINE = ("pixie", "alchemist", "cannibal", "amnesiac", "farmer", "engineer")
OUTSIDERS = ("hermit", "plaguedoctor", "hatter")
EVIL = {
    "tb": ("poisoner", "spy", "scarletwoman", "baron", "imp"),
    "bmr": ("godfather", "devilsadvocate", "assassin", "mastermind", "po", "zombuul", "pukka"),
    "snv": ("eviltwin", "witch", "cerenovus", "pithag", "fanggu", "vigormortis", "vortox"),
}


def script(edition: str) -> tuple[str, ...]:
    """A few Townsfolk and Outsiders of Trouble Brewing, ours, and an edition's evil team."""
    tf = ("chef", "empath", "fortuneteller", "monk", "undertaker", "slayer", *MINE)
    return (*tf, "recluse", "saint", "butler", *OUTSIDERS, *EVIL[edition])


def state_with(characters: tuple[str, ...], edition: str = "tb"):
    """A game's state just after the deal (no setup rulings), for policy tests."""
    seats = tuple(
        Seat(
            i + 1,
            c,
            c,
            "evil" if character(c).team in ("minion", "demon") else "good",
            character(c).team,
        )
        for i, c in enumerate(characters)
    )
    state = new_game(None, 3, script(edition), True)
    return evolve(state, phase=Phase.SETUP, seats=seats, players=tuple(s.player for s in seats))


def test_the_bot_storyteller_runs_every_character_of_the_group():
    assert rules.unsupported((*MINE, *OUTSIDERS)) == ()
    assert all(getattr(role(c), "policy", "") for c in (*MINE, *OUTSIDERS))


def test_the_hermit_may_take_away_one_outsider():
    cast = ("imp", "poisoner", "hermit", "chef", "empath", "monk", "slayer", "undertaker")
    counts = legal_counts([character(c) for c in cast], [character(c) for c in script("tb")])
    assert {c[1] for c in counts} == {0, 1}  # at eight players: the table's one Outsider, or none


def test_the_hermit_has_every_outsider_ability_but_the_drunks_identity():
    state = state_with(("imp", "poisoner", "hermit", "chef", "empath", "monk", "slayer"))
    hermit = seat(state, 3)
    assert set(gained(state, hermit)) == {"recluse", "saint", "butler", "plaguedoctor", "hatter"}
    assert has_ability(state, hermit, "saint")
    assert "evil" in {r.alignment for r in role("hermit").registrations(state, hermit)}


def ruling(topic: str, options: tuple, **data) -> Pending:
    return Pending(1, "k", "ruling", None, topic, options, data=tuple(data.items()))


def test_the_bot_gives_the_alchemist_a_minion_that_acts_after_the_deal():
    state = state_with(("imp", "poisoner", "alchemist", "chef", "empath", "monk", "slayer"))
    options = ("spy", "baron", "mastermind", "witch", "assassin")
    picks = {
        options[Alchemist().decide(state, ruling("alchemist", options), random.Random(i))]
        for i in range(40)
    }
    assert picks == {"witch", "assassin"}


def test_the_alchemist_is_offered_no_minion_in_play_nor_an_heir_to_the_demon():
    """Trouble Brewing's Minions with the Poisoner in play: not the Spy (offered only while in
    play, by the jinx), not the Scarlet Woman (an heir): the Baron is the only one."""
    state = state_with(("imp", "poisoner", "alchemist", "chef", "empath", "monk", "slayer"))
    unit = Alchemist()
    assert unit.held(unit.setup(state, seat(state, 3)), 3) == "baron"


def test_the_amnesiac_gets_a_passive_ability_from_the_bot_and_honest_answers():
    passive = [c for c in offered() if c not in REGISTRY.having("night")]
    assert {"soldier", "mayor", "tealady"} <= set(passive)
    state = state_with(("imp", "poisoner", "amnesiac", "chef", "empath", "monk", "slayer"))
    unit = Amnesiac()
    for i in range(30):
        index = unit.decide(state, ruling("amnesiac", offered()), random.Random(i))
        assert offered()[index] in passive
    assert accuracy(state, "soldier", "soldier") == "correct"
    assert accuracy(state, "monk", "soldier") == "close"  # both Townsfolk that protect
    assert accuracy(state, "empath", "soldier") == "far"
    truth = ("close", "correct", "far")
    assert unit.decide(state, ruling("amnesiac_guess", truth, reason=""), random.Random(1)) == 0
    lies = {
        unit.decide(state, ruling("amnesiac_guess", truth, reason="impaired"), random.Random(i))
        for i in range(20)
    }
    assert lies == {1, 2}


def test_the_plague_doctors_storyteller_takes_a_minion_ability_it_uses():
    state = state_with(("imp", "poisoner", "plaguedoctor", "chef", "empath", "monk", "slayer"))
    options = ("godfather", "spy", "assassin", "baron")
    unit = PlagueDoctor()
    for i in range(30):
        assert (
            options[unit.decide(state, ruling("plaguedoctor", options), random.Random(i))] in USED
        )
    living = (None, 1, 2, 3, 4, 5)
    for i in range(30):  # the nightly poison: a good player, at random
        target = living[unit.decide(state, ruling("plague_poison", living), random.Random(i))]
        assert target in (3, 4, 5)


@pytest.mark.parametrize(
    ("edition", "games"), [("tb", 160), ("bmr", 120), ("snv", 120)], ids=["tb", "bmr", "snv"]
)
def test_self_played_games_with_the_group_end_by_the_rules_and_replay(edition, games):
    """Games from 5 to 13 players with every one of the group on the script and an edition's
    evil team, a quarter with a stand-in human storyteller ruling at random: every step keeps
    the invariants, nothing secret is announced, each game ends by the rules, each log replays
    to the identical state."""
    replayer = replay_snv if edition == "snv" else replay  # the Pit-Hag's changes: relaxed
    endings, _used = tally(checked_games(script(edition), games, 9, 17, winner, replayer))
    assert endings["unfinished"] == 0 and sum(endings.values()) == games


def winner(state) -> None:
    """The edition's endings, a Hermit executed as the Saint too."""
    if state.ending == "saint_executed":
        executee = seat(state, state.executed)
        assert state.winner == "evil" and has_ability(state, executee, "saint")
        assert not executee.alive
        return
    check_winner_snv(state)
