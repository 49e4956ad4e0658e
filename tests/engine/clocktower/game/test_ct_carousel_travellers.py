"""The experimental Travellers: the Gnome arriving by day names its amigo at once; the bot
storyteller's Cacklejack changes a player fairly (their own team, a character not in play)."""

from __future__ import annotations

import os
from collections import Counter

from engine.clocktower.game import EndDay, Join, NightChoice, StorytellerRuling, apply
from engine.clocktower.game.characters.gnome import AmigoNamed
from engine.clocktower.game.model import mark_target
from engine.clocktower.selfplay import setup_game
from tests.engine.clocktower.game.support import ST, TB, start
from tests.engine.clocktower.game.test_ct_experimental_properties import checked_game

MIXED = {"extra": ["noble"], "characters": ["imp", "poisoner", "empath", "chef", "monk", "noble"]}


def test_a_gnome_arriving_by_day_names_its_amigo_at_once():
    state = apply(start(MIXED), NightChoice(2, (2,))).state
    state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state  # the Noble's three
    assert state.phase == "day"
    state = apply(state, Join(50, traveller=True)).state
    assert state.pending.topic == "traveller_character"
    state = apply(
        state, StorytellerRuling(ST, state.pending.id, state.pending.options.index("gnome"))
    ).state
    assert state.pending.topic == "traveller_alignment"
    state = apply(state, StorytellerRuling(ST, state.pending.id, 1)).state  # evil
    assert state.pending.topic == "gnome_amigo" and state.pending.options == (1, 2)
    step = apply(state, StorytellerRuling(ST, state.pending.id, 1))
    assert AmigoNamed(50, 2) in step.effects
    assert mark_target(step.state, "amigo", 50) == 2
    again = apply(step.state, EndDay(ST)).state
    assert not any(isinstance(e, AmigoNamed) for e in again.told)  # told once, in public


def test_the_bot_cacklejack_changes_a_non_demon_into_a_spare_character_of_its_team():
    script = (
        "imp",
        "poisoner",
        "spy",
        "empath",
        "chef",
        "monk",
        "soldier",
        "mayor",
        "saint",
        "butler",
        "cacklejack",
    )
    chars = ("imp", "poisoner", "empath", "chef", "monk", "soldier", "mayor", "cacklejack")
    for seed in range(8):
        state = setup_game(script, 7, seed, chars, travellers=1)
        while state.phase != "day":
            p = state.pending
            state = apply(state, NightChoice(p.to, (p.options[0],))).state
        before = {s.player: s.character for s in state.seats}
        teams = {s.player: s.team for s in state.seats}
        state = apply(state, EndDay(0)).state
        changed = [s for s in state.seats if s.character != before[s.player]]
        assert len(changed) == 1, changed
        (s,) = changed
        assert s.team == teams[s.player]
        assert s.character not in before.values() and s.team != "demon"


CAROUSEL = ("gnome", "cacklejack", "gangster")
SELFPLAY = int(os.environ.get("RAVENSWOOD_CAROUSEL_GAMES", "24"))


def test_self_played_games_with_the_experimental_travellers_hold_every_property():
    """Trouble Brewing with the three on the script, 7 to 12 players, one to three of them
    seated (all three in every third game, one arriving by day in every fourth), a stand-in
    human storyteller in every fourth game: every game ends by the rules, nothing secret is
    announced, every log replays identically, and each Traveller's ability is used."""
    script = (*TB, *CAROUSEL)
    used: Counter = Counter()
    for i in range(SELFPLAY):
        players, travellers = 7 + i % 6, 1 + i % 3
        storyteller = 999 if i % 4 == 1 else None
        final, _, log = checked_game(
            script, players, i, (), travellers, storyteller, arrivals=i % 4 == 0
        )
        used.update(type(a).__name__ for a in log)
    assert SELFPLAY < 24 or {"GnomeKill", "Cackle", "Racket"} <= set(used), used
