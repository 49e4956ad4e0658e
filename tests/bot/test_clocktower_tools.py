"""Clocktower storyteller tools through SimCord: a human storyteller's game never guesses (the
storyteller chooses for an idle player or skips them), seats are reordered in the lobby,
Travellers arrive mid-game, and rulings mark the consistent lie."""

from __future__ import annotations

from types import SimpleNamespace

import engine.clocktower.game as ct
from bot.render.clocktower import ruling_message
from engine.clocktower.game.questions import Ruling
from tests.bot.test_clocktower_bot import (
    TIMES,
    answer_ruling,
    assert_no_secret_in_public,
    deal,
    holding,
    open_game,
    said,
    seed_where,
    state,
    to_day,
)


async def until_wake(table, teller) -> ct.Prompt:
    """Answer rulings (and end a day) until a player's night choice is awaited; its prompt."""
    for _ in range(50):
        if state(table).phase is ct.Phase.DAY:
            ended = await teller.slash(table.channel, "clocktower endday")
            assert ended.ephemeral and "over" in said(ended), said(ended)
            continue
        prompt = ct.open_prompts(state(table))[0]
        if prompt.kind == "night_choice":
            return prompt
        await answer_ruling(table, prompt, teller)
    raise AssertionError("nobody woke")


async def test_a_human_storyteller_game_waits_and_the_storyteller_chooses_or_skips(table):
    teller, _ = await open_game(table, players=7, storyteller="me")
    await teller.slash(table.channel, "clocktower start")
    prompt = await until_wake(table, teller)
    chooser = prompt.to[0]

    await table.env.advance_time(TIMES.timeout * 3)  # far past every timeout: nothing is guessed
    assert ct.open_prompts(state(table))[0] == prompt
    told = "\n".join(table.dm_texts(teller.id))
    assert "has not made their night choice" in told and "/clocktower wake" in told
    assert any("Reminder" in t for t in table.dm_texts(chooser))

    other = table.member(next(p for p in state(table).players if p != chooser))
    for command, options in (
        ("clocktower wake", {"target": str(chooser)}),
        ("clocktower skip", {}),
    ):
        refused = await other.slash(table.channel, command, **options)
        assert refused.ephemeral and said(refused) == "Only the storyteller can do that."
    assert ct.open_prompts(state(table))[0] == prompt

    wrong = await teller.slash(table.channel, "clocktower wake", target="nobody")
    assert wrong.ephemeral and said(wrong) == "Choose a player from the list."
    picks = [str(t) for t in prompt.default]
    second = {"second": picks[1]} if len(picks) > 1 else {}
    chosen = await teller.slash(table.channel, "clocktower wake", target=picks[0], **second)
    assert chosen.ephemeral and said(chosen) == "Chosen for them.", said(chosen)
    assert ct.open_prompts(state(table))[:1] != (prompt,)

    while state(table).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table))[0]
        if prompt.kind == "ruling":
            await answer_ruling(table, prompt, teller)
            continue
        skipped = await teller.slash(table.channel, "clocktower skip")
        assert skipped.ephemeral and "Passed over" in said(skipped), said(skipped)
        assert "passed over your waking" in table.dm_texts(prompt.to[0])[-1]
    late = await teller.slash(table.channel, "clocktower skip")
    assert late.ephemeral and said(late) == "No player's night choice is awaited."
    assert_no_secret_in_public(table.public_texts())


async def test_the_bot_storyteller_answers_an_idle_player_with_the_documented_default(
    table, monkeypatch
):
    deal(monkeypatch, seed_where(6, holding("fortuneteller")))  # someone chooses on night 1
    opener, _ = await open_game(table, players=6)
    await opener.slash(table.channel, "clocktower start")
    prompt = ct.open_prompts(state(table))[0]
    assert prompt.kind == "night_choice"
    await table.env.advance_time(TIMES.timeout + 1)
    assert state(table).phase is ct.Phase.DAY or ct.open_prompts(state(table))[0] != prompt
    chosen = [a for a in table.session().actions if isinstance(a, ct.NightChoice)][0]
    assert chosen == ct.NightChoice(ct.SYSTEM, tuple(prompt.default), player=prompt.to[0])
    refused = await opener.slash(table.channel, "clocktower skip")
    assert refused.ephemeral and "human storyteller" in said(refused)


