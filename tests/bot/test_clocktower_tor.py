"""The Tor at the table, through SimCord: the bot storyteller runs a whole game of Trouble Brewing
with the Tor on the script. Nobody is told their character or alignment: no DM names a player's
own character (nor an alignment) to them until they die, when they learn both, truly; a night
menu says only that they wake; nothing secret is said in public; the game ends by the rules and
is recorded."""

from __future__ import annotations

import re

import engine.clocktower.game as ct
from bot.render.clocktower import char_name
from tests.bot.test_clocktower_bot import (
    ALIGNMENT,
    TIMES,
    assert_no_secret_in_public,
    deal,
    drive,
    open_uploaded,
    results_in_db,
    said,
    state,
    to_day,
    vote,
)
from tests.engine.clocktower.game.support import TB

NAME = "Brewing under the Tor"
SCRIPT = [*TB, "tor"]
LEARNED = "You have died, and learn who you were"


def assert_nothing_names_them(table, final: ct.State) -> None:
    """Each player's DMs, up to the one telling them who they were on dying, name neither their
    character (true or shown) nor an alignment; the one on dying names both, truly."""
    for s in final.seats:
        own = {char_name(s.character, final), char_name(s.shown, final)}
        names = re.compile(r"\b(" + "|".join(re.escape(n) for n in own) + r")\b")
        texts = table.dm_texts(s.player)
        assert "you are not told your character or alignment" in texts[0], texts[0]
        for text in texts[1:]:
            if LEARNED in text:
                assert char_name(s.character, final) in text and s.alignment in text, text
                break
            assert not names.search(text), (s, text)
            assert not ALIGNMENT.search(text), (s, text)
        if not s.alive:  # died before the game's last step: they were told
            assert any(LEARNED in t for t in texts), (s, texts)


async def test_the_bot_storyteller_runs_a_game_nobody_knows_their_character_in(table, monkeypatch):
    deal(monkeypatch, 3)
    opener = await open_uploaded(table, NAME, SCRIPT, 8)
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    assert any("Nobody is told their character." in t for t in table.public_texts())
    menu = next(m for m in table.dm_texts(state(table).pending.to) if m.startswith("🌙"))
    assert re.match(r"🌙 Night 1: choose", menu), menu  # woken, not told why
    await to_day(table)
    s = state(table)
    assert not any(t.event in ("minion_info", "demon_info") for t in s.told)

    # Day 1: a good player is executed and learns who they were, at once.
    good = next(x.player for x in s.seats if x.alignment == "good")
    nominator = next(p for p in ct.living(s) if p != good)
    nominated = await table.member(nominator).slash(
        table.channel, "clocktower nominate", player=str(good)
    )
    assert nominated.ephemeral, said(nominated)
    while state(table).vote is not None:
        await vote(table, True)
    await table.env.advance_time(TIMES.day)
    assert not ct.seat(state(table), good).alive
    assert any(LEARNED in t for t in table.dm_texts(good))

    last = state(table)
    while table.session(table.channel) is not None:  # the rest of the game, a step at a time
        last = state(table)
        await drive(table, days=12, steps=1)
    assert_nothing_names_them(table, last)
    texts = table.public_texts()
    assert_no_secret_in_public(texts)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal
    rows, _ = await results_in_db(table)
    assert rows == [("clocktower", rows[0][1], "bot", NAME)]
    assert ct.unsupported(tuple(SCRIPT)) == ()
