"""The Klutz who learns by day that they died chooses before the day goes on: the game waits for
the choice (the bot storyteller's timeout takes the prompt's default, a human storyteller may
choose for an absent player), and an evil choice ends the game at once."""

from __future__ import annotations

import pytest

from engine.clocktower.game import (
    SYSTEM,
    EndDay,
    KlutzChoice,
    NightChoice,
    Nominate,
    Phase,
    StorytellerRuling,
    apply,
)
from engine.clocktower.game.idle import timeout_action
from engine.core import RuleError
from tests.engine.clocktower.game.support import ST, run_vote, start

CHARS = ["fanggu", "klutz", "witch", "oracle", "clockmaker", "dreamer", "artist"]


def first_day(curse: int, bot: bool):
    """Day 1 of a seven-player game whose Witch cursed ``curse`` (the Klutz is 2)."""
    state = start({"script": "snv", "characters": CHARS, "bot": bot})
    state = apply(state, NightChoice(3, (curse,))).state
    state = apply(state, NightChoice(6, (1,))).state  # the Dreamer dreams of the Demon
    if state.pending is not None:
        state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state
    assert state.phase is Phase.DAY
    return state


def executed_klutz(bot: bool):
    """The Klutz executed at the end of day 1, their choice awaited."""
    state = apply(first_day(7, bot), Nominate(5, 2)).state
    state = run_vote(state, [1, 2, 3, 4, 5, 6, 7])
    state = apply(state, EndDay(SYSTEM if bot else ST)).state
    assert state.phase is Phase.DAY and not state.seats[1].alive
    assert state.pending is not None and state.pending.to == 2
    return state


def test_the_bot_storytellers_timeout_makes_the_awaited_choice():
    state = executed_klutz(bot=True)
    idle = timeout_action(state)
    assert idle == NightChoice(SYSTEM, (1,), player=2)  # the first living player: the Demon
    over = apply(state, idle).state
    assert over.phase is Phase.OVER and (over.winner, over.ending) == ("evil", "klutz")


def test_a_human_storyteller_may_choose_for_the_absent_klutz_and_the_night_follows():
    state = executed_klutz(bot=False)
    with pytest.raises(RuleError, match="waiting for a player"):
        apply(state, EndDay(ST))
    with pytest.raises(RuleError, match="waiting for a player"):
        apply(state, KlutzChoice(2, 1))
    state = apply(state, NightChoice(ST, (6,), player=2)).state
    assert state.phase is Phase.NIGHT and state.night == 2
    assert state.pending is None or state.pending.to != 2


def test_a_klutz_killed_mid_day_chooses_at_once():
    """Cursed by the Witch, the Klutz dies nominating; the vote waits for their choice."""
    state = apply(first_day(2, bot=False), Nominate(2, 4)).state
    assert not state.seats[1].alive and state.phase is Phase.DAY
    assert state.pending is not None and state.pending.to == 2 and state.vote is not None
    state = apply(state, NightChoice(2, (3,))).state  # the Witch
    assert state.phase is Phase.OVER and (state.winner, state.ending) == ("evil", "klutz")
