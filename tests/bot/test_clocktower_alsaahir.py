"""The Alsaahir's guess through SimCord: ``/clocktower use alsaahir demons minions`` names two
teams by mention (the ``teams`` command shape); a list that is not mentions gets one sentence and
changes nothing; the right guess wins the game for good."""

from __future__ import annotations

import json

import engine.clocktower.game as ct
from engine.clocktower.catalogue import edition_characters
from engine.clocktower.selfplay import setup_game
from tests.bot.test_clocktower_bot import deal, said, state, to_day

SCRIPT = [
    {"id": "_meta", "name": "Seers"},
    *(c.id for c in edition_characters("tb") if c.team != "traveller" and c.id != "drunk"),
    "alsaahir",
]
IDS = tuple(c for c in SCRIPT if isinstance(c, str))


def seer_sober(s: ct.State) -> bool:
    held = {x.character for x in s.seats}
    return "alsaahir" in held and not held & {"poisoner", "spy", "recluse"}


async def test_the_alsaahir_names_the_evil_team_by_mention(table, monkeypatch):
    seed = next(n for n in range(1, 3000) if seer_sober(setup_game(IDS, 7, n)))
    deal(monkeypatch, seed)
    opener = table.add("opener")
    opened = await opener.slash(
        table.channel,
        "clocktower new",
        storyteller="bot",
        file=("seers.json", json.dumps(SCRIPT).encode()),
    )
    assert said(opened) == "The lobby is open below.", opened
    lobby = table.channel.last_message
    for i in range(6):
        await table.add(f"p{i}").click(lobby, label="Join")
    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    s = state(table)
    seer = next(x.player for x in s.seats if x.character == "alsaahir")
    demon = next(x.player for x in s.seats if x.team == "demon")
    minions = " ".join(f"<@{x.player}>" for x in s.seats if x.team == "minion")

    bad = await table.member(seer).slash(
        table.channel, "clocktower use alsaahir", demons=f"<@{demon}>", minions="the baker"
    )
    assert bad.ephemeral and said(bad) == "Name players by mention, separated by spaces."
    assert state(table).phase is ct.Phase.DAY

    guessed = await table.member(seer).slash(
        table.channel, "clocktower use alsaahir", demons=f"<@{demon}>", minions=minions
    )
    assert guessed.ephemeral and said(guessed) == "Your guess is made in public.", said(guessed)
    texts = table.public_texts()
    assert any(f"🔮 <@{seer}> names the Demon: <@{demon}>" in t for t in texts)
    assert any("**Good wins!**" in t and "the Alsaahir named every Minion" in t for t in texts)
