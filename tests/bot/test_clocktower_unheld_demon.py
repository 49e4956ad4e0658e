"""A custom script whose Demon no player holds, through SimCord: Lil' Monsta deals no Demon
token, yet the game is not ended at the deal nor at dawn: the Minions chose a babysitter in
their DMs, who is told they are the Demon, and the storyteller is told of no ending. The human
storyteller may still declare a result with `/clocktower end winner:`, recorded for the
ratings."""

from __future__ import annotations

import json

import engine.clocktower.game as ct
from tests.bot.test_clocktower_bot import results_in_db, said, state, to_day
from tests.engine.clocktower.game.support import TB

PENANCE = [
    {"id": "_meta", "name": "Penance"},
    *TB,
    *("bountyhunter", "cultleader", "preacher", "politician", "lilmonsta"),
]
DEAL = "Poisoner, Spy, Chef, Empath, Washerwoman, Monk, Soldier"  # two Minions, no Demon token


async def test_a_demon_no_player_holds_is_babysat_and_the_game_goes_on(table):
    teller = table.add("teller")
    opened = await teller.slash(
        table.channel,
        "clocktower new",
        storyteller="me",
        file=("penance.json", json.dumps(PENANCE).encode()),
    )
    assert said(opened) == "The lobby is open below.", opened
    lobby = table.channel.last_message
    for i in range(7):
        assert (await table.add(f"p{i}").click(lobby, label="Join")).ephemeral
    started = await teller.slash(table.channel, "clocktower start", characters=DEAL, shuffle=False)
    assert started.ephemeral and "dealt" in said(started), said(started)
    assert table.session() is not None and state(table).phase is not ct.Phase.OVER
    assert not any("wins!" in t for t in table.public_texts())

    await to_day(table, teller)
    assert state(table).phase is ct.Phase.DAY and state(table).winner is None
    told = [
        m.content
        for m in table.user(teller.id).dm_channel.history()
        if "would now win" in m.content
    ]
    assert told == []
    minion = state(table).seats[0].player  # the Poisoner, dealt first
    told_team = [
        m.content for m in table.user(minion).dm_channel.history() if "Minions" in m.content
    ]
    assert told_team and "No player is the Demon yet." in told_team[0], told_team
    (sitter,) = ct.model.demons(state(table))
    babysat = [m.content for m in table.user(sitter).dm_channel.history() if "babysit" in m.content]
    assert babysat and "**Lil' Monsta**" in babysat[-1] and "**Demon**" in babysat[-1], babysat
    assert not any("wins!" in t or "Lil' Monsta" in t for t in table.public_texts())

    ended = await teller.slash(table.channel, "clocktower end", winner="evil")
    assert ended.ephemeral and "over" in said(ended), said(ended)
    assert table.session() is None
    reveal = next(t for t in table.public_texts() if "wins!" in t)
    assert "Evil wins!" in reveal and "the storyteller says so" in reveal
    rows, players = await results_in_db(table)
    assert rows == [("clocktower", "evil", f"user:{teller.id}", "Penance")]
    assert {role for _, team, role in players if team == "evil"} == {"Poisoner", "Spy"}
