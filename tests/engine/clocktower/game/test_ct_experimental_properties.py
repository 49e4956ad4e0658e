"""Self-played games of scripts that mix the experimental characters of one side the engine runs
with the base editions' other side (``roster.mixed_script``: the experimental Townsfolk and
Outsiders with an edition's evil team, the experimental Minions and Demons with an edition's
good characters): the invariants hold at every step,
nothing secret is announced, every game ends as the rules say, and every log replays to the
identical state, as for the base editions (``test_ct_game_properties``).

Each experimental character the registry has (Travellers, Fabled and Loric aside, which have
scenarios and games of their own) is a case of its own, in play in every one of
its games (the seeds whose deal includes it), on the three editions' evil teams in turn, a
quarter of the games with a stand-in human storyteller ruling at random. The cases grow as the
characters land. CI plays ``SAMPLE`` games a character; the issue's 2,000 games in all are one
command: ``RAVENSWOOD_FULL=1 python -m pytest tests/engine/clocktower/game/test_ct_experimental_properties.py``.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import replace

import pytest

from engine.clocktower.catalogue import EVIL_TEAMS, character, characters, find
from engine.clocktower.counts import mod
from engine.clocktower.game import ACTIONS, Phase, State, apply, unsupported
from engine.clocktower.game.ending import continuous_winner, unjudged
from engine.clocktower.game.events import EndingReached
from engine.clocktower.game.roles import REGISTRY, Role, has_ability, seats_having
from engine.clocktower.game.roster import GOOD_TEAMS, experimental, mixed_script
from engine.clocktower.selfplay import Outcome, play, setup_game
from engine.core import GameOver, RuleError, decode_action, encode_action
from tests.engine.clocktower.game.test_ct_game_properties import check_effects, check_nominations
from tests.engine.clocktower.game.test_ct_snv_properties import check_winner as check_base_winner

EXPERIMENTAL = experimental(GOOD_TEAMS) + experimental(EVIL_TEAMS)
EDITIONS = ("tb", "bmr", "snv")
TOTAL = 2_000  # the count, shared among the characters
SAMPLE = 8  # a character's games in CI
FULL = bool(os.environ.get("RAVENSWOOD_FULL"))
DEALS = 400  # seeds tried for a deal with the character in play, before giving up
# Characters whose ability sets their holder's alignment without telling them (by the rules), a
# player who gained it too (the Hermit).
SILENT_ALIGNMENT = {"ogre"}
# Characters the bot storyteller never deals, by its documented policy (the unit's ``policy``):
# their games are all played with the stand-in human storyteller.
HUMAN_ONLY = {"atheist"}
# Public events that are what a player chose to say (the Alsaahir's guess), besides the base
# editions' (``test_ct_game_properties.SAID_IN_PUBLIC``).
SAID_IN_PUBLIC = ("alsaahir",)


def check_invariants(state: State) -> None:
    """What holds at every step: ghost votes, one nomination each a day, alignments that
    follow the dealt team unless an ability changed them (or a setup rule made a Townsfolk
    evil: the Bounty Hunter's), and a game that goes on only while
    no ending is reached (or while the storyteller has been told of an ending a character the
    engine does not run may change, or while the ending waits for a ruling that may rewrite
    its result)."""
    changed = {c.player for c in state.changes} | {t.to for t in state.told if t.event == "turned"}
    dealt = {s.character for s in state.seats} | {c.before for c in state.changes}
    evil_townsfolk = sum(mod(character(c)).evil_townsfolk for c in dealt if find(c))
    unexplained = 0
    for s in state.seats:
        assert s.ghost_vote or not s.alive
        silent = any(has_ability(state, s, c) for c in SILENT_ALIGNMENT)
        if s.team == "traveller" or s.player in changed or silent:
            continue
        if s.team == "townsfolk" and s.alignment == "evil":
            unexplained += 1
        else:
            assert (s.alignment == "evil") == (s.team in EVIL_TEAMS), s
    assert unexplained <= evil_townsfolk, "an evil Townsfolk no setup rule or ability made"
    if state.phase is Phase.DAY:
        check_nominations(state)
    if state.phase not in (Phase.OVER, Phase.SETUP) and continuous_winner(state) is not None:
        if concluding(state):
            return
        unrun = unjudged(state)
        assert unrun, f"the game goes on past {continuous_winner(state)}"
        assert EndingReached(state.storyteller, *continuous_winner(state), unrun) in state.told


def concluding(state: State) -> bool:
    """Whether the game is ending, waiting for a ruling of a character that rewrites the
    result (``Role.overturn``: whether the Politician was most responsible for the loss)."""
    if state.pending is None or not hasattr(Role, "overturn"):
        return False
    owner = REGISTRY.topic_owner(state.pending.topic)
    return owner is not None and owner.id in REGISTRY.having("overturn")


def check_winner(state: State) -> None:
    """An ending a character in play declares (``Role.endings``) names a winner; the others
    are as in the base editions, or as a character in play ends the game (``Role.ends_game``:
    the Atheist's two players left), the winner perhaps turned round by one that overturns
    results (``Role.overturn``: the Heretic)."""
    owner = REGISTRY.ending_owner(state.ending or "")
    if owner is not None and owner.id not in BASE_ENDINGS:
        assert any(has_ability(state, s, owner.id) for s in state.seats), state.ending
        assert state.winner in ("good", "evil")
        return
    overturned = hasattr(Role, "overturn") and seats_having(state, "overturn")
    failures = []
    for winner in ("good", "evil") if overturned else (state.winner,):
        ruled = replace(state, winner=winner)
        if hasattr(Role, "ends_game") and any(
            unit.ends_game(ruled, s) == (winner, state.ending)
            for s, unit in seats_having(ruled, "ends_game")
        ):
            return
        try:
            return check_base_winner(ruled)
        except AssertionError as failure:
            failures.append(failure)
    raise failures[0]


BASE_ENDINGS = {"saint", "mayor", "vortox", "klutz", "eviltwin", "mastermind"}


def decoded(action):
    """An action through the log's codec, the units' own day actions too."""
    return decode_action(encode_action(action), {**ACTIONS, **REGISTRY.day_actions()})


def replay(script, players, seed, deal, travellers, storyteller, log) -> State:
    """Replay a game's log through the codec from its setup, checking every step (what a
    player chose to say in public, ``SAID_IN_PUBLIC``, may name anyone)."""
    state = setup_game(script, players, seed, deal, travellers, storyteller)
    for action in log:
        step = apply(state, decoded(action))
        check_invariants(step.state)
        unsaid = [e for e in step.effects if getattr(e, "event", None) not in SAID_IN_PUBLIC]
        check_effects(step.state, unsaid, storyteller is not None)
        if any(isinstance(e, GameOver) for e in step.effects):
            assert step.state.phase is Phase.OVER
        state = step.state
    return state


def checked_game(
    script: tuple[str, ...],
    players: int,
    seed: int,
    deal: tuple[str, ...] = (),
    travellers: int = 0,
    storyteller: int | None = None,
    arrivals: bool = False,
) -> tuple[State, Outcome, list]:
    """One self-played game (naive players), checked: it ends by the rules and its log replays
    through the codec, every step checked, to the identical state. Returns (final state,
    outcome, log)."""
    log: list = []
    final, outcome = play(
        script,
        players,
        seed,
        deal,
        log=log,
        travellers=travellers,
        storyteller=storyteller,
        arrivals=arrivals,
        reason=False,
    )
    assert final.phase is Phase.OVER, (seed, outcome)
    check_winner(final)
    assert replay(script, players, seed, deal, travellers, storyteller, log) == final, seed
    return final, outcome, log


def deal_with(
    script: tuple[str, ...], cid: str, players: int, travellers: int, storyteller, start: int
) -> tuple[int, tuple[str, ...]] | None:
    """A seed and a deal (empty: the bag's own) that put ``cid`` in a player's seat: the first
    seed from ``start`` whose bag deals it, else a bag's deal with ``cid`` in place of a
    character of its team, the first the rules accept; None when neither does."""
    for seed in range(start, start + DEALS):
        state = setup_game(script, players, seed, travellers=travellers, storyteller=storyteller)
        if any(s.character == cid for s in state.seats):
            return seed, ()
    team = character(cid).team
    for seed in range(start, start + DEALS // 10):
        state = setup_game(script, players, seed, travellers=travellers, storyteller=storyteller)
        dealt = [s.character for s in state.seats]
        for i in (i for i, s in enumerate(state.seats) if s.team == team):
            deal = (*dealt[:i], cid, *dealt[i + 1 :])
            try:
                setup_game(script, players, seed, deal, travellers, storyteller)
            except RuleError:
                continue
            return seed, deal
    return None


def table_with(
    script: tuple[str, ...], cid: str, players: int, travellers: int, storyteller, start: int
) -> tuple[int, int, tuple[str, ...]]:
    """(players, seed, deal) for a game with ``cid`` in play: at ``players`` players, else at
    the next table size where it can be dealt (the Heretic, which excludes the Baron, cannot
    be at five players with Trouble Brewing's evil team)."""
    sizes = [5 + (players - 5 + k) % 11 for k in range(11)]
    for size in sizes:
        found = deal_with(script, cid, size, travellers, storyteller, start)
        if found is not None:
            return size, *found
    raise AssertionError(f"{cid} cannot be dealt at any table size")


def script_for(cid: str, edition: str) -> tuple[str, ...]:
    """The mixed script of ``cid``'s side, with ``edition``'s other side."""
    return mixed_script(edition, "evil" if character(cid).team in EVIL_TEAMS else "good")


def games_each() -> int:
    return math.ceil(TOTAL / max(len(EXPERIMENTAL), 1)) if FULL else SAMPLE


@pytest.mark.parametrize(("teams", "count"), [(GOOD_TEAMS, 41), (EVIL_TEAMS, 25)])
def test_the_engine_runs_every_experimental_character(teams, count):
    """The cases below are the registry's, and it runs every experimental character of the
    catalogue of these teams (41 Townsfolk and Outsiders, 25 Minions and Demons): the bot
    storyteller accepts every script built from them."""
    catalogue = [c.id for c in characters() if c.edition == "carousel" and c.team in teams]
    assert len(catalogue) == count
    assert unsupported(tuple(catalogue)) == ()
    for edition in EDITIONS:
        assert set(catalogue) <= set(script_for(catalogue[0], edition))


@pytest.mark.parametrize("cid", EXPERIMENTAL)
def test_games_with_the_character_in_play_hold_every_property(cid):
    """Game ``i``: the evil team of ``EDITIONS[i % 3]``, 5 to 15 players, ``i % 4``
    Travellers (newcomers arriving in every third game), a stand-in human storyteller in every
    fourth (in all, for a character the bot never deals), the character in play; it ends by
    the rules and its log replays identically."""
    endings: Counter = Counter()
    for i in range(games_each()):
        script = script_for(cid, EDITIONS[i % 3])
        players, travellers = 5 + (i * 7) % 11, i % 4
        storyteller = 999 if i % 4 == 1 or cid in HUMAN_ONLY else None
        players, seed, deal = table_with(script, cid, players, travellers, storyteller, 1_000 * i)
        _, outcome, _ = checked_game(
            script, players, seed, deal, travellers, storyteller, arrivals=i % 3 == 0
        )
        endings[outcome.ending] += 1
    assert endings["unfinished"] == 0 and sum(endings.values()) == games_each()


def test_the_bot_never_deals_what_its_policy_says_it_never_deals():
    """``HUMAN_ONLY`` is what the units say, and no more: the bot's deal refuses them."""
    for cid in HUMAN_ONLY & set(EXPERIMENTAL):
        assert deal_with(mixed_script("tb"), cid, 10, 0, None, 0) is None
