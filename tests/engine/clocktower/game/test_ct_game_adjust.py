"""The storyteller's grimoire changes: each takes effect, and the rules follow from them."""

from __future__ import annotations

import pytest

from engine.clocktower.game import Adjust, EndDay, NightChoice, apply, grimoire
from engine.clocktower.game.events import Died
from engine.clocktower.game.working import is_drunk, is_poisoned, works
from engine.core import RuleError
from tests.engine.clocktower.game.support import ST, start

CHARS = ["imp", "poisoner", "empath", "chef", "monk"]


@pytest.fixture
def day():
    return apply(start({"characters": CHARS}), NightChoice(2, (2,))).state


def test_only_the_storyteller_and_only_known_changes(day):
    with pytest.raises(RuleError, match="Only the storyteller"):
        apply(day, Adjust(3, 4, "kill"))
    with pytest.raises(RuleError, match="Change one of"):
        apply(day, Adjust(ST, 4, "explode"))
    with pytest.raises(RuleError, match="already dead"):
        apply(apply(day, Adjust(ST, 4, "kill")).state, Adjust(ST, 4, "kill"))


def test_killing_the_demon_ends_the_game_and_revive_restores(day):
    step = apply(day, Adjust(ST, 4, "kill"))
    assert Died(player=4, cause="storyteller", day=1) in step.effects
    back = apply(step.state, Adjust(ST, 4, "revive")).state
    assert back.seats[3].alive and back.seats[3].ghost_vote
    assert apply(day, Adjust(ST, 1, "kill")).state.winner == "good"


def test_status_and_character_changes_drive_the_rules(day):
    state = apply(day, Adjust(ST, 5, "drunk")).state
    assert is_drunk(state, 5) and not works(state, 5)
    state = apply(state, Adjust(ST, 5, "sober")).state
    assert works(state, 5)
    state = apply(state, Adjust(ST, 3, "poison")).state
    state = apply(state, EndDay(ST)).state  # the storyteller's poison outlasts dusk
    assert is_poisoned(state, 3)
    state = apply(state, Adjust(ST, 4, "character", "soldier")).state
    state = apply(state, NightChoice(2, (2,))).state
    state = apply(state, NightChoice(5, (3,))).state
    state = apply(state, NightChoice(1, (4,))).state  # the new Soldier survives
    assert state.seats[3].alive
    assert state.pending is not None and state.pending.topic == "info"  # poisoned Empath


def test_reminders_show_in_the_grimoire(day):
    state = apply(day, Adjust(ST, 3, "remind", "claims Empath")).state
    state = apply(state, Adjust(ST, 2, "alignment", "good")).state
    seats = grimoire(state)["seats"]
    assert "claims Empath" in seats[2]["reminders"] and seats[1]["alignment"] == "good"
    state = apply(state, Adjust(ST, 3, "forget", "claims Empath")).state
    assert "claims Empath" not in grimoire(state)["seats"][2]["reminders"]