async def test_the_storyteller_or_leader_reorders_the_seats(table):
    teller, lobby = await open_game(table, players=5, storyteller="me")
    players = state(table).players
    moved = await teller.slash(table.channel, "clocktower seat", player=str(players[3]), position=1)
    assert moved.ephemeral and said(moved) == "The seat is changed.", said(moved)
    assert state(table).players == (players[3], *players[:3], players[4])
    assert "moves to seat 1" in table.public_texts()[-1]
    lobby_now = next(m for m in table.channel.history() if m.id == lobby.id)
    assert lobby_now.content.index(f"<@{players[3]}>") < lobby_now.content.index(f"<@{players[0]}>")
    player = table.member(players[0])
    refused = await player.slash(
        table.channel, "clocktower seat", player=str(players[0]), position=2
    )
    assert refused.ephemeral and said(refused) == "Only the storyteller can do that."
    far = await teller.slash(table.channel, "clocktower seat", player=str(players[0]), position=9)
    assert far.ephemeral and "There are 5 seats" in said(far)

    tower = table.guild.create_text_channel("tower")
    leader, _ = await open_game(table, players=5, channel=tower)
    seated = state(table, tower).players
    other = table.member(seated[2])
    refused = await other.slash(tower, "clocktower seat", player=str(seated[2]), position=1)
    assert refused.ephemeral and "leads the game" in said(refused)
    moved = await leader.slash(tower, "clocktower seat", player=str(seated[2]), position=1)
    assert moved.ephemeral and state(table, tower).players[0] == seated[2]


async def test_a_traveller_arrives_by_day(table, monkeypatch):
    deal(monkeypatch, seed_where(6, holding("fortuneteller")))  # someone wakes on night 1
    opener, _ = await open_game(table, players=6)
    await opener.slash(table.channel, "clocktower start")
    assert state(table).phase is ct.Phase.NIGHT
    early = table.add("early-traveller")
    night = await early.slash(table.channel, "clocktower traveller")
    assert night.ephemeral and early.id not in state(table).players, said(night)
    await to_day(table)
    arrived = await early.slash(table.channel, "clocktower traveller")
    assert arrived.ephemeral and said(arrived) == "You have a seat as a Traveller.", said(arrived)
    assert early.id in state(table).travellers
    arrival = next(t for t in table.public_texts() if "arrives as a Traveller" in t)
    traveller = ct.seat(state(table), early.id).character
    assert f"<@{early.id}>" in arrival and traveller in arrival.lower().replace(" ", "")
    assert "you are the" in table.dm_texts(early.id)[0]
    again = await early.slash(table.channel, "clocktower traveller")
    assert again.ephemeral and said(again) != "You have a seat as a Traveller."
    prompts = ct.open_prompts(state(table))
    assert prompts and prompts[0].kind == "nominate" and early.id in prompts[0].to


def test_a_ruling_marks_the_consistent_lie_on_its_button():
    players = (11, 12, 13)
    session = SimpleNamespace(
        state=SimpleNamespace(players=players, night=2, homebrew=()),
        game=SimpleNamespace(id=5, channel_id=99),
    )
    ruling = Ruling(
        to=(1,),
        options=(0, 1, 2),
        decision=4,
        topic="info",
        truth=0,
        details={"consistent": 2, "character": "empath", "player": 11},
    )
    message = ruling_message(ruling, session, lambda p: f"name{p}")
    labels = [item.item.label for item in message.view.children]
    assert labels[0].endswith("✓ (true)") and labels[2].endswith("≈ (consistent lie)")
    assert "consistent:" not in message.content and "≈ marks the lie" in message.content
    assert not message.public
