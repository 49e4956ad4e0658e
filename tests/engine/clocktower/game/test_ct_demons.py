"""Demons no player holds, Demons that make their Minions, several Demons, and the bot
storyteller's part in them: what the scenario files cannot show (registration queries, the
bot's own rulings, the setup counts)."""

from __future__ import annotations

import random

from engine.clocktower.catalogue import character
from engine.clocktower.counts import legal_counts
from engine.clocktower.game import Claim, EndDay, NightChoice, apply
from engine.clocktower.game.abilities.change import settle_changes
from engine.clocktower.game.characters._demon import storyteller_prey
from engine.clocktower.game.model import NOBODY, demons, put_mark, with_seat
from engine.clocktower.game.registration import may_register_as_team
from engine.clocktower.game.roles import REGISTRY, seats_having
from tests.engine.clocktower.game.support import SCENARIOS, TB, load, play, start

# Lil' Monsta's table: two Minions (one to babysit) and five good players.
LIL_MONSTA_TABLE = {
    "extra": ["lilmonsta", "goblin"],
    "characters": ["poisoner", "goblin", "empath", "monk", "soldier", "chef", "washerwoman"],
}


def test_a_babysitter_registers_as_the_demon_first_and_as_its_minion_too():
    state = start(LIL_MONSTA_TABLE)
    assert demons(state) == ()  # nobody before the Minions choose
    assert seats_having(state, "postpones_end")  # and the game waits for them
    state = apply(state, NightChoice(1, (2,))).state
    state = apply(state, NightChoice(2, (2,))).state
    assert demons(state) == (2,)
    assert may_register_as_team(state, 2, "demon") == (True,)
    assert may_register_as_team(state, 2, "minion") == (True,)  # its Minion too, truly
    assert may_register_as_team(state, 1, "demon") == (False,)


def test_the_kazali_deals_no_minion_and_any_outsiders():
    script = [character(c) for c in (*TB, "kazali")]
    good = [character(c) for c in ("chef", "empath", "monk", "soldier", "mayor", "virgin")]
    counts = legal_counts([character("kazali"), *good], script)
    assert (6, 0, 0, 1) in counts
    assert all(minions == 0 and demon == 1 for _, _, minions, demon in counts)
    with_outsiders = [*good[:4], character("saint"), character("recluse"), character("kazali")]
    assert (4, 2, 0, 1) in legal_counts(with_outsiders, script)


def test_the_bot_counts_the_yaggababbles_public_claims_of_its_phrase():
    state = start(
        {
            "bot": True,
            "extra": ["yaggababble"],
            "characters": ["yaggababble", "poisoner", "chef", "empath", "monk", "mayor", "virgin"],
        }
    )
    while state.phase.value == "night":  # the bot rules; the players choose the defaults
        pending = state.pending
        assert pending is not None and pending.kind == "night_choice"
        state = apply(state, NightChoice(pending.to, tuple(pending.default))).state
    phrase = next(t.data["phrase"] for t in state.told if t.event == "secret_phrase")
    assert character(phrase).good and phrase not in {s.character for s in state.seats}
    for said in (phrase, "chef", phrase):
        state = apply(state, Claim(1, said)).state
    state = apply(state, EndDay(0)).state
    while state.phase.value == "night":
        pending = state.pending
        assert pending is not None and pending.kind == "night_choice"
        choice = (2,) if pending.topic == "poisoner" else tuple(pending.default)
        state = apply(state, NightChoice(pending.to, choice)).state
    assert state.day == 2
    dead = [s.player for s in state.seats if not s.alive]
    assert len(dead) == 2 and all(p not in (1, 2) for p in dead)  # two claims: two good players


def test_the_bots_storyteller_kill_skips_a_protected_last_good_player():
    state = start(
        {
            "extra": ["legion"],
            "characters": ["legion", "soldier", "legion", "empath", "legion", "chef", "legion"],
        }
    )
    for p in (4, 6):
        state = with_seat(state, p, alive=False)
    options = (NOBODY, *(s.player for s in state.seats))
    rng = random.Random(1)
    picks = {options[storyteller_prey(state, options, 1, rng)] for _ in range(20)}
    assert picks and picks <= {3, 5, 7}  # never the Soldier, never nobody, never the attacker
    state = put_mark(with_seat(state, 2, alive=False), "safe", 0, 3)
    picks = {options[storyteller_prey(state, options, 1, rng)] for _ in range(20)}
    assert picks == {5, 7}


def test_units_that_may_be_in_play_unheld_are_few_and_named():
    """The general hook has its users, each a character whose ability no seat may hold."""
    assert set(REGISTRY.having("unheld")) == {"lilmonsta", "summoner", "bootlegger"}


def test_units_react_to_changes_while_a_demon_is_unheld():
    """Found by self-play: a change settled (a Farmer's death) asked Lil' Monsta's
    ``after_change`` with its seat of nobody, which is no player's seat."""
    state = start(LIL_MONSTA_TABLE)
    assert any(s.player == NOBODY for s, _ in seats_having(state, "after_change"))
    settled, effects = settle_changes(state, "test")
    assert settled == state and effects == []


def test_the_riot_gives_evil_no_win_for_a_day_3_left_undecided():
    """The current Riot has no "after day 3, evil wins" (the old text's): mid-riot, no ending
    is judged at dusk; the riot itself decides the game."""
    spec = load(next(p for p in SCENARIOS if p.name == "riot_atheist_survives.json"))
    state = play(spec)
    assert state.day == 3 and state.nominees and state.winner is None
    riot = next(s for s in state.seats if s.character == "riot")
    assert REGISTRY.roles["riot"].dusk_ending(state, riot) is None
