"""Setup: counts with modifiers, the Drunk's token, bluffs, red herring, Minion/Demon info."""

from __future__ import annotations

import pytest

from engine.clocktower.catalogue import character
from engine.clocktower.game import SYSTEM, Join, Start, apply, briefing, new_game
from engine.clocktower.game.model import Phase, mark_target
from engine.clocktower.game.setup import TEAMS, legal_deals
from engine.core import RuleError
from tests.engine.clocktower.game.support import TB


def lobby(n: int, bot: bool = True, seed: int = 3):
    state = new_game(None if bot else 100, seed, TB, bot)
    for p in range(1, n + 1):
        state = apply(state, Join(p)).state
    return state


@pytest.mark.parametrize("n", range(5, 16))
def test_a_bag_deals_legal_counts_and_setup_facts(n):
    state = apply(lobby(n, seed=n), Start(SYSTEM)).state
    assert state.phase in (Phase.NIGHT, Phase.DAY) and state.night == 1
    ids = [s.character for s in state.seats]
    teams = tuple(sum(character(c).team == t for c in ids) for t in TEAMS)
    assert teams in legal_deals(state, ids)
    in_play = set(ids) | {s.shown for s in state.seats}
    assert len(state.bluffs) == (3 if n >= 7 else 0)  # no Demon info, so no bluffs, below 7
    assert not set(state.bluffs) & in_play
    assert all(character(b).good for b in state.bluffs)
    for s in state.seats:
        if s.character == "drunk":
            assert character(s.shown).team == "townsfolk" and s.shown not in ids
        else:
            assert s.shown == s.character
        if s.character == "fortuneteller":
            herring = mark_target(state, "red_herring", s.player)
            assert next(x for x in state.seats if x.player == herring).alignment == "good"
        told = briefing(state, s.player)[0]
        assert told.event == "character" and told.data["character"] == s.shown
    evil_info = {t.event for s in state.seats for t in briefing(state, s.player)}
    assert ("minion_info" in evil_info) == (n >= 7)
    assert ("demon_info" in evil_info) == (n >= 7)


def test_demon_info_names_minions_and_the_bluffs():
    state = apply(lobby(8, seed=11), Start(SYSTEM)).state
    imp = next(s.player for s in state.seats if s.team == "demon")
    info = next(t for t in briefing(state, imp) if t.event == "demon_info")
    assert set(info.data["minions"]) == {s.player for s in state.seats if s.team == "minion"}
    assert info.data["bluffs"] == state.bluffs


def test_the_baron_adds_two_outsiders():
    ids = ["imp", "baron", "washerwoman", "chef", "empath", "saint", "drunk"]
    assert legal_deals(lobby(7), ids) == {(3, 2, 1, 1)}
    with pytest.raises(RuleError, match="3 townsfolk, 2 outsider"):
        apply(
            lobby(7),
            Start(SYSTEM, ("imp", "baron", "washerwoman", "chef", "empath", "monk", "mayor")),
        )


def test_a_human_storyteller_may_deal_off_the_table_and_is_told_where():
    deal = ("imp", "baron", "washerwoman", "chef", "empath", "monk", "mayor")
    state = apply(lobby(7, bot=False), Start(100, deal)).state
    assert [s.character for s in state.seats] == list(deal)
    notes = next(t for t in briefing(state, 100) if t.event == "setup_notes")
    assert "3 townsfolk, 2 outsider" in notes.data["counts"]
    assert "5 townsfolk, 0 outsider" in notes.data["counts"]


@pytest.mark.parametrize(
    ("chars", "message"),
    [
        (("imp", "poisoner", "chef", "empath"), "one character per player"),
        (("imp", "poisoner", "chef", "empath", "empath"), "only once"),
        (("imp", "poisoner", "chef", "empath", "vortox"), "not a character on this script"),
        (("imp", "poisoner", "chef", "empath", "saint"), "setup table gives"),
    ],
)
def test_bad_character_lists_are_refused(chars, message):
    state = lobby(5)
    with pytest.raises(RuleError, match=message):
        apply(state, Start(SYSTEM, chars))


def test_human_storyteller_rules_the_setup_and_the_bot_never_waits():
    chars = ("imp", "poisoner", "drunk", "fortuneteller", "chef", "soldier")
    human = apply(lobby(6, bot=False), Start(100, chars)).state
    assert human.pending is not None and human.pending.topic == "drunk_token"
    assert human.pending.to == 100
    bot = apply(lobby(6), Start(SYSTEM, chars)).state
    assert bot.pending is not None and bot.pending.kind == "night_choice"


def test_lobby_rules():
    state = lobby(5, bot=False)
    with pytest.raises(RuleError, match="already in"):
        apply(state, Join(3))
    with pytest.raises(RuleError, match="storyteller cannot also play"):
        apply(state, Join(100))
    with pytest.raises(RuleError, match="Only the storyteller"):
        apply(state, Start(3))
    with pytest.raises(RuleError, match="5 to 15"):
        apply(lobby(4, bot=False), Start(100))
    with pytest.raises(RuleError, match="storyteller"):
        new_game(None, 1, TB, False)


def test_traveller_characters_go_exactly_to_the_travellers_seats():
    state = lobby(5)
    state = apply(state, Join(6, traveller=True)).state
    base = ("imp", "poisoner", "chef", "empath", "monk")
    with pytest.raises(RuleError, match="Travellers' seats"):
        apply(state, Start(SYSTEM, ("gunslinger", *base[1:], base[0])))
    with pytest.raises(RuleError, match="Travellers' seats"):
        apply(lobby(6), Start(SYSTEM, (*base, "gunslinger")))
    started = apply(state, Start(SYSTEM, (*base, "gunslinger"))).state
    assert started.seats[5].team == "traveller"


@pytest.mark.parametrize("seed", range(40))
def test_bags_deal_only_travellers_the_engine_runs_and_no_herring_is_a_traveller(seed):
    from engine.clocktower.game.roles import REGISTRY

    state = lobby(6 + seed % 8, seed=seed)
    for p in range(50, 50 + 1 + seed % 5):
        state = apply(state, Join(p, traveller=True)).state
    state = apply(state, Start(SYSTEM)).state
    travellers = [s for s in state.seats if s.player >= 50]
    assert all(s.team == "traveller" and s.character in REGISTRY for s in travellers)
    for s in state.seats:
        if s.character == "fortuneteller":
            herring = mark_target(state, "red_herring", s.player)
            assert (
                herring < 50
                and next(x for x in state.seats if x.player == herring).alignment == "good"
            )
