"""docs/clocktower.md's toy, the Bellringer, run as written: one module gives a character a
night ability and a day ability, and the bot plays it and words its messages unchanged (its
night menu a question, its events worded by the unit, its day action decoded from the log)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs.clocktower.rules import ClocktowerRules
from bot.delivery import Outgoing
from bot.render.clocktower import ClocktowerRenderer
from engine.clocktower.game import SYSTEM, EndDay, Join, Phase, Start, apply, new_game
from engine.clocktower.game.prompts import open_questions
from engine.clocktower.game.questions import NightMenu
from engine.clocktower.game.roles import REGISTRY
from engine.clocktower.script import load_script
from engine.core import RuleError, decode_action, encode_action

DOC = Path(__file__).resolve().parents[2] / "docs" / "clocktower.md"
BELLRINGER = {
    "id": "bellringer",
    "name": "Bellringer",
    "team": "townsfolk",
    "ability": "Each night, choose a player: they hear a bell toll. Once per game, ring it.",
    "firstNight": 40,
    "otherNight": 40,
}
SCRIPT = [{"id": "_meta", "name": "Bells"}, BELLRINGER, "chef", "empath", "monk", "soldier"]
SCRIPT += ["mayor", "saint", "poisoner", "spy", "imp"]
DEAL = ("imp", "poisoner", "bellringer", "chef", "empath", "soldier", "mayor")


def example_code() -> str:
    section = DOC.read_text(encoding="utf-8").split("## A character with a night and a day", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def bellringer() -> Iterator[dict[str, Any]]:
    assert "bellringer" not in REGISTRY
    namespace: dict[str, Any] = {"__name__": "docs_toy"}
    code = compile(example_code(), str(DOC), "exec", dont_inherit=True)  # as a module would
    exec(code, namespace)  # defining it registers it
    try:
        yield namespace
    finally:
        REGISTRY.remove("bellringer")


def rendered(effect: Any, state: Any) -> Outgoing:
    session = SimpleNamespace(state=state, game=SimpleNamespace(id=1, channel_id=2))
    message = ClocktowerRenderer().render(effect, session, lambda p: f"player{p}")
    assert isinstance(message, Outgoing), effect
    return message


def test_the_toy_plays_by_night_and_by_day_and_the_bot_words_it(bellringer):
    script = load_script(json.dumps(SCRIPT))
    state = new_game(None, 4, script.ids, True, homebrew=script.homebrew)
    for p in range(1, 8):
        state = apply(state, Join(p)).state
    state = apply(state, Start(SYSTEM, DEAL)).state
    heard = []
    while state.phase is Phase.NIGHT:
        menu = next(q for q in open_questions(state) if isinstance(q, NightMenu))
        step = apply(state, menu.answer(menu.to[0], "-".join(map(str, menu.default))))
        heard += [e for e in step.effects if isinstance(e, bellringer["Tolled"])]
        state = step.state
    (tolled,) = heard  # the Bellringer (seat 3) woke, chose, and the chosen player heard it
    assert (
        tolled.to != 3 and rendered(tolled, state).content == "🔔 Night 1: a bell tolls, for you."
    )
    assert not rendered(tolled, state).public

    ring = bellringer["Ring"](3)
    assert ClocktowerRules.actions is not None and "Ring" in REGISTRY.day_actions()
    assert decode_action(encode_action(ring), REGISTRY.day_actions()) == ring  # the log keeps it
    with pytest.raises(RuleError, match="Only the Bellringer"):
        apply(state, bellringer["Ring"](4))
    step = apply(state, ring)
    (rang,) = step.effects
    assert rendered(rang, step.state).content == "🔔 <@3> rings the bell for all to hear."
    with pytest.raises(RuleError, match="once"):
        apply(step.state, ring)
    assert apply(step.state, EndDay(SYSTEM)).state.phase is Phase.NIGHT
