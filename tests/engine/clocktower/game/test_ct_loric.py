"""The Loric the engine runs: what the Bootlegger tells the table, and self-played games of Trouble
Brewing with them (and the experimental Travellers) in force."""

from __future__ import annotations

import os
from collections import Counter

from engine.clocktower.game import NightChoice, Phase, apply, new_game, unsupported
from engine.clocktower.game.characters.bootlegger import HouseRules
from engine.clocktower.game.characters.knaves import KNAVES
from engine.clocktower.game.events import Info
from engine.clocktower.game.roles import REGISTRY
from tests.engine.clocktower.game import test_ct_experimental_properties as experimental
from tests.engine.clocktower.game.support import TB, start

LORIC = (
    "bootlegger",
    "bigwig",
    "gardener",
    "godofug",
    "hindu",
    "pope",
    "stormcatcher",
    "ventriloquist",
    "zenomancer",
)
TRAVELLERS = ("gnome", "cacklejack", "gangster")
GAMES = int(os.environ.get("RAVENSWOOD_LORIC_GAMES", "24"))
KNAVES_GAMES = int(os.environ.get("RAVENSWOOD_KNAVES_GAMES", "40"))
RULE = "Seat 7 remains empty. Its choices are arbitrary."


def test_the_bot_runs_every_loric():
    assert unsupported(LORIC + TRAVELLERS) == ()
    assert unsupported(("knaves", "tor")) == ()


def test_the_bot_tells_the_house_rules_and_that_it_applies_none():
    spec = {
        "bot": True,
        "extra": ["bootlegger"],
        "house_rules": [RULE],
        "characters": ["imp", "poisoner", "empath", "chef", "monk", "saint"],
    }
    step = apply(start(spec), NightChoice(2, (2,)))
    assert step.state.phase is Phase.DAY
    assert HouseRules((RULE,), applied=False) in step.effects
    human = apply(start({**spec, "bot": False}), NightChoice(2, (2,)))
    assert HouseRules((RULE,), applied=True) in human.effects


def test_house_rules_on_a_script_without_the_bootlegger_are_told_as_its_are():
    """Real scripts carry rules in ``_meta.bootlegger`` without listing the Bootlegger: it is in
    play by the rules all the same, and the table is told them at the first dawn."""
    spec = {
        "bot": True,
        "house_rules": [RULE],
        "characters": ["imp", "poisoner", "empath", "chef", "monk", "saint"],
    }
    step = apply(start(spec), NightChoice(2, (2,)))
    assert "bootlegger" not in step.state.script_ids
    assert HouseRules((RULE,), applied=False) in step.effects
    human = apply(start({**spec, "bot": False}), NightChoice(2, (2,)))
    assert HouseRules((RULE,), applied=True) in human.effects
    plain = apply(start({**spec, "house_rules": []}), NightChoice(2, (2,)))
    assert not any(isinstance(e, HouseRules) for e in plain.effects)


def test_no_house_rules_nothing_told():
    state = new_game(None, 1, (*TB, "bootlegger"), True)
    assert state.house_rules == ()


def test_self_played_games_with_the_loric_in_force_hold_every_property(monkeypatch):
    """Trouble Brewing with the Loric and the experimental Travellers on the script, 7 to 12
    players, up to two Travellers (one arriving by day in every fourth game), a stand-in human
    storyteller in every fourth: every game ends by the rules, nothing secret is announced
    (the stormcaught character is announced by the rules), every log replays identically, and the
    Loric's effects happen."""
    said = (*experimental.SAID_IN_PUBLIC, "stormcaught")
    monkeypatch.setattr(experimental, "SAID_IN_PUBLIC", said)
    script = (*TB, *LORIC, *TRAVELLERS)
    seen: Counter = Counter()
    for i in range(GAMES):
        players, travellers = 7 + i % 6, i % 3
        storyteller = 999 if i % 4 == 1 else None
        final, _, log = experimental.checked_game(
            script, players, i, (), travellers, storyteller, arrivals=i % 4 == 0
        )
        seen.update(m.kind for m in final.marks)
        seen.update(type(a).__name__ for a in log)
    assert {"reincarnated", "ug_hat", "PassHat", "goal"} <= set(seen), seen
    assert all(cid in REGISTRY for cid in LORIC)


