"""Bad Moon Rising self-played over thousands of games: the same properties as Trouble
Brewing's (see ``test_ct_game_properties``, whose hypothesis tests play both editions). The
invariants hold at every step (with the edition's own: alignments change only as the Goon's, a
Zombuul registering as dead lives on, the Mastermind's extra day), every game ends as the rules
say, a replayed log rebuilds the identical state, and nothing secret is announced."""

from __future__ import annotations

from collections import Counter

from engine.clocktower.game import ACTIONS
from engine.clocktower.game.roles import REGISTRY
from tests.engine.clocktower.game.support import BMR
from tests.engine.clocktower.game.test_ct_game_properties import checked_games

GAMES = 2_000


def test_thousands_of_games_hold_every_property():
    """2,000 whole games of 5 to 15 players, with and without Travellers (some arriving
    mid-game), a quarter with a stand-in human storyteller ruling at random: every step holds
    the invariants and announces nothing secret; every game ends as the rules say, by every
    ending the edition has; replaying each log rebuilds the identical state; every character
    of the edition is dealt, and every BMR day action is used."""
    endings: Counter = Counter()
    used: Counter = Counter()
    dealt: set[str] = set()
    for final, outcome, log in checked_games(BMR, GAMES, 11, 11):
        endings[outcome.ending] += 1
        used.update(type(a).__name__ for a in log)
        dealt.update(s.character for s in final.seats)
    assert endings["unfinished"] == 0 and sum(endings.values()) == GAMES
    assert {"demon_dead", "two_left", "mastermind_execution", "mastermind_quiet"} <= set(endings)
    assert {"Gossip", "SwapSeats", "Verdict", "NightChoice", "StorytellerRuling"} <= set(used)
    assert set(BMR) | {"apprentice", "matron", "judge", "bishop", "voudon"} <= dealt
    assert set(used) <= set(ACTIONS) | set(REGISTRY.day_actions())  # a Traveller's own
