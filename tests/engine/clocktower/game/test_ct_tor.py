"""The Tor: players do not know their character or alignment, and learn them when they die.

Self-played games of each base edition with the Tor on the script (7 to 12 players, a Traveller
in every third, a stand-in human storyteller in every fourth): every game ends by the rules and
replays identically (``checked_game``), and at every step the secret holds: no night menu names
the character waking a player who does not know it, nothing a player is told before they learn
who they are names their character or alignment (the deal, Minion and Demon info, a change of
character or side, their own grimoire token), and every resident who dies learns, truly, the
character and alignment they died as. ``RAVENSWOOD_TOR_GAMES`` sets how many games in all (default
``GAMES``)."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from engine.clocktower.game import NightChoice, Slay, apply, open_prompts, unsupported
from engine.clocktower.game.characters.tor import CharacterLearned
from engine.clocktower.game.events import Grimoire, Told
from engine.clocktower.game.model import State, lives
from engine.clocktower.game.questions import NightMenu
from engine.clocktower.game.secrecy import hidden
from engine.clocktower.selfplay import setup_game
from tests.engine.clocktower.game import test_ct_experimental_properties as experimental
from tests.engine.clocktower.game.support import SCRIPTS, TB, start

GAMES = int(os.environ.get("RAVENSWOOD_TOR_GAMES", "300"))  # in all, shared by the editions
# What names a player's own character or alignment to them.
NAMING = frozenset({"character", "minion_info", "demon_info", "became", "became_demon", "turned"})


def check_menus(state: State) -> None:
    for q in open_prompts(state):
        if isinstance(q, NightMenu) and hidden(state, q.to[0]):
            assert q.character == "", q


def check_told(state: State) -> None:
    """What each player was told before learning who they are names neither; every resident
    who died learned it once, truly."""
    learned: set[int] = set()
    for t in state.told:
        if isinstance(t, CharacterLearned):
            assert t.to not in learned, t
            learned.add(t.to)
        elif t.to not in learned and t.to not in state.travellers:
            assert t.event not in NAMING, t
            if isinstance(t, Grimoire):
                own = next(seat for seat in t.seats if seat[0] == t.to)
                assert own[1:3] == ("", ""), t
    dead = {s.player for s in state.seats if not lives(state, s.player)} - set(state.travellers)
    assert dead <= learned, (dead, learned)  # a Zombuul registering as dead has not died


@pytest.mark.parametrize("edition", sorted(SCRIPTS))
def test_self_played_games_with_the_tor_keep_everyone_in_the_dark(edition, monkeypatch):
    # Under the Tor a turned Goon is not told it turned, like the Ogre always.
    silent = {*experimental.SILENT_ALIGNMENT, "goon"}
    monkeypatch.setattr(experimental, "SILENT_ALIGNMENT", silent)
    script = (*SCRIPTS[edition], "tor")
    ends: Counter = Counter()
    guesses = 0
    for i in range(GAMES // len(SCRIPTS)):
        players, travellers = 7 + i % 6, int(i % 3 == 0)
        storyteller = 999 if i % 4 == 1 else None
        final, _, log = experimental.checked_game(script, players, i, (), travellers, storyteller)
        state = setup_game(script, players, i, (), travellers, storyteller)
        for action in log:
            check_menus(state)
            if isinstance(action, Slay) and hidden(state, action.by):
                guesses += 1
            state = apply(state, action).state
        assert state == final
        check_told(final)
        ends[final.ending] += 1
    assert {"demon_dead", "two_left"} <= set(ends), ends
    if edition == "tb":
        assert guesses > 0  # players not knowing they are the Slayer try its shot


def test_the_bot_storyteller_runs_the_tor():
    assert unsupported((*TB, "tor")) == ()


def test_a_ravenkeeper_killed_at_night_learns_who_they_were_and_still_chooses():
    """Dying at night, the Ravenkeeper is told its character and alignment at once, and its
    ability wakes it to choose (its menu may now name it: it knows)."""
    spec = {
        "bot": True,
        "extra": ["tor"],
        "characters": [
            "imp",
            "poisoner",
            "ravenkeeper",
            "chef",
            "monk",
            "fortuneteller",
            "washerwoman",
        ],
    }
    state = start(spec)
    for action in (NightChoice(2, (4,)), NightChoice(6, (4, 5))):
        state = apply(state, action).state
    assert not any(t.event in NAMING for t in state.told)
    state = _end_day(state)
    for action in (NightChoice(2, (4,)), NightChoice(5, (4,)), NightChoice(1, (3,))):
        state = apply(state, action).state
    told: list[Told] = [t for t in state.told if t.to == 3]
    assert told[-1] == CharacterLearned(3, character="ravenkeeper", alignment="good")
    menu = open_prompts(state)[0]
    assert isinstance(menu, NightMenu) and menu.to == (3,) and menu.character == "ravenkeeper"


def _end_day(state: State) -> State:
    from engine.clocktower.game import SYSTEM, EndDay

    return apply(state, EndDay(SYSTEM)).state
