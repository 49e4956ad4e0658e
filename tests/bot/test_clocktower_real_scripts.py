"""Real scripts at the table, through SimCord, storytold by the bot: a large script of the 2025
competition uploaded as its own file, and a Teensyville script of experimental characters, each
played to its ending, recorded for ratings, with nothing secret said in public before the
grimoire is revealed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.clocktower.catalogue import character
from engine.clocktower.script import load_script
from engine.clocktower.selfplay import setup_game
from tests.bot.test_clocktower_bot import (
    assert_no_secret_in_public,
    deal,
    results_in_db,
    said,
    state,
)
from tests.bot.test_clocktower_experimental import SAID_IN_PUBLIC, drive

SCRIPTS = Path(__file__).resolve().parents[3] / "shared/reference/clocktower/scripts"
LARGE = "wc25-phantomdetectives.json"
TEENSY = [
    {"id": "_meta", "name": "Little Carousel"},
    *("steward", "noble", "knight", "shugenja", "highpriestess", "pixie"),
    *("hatter", "plaguedoctor"),
    *("widow", "goblin"),
    *("ojo", "lleech"),
]


def names(ids) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(re.escape(character(c).name) for c in ids) + r")\b")


def seed_with_evil_of(ids: tuple[str, ...], players: int) -> int:
    """A seed whose bot-storyteller deal puts an experimental Minion and Demon in play."""
    experimental = {c for c in ids if character(c).edition == "carousel"}
    for seed in range(1, 2000):
        dealt = setup_game(ids, players, seed).seats
        evil = {s.character for s in dealt if s.team in ("minion", "demon")}
        if len(evil & experimental) >= 2:
            return seed
    raise AssertionError("no deal puts two experimental evil characters in play")


async def play_upload(table, monkeypatch, upload: bytes, players: int) -> tuple[str, set[str]]:
    """Open a bot-storyteller lobby of the uploaded script, seat ``players``, start, play to
    the end; returns the script's name and the characters dealt."""
    script = load_script(upload)
    deal(monkeypatch, seed_with_evil_of(script.ids, players))
    opener = table.add("opener")
    opened = await opener.slash(table.channel, "clocktower new", file=("script.json", upload))
    assert said(opened) == "The lobby is open below.", said(opened)
    lobby = table.channel.last_message
    for i in range(players - 1):
        joined = await table.add(f"p{i}").click(lobby, label="Join")
        assert joined.ephemeral, said(joined)
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    seated = state(table).seats
    dealt = {s.character for s in seated}
    await drive(table, days=12)
    texts = table.public_texts()
    assert_no_secret_in_public(texts, names(script.ids), SAID_IN_PUBLIC)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal
    assert all(f"<@{s.player}>: **" in reveal for s in seated)  # every seat revealed
    return script.name, dealt


async def test_the_bot_storytells_a_large_real_script_to_the_end(table, monkeypatch):
    name, dealt = await play_upload(table, monkeypatch, (SCRIPTS / LARGE).read_bytes(), 10)
    assert name == "The Phantom Detectives" and len(dealt) == 10
    rows, players = await results_in_db(table)
    assert rows == [("clocktower", rows[0][1], "bot", name)]
    script = load_script((SCRIPTS / LARGE).read_bytes())
    assert len(players) == 10  # each player's character at the end, one of the script's
    assert {role for _, _, role in players} <= {c.name for c in script.characters}


async def test_the_bot_storytells_a_teensyville_script_of_experimental_characters(
    table, monkeypatch
):
    name, dealt = await play_upload(table, monkeypatch, json.dumps(TEENSY).encode(), 6)
    assert name == "Little Carousel" and len(dealt) == 6
    rows, _ = await results_in_db(table)
    assert rows == [("clocktower", rows[0][1], "bot", name)]
