"""docs/clocktower.md stays true: its worked example (the Steward) is the unit the engine runs,
as written, and with it the bot storyteller accepts the character, the night wakes it, its
information reads, rulings offer its full range, and self-play uses it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.clocktower.game import (
    Join,
    NightChoice,
    Start,
    StorytellerRuling,
    apply,
    briefing,
    new_game,
    unsupported,
)
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.selfplay import play
from engine.core import RuleError

ROOT = Path(__file__).resolve().parents[4]
DOC = ROOT / "docs" / "clocktower.md"
UNIT = ROOT / "engine" / "clocktower" / "game" / "characters" / "steward.py"
SCRIPT = (
    "steward",
    "chef",
    "empath",
    "monk",
    "soldier",
    "mayor",
    "saint",
    "poisoner",
    "spy",
    "imp",
)


def example_code() -> str:
    section = DOC.read_text(encoding="utf-8").split("## How to add a character", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


class Words:
    def player(self, p: int) -> str:
        return f"P{p}"

    def players(self, ps) -> str:
        return ", ".join(f"P{p}" for p in ps)

    def character(self, cid: str) -> str:
        return cid

    def strong(self, text: object) -> str:
        return f"*{text}*"

    def ability(self, cid: str) -> str:
        return f"({cid}'s ability)"


@pytest.fixture
def steward():
    """The document's unit, checked to be the module the engine registered."""
    assert example_code() in UNIT.read_text(encoding="utf-8")
    unit = REGISTRY.get("steward")
    assert unit is not None and type(unit).__module__.endswith(".steward")
    return type(unit)


def first_night(bot: bool, deal: tuple[str, ...]):
    state = new_game(None if bot else 100, 4, SCRIPT, bot)
    for p in range(1, len(deal) + 1):
        state = apply(state, Join(p)).state
    return apply(state, Start(0 if bot else 100, deal)).state


def test_the_worked_example_registers_a_character_the_bot_can_run(steward):
    assert "steward" in REGISTRY and unsupported(SCRIPT) == ()
    deal = ("imp", "poisoner", "steward", "chef", "empath", "monk", "soldier")
    state = first_night(True, deal)
    while state.pending is not None:  # every wake idle, the Poisoner's aside: the Steward is sober
        sober = (4,) if state.pending.topic == "poisoner" else state.pending.default
        state = apply(state, NightChoice(0, sober, player=state.pending.to)).state
    learned = [t.data for t in briefing(state, 3) if t.event == "info"]
    assert len(learned) == 1 and learned[0]["character"] == "steward"
    shown = learned[0]["answer"]
    assert next(s for s in state.seats if s.player == shown).alignment == "good"
    assert role("steward").reads(learned[0], Words()) == f"*P{shown}* is good."


def test_a_drunk_steward_may_be_shown_anyone_and_a_sober_one_any_good_player(steward):
    deal = ("imp", "poisoner", "steward", "chef", "empath", "monk", "soldier")
    state = first_night(False, deal)
    while state.pending.kind == "ruling":  # the bluffs
        state = apply(state, StorytellerRuling(100, state.pending.id, 0)).state
    poisoned = apply(state, NightChoice(2, (3,))).state  # the Poisoner picks the Steward
    assert dict(poisoned.pending.data)["reason"] == "poisoned"
    for anyone in (1, 2, 4, 5, 6, 7):
        told = apply(poisoned, StorytellerRuling(100, poisoned.pending.id, value=(anyone,)))
        assert [t.data for t in briefing(told.state, 3) if t.event == "info"][-1][
            "answer"
        ] == anyone
    sober = apply(state, NightChoice(2, (6,))).state  # the Monk, who does not wake tonight
    assert dict(sober.pending.data)["reason"] == "choice"
    for good in (4, 5, 6, 7):
        apply(sober, StorytellerRuling(100, sober.pending.id, value=(good,)))
    for evil in (1, 2):
        with pytest.raises(RuleError, match="do not allow"):
            apply(sober, StorytellerRuling(100, sober.pending.id, value=(evil,)))


def test_self_play_runs_whole_games_with_the_new_character(steward):
    for seed in range(3):
        final, outcome = play(SCRIPT, 8, seed)
        assert outcome.winner in ("good", "evil")
