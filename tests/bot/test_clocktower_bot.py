"""Blood on the Clocktower through SimCord: whole games, rulings by DM, restarts, refusals."""

from __future__ import annotations

import re

import aiosqlite

import engine.clocktower.game as ct
from engine.clocktower.catalogue import edition_characters

TB_NAMES = re.compile(
    r"\b(" + "|".join(re.escape(c.name) for c in edition_characters("tb")) + r")\b"
)
ALIGNMENT = re.compile(r"\b(good|evil)\b", re.IGNORECASE)


def said(result) -> str:
    """The final answer of an interaction, whether sent as a reply or a follow-up."""
    return (result.followups or [result.response])[-1].content


def state(table, channel=None) -> ct.State:
    return table.session(channel).state


async def open_game(table, players: int, storyteller: str = "bot", channel=None):
    """Open a lobby and seat ``players`` players; returns (opener, lobby message)."""
    channel = channel or table.channel
    opener = table.add(f"opener-{channel.id % 1000}")
    result = await opener.slash(channel, "clocktower new", script="tb", storyteller=storyteller)
    assert result.response is not None and not result.ephemeral, result
    lobby = channel.last_message
    seated = 1 if storyteller == "bot" else 0
    for i in range(players - seated):
        member = table.add(f"p{channel.id % 1000}-{i}")
        joined = await member.click(lobby, label="Join")
        assert joined.ephemeral, joined
    return opener, lobby


def nominee(s: ct.State, besides: int) -> int:
    """A living player to nominate who is not the Virgin (whose ability would end the vote)."""
    return next(p for p in ct.living(s) if p != besides and ct.seat(s, p).character != "virgin")


def menu_id(message, value) -> str:
    for row in message.components:
        for item in row.children:
            if any(option.value == str(value) for option in getattr(item, "options", [])):
                return item.custom_id
    raise AssertionError(f"no menu offers {value}")


def vote_board(channel):
    return next(
        m for m in reversed(list(channel.history())) if m.components and "Now voting" in m.content
    )


async def answer_night(table, prompt) -> None:
    """Answer a night choice on the DM menu with the prompt's default targets."""
    player = prompt.to[0]
    dm = next(m for m in reversed(list(table.user(player).dm_channel.history())) if m.components)
    values = [str(t) for t in prompt.default]
    result = await table.user(player).select(dm, values, custom_id=menu_id(dm, values[0]))
    assert result.ephemeral, result


async def answer_ruling(table, prompt, storyteller) -> None:
    dm = table.last_dm(storyteller.id)
    assert "Storyteller decision" in dm.content
    result = await table.user(storyteller.id).click(dm, label=dm.components[0].children[0].label)
    assert result.ephemeral and said(result) == "Ruled.", said(result)


async def vote(table, yes: bool, channel=None) -> None:
    channel = channel or table.channel
    voter = state(table, channel).vote.order[state(table, channel).vote.index]
    result = await table.member(voter).click(vote_board(channel), label="Yes" if yes else "No")
    assert result.ephemeral and "counted" in said(result), said(result)


async def play_day(table, opener, channel=None) -> None:
    """Someone nominates the Demon, everyone votes yes, the day ends."""
    channel = channel or table.channel
    s = state(table, channel)
    demon = next(x.player for x in s.seats if x.team == "demon" and x.alive)
    nominator = next(p for p in ct.living(s) if p not in s.nominators)
    result = await table.member(nominator).slash(channel, "clocktower nominate", player=str(demon))
    assert result.ephemeral, result
    while table.session(channel) and state(table, channel).vote is not None:
        await vote(table, True, channel)
    if table.session(channel) and state(table, channel).phase is ct.Phase.DAY:
        ended = await table.member(opener.id).slash(channel, "clocktower endday")
        assert ended.ephemeral, ended


async def drive(table, opener, storyteller=None, channel=None, days: int = 8) -> None:
    """Play until the game is over: night menus by DM, rulings, and a day of voting."""
    channel = channel or table.channel
    for _ in range(200):
        session = table.session(channel)
        if session is None:
            return
        prompts = ct.open_prompts(session.state)
        kind = prompts[0].kind if prompts else None
        if kind == "night_choice":
            await answer_night(table, prompts[0])
        elif kind == "ruling":
            await answer_ruling(table, prompts[0], storyteller)
        elif session.state.phase is ct.Phase.DAY:
            assert session.state.day <= days
            await play_day(table, storyteller or opener, channel)
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}")
    raise AssertionError("the game did not end")


