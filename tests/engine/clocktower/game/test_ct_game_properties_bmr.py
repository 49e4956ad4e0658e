"""Bad Moon Rising self-played: the same properties as Trouble Brewing's (see
``test_ct_game_properties``) over thousands of games: the invariants hold at every step (with the
edition's own: alignments change only as the Goon's, a Zombuul registering as dead lives on, the
Mastermind's extra day), every game ends as the rules say, a replayed log rebuilds the identical
state, and nothing secret is announced."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clocktower.game import ACTIONS, Phase
from engine.clocktower.selfplay import play
from tests.engine.clocktower.game.support import BMR
from tests.engine.clocktower.game.test_ct_game_properties import check_winner, replay

GAMES = 2_000


@settings(max_examples=40, deadline=None)
@given(players=st.integers(5, 15), seed=st.integers(0, 10**9), travellers=st.integers(0, 5))
def test_self_played_games_end_by_the_rules_and_replay_identically(players, seed, travellers):
    log: list = []
    final, outcome = play(BMR, players, seed, log=log, travellers=travellers)
    assert final.phase is Phase.OVER, outcome
    check_winner(final)
    assert replay(players, seed, log, travellers, script=BMR) == final


def test_thousands_of_games_hold_every_property():
    """2,000 whole games of 5 to 15 players, with and without Travellers (some arriving
    mid-game), a quarter with a stand-in human storyteller ruling at random: every step holds
    the invariants and announces nothing secret; every game ends as the rules say, by every
    ending the edition has; replaying each log rebuilds the identical state; every character
    of the edition is dealt, and every BMR day action is used."""
    endings: Counter = Counter()
    used: Counter = Counter()
    dealt: set[str] = set()
    for i in range(GAMES):
        players, travellers = 5 + i % 11, i % 4
        storyteller = 999 if i % 4 == 1 else None
        log: list = []
        final, outcome = play(
            BMR,
            players,
            11 * i,
            log=log,
            travellers=travellers,
            storyteller=storyteller,
            arrivals=i % 3 == 0,
        )
        assert final.phase is Phase.OVER, (i, outcome)
        check_winner(final)
        assert replay(players, 11 * i, log, travellers, storyteller, BMR) == final, i
        endings[outcome.ending] += 1
        used.update(type(a).__name__ for a in log)
        dealt.update(s.character for s in final.seats)
    assert endings["unfinished"] == 0 and sum(endings.values()) == GAMES
    assert {"demon_dead", "two_left", "mastermind_execution", "mastermind_quiet"} <= set(endings)
    assert {"Gossip", "SwapSeats", "Verdict", "NightChoice", "StorytellerRuling"} <= set(used)
    assert set(BMR) | {"apprentice", "matron", "judge", "bishop", "voudon"} <= dealt
    assert set(used) <= set(ACTIONS)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(5, 15), seed=st.integers(0, 10**9), travellers=st.integers(0, 3))
def test_games_with_a_human_storyteller_ruling_anything_legal(players, seed, travellers):
    log: list = []
    final, outcome = play(BMR, players, seed, log=log, travellers=travellers, storyteller=999)
    assert final.phase is Phase.OVER, outcome
    check_winner(final)
    assert replay(players, seed, log, travellers, storyteller=999, script=BMR) == final
