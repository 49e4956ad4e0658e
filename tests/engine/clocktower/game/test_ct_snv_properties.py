"""Self-played Sects & Violets games: the invariants hold at every step (relaxed where the edition
changes characters and alignments), every game ends as the rules say, a replayed action log
rebuilds the identical state, and nothing secret is announced in public."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clocktower.catalogue import EVIL_TEAMS, character
from engine.clocktower.game import Phase, State
from engine.clocktower.game.ending import continuous_winner, prevented, unjudged
from engine.clocktower.game.events import EndingReached
from engine.clocktower.game.madness import every_madness
from engine.clocktower.game.model import demons, residents
from engine.clocktower.game.roles import has_ability
from engine.clocktower.game.working import works
from engine.clocktower.selfplay import play
from tests.engine.clocktower.game.support import SNV
from tests.engine.clocktower.game.test_ct_game_properties import (
    check_nominations,
    checked_games,
    tally,
)
from tests.engine.clocktower.game.test_ct_game_properties import check_winner as check_winner_tb
from tests.engine.clocktower.game.test_ct_game_properties import replay as replay_tb


def check_invariants(state: State) -> None:
    changed = {c.player for c in state.changes}
    changed |= {  # dealt evil (the Bounty Hunter's evil Townsfolk)
        t.to for t in state.told if t.event == "character" and t.data["alignment"] == "evil"
    }
    for s in state.seats:
        assert s.ghost_vote or not s.alive
        if s.team != "traveller" and s.player not in changed:
            # Alignments follow the dealt character unless an ability changed something.
            assert (s.alignment == "evil") == (s.team in EVIL_TEAMS), s
    for m in every_madness(state):
        good = m.about in state.script_ids and character(m.about).good  # of the game's script
        assert m.about == "outsider" or good, m
    if state.phase is Phase.DAY:
        check_nominations(state)
    if state.phase is not Phase.OVER and state.seats and continuous_winner(state) is not None:
        # Only a character the engine does not run leaves an ending open, and the storyteller
        # has been told it looks reached.
        unrun = unjudged(state)
        assert unrun, "the game goes on only while a Demon lives"
        reached = EndingReached(state.storyteller, *continuous_winner(state), unrun)
        assert state.phase is Phase.SETUP or reached in state.told
    elif state.phase is not Phase.OVER and state.seats:
        # The game goes on while a Demon lives, or while the Evil Twin stops good's win.
        assert demons(state) or prevented(state, "good")
        assert len(residents(state)) > 2 or not demons(state)
    assert all(day <= state.day for day, _ in state.abnormal)


def check_winner(state: State) -> None:
    """The edition's own endings; the others as in Trouble Brewing."""
    if state.ending == "vortox":
        vortox = [s for s in state.seats if s.character == "vortox" and works(state, s.player)]
        assert state.winner == "evil" and vortox and state.executed is None
    elif state.ending == "klutz":
        klutzes = [s for s in state.seats if has_ability(state, s, "klutz") and not s.alive]
        assert klutzes and state.winner in ("good", "evil")
    elif state.ending == "evil_twin":
        executee = next(s for s in state.seats if s.player == state.executed)
        assert state.winner == "evil" and executee.alignment == "good"
    else:
        check_winner_tb(state)


def replay(
    players: int,
    seed: int,
    log: list,
    travellers: int = 0,
    storyteller: int | None = None,
    script: tuple[str, ...] = SNV,
) -> State:
    return replay_tb(players, seed, log, travellers, storyteller, script, check_invariants)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(5, 15), seed=st.integers(0, 10**9), travellers=st.integers(0, 5))
def test_self_played_games_end_by_the_rules_and_replay_identically(players, seed, travellers):
    log: list = []
    final, outcome = play(SNV, players, seed, log=log, travellers=travellers)
    assert final.phase is Phase.OVER, outcome
    check_winner(final)
    assert replay(players, seed, log, travellers) == final


GAMES = 2_000


def test_thousands_of_games_hold_every_property():
    """2,000 whole Sects & Violets games from 5 to 13 players (the hypothesis test above reaches
    15), with and without Travellers (some arriving mid-game), a quarter with a stand-in human
    storyteller ruling at random: at every step the invariants hold and nothing secret is
    announced; every game ends as the rules say; replaying each log rebuilds the identical
    state; every ending and every action the edition brings happens."""
    endings, used = tally(checked_games(SNV, GAMES, 9, 11, check_winner, replay))
    assert endings["unfinished"] == 0 and sum(endings.values()) == GAMES
    # no "storyteller" ending: every official Traveller is run now, so none is left to declare
    expected = ("demon_dead", "two_left", "vortox", "klutz", "evil_twin")
    assert min(endings[e] for e in expected) > 0, endings
    sects = {"Claim", "ExecuteMad", "Juggle", "Question", "Visit", "Exile"}
    assert set(used) >= sects, used
