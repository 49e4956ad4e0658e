"""A Fabled at the table, through SimCord: the bot storyteller runs a whole game of Trouble
Brewing with the Doomsayer, the Buddhist and the Ferryman on the script. A player calls on the
Doomsayer with ``/clocktower use doomsayer`` and the bot kills a player of their alignment by its
policy; the Buddhist's reminder comes at each dawn; the game ends by the rules, nothing secret is
said in public, and the result is recorded."""

from __future__ import annotations

import engine.clocktower.game as ct
from tests.bot.test_clocktower_bot import (
    assert_no_secret_in_public,
    deal,
    drive,
    open_uploaded,
    results_in_db,
    said,
    state,
    to_day,
)
from tests.engine.clocktower.game.support import TB

NAME = "Brewing with Fabled"
SCRIPT = [*TB, "doomsayer", "buddhist", "ferryman"]


async def test_the_bot_storyteller_applies_the_fabled_through_a_whole_game(table, monkeypatch):
    deal(monkeypatch, 8)
    opener = await open_uploaded(table, NAME, SCRIPT, 7)
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    await to_day(table)
    assert any("Buddhist" in t and "may not talk" in t for t in table.public_texts())

    s = state(table)
    caller = next(x for x in s.seats if x.alignment == "good" and x.alive)
    allies = {x.player for x in s.seats if x.alignment == "good" and x.alive}
    called = await table.member(caller.player).slash(table.channel, "clocktower use doomsayer")
    assert called.ephemeral, said(called)
    after = state(table)
    died = [x.player for x in after.seats if not x.alive]
    assert len(died) == 1 and died[0] in allies  # the bot's policy: one of the caller's side
    assert any("calls on the **Doomsayer**" in t for t in table.public_texts())
    again = await table.member(caller.player).slash(table.channel, "clocktower use doomsayer")
    refusal = "Only living players" if died == [caller.player] else "already called"
    assert refusal in said(again), said(again)

    await drive(table, days=12)
    texts = table.public_texts()
    assert_no_secret_in_public(texts)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal
    rows, _ = await results_in_db(table)
    assert rows == [("clocktower", rows[0][1], "bot", NAME)]
    assert ct.unsupported(tuple(SCRIPT)) == ()
