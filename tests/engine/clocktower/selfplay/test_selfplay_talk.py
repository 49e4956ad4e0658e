"""What the simulated players say: good players claim honestly (the engine's public claims), by
the documented timing (the Virgin, Slayer and Saint hold back; the Saint speaks up before the
town nominates it); evil players bluff the Demon's bluffs or safe characters and keep their
made-up information consistent with their story; on Bad Moon Rising and Sects & Violets too,
the Lunatic bluffing as the Demon it believes it is and mad players keeping their madness."""

from __future__ import annotations

from collections import Counter

from engine.clocktower.catalogue import character
from engine.clocktower.game import Claim as PublicClaim
from engine.clocktower.game import EndDay, Nominate, Phase, apply, briefing
from engine.clocktower.game.claims import claimed
from engine.clocktower.game.madness import breaks, madness_of
from engine.clocktower.game.model import neighbours, seat
from engine.clocktower.game.roles import role
from engine.clocktower.selfplay import MAX_DAYS, Player, setup_game
from engine.clocktower.selfplay.talk import LATE, believes_evil, heard, holds_back
from tests.engine.clocktower.game.support import BMR, SNV, TB


def games(players: int = 10, count: int = 25):
    """(state, table, action) at every step of some self-played games."""
    for seed in range(count):
        state = setup_game(TB, players, seed)
        table = Player(seed)
        while state.phase is not Phase.OVER:
            action = table.act(state)
            yield state, table, action
            state = apply(state, action).state


def test_the_hold_back_rule_is_read_from_the_units():
    assert holds_back("virgin") == "nominated" and holds_back("saint") == "targeted"
    assert holds_back("slayer") == "used" and holds_back("empath") is None
    assert holds_back("philosopher") is None  # it relays hooks, it does not hold back
    # a statement anyone may make, daily: nothing to hide, so the Gossip claims on day 1 (a
    # late claim would rebuild the reasoning players' worlds)
    assert holds_back("gossip") is None


def test_good_players_claim_honestly_and_on_time():
    """Checked whenever the table nominates or ends the day, when the day's claims are made."""
    checked = Counter()
    for state, table, action in games():
        if not isinstance(action, (Nominate, EndDay)):
            continue
        for s in state.seats:
            if s.alignment != "good" or s.team == "traveller":
                continue
            said = claimed(state, s.player)
            broke = s.player in table.talk.broken
            if holds_back(s.shown) and not broke and state.day < LATE:
                assert said is None, (state.day, s.shown)
                checked["held back"] += 1
                continue
            assert said == s.shown  # a Drunk: its Townsfolk
            assert set(table.talk.heard_from(s.player)) <= set(heard(state, s.player))
            checked["claims"] += 1
    assert checked["claims"] > 500 and checked["held back"] > 20, checked


def test_the_saint_speaks_up_before_it_is_nominated_and_the_virgin_after():
    seen = Counter()
    virgins: dict[int, int] = {}
    for state, _, action in games(count=60):
        if isinstance(action, Nominate):
            target = next(s for s in state.seats if s.player == action.target)
            if target.alignment == "good" and holds_back(target.shown) == "targeted":
                assert claimed(state, target.player) == target.shown
                seen["saint"] += 1
            if target.alignment == "good" and holds_back(target.shown) == "nominated":
                virgins[target.player] = state.day
        if isinstance(action, EndDay):
            for player, day in list(virgins.items()):
                if day == state.day:
                    assert claimed(state, player) == "virgin"
                    seen["virgin"] += 1
            virgins.clear()
    assert seen["saint"] >= 3 and seen["virgin"] >= 3, seen


def test_evil_bluffs_and_keeps_its_story():
    seen = Counter()
    for state, table, action in games(count=40):
        if not isinstance(action, (Nominate, EndDay)):
            continue
        talk = table.talk
        for s in state.seats:
            said = claimed(state, s.player)
            if s.alignment != "evil" or said is None:
                continue
            assert said in talk.bluffs.values()
            if said in state.bluffs:
                seen["demon's bluff"] += 1
            in_play = {x.character for x in state.seats}
            assert said not in in_play or s.team != "demon"
            told = talk.heard_from(s.player)
            for item in told:  # made up once, and never changed
                night = (item.moment + 1) // 2
                assert talk.made_up[s.player][night] == item
            if said == "empath" and told:
                last = told[-1]
                story = talk.story(state)
                assert last.answer == sum(story[p].alignment == "evil" for p in last.players)
                seen["empath numbers"] += 1
    assert seen["demon's bluff"] > 50 and seen["empath numbers"] > 0, seen


def test_bluffed_information_describes_the_story_world():
    state = setup_game(TB, 10, 3)
    table = Player(3)
    while state.phase is not Phase.DAY:
        state = apply(state, table.act(state)).state
    world = table.talk.story(state)
    evil = next(s for s in state.seats if s.alignment == "evil")
    item = role("empath").bluff(table, state, evil.player, world, 1)
    assert item is not None
    near = tuple(dict.fromkeys(neighbours(state, evil.player)))
    assert item.players == near
    assert item.answer == sum(world[p].alignment == "evil" for p in near)
    chef = role("chef").bluff(table, state, evil.player, world, 1)
    assert chef is not None and 0 <= chef.answer <= 3
    assert role("chef").bluff(table, state, evil.player, world, 2) is None  # first night only


def edition_games(script: tuple[str, ...], count: int, players: int = 10):
    """(state, table, action) at every step of some self-played games of ``script``."""
    for seed in range(count):
        state = setup_game(script, players, seed)
        table = Player(seed)
        while state.phase is not Phase.OVER and state.day <= MAX_DAYS:
            action = table.act(state)
            yield state, table, action
            state = apply(state, action).state


def test_a_mad_player_keeps_madness_or_keeps_quiet():
    """On Sects & Violets the Cerenovus makes players mad: none of them breaks it by a claim
    (the bot storyteller would execute them), not even a Juggler who juggles."""
    seen = Counter()
    for state, _, action in edition_games(SNV, 20):
        if not isinstance(action, PublicClaim) or seat(state, action.by).character == "mutant":
            continue  # the Mutant's own claims slip now and then, by its unit
        for m in madness_of(state, action.by):
            assert not breaks(state, m, action.character), (action, m)
            seen["mad claims"] += 1
    assert seen["mad claims"] >= 10, seen


def test_the_lunatic_bluffs_as_the_demon_it_believes_it_is():
    """The Lunatic never claims the Demon it was shown: it bluffs a good character, from the
    bluffs it was shown while any is unclaimed, and says nothing it learned."""
    seen = Counter()
    for state, table, action in edition_games(BMR, 15):
        if not isinstance(action, PublicClaim):
            continue
        s = seat(state, action.by)
        if s.character != "lunatic":
            continue
        assert believes_evil(s) and not character(action.character).evil
        assert table.talk.heard_from(s.player) == ()
        shown = [t.data["bluffs"] for t in briefing(state, s.player) if t.event == "demon_info"]
        seen["from its bluffs"] += bool(shown) and action.character in shown[-1]
        seen["claims"] += 1
    assert seen["claims"] >= 3 and seen["from its bluffs"] >= 1, seen
