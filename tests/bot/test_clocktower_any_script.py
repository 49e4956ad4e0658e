"""Any script at the table, through SimCord: a human storyteller runs a custom script of
experimental characters, a homebrew character and a Fabled, with panels, their tools and a
declared winner recorded for ratings; the bot runs a Teensyville game; bad input gets one
sentence and changes nothing."""

from __future__ import annotations

import json
import re

import engine.clocktower.game as ct
from tests.bot.test_clocktower_bot import (
    drive,
    menu_id,
    results_in_db,
    said,
    state,
)
from tests.engine.clocktower.game.test_ct_game_storyteller import SCRIPT

DEAL = "Yaggababble, Goblin, Lamplighter, High Priestess, Steward, Chef, Wanderer"
SECRET_NAMES = re.compile(r"\b(Yaggababble|Goblin|Lamplighter|High Priestess|Steward|Wanderer)\b")


def dms(table, user_id: int) -> list:
    return list(table.user(user_id).dm_channel.history())


def last_with(table, user_id: int, text: str):
    return next(m for m in reversed(dms(table, user_id)) if text in m.content)


async def open_custom(table, players: int = 7):
    teller = table.add("teller")
    opened = await teller.slash(
        table.channel,
        "clocktower new",
        storyteller="me",
        file=("lamps.json", json.dumps(SCRIPT).encode()),
    )
    assert said(opened) == "The lobby is open below.", opened
    lobby = table.channel.last_message
    assert "Lamps and Wanderers" in lobby.content
    for i in range(players):
        joined = await table.add(f"p{i}").click(lobby, label="Join")
        assert joined.ephemeral
    return teller


async def night_panels(table, teller, on_panel=None) -> None:
    """Answer the first night: rulings with their first option, each panel with its tools."""
    for _ in range(40):
        session = table.session()
        prompts = ct.open_prompts(session.state)
        if session.state.phase is not ct.Phase.NIGHT and session.state.phase is not ct.Phase.SETUP:
            return
        prompt = prompts[0]
        if prompt.kind == "ruling":
            dm = last_with(table, teller.id, f"decision #{prompt.data['decision']}")
            first = next(i["label"] for i in items(dm) if i.get("label"))
            await table.user(teller.id).click(dm, label=first)
        elif prompt.kind == "panel":
            if on_panel is None or not await on_panel(prompt):
                dm = last_with(table, teller.id, "wakes as the")
                done = await table.user(teller.id).click(dm, label="Done: next wake")
                assert done.ephemeral and "night goes on" in said(done), said(done)
        else:
            raise AssertionError(prompt)


def items(message) -> list[dict]:
    found = []
    for row in message.components:
        for item in row["components"] if isinstance(row, dict) else row.children:
            found.append(item if isinstance(item, dict) else item.to_dict())
    return found


async def test_a_human_storyteller_runs_a_custom_script_to_a_declared_winner(table):
    teller = await open_custom(table)
    players = state(table).players
    started = await teller.slash(table.channel, "clocktower start", characters=DEAL, shuffle=False)
    assert started.ephemeral and "dealt" in said(started), said(started)
    seats = {s.player: s.character for s in state(table).seats}
    assert list(seats.values())[:3] == ["yaggababble", "goblin", "lamplighter"]
    fabled = next(t for t in table.public_texts() if "The game begins" in t)
    assert "**Djinn** is in play" in fabled
    lamp = next(p for p, c in seats.items() if c == "lamplighter")
    notes = last_with(table, teller.id, "Your game").content
    assert "**Wanderer**" in notes and "never wake" in notes and "Djinn" in notes

    async def on_panel(prompt) -> bool:
        if prompt.data["character"] != "lamplighter" or any(
            "chose" in m.content for m in dms(table, teller.id)
        ):
            return False
        panel = last_with(table, teller.id, "wakes as the **Lamplighter**")
        assert "Each night, learn whether" in panel.content  # the script's own words
        asked = await table.user(teller.id).click(panel, label="Ask: 1 player")
        assert "asked" in said(asked)
        menu = next(m for m in reversed(dms(table, lamp)) if m.components)
        target = str(players[0])
        chose = await table.user(lamp).select(menu, [target], custom_id=menu_id(menu, target))
        assert chose.ephemeral
        assert "chose **" in last_with(table, teller.id, "chose").content
        shown = await teller.slash(
            table.channel, "clocktower show", player=str(lamp), kind="yesno", value="yes"
        )
        assert "privately" in said(shown)
        assert "the storyteller shows you **yes**" in dms(table, lamp)[-1].content
        await table.user(teller.id).click(panel, label="Done: next wake")
        return True

    await night_panels(table, teller, on_panel)
    assert state(table).phase is ct.Phase.DAY
    told = dms(table, lamp)[0].content  # dealt once the setup's rulings were made
    assert "**Lamplighter**" in told and "The script says: “Each night, learn" in told
    assert any("shows you **yes**" in m.content for m in dms(table, lamp))
    priestess = next(p for p, c in seats.items() if c == "highpriestess")
    used = await table.member(priestess).slash(
        table.channel, "clocktower ability", text="I visit the Chapel", public=True
    )
    assert used.ephemeral
    assert any("uses an ability: “I visit the Chapel”" in t for t in table.public_texts())
    assert "High Priestess" in last_with(table, teller.id, "uses an ability").content
    refused = await table.member(priestess).slash(table.channel, "clocktower end", winner="good")
    assert refused.ephemeral and "Only the storyteller" in said(refused)
    assert state(table).phase is ct.Phase.DAY
    ended = await teller.slash(table.channel, "clocktower end", winner="good")
    assert ended.ephemeral and "over" in said(ended)
    reveal = next(t for t in table.public_texts() if "wins!" in t)
    assert "the storyteller says so" in reveal and "**Lamplighter**" in reveal
    for text in table.public_texts():
        if "wins!" in text:
            break
        assert not SECRET_NAMES.search(text.replace("High Priestess**", "")), text
    rows, recorded = await results_in_db(table)
    assert rows == [("clocktower", "good", f"user:{teller.id}", "Lamps and Wanderers")]
    roles = {role for _, _, role in recorded}
    assert {"Lamplighter", "Wanderer", "Yaggababble"} <= roles


