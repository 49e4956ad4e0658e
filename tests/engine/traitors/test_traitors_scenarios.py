"""Whole games from data files: setup, the action log (with refusals), and the outcome.

Each ``scenarios/*.json`` names a seed, the players in seat order (the first is the host), the
Traitor count and options, the Traitors the seed must deal, the actions (encoded as in the bot's
log; an action with ``"refused"`` must be refused with exactly that sentence), and the expected
outcome. Outcomes that the seed decides (a split night, a second tie) are pinned on purpose: a
change to the random draws would replay stored games differently.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import Public, RuleError, decode_action
from engine.traitors import ACTIONS, Fate, Join, Start, apply, new_game, traitors

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path):
    spec = json.loads(path.read_text(encoding="utf-8"))
    host, *others = spec["players"]
    state = new_game(host, spec["seed"], spec.get("recruit", False))
    for player in others:
        state = apply(state, Join(player)).state
    state = apply(state, Start(host, spec["traitors"])).state
    assert list(traitors(state)) == spec["expect_traitors"]
    events: list[str] = []
    for number, entry in enumerate(spec["actions"]):
        refusal = entry.get("refused")
        action = decode_action({k: v for k, v in entry.items() if k != "refused"}, ACTIONS)
        if refusal:
            with pytest.raises(RuleError) as caught:
                apply(state, action)
            assert str(caught.value) == refusal, f"action {number}: {entry}"
            continue
        step = apply(state, action)
        state = step.state
        events.extend(e.event for e in step.effects if isinstance(e, Public))
    expect = spec["expect"]
    fates = {fate: [p for p, f, _ in state.fates if f is fate] for fate in Fate}
    outcome = {
        "winner": state.winner,
        "phase": state.phase,
        "rounds": state.round,
        "banished": fates[Fate.BANISHED],
        "murdered": fates[Fate.MURDERED],
        "departed": fates[Fate.DEPARTED],
        "recruits": list(state.recruits),
        "host": state.host,
    }
    assert {key: outcome[key] for key in expect if key != "events"} == {
        k: v for k, v in expect.items() if k != "events"
    }
    if "events" in expect:
        assert events == expect["events"]