def assert_no_secret_in_public(texts: list[str]) -> None:
    """Before the reveal, no public line names a character or an alignment."""
    for text in texts:
        if "The grimoire" in text:
            return
        for line in text.splitlines():
            assert not TB_NAMES.search(line), line
            assert not ALIGNMENT.search(line), line


async def results_in_db(table):
    async with aiosqlite.connect(table.db_path) as db:
        rows = await db.execute_fetchall("SELECT kind, winner, storyteller, script FROM results")
        players = await db.execute_fetchall("SELECT player, team, role FROM result_players")
    return list(rows), list(players)


async def test_a_whole_game_with_the_bot_storyteller(table):
    opener, lobby = await open_game(table, players=5)
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    assert all(f"<@{m.id}>" in lobby.content for m in table.members)  # seats in the lobby
    early = await table.members[1].slash(table.channel, "clocktower start")
    assert early.ephemeral and "opened the game" in early.response.content
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral
    dealt = {s.player: s for s in state(table).seats}
    for member in table.members:
        first = table.dm_texts(member.id)[0]
        shown = next(c.name for c in edition_characters("tb") if c.id == dealt[member.id].shown)
        assert f"**{shown}**" in first and "*" in first  # the character and its summary
    assert any("Night 1 falls" in t for t in table.public_texts())
    await drive(table, opener)

    texts = table.public_texts()
    assert_no_secret_in_public(texts)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal and all(f"<@{p}>" in reveal for p in dealt)
    rows, players = await results_in_db(table)
    assert (
        len(rows) == 1 and rows[0][0] == "clocktower" and rows[0][2:] == ("bot", "Trouble Brewing")
    )
    assert {p for p, _, _ in players} == {f"user:{p}" for p in dealt}
    assert all(team in ("good", "evil") and role for _, team, role in players)
    history = await opener.slash(table.channel, "clocktower votes")  # the game is over
    assert history.ephemeral and "no Clocktower game" in history.response.content


async def test_a_human_storyteller_rules_by_dm_and_players_cannot(table):
    teller, _ = await open_game(table, players=5, storyteller="me")
    player = table.members[1]
    for command in ("start", "endday", "grimoire", "undo", "end"):
        refused = await player.slash(table.channel, f"clocktower {command}")
        assert refused.ephemeral and "storyteller" in refused.response.content, command
    refused = await player.slash(
        table.channel, "clocktower adjust", player=str(player.id), change="kill"
    )
    assert refused.ephemeral and "storyteller" in refused.response.content
    assert state(table).phase is ct.Phase.LOBBY

    await teller.slash(table.channel, "clocktower start")
    prompt = ct.open_prompts(state(table))[0]
    assert prompt.kind == "ruling"  # at least the Demon's bluffs wait for the storyteller
    dm = table.last_dm(teller.id)
    assert "Storyteller decision" in dm.content and dm.components
    await answer_ruling(table, prompt, teller)
    assert state(table).decisions >= prompt.data["decision"]
    assert state(table).pending is None or state(table).pending.id != prompt.data["decision"]

    grimoire = await teller.slash(table.channel, "clocktower grimoire")
    answer = (grimoire.followups or [grimoire.response])[-1]
    assert grimoire.ephemeral and table.member(player.id).name in answer.content
    (png,) = answer.attachments
    assert (await png.read()).startswith(b"\x89PNG")
    undo = await teller.slash(table.channel, "clocktower undo")
    assert undo.ephemeral and "Undone" in said(undo)
    assert ct.open_prompts(state(table))[0].data["decision"] == prompt.data["decision"]
    await drive(table, teller, storyteller=teller)
    assert_no_secret_in_public(table.public_texts())
    rows, _ = await results_in_db(table)
    assert rows[0][2] == f"user:{teller.id}"