async def test_teensyville_with_the_bot_storyteller(table):
    teensy = [
        {"id": "_meta", "name": "Teensy"},
        "chef",
        "empath",
        "monk",
        "soldier",
        "saint",
        "recluse",
        "poisoner",
        "imp",
    ]
    opener = table.add("opener")
    opened = await opener.slash(
        table.channel, "clocktower new", file=("teensy.json", json.dumps(teensy).encode())
    )
    assert said(opened) == "The lobby is open below.", opened
    lobby = table.channel.last_message
    for i in range(4):
        await table.add(f"t{i}").click(lobby, label="Join")
    await opener.slash(table.channel, "clocktower start")
    assert len(state(table).seats) == 5 and not state(table).bluffs
    evil_info = [m.content for m in table.members for m in dms(table, m.id) if "😈" in m.content]
    assert evil_info == []  # below seven players the evil team learns nothing
    await drive(table)
    rows, _ = await results_in_db(table)
    assert rows and rows[0][3] == "Teensy"


async def test_bad_input_is_one_sentence_and_changes_nothing(table):
    teller = await open_custom(table)
    await teller.slash(table.channel, "clocktower start", characters=DEAL, shuffle=False)
    session = table.session()
    seats = {s.player: s.character for s in state(table).seats}
    lamp = next(p for p, c in seats.items() if c == "lamplighter")
    other = next(p for p, c in seats.items() if c == "chef")

    async def on_panel(prompt) -> bool:
        if prompt.data["character"] != "lamplighter":
            return False
        panel = last_with(table, teller.id, "wakes as the **Lamplighter**")
        await table.user(teller.id).click(panel, label="Ask: 1 player")
        menu = next(m for m in reversed(dms(table, lamp)) if m.components)
        actions = len(session.actions)
        target = str(state(table).players[0])
        # another player reaches for abilities that are not theirs
        tool = await table.member(other).slash(
            table.channel, "clocktower show", player=str(lamp), kind="yesno", value="yes"
        )
        assert said(tool) == "Only the storyteller can do that."
        gun = await table.member(other).slash(table.channel, "traveller shoot", player=target)
        assert said(gun) == "The game is waiting for a player's night choice first."
        assert len(session.actions) == actions
        await table.user(lamp).select(menu, [target], custom_id=menu_id(menu, target))
        answered = next(m for m in dms(table, lamp) if m.id == menu.id)
        assert "You chose" in answered.content and not answered.components  # no second go
        await table.user(teller.id).click(panel, label="Done: next wake")
        return True

    await night_panels(table, teller, on_panel)
    old_panel = last_with(table, teller.id, "wakes as the")
    actions = len(session.actions)
    late = await table.user(teller.id).click(old_panel, label="Done: next wake")
    assert said(late) == "No storyteller-run wake is open now; that panel's night is over."
    late_ask = await table.user(teller.id).click(old_panel, label="Ask: 2 players")
    assert said(late_ask) == "No storyteller-run wake is open now; that panel's night is over."
    unknown = await teller.slash(
        table.channel, "clocktower show", player=str(lamp), kind="character", value="Nobody"
    )
    assert said(unknown) == "Nobody is not a character I know."
    gun = await table.member(other).slash(table.channel, "traveller shoot", player=str(lamp))
    assert said(gun) == "Only a living Gunslinger can do that."
    assert len(session.actions) == actions and state(table).phase is ct.Phase.DAY
