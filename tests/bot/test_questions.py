"""Every question of every game has a renderer, and its wire format round-trips: for each option,
``question.answer(by, question.token(option))`` is the action that chooses it, and every press
the rendered message offers (a button's custom_id, a menu's values) reaches that same action
through the one component, ``bot.views.QuestionItem``. Like the check that every event has a
handler: a question class added without either fails here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import discord

import engine.traitors as tg
from bot.delivery import Outgoing
from bot.editions import base_script
from bot.render.clocktower import ClocktowerRenderer
from bot.render.traitors import TraitorsRenderer
from bot.views import MENU, QuestionItem
from engine.clocktower.game import actions as ca
from engine.clocktower.game import apply
from engine.clocktower.game import questions as cq
from engine.clocktower.game.prompts import open_questions
from engine.clocktower.selfplay import play, setup_game
from engine.core import Prompt, answer
from engine.traitors import questions as tq

BY = 42
Expected = Callable[[Any, Any], Any]  # (question, option) -> the action choosing it

TRAITORS: dict[type, Expected] = {
    tq.Ballot: lambda q, o: tg.Vote(BY, o, question=q.key),
    tq.MurderMenu: lambda q, o: tg.Murder(BY, o, question=q.key),
    tq.RecruitMenu: lambda q, o: tg.RecruitPick(BY, o, question=q.key),
    tq.RecruitOffer: lambda q, o: tg.RecruitAnswer(BY, o, question=q.key),
}
CLOCKTOWER: dict[type, Expected] = {
    cq.NightMenu: lambda q, o: ca.NightChoice(BY, (o,), question=q.key),
    cq.Ruling: lambda q, o: ca.StorytellerRuling(BY, q.decision, q.options.index(o)),
    cq.Panel: lambda q, o: (
        ca.Ask(BY, *cq.PANEL_TOOLS[o], question=q.key)
        if o in cq.PANEL_TOOLS
        else ca.FinishWake(BY, question=q.key)
    ),
    cq.VoteBoard: lambda q, o: ca.Vote(BY, o, question=q.key),
    cq.NominationMenu: lambda q, o: ca.Nominate(BY, o, question=q.key),
}


def session(state: Any) -> SimpleNamespace:
    return SimpleNamespace(state=state, game=SimpleNamespace(id=7, channel_id=8))


def traitors_samples() -> Iterator[tuple[Prompt, Any]]:
    state = SimpleNamespace(players=(1, 2, 3, 4), round=2)
    yield tq.Ballot(to=(1, 2, 3), options=(1, 2, 3), round=2, revote=True), state
    yield tq.MurderMenu(to=(4,), options=(1, 2, 3), round=2), state
    yield tq.RecruitMenu(to=(4,), options=(1, 2), round=2), state
    yield tq.RecruitOffer(to=(1,), round=2), state


def clocktower_samples() -> Iterator[tuple[Prompt, Any]]:
    """Questions of self-played games (a human storyteller's rulings among them), and a panel of
    a wake a human storyteller runs."""
    script = base_script("tb").ids
    seen: set[type] = set()
    for seed in range(6):
        storyteller = 999 if seed % 2 else None
        log: list[Any] = []
        play(script, 8, seed, log=log, storyteller=storyteller)
        state = setup_game(script, 8, seed, storyteller=storyteller)
        for action in log:
            for question in open_questions(state):
                if type(question) not in seen or isinstance(question, cq.NightMenu):
                    seen.add(type(question))
                    yield question, state
            state = apply(state, action).state
    panel = cq.Panel(
        to=(999,), decision=3, character="washerwoman", details={"night": 1, "player": 1}
    )
    yield panel, state


def offered(outgoing: Any) -> Iterator[tuple[str, str]]:
    """Every press a rendered message offers: (the question's key, the token it sends)."""
    outs = outgoing if isinstance(outgoing, list | tuple) else [outgoing]
    for out in outs:
        assert isinstance(out, Outgoing) and out.view is not None, out
        for item in out.view.children:
            if not isinstance(item, QuestionItem):
                continue  # a storyteller's tool (Your own answer…), not an answer
            match = QuestionItem.__discord_ui_compiled_template__.fullmatch(item.item.custom_id)
            assert match is not None and int(match["game"]) == 7, item.item.custom_id
            if isinstance(item.item, discord.ui.Select):
                assert match["token"].startswith(MENU)
                for option in item.item.options:
                    yield match["question"], option.value
            else:
                yield match["question"], match["token"]


def check(
    samples: Iterator[tuple[Prompt, Any]],
    vocabulary: dict[str, type[Prompt]],
    expected: dict[type, Expected],
    renderer: Any,
) -> None:
    assert set(vocabulary.values()) == set(expected), "every question needs its expected answer"
    covered: set[type] = set()
    for question, state in samples:
        covered.add(type(question))
        want = expected[type(question)]
        for option in question.options:
            assert question.answer(BY, question.token(option)) == want(question, option), option
        assert type(question) in renderer.events, f"{type(question).__name__} has no renderer"
        rendered = renderer.render(question, session(state), lambda p: f"player{p}")
        presses = list(offered(rendered))
        tokens = {token for key, token in presses if key == question.key}
        assert {question.token(o) for o in question.options} <= tokens, question
        for key, token in presses:
            assert answer(vocabulary, key, BY, token) == question.answer(BY, token)
    assert covered == set(vocabulary.values()), covered


def test_every_traitors_question_renders_and_round_trips() -> None:
    check(traitors_samples(), tq.QUESTIONS, TRAITORS, TraitorsRenderer())


def test_every_clocktower_question_renders_and_round_trips() -> None:
    check(clocktower_samples(), cq.QUESTIONS, CLOCKTOWER, ClocktowerRenderer())


def test_a_night_menu_of_two_answers_with_both() -> None:
    """A menu taking two players sends both values, joined: one answer naming both."""
    menu = cq.NightMenu(to=(1,), options=(1, 2, 3), decision=9, character="fortuneteller", pick=2)
    pair = "-".join(menu.token(o) for o in (2, 3))
    assert menu.answer(BY, pair) == ca.NightChoice(BY, (2, 3), question="night_choice.9")
    assert menu.answer(BY, "") == ca.NightChoice(BY, (), question="night_choice.9")  # nobody


def test_a_characters_night_menu_reads_in_its_own_words() -> None:
    """The Harlot's request, the Barber's haircuts and the Moonchild's dying choice are worded
    by their units (``Role.asks``); any other menu reads as usual."""
    state = SimpleNamespace(players=(1, 2, 3), homebrew=())
    menus = {
        "the **Harlot** asks to learn your character": cq.NightMenu(
            to=(1,), options=("yes", "no"), decision=1, character="harlot", ask="yesno", night=2
        ),
        "the **Barber** died, so you may choose 2 players": cq.NightMenu(
            to=(1,), options=(1, 2, 3), decision=2, character="barber", pick=2, night=2
        ),
        "You have died; in public, as the **Moonchild**": cq.NightMenu(
            to=(1,), options=(2, 3), decision=3, character="moonchild", details={"when": "day"}
        ),
        "Night 2, as the **Monk**: choose a player.": cq.NightMenu(
            to=(1,), options=(2, 3), decision=4, character="monk", night=2
        ),
    }
    for words, menu in menus.items():
        message = ClocktowerRenderer().render(menu, session(state), lambda p: f"player{p}")
        assert isinstance(message, Outgoing) and words in message.content, message