async def test_restart_mid_night_and_mid_vote_keeps_old_buttons_working(table):
    opener, _ = await open_game(table, players=6)
    await opener.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table))[0]
        await table.restart()  # mid-night: the DM menu posted before the restart still works
        await answer_night(table, prompt)
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    await vote(table, True)
    await table.restart()
    assert len(state(table).vote.yes) == 1
    voter = state(table).vote.order[state(table).vote.index]
    await table.env.advance_time(301)  # restored games get their idle timers back
    assert any(f"<@{voter}>, the vote waits" in t for t in table.public_texts())
    out_of_turn = next(p for p in ct.living(state(table)) if p != voter)
    refused = await table.member(out_of_turn).click(vote_board(table.channel), label="Yes")
    assert refused.ephemeral and "not your turn" in refused.response.content
    await vote(table, False)
    assert "Hands raised: 1" in vote_board(table.channel).content


async def test_a_player_with_closed_dms_sees_their_character_ephemerally(table):
    opener, _ = await open_game(table, players=5)
    shy = table.members[2]
    table.close_dms(shy.id)
    await opener.slash(table.channel, "clocktower start")
    notice = next(
        m for m in table.channel.history() if "couldn't send a private message" in m.content
    )
    assert f"<@{shy.id}>" in notice.content
    shown = await shy.click(notice, label="Show my secret")
    seat = ct.seat(state(table), shy.id)
    name = next(c.name for c in edition_characters("tb") if c.id == seat.shown)
    assert shown.ephemeral and f"**{name}**" in shown.response.content
    me = await shy.slash(table.channel, "clocktower me")
    assert me.ephemeral and f"**{name}**" in me.response.content
    assert_no_secret_in_public(table.public_texts())


async def test_two_games_in_two_channels(table):
    first, _ = await open_game(table, players=5)
    tower = table.guild.create_text_channel("tower")
    second, lobby = await open_game(table, players=5, channel=tower)
    busy = await table.members[1].click(lobby, label="Join")
    assert busy.ephemeral and "already in a game" in busy.response.content
    await first.slash(table.channel, "clocktower start")
    await second.slash(tower, "clocktower start")
    assert set(state(table).players).isdisjoint(state(table, tower).players)
    await drive(table, second, channel=tower)
    assert table.session(tower) is None and table.session() is not None
    again = await first.slash(table.channel, "clocktower new")
    assert again.ephemeral and "already running" in again.response.content


async def test_idle_voters_are_reminded_then_skipped(table):
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])
    target = nominee(state(table), opener.id)
    nominated = await opener.slash(table.channel, "clocktower nominate", player=str(target))
    assert nominated.ephemeral
    voter = state(table).vote.order[0]
    await table.env.advance_time(301)
    assert any(f"<@{voter}>, the vote waits" in t for t in table.public_texts())
    assert state(table).vote.index == 0
    await table.env.advance_time(600)
    assert state(table).vote is None or state(table).vote.order[state(table).vote.index] != voter


async def test_bad_input_gets_one_clear_sentence(table):
    opener, _ = await open_game(table, players=5)
    player = table.members[1]
    early = await player.slash(table.channel, "clocktower nominate", player=str(opener.id))
    assert early.ephemeral and "during the day" in early.response.content
    nonsense = await player.slash(table.channel, "clocktower nominate", player="nobody")
    assert nonsense.ephemeral and "Choose a player" in nonsense.response.content
    elsewhere = table.guild.create_text_channel("elsewhere")
    missing = await player.slash(elsewhere, "clocktower status")
    assert missing.ephemeral and "no Clocktower game" in missing.response.content
    unknown = await player.slash(elsewhere, "clocktower new", script="no such script")
    assert unknown.ephemeral and "No saved script" in unknown.response.content
    choices = await player.autocomplete(table.channel, "clocktower nominate", "player", "")
    assert {c["value"] for c in choices} == {str(p) for p in state(table).players}
    ended = await opener.slash(table.channel, "clocktower end")
    assert ended.ephemeral and table.session() is None
    rows, _ = await results_in_db(table)
    assert rows == []  # an abandoned game is not a result


async def test_the_fortune_teller_picks_two_players_in_one_menu(table, monkeypatch):
    monkeypatch.setattr("bot.sessions.secrets.randbits", lambda bits: 1)  # deals a Fortune Teller
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    (prompt,) = ct.open_prompts(state(table))
    assert prompt.kind == "night_choice" and prompt.data["pick"] == 2
    teller = prompt.to[0]
    menu = table.last_dm(teller)
    picker = next(item for row in menu.components for item in row.children)
    assert picker.min_values == picker.max_values == 2
    await table.restart()
    await answer_night(table, prompt)
    learned = table.dm_texts(teller)[-1]
    assert "**Fortune Teller**" in learned and "the Demon" in learned