def test_a_pixie_beside_its_duplicate_learns_another_townsfolk():
    """The Pope may duplicate the Pixie: neither Pixie learns the Pixie (it would gain its own
    ability, a loop); both learn another Townsfolk in play."""
    from engine.clocktower.game import Join, Start, StorytellerRuling

    state = new_game(100, 1, (*TB, "pixie", "pope"), False)
    for p in range(1, 8):
        state = apply(state, Join(p)).state
    deal = ("imp", "poisoner", "pixie", "chef", "empath", "monk", "soldier")
    state = apply(state, Start(100, deal)).state
    while state.phase is Phase.SETUP:
        p = state.pending
        pick = p.options.index((4, "pixie")) if p.topic == "pope" else 0
        state = apply(state, StorytellerRuling(100, p.id, pick)).state
    assert [s.character for s in state.seats].count("pixie") == 2
    for _ in range(12):
        if state.phase is not Phase.NIGHT:
            break
        p = state.pending
        if p.kind == "ruling":
            state = apply(state, StorytellerRuling(100, p.id, 0)).state
        else:
            state = apply(state, NightChoice(p.to, tuple(p.default))).state
    shown = [t.data["answer"] for t in state.told if t.event == "info" and t.to in (3, 4)]
    assert len(shown) == 2 and "pixie" not in shown


def test_self_played_games_with_the_knaves_hold_every_property():
    """Trouble Brewing with the Knaves, bot storyteller and a stand-in human: every game ends by
    the rules and replays identically, what players learn names the Knave who told it, and in
    some games the Knaves swap."""
    script = (*TB, "knaves")
    tellers: Counter = Counter()
    swapped = 0
    for i in range(KNAVES_GAMES):
        players = 7 + i % 6
        storyteller = 999 if i % 4 == 1 else None
        final, _, _ = experimental.checked_game(script, players, i, storyteller=storyteller)
        swapped += any(m.kind == "knaves_switch" for m in final.marks)
        tellers.update(t.teller for t in final.told if isinstance(t, Info))
    assert set(tellers) == set(KNAVES), tellers
    assert swapped > 0


def test_the_pope_makes_duplicates_until_stopped_and_the_demon_may_bluff_them():
    """The storyteller swaps Townsfolk for duplicates more than once ("none" stops), never an
    Outsider's token, and the bluffs may include a duplicated character."""
    from engine.clocktower.game import Join, Start, StorytellerRuling

    state = new_game(100, 1, (*TB, "pope"), False)
    for p in range(1, 8):
        state = apply(state, Join(p)).state
    deal = ("imp", "poisoner", "empath", "chef", "monk", "soldier", "saint")
    state = apply(state, Start(100, deal)).state
    answers = {"setup:pope:0": (3, "chef"), "setup:pope:1": (5, "saint"), "setup:pope:2": "none"}
    offered = {}
    while state.phase is Phase.SETUP:
        p = state.pending
        offered[p.key] = p
        pick = p.options.index(answers[p.key]) if p.key in answers else 0
        state = apply(state, StorytellerRuling(100, p.id, pick)).state
    assert [s.character for s in state.seats] == [
        "imp",
        "poisoner",
        "chef",
        "chef",
        "saint",
        "soldier",
        "saint",
    ]
    assert not any(pair[0] == 7 for pair in offered["setup:pope:0"].options)  # the Saint's
    assert offered["setup:pope:1"].options[0] == "none"
    bluffs = offered["setup:bluffs"].form.fields[0].domain
    assert {"chef", "saint"} <= set(bluffs) and "soldier" not in bluffs
