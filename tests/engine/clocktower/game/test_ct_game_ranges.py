"""The storyteller's full range of choices: every registration, every false answer, every true
pair and every bluff triple the rules allow is reachable (``StorytellerRuling.value``), and
nothing else is."""

from __future__ import annotations

import itertools

import pytest

from engine.clocktower.game import (
    EndDay,
    Join,
    NightChoice,
    Nominate,
    Start,
    State,
    StorytellerRuling,
    Vote,
    apply,
    briefing,
    new_game,
)
from engine.clocktower.game.model import Pending
from engine.clocktower.game.registration import script_team
from engine.core import RuleError
from tests.engine.clocktower.game.support import ST, TB, start

MINIONS = ("poisoner", "spy", "scarletwoman", "baron")
DEMONS = ("imp",)


def choose_last(state: State) -> State:
    """The waking player chooses the last seat but their own (the Monk, in these deals)."""
    pending = state.pending
    target = next(p for p in reversed(pending.options) if p != pending.to)
    return apply(state, NightChoice(pending.to, (target,))).state


def until_ruling(state: State, player: int) -> State:
    """Play the night's choices (``choose_last``) until the storyteller must rule on what
    ``player`` learns."""
    while not (
        state.pending is not None
        and state.pending.kind == "ruling"
        and dict(state.pending.data).get("player") == player
    ):
        assert state.pending is not None, "the night ended without that ruling"
        if state.pending.kind == "night_choice":
            state = choose_last(state)
        else:
            state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state
    return state


def told(state: State, value: tuple, player: int):
    """What ``player`` learns when the storyteller answers the pending ruling with ``value``."""
    pending = state.pending
    assert pending is not None
    after = apply(state, StorytellerRuling(ST, pending.id, value=value)).state
    return [t for t in briefing(after, player) if t.event == "info"][-1].data["answer"]


def refused(state: State, value: tuple) -> None:
    pending = state.pending
    assert pending is not None
    with pytest.raises(RuleError):
        apply(state, StorytellerRuling(ST, pending.id, value=value))


def others(state: State, player: int) -> list[int]:
    return [s.player for s in state.seats if s.player != player]


def test_a_sober_investigator_sees_the_recluse_as_any_minion_and_any_true_pair():
    chars = ["imp", "poisoner", "investigator", "recluse", "chef", "empath", "monk"]
    state = until_ruling(start({"characters": chars}), 3)
    pending: Pending = state.pending
    assert pending.topic == "info" and dict(pending.data)["reason"] == "registration"
    for minion in script_team(state, "minion"):
        for decoy in others(state, 3):
            if decoy != 4:
                assert told(state, (4, decoy, minion), 3) == (*sorted((4, decoy)), minion)
    for decoy in others(state, 3):
        if decoy != 2:
            assert told(state, (2, decoy, "poisoner"), 3) == (*sorted((2, decoy)), "poisoner")
    refused(state, (5, 6, "poisoner"))  # neither is, nor may register as, the Poisoner
    refused(state, (2, 5, "spy"))  # the Poisoner is no Spy
    refused(state, (2, 2, "poisoner"))  # two different players
    refused(state, (3, 5, "poisoner"))  # not themselves
    refused(state, (2, 5))  # three parts


def test_a_drunk_investigator_may_be_shown_any_pair_and_any_minion():
    chars = ["imp", "poisoner", "chef", "drunk", "empath", "soldier", "monk"]
    state = start({"characters": chars, "drunk_token": "investigator"})
    state = until_ruling(state, 4)  # the Drunk believes they are the Investigator
    assert dict(state.pending.data)["reason"] == "drunk"
    for a, b in itertools.combinations(others(state, 4), 2):
        for minion in MINIONS:
            assert told(state, (b, a, minion), 4) == (a, b, minion)
    refused(state, (1, 2, "chef"))  # a Townsfolk is no Minion


def test_a_spy_registers_as_any_townsfolk_or_outsider_to_the_washerwoman():
    chars = ["imp", "spy", "washerwoman", "chef", "empath", "monk", "saint"]
    state = until_ruling(start({"characters": chars}), 3)
    for townsfolk in script_team(state, "townsfolk"):
        assert told(state, (2, 5, townsfolk), 3) == (2, 5, townsfolk)
    refused(state, (1, 5, "chef"))  # the Imp does not misregister


def test_a_drunk_chef_may_hear_any_count_and_the_recluse_moves_a_sober_one():
    drunk = start(
        {"characters": ["imp", "poisoner", "drunk", "empath", "monk"], "drunk_token": "chef"}
    )
    drunk = until_ruling(drunk, 3)
    assert {told(drunk, (n,), 3) for n in range(6)} == set(range(6))
    refused(drunk, (6,))
    sober = start({"characters": ["imp", "poisoner", "recluse", "chef", "monk"]})
    sober = until_ruling(sober, 4)
    assert set(sober.pending.options) == {1, 2}  # Imp-Poisoner, and the Recluse beside them


def test_the_recluse_registers_as_any_minion_or_demon_to_the_undertaker():
    chars = ["imp", "poisoner", "recluse", "undertaker", "chef", "empath", "monk"]
    state = start({"characters": chars})
    while state.pending is not None:  # the first night
        if state.pending.kind == "night_choice":
            state = choose_last(state)
        else:
            state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state
    state = apply(state, Nominate(4, 3)).state
    while state.vote is not None:
        voter = state.vote.order[state.vote.index]
        state = apply(state, Vote(voter, True)).state
    state = apply(state, EndDay(ST)).state
    state = until_ruling(state, 4)
    assert set(state.pending.options) == {"recluse", *MINIONS, *DEMONS}


def test_every_triple_of_good_characters_not_in_play_may_be_the_bluffs():
    chars = ["imp", "poisoner", "washerwoman", "chef", "empath", "monk", "saint"]
    state = new_game(ST, 1, TB, False)
    for p in range(1, 8):
        state = apply(state, Join(p)).state
    state = apply(state, Start(ST, tuple(chars))).state
    assert state.pending.topic == "bluffs"
    good = script_team(state, "townsfolk") + script_team(state, "outsider")
    spare = [c for c in good if c not in chars and c != "drunk"]
    triples = list(itertools.combinations(spare, 3))
    assert len(triples) == 165  # 11 good characters not in play (the Drunk is never a bluff)
    for triple in triples:
        after = apply(state, StorytellerRuling(ST, state.pending.id, value=triple[::-1])).state
        assert after.bluffs == tuple(sorted(triple))
    refused_bluffs = (("chef", "monk", "mayor"), ("mayor", "mayor", "slayer"), ("imp", "a", "b"))
    for bad in refused_bluffs:
        with pytest.raises(RuleError):
            apply(state, StorytellerRuling(ST, state.pending.id, value=bad))