async def test_whisper_status_and_votes_during_the_day(table):
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])
    friend = table.members[1]
    whisper = await opener.slash(table.channel, "clocktower whisper", player=str(friend.id))
    assert not whisper.ephemeral
    assert f"<@{opener.id}> and <@{friend.id}> step aside" in table.channel.last_message.content
    alone = await opener.slash(table.channel, "clocktower whisper", player=str(opener.id))
    assert alone.ephemeral
    status = await friend.slash(table.channel, "clocktower status")
    assert status.ephemeral and "Alive:" in said(status)
    assert not TB_NAMES.search(said(status)) and not ALIGNMENT.search(said(status))
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    again = await friend.slash(table.channel, "clocktower nominate", player=str(opener.id))
    assert again.ephemeral and "current vote" in said(again)
    while state(table).vote is not None:
        await vote(table, False)
    history = await friend.slash(table.channel, "clocktower votes")
    assert f"<@{opener.id}> nominated <@{target}> — 0 vote(s)" in said(history)
    twice = await opener.slash(table.channel, "clocktower nominate", player=str(friend.id))
    assert twice.ephemeral and "already nominated" in said(twice)
    mine = await opener.slash(table.channel, "clocktower me")
    assert mine.ephemeral and "you are the" in said(mine)
    assert_no_secret_in_public(table.public_texts())


async def test_idle_night_choices_default_and_rulings_wait_for_the_storyteller(table, monkeypatch):
    monkeypatch.setattr("bot.sessions.secrets.randbits", lambda bits: 1)  # deals a Fortune Teller
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    (prompt,) = ct.open_prompts(state(table))
    await table.env.advance_time(301)
    assert "waiting for your night choice" in table.dm_texts(prompt.to[0])[-1]
    await table.env.advance_time(600)
    assert ct.open_prompts(state(table)) != (prompt,)  # the default choice was applied
    assert "**Fortune Teller**" in table.dm_texts(prompt.to[0])[-1]

    tower = table.guild.create_text_channel("tower")
    teller, _ = await open_game(table, players=5, storyteller="me", channel=tower)
    await teller.slash(tower, "clocktower start")
    (ruling,) = ct.open_prompts(state(table, tower))
    await table.env.advance_time(2000)
    reminders = [t for t in table.dm_texts(teller.id) if "waiting for your decision" in t]
    assert len(reminders) >= 2 and ct.open_prompts(state(table, tower)) == (ruling,)


async def test_the_storyteller_votes_for_an_idle_player_and_undoes_it(table):
    teller, _ = await open_game(table, players=5, storyteller="me")
    await teller.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table))[0]
        if prompt.kind == "ruling":
            await answer_ruling(table, prompt, teller)
        else:
            await answer_night(table, prompt)
    nominator = ct.living(state(table))[0]
    target = nominee(state(table), nominator)
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(target))
    voter = state(table).vote.order[0]
    override = await teller.click(vote_board(table.channel), label="Yes")
    assert override.ephemeral and "counted" in said(override)
    assert state(table).vote.yes == (voter,)
    assert "Hands raised: 1" in vote_board(table.channel).content
    undo = await teller.slash(table.channel, "clocktower undo")
    assert "Undone: Vote" in said(undo) and state(table).vote.yes == ()
    assert "Hands raised: 0" in vote_board(table.channel).content
    adjusted = await teller.slash(
        table.channel, "clocktower adjust", player=str(voter), change="remind", value="suspicious"
    )
    assert adjusted.ephemeral and "changed" in said(adjusted)
    assert any("suspicious" in s["reminders"] for s in ct.grimoire(state(table))["seats"])


async def test_a_member_who_leaves_the_server_gives_up_their_seat(table):
    opener, lobby = await open_game(table, players=5)
    leaver = table.members[3]
    table.guild.remove_member(leaver)
    await table.env.settle()
    assert leaver.id not in state(table).players and len(state(table).players) == 4
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    assert f"<@{leaver.id}>" not in lobby.content
