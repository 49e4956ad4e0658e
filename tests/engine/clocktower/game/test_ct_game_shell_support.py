"""What the Discord shell needs from the engine: reordering seats in the lobby, the storyteller
acting for (or skipping) an idle night player, and the documented timeout defaults."""

from __future__ import annotations

import pytest

from engine.clocktower.game import (
    SYSTEM,
    EndDay,
    Join,
    MoveSeat,
    NightChoice,
    Nominate,
    SkipWake,
    Start,
    Vote,
    apply,
    briefing,
    new_game,
    timeout_action,
)
from engine.clocktower.game.events import Seated
from engine.core import RuleError
from tests.engine.clocktower.game.support import ST, TB, start

CHARS = ["imp", "poisoner", "empath", "chef", "monk"]


def lobby(bot: bool):
    state = new_game(None if bot else ST, 5, TB, bot)
    for p in range(1, 6):
        state = apply(state, Join(p)).state
    return state


def test_the_storyteller_reorders_the_lobby():
    state = lobby(bot=False)
    step = apply(state, MoveSeat(ST, 5, 0))
    assert step.state.players == (5, 1, 2, 3, 4)
    assert step.effects == (Seated(player=5, position=0, players=(5, 1, 2, 3, 4)),)
    assert apply(step.state, MoveSeat(ST, 5, 4)).state.players == (1, 2, 3, 4, 5)
    assert apply(lobby(bot=True), MoveSeat(SYSTEM, 1, 2)).state.players == (2, 3, 1, 4, 5)
    for action, message in [
        (MoveSeat(3, 5, 0), "Only the storyteller"),
        (MoveSeat(SYSTEM, 5, 0), "Only the storyteller"),  # no bot here: SYSTEM is nobody
        (MoveSeat(ST, 9, 0), "not in this game"),
        (MoveSeat(ST, 5, 5), "5 seats"),
        (MoveSeat(ST, 5, -1), "5 seats"),
    ]:
        with pytest.raises(RuleError, match=message):
            apply(state, action)
    started = apply(lobby(bot=True), Start(SYSTEM, tuple(CHARS))).state
    day = apply(started, NightChoice(2, (2,))).state
    with pytest.raises(RuleError, match="before the game starts"):
        apply(day, MoveSeat(SYSTEM, 5, 0))


def test_the_storyteller_chooses_for_an_idle_player():
    night = start({"characters": CHARS})  # the Poisoner's choice is awaited
    assert night.pending.to == 2
    with pytest.raises(RuleError, match="Only the storyteller"):
        apply(night, NightChoice(3, (4,), player=2))
    with pytest.raises(RuleError, match="Only the storyteller"):
        apply(night, NightChoice(SYSTEM, (4,), player=2))  # not the shell, with a human
    with pytest.raises(RuleError, match="That player is not being asked"):
        apply(night, NightChoice(ST, (4,), player=3))
    state = apply(night, NightChoice(ST, (3,), player=2)).state
    assert any(m.kind == "poisoned" and (m.source, m.target) == (2, 3) for m in state.marks)
    assert state.pending.topic == "info"  # the poisoned Empath's information is a ruling


def test_the_storyteller_skips_a_wake_which_then_does_nothing():
    night = start({"characters": CHARS})
    with pytest.raises(RuleError, match="Only the storyteller"):
        apply(night, SkipWake(2))
    step = apply(night, SkipWake(ST))
    day = step.state
    assert day.phase == "day" and not any(m.kind == "poisoned" for m in day.marks)
    assert briefing(day, 2)[-1].event == "wake_skipped"
    with pytest.raises(RuleError, match="No player's night choice"):
        apply(day, SkipWake(ST))
    night2 = apply(day, EndDay(ST)).state
    night2 = apply(night2, SkipWake(ST)).state  # the Poisoner
    night2 = apply(night2, NightChoice(5, (3,))).state  # the Monk
    after = apply(night2, SkipWake(ST)).state  # the Imp kills nobody
    assert after.phase == "day" and all(s.alive for s in after.seats)


def test_timeouts_never_decide_for_a_human_storyteller():
    night = start({"characters": CHARS})
    assert timeout_action(night) is None
    day = apply(night, NightChoice(2, (2,))).state
    assert timeout_action(day) is None
    assert timeout_action(apply(day, Nominate(3, 1)).state) is None


def test_bot_storyteller_timeouts_keep_the_game_moving():
    state = lobby(bot=True)
    assert timeout_action(state) is None
    state = apply(state, Start(SYSTEM, tuple(CHARS))).state
    action = timeout_action(state)  # the Poisoner idles
    assert action == NightChoice(SYSTEM, state.pending.default, player=2)
    state = apply(state, action).state
    assert state.phase == "day" and timeout_action(state) == EndDay(SYSTEM)
    voting = apply(state, Nominate(3, 1)).state
    voter = voting.vote.order[0]
    assert timeout_action(voting) == Vote(SYSTEM, False, voter=voter)
    assert apply(voting, timeout_action(voting)).state.vote.index == 1
    assert apply(state, timeout_action(state)).state.phase == "night"
