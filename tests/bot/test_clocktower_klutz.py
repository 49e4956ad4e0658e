"""The executed Klutz through SimCord: the execution is announced, the day waits while the Klutz
chooses on their DM (told they died, and that the choice is public), and choosing the Demon ends
the game at once with evil winning, recorded for the ratings."""

from __future__ import annotations

import engine.clocktower.game as ct
from tests.bot.test_clocktower_bot import TIMES, deal, menu_id, open_game, said, state, vote
from tests.bot.test_clocktower_snv import answer_night, seed_where


async def test_an_executed_klutz_chooses_before_the_night_and_can_lose_the_game(table, monkeypatch):
    deal(monkeypatch, seed_where(8, lambda s: any(x.character == "klutz" for x in s.seats)))
    opener, _ = await open_game(table, 8, script="snv")
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])
    klutz = next(s.player for s in state(table).seats if s.character == "klutz")
    demon = next(s.player for s in state(table).seats if s.team == "demon")
    nominator = next(p for p in ct.living(state(table)) if p != klutz)
    nominated = await table.member(nominator).slash(
        table.channel, "clocktower nominate", player=str(klutz)
    )
    assert nominated.ephemeral, said(nominated)
    while state(table).vote is not None:
        await vote(table, True)
    await table.env.advance_time(TIMES.day)  # the day's time runs out: the Klutz is executed

    assert state(table).phase is ct.Phase.DAY and not ct.seat(state(table), klutz).alive
    assert any(f"<@{klutz}> is executed" in t for t in table.public_texts())
    dm = table.last_dm(klutz)
    assert "You have died; in public" in dm.content and "Klutz" in dm.content
    night = await table.member(nominator).slash(table.channel, "clocktower status")
    assert "Night" not in said(night).split("\n")[0]

    chose = await table.user(klutz).select(dm, [str(demon)], custom_id=menu_id(dm, demon))
    assert chose.ephemeral, said(chose)
    assert table.session() is None  # the game is over
    texts = table.public_texts()
    assert any(f"<@{klutz}>" in t and f"<@{demon}>" in t and "Klutz" in t for t in texts)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "Evil wins" in reveal or "evil wins" in reveal.lower()
    rows = await table.bot.db.fetchall("SELECT winner FROM results WHERE kind = 'clocktower'")
    assert [r[0] for r in rows] == ["evil"]


async def test_an_idle_executed_klutz_is_chosen_for_at_the_timeout(table, monkeypatch):
    deal(monkeypatch, seed_where(8, lambda s: any(x.character == "klutz" for x in s.seats)))
    opener, _ = await open_game(table, 8, script="snv")
    await opener.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])
    klutz = next(s.player for s in state(table).seats if s.character == "klutz")
    nominator = next(p for p in ct.living(state(table)) if p != klutz)
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(klutz))
    while state(table).vote is not None:
        await vote(table, True)
    await table.env.advance_time(TIMES.day)
    (prompt,) = ct.open_prompts(state(table))
    assert prompt.to == (klutz,) and state(table).phase is ct.Phase.DAY
    await table.env.advance_time(TIMES.timeout + 1)  # the Klutz never answers
    chosen = prompt.default[0]
    assert any(f"<@{klutz}>" in t and f"<@{chosen}>" in t for t in table.public_texts())
    session = table.session()
    assert session is None or session.state.phase is ct.Phase.NIGHT
