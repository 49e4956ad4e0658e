"""A human storyteller runs any script: characters the engine does not automate wake as panels
of tools, homebrew characters come from the script, Fabled are announced, and the storyteller
declares the winner. Every refusal is a sentence and changes nothing."""

from __future__ import annotations

import json

import pytest

from engine.clocktower.game import (
    Ask,
    DeclareWinner,
    EndDay,
    FinishWake,
    Join,
    Leave,
    NightChoice,
    Nominate,
    Phase,
    Show,
    SkipWake,
    Start,
    State,
    StorytellerRuling,
    UseAbility,
    apply,
    briefing,
    new_game,
    open_prompts,
    outcome,
)
from engine.clocktower.game.events import AbilityReported, AbilityUsed, Started
from engine.clocktower.script import load_script
from engine.core import RuleError

ST = 100
LAMPLIGHTER = {
    "id": "lamplighter",
    "name": "Lamplighter",
    "team": "townsfolk",
    "ability": "Each night, learn whether a lit lamp stands by an evil player.",
    "firstNight": 30,
    "otherNight": 40,
}
# Homebrew Townsfolk the storyteller runs (the official ones are all automated).
SEXTON = {
    "id": "sexton",
    "name": "Sexton",
    "team": "townsfolk",
    "ability": "You start knowing which player rings the bell.",
    "firstNight": 62,
}
AUGUR = {
    "id": "augur",
    "name": "Augur",
    "team": "townsfolk",
    "ability": "Each night, the storyteller shows you a bird's flight.",
    "firstNight": 73,
    "otherNight": 92,
}
WANDERER = {
    "id": "wanderer",
    "name": "Wanderer",
    "team": "outsider",
    "ability": "You wander; the storyteller may move your seat.",
}
SCRIPT = [
    {"id": "_meta", "name": "Lamps and Wanderers"},
    *("steward", "knight", "noble", "highpriestess", "balloonist", "chef", "empath"),
    LAMPLIGHTER,
    SEXTON,
    AUGUR,
    *("hatter", "damsel"),
    WANDERER,
    *("fearmonger", "goblin", "widow", "yaggababble", "ojo", "djinn"),
]
# Seven players; on the first night the Lamplighter, Sexton and Augur wake for the storyteller,
# the automated Yaggababble learns the phrase the storyteller picks, the automated Chef learns
# his number, and the automated Goblin does not wake.
DEAL = ("yaggababble", "goblin", "lamplighter", "augur", "sexton", "chef", "wanderer")


def script_game(bot: bool = False, players: int = 7) -> State:
    script = load_script(json.dumps(SCRIPT))
    state = new_game(None if bot else ST, 3, script.ids, bot, homebrew=script.homebrew)
    for p in range(1, players + 1):
        state = apply(state, Join(p)).state
    return state


def refused(state: State, action, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        apply(state, action)


def first_night() -> State:
    state = apply(script_game(), Start(ST, DEAL)).state
    while state.pending is not None and state.pending.kind == "ruling":  # bluffs, phrase
        state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state
    return state


def test_the_bot_refuses_what_it_cannot_run_and_a_human_storyteller_takes_it():
    with pytest.raises(RuleError, match="cannot run these characters yet: .*lamplighter"):
        script_game(bot=True)
    state = script_game()
    homebrew = {"lamplighter", "sexton", "augur", "wanderer"}
    assert state.homebrew and {c.id for c in state.homebrew} == homebrew


def test_the_start_announces_the_fabled_and_tells_the_storyteller_what_is_theirs():
    state = script_game()
    step = apply(state, Start(ST, DEAL))
    started = next(e for e in step.effects if isinstance(e, Started))
    assert started.data["fabled"] == ("djinn",)
    notes = next(t for t in briefing(step.state, ST) if t.event == "setup_notes")
    assert notes.data["unwoken"] == ("wanderer",)  # no night numbers: never woken
    assert set(notes.data["manual"]) == {
        "lamplighter",
        "augur",
        "sexton",
        "wanderer",
    }
    assert notes.data["fabled"] == ("djinn",)
    night = first_night()
    assert briefing(night, 3)[0].data["character"] == "lamplighter"
    assert briefing(night, 7)[0].data["character"] == "wanderer"


def test_storyteller_run_characters_wake_in_night_order_as_panels():
    state = first_night()
    woken = []
    while state.phase is Phase.NIGHT:
        panel = next(p for p in open_prompts(state) if p.kind in ("panel", "night_choice"))
        if panel.kind == "night_choice":  # the Chef is automated: no choice, so never here
            raise AssertionError(panel)
        assert panel.to == (ST,)
        woken.append(panel.data["character"])
        state = apply(state, FinishWake(ST)).state
    # the official sheet's order, the homebrew Lamplighter by its own number (30)
    assert woken == ["lamplighter", "sexton", "augur"]
    assert "wanderer" not in woken
    chef = [t for t in briefing(state, 6) if t.event == "info"]
    assert chef and chef[0].data["character"] == "chef"  # automated in the same night


def test_the_panel_asks_the_player_and_tells_the_storyteller_their_choice():
    state = first_night()
    while open_prompts(state)[0].data["character"] != "lamplighter":
        state = apply(state, FinishWake(ST)).state
    refused(state, Ask(3, "players", 1), "Only the storyteller")
    refused(state, Ask(ST, "colours", 1), "players or a character")
    refused(state, Ask(ST, "players", 0), "1 to 7 players")
    asked = apply(state, Ask(ST, "players", 2)).state
    prompt = open_prompts(asked)[0]
    assert prompt.kind == "night_choice" and prompt.to == (3,) and prompt.data["pick"] == 2
    refused(asked, Ask(ST, "players", 1), "still choosing")
    refused(asked, NightChoice(4, (1, 2)), "not being asked")  # not their character's wake
    refused(asked, NightChoice(3, (1,)), "exactly 2 players")
    chose = apply(asked, NightChoice(3, (1, 2))).state
    told = briefing(chose, ST)[-1]
    assert told.event == "chosen" and told.data["choice"] == (1, 2) and told.data["player"] == 3
    assert open_prompts(chose)[0].kind == "panel"  # the wake goes on
    character = apply(chose, Ask(ST, "character", 1)).state
    options = open_prompts(character)[0].options
    assert "lamplighter" in options and "djinn" not in options  # Fabled are never held
    refused(character, NightChoice(3, ("nobody",)), "cannot choose that character")
    picked = apply(character, NightChoice(3, ("chef",))).state
    assert briefing(picked, ST)[-1].data["choice"] == ("chef",)
    shown = apply(picked, Show(ST, 3, "yesno", True)).state
    assert briefing(shown, 3)[-1].data == {
        "kind": "yesno",
        "value": True,
        "character": "lamplighter",
        "night": 1,
        "day": 0,
        "phase": "night",
    }
    refused(shown, Show(ST, 3, "number", "many"), "whole number")
    refused(shown, Show(ST, 3, "character", "nobody"), "not a character")
    refused(shown, Show(ST, 3, "text", ""), "1 to 300")
    refused(shown, Show(ST, 99, "yesno", True), "not in this game")
    assert apply(shown, Show(ST, 3, "character", "Lamplighter")).state.told[-1].data["value"] == (
        "lamplighter"
    )
    on = apply(shown, FinishWake(ST)).state
    assert open_prompts(on)[0].data["character"] == "sexton"
    refused(on, StorytellerRuling(ST, prompt.data["decision"], 0), "No storyteller decision")


def test_a_panel_pressed_after_its_night_is_refused_and_changes_nothing():
    state = first_night()
    while state.phase is Phase.NIGHT:
        state = apply(state, SkipWake(ST)).state
    assert state.phase is Phase.DAY
    for action in (FinishWake(ST), Ask(ST, "players", 1)):
        refused(state, action, "No storyteller-run wake is open now")


def test_day_abilities_the_storyteller_runs_and_the_declared_winner():
    state = first_night()
    while state.phase is Phase.NIGHT:
        state = apply(state, FinishWake(ST)).state
    refused(state, UseAbility(99, "I fly"), "Only players")
    refused(state, UseAbility(4, "  "), "1 to 300")
    public = apply(state, UseAbility(4, "I bless   Alice"))
    assert [type(e) for e in public.effects] == [AbilityUsed, AbilityReported]
    assert public.effects[0].data == {"player": 4, "text": "I bless Alice"}
    assert public.effects[1].to == ST and public.effects[1].data["character"] == "augur"
    private = apply(state, UseAbility(4, "a secret question", public=False))
    assert [type(e) for e in private.effects] == [AbilityReported]
    answered = apply(private.state, Show(ST, 4, "text", "Yes, it is so.")).state
    assert answered.told[-1].data["phase"] == "day"
    refused(state, DeclareWinner(4, "good"), "Only the storyteller")
    refused(state, DeclareWinner(ST, "nobody"), "good or evil")
    over = apply(state, DeclareWinner(ST, "evil")).state
    assert over.phase is Phase.OVER and outcome(over).winner == "evil"
    assert outcome(over).reason == "storyteller"


def test_the_tools_are_a_human_storytellers_only():
    state = apply(script_game(players=7), Start(ST, DEAL)).state
    bot = apply(new_game(None, 1, ("imp", "chef"), True), Join(1)).state
    for action in (Show(0, 1, "yesno", True), UseAbility(1, "x"), DeclareWinner(0, "good")):
        with pytest.raises(RuleError, match="bot runs every ability"):
            apply(bot, action)
    assert state.storyteller == ST


def test_teensyville_with_a_human_storyteller_has_no_bluffs_and_no_evil_info():
    teensy = ["chef", "empath", "steward", "knight", "noble", "hatter", "widow", "ojo"]
    state = new_game(ST, 5, tuple(teensy), False)
    for p in range(1, 6):
        state = apply(state, Join(p)).state
    state = apply(state, Start(ST, ("ojo", "widow", "chef", "empath", "knight"))).state
    assert not state.bluffs
    topics = [p.data.get("topic") for p in open_prompts(state)]
    assert "bluffs" not in topics
    events = {t.event for t in state.told}
    assert not {"minion_info", "demon_info"} & events


def test_nominating_a_traveller_calls_their_exile_and_a_traveller_may_leave():
    state = new_game(ST, 5, ("imp", "poisoner", "chef", "empath", "monk", "soldier"), False)
    for p in range(1, 6):
        state = apply(state, Join(p)).state
    state = apply(state, Join(6, traveller=True)).state
    deal = ("imp", "poisoner", "chef", "empath", "monk", "gunslinger")
    state = apply(state, Start(ST, deal)).state
    state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state  # its alignment
    while state.phase is not Phase.DAY:
        prompt = open_prompts(state)[0]
        state = apply(state, NightChoice(prompt.to[0], (prompt.options[0],))).state
    refused(state, Leave(3), "Only a Traveller")
    called = apply(state, Nominate(3, 6)).state
    assert called.vote is not None and called.vote.exile and 3 not in called.nominators
    gone = apply(state, Leave(6)).state
    assert 6 not in gone.players and all(s.player != 6 for s in gone.seats)
    assert apply(gone, EndDay(ST)).state.phase is Phase.NIGHT
