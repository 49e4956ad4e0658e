"""Blood on the Clocktower through SimCord: whole games with either storyteller, restarts, two
channels, and a scan of every public message. Helpers for the other test_clocktower_* files."""

from __future__ import annotations

import asyncio
import json
import re

import engine.clocktower.game as ct
from bot.cogs.clocktower.clock import Timings
from engine.clocktower.catalogue import edition_characters
from engine.clocktower.selfplay import setup_game
from tests.bot.conftest import raw

TB = tuple(c.id for c in edition_characters("tb"))
TB_NAMES = re.compile(
    r"\b(" + "|".join(re.escape(c.name) for c in edition_characters("tb")) + r")\b"
)
ALIGNMENT = re.compile(r"\b(good|evil)\b", re.IGNORECASE)
MENTION = re.compile(r"<@!?(\d+)>")
TIMES = Timings()  # the defaults: the tests run on SimCord's virtual clock


# Setting up ---------------------------------------------------------------------------------
def seed_where(players: int, wanted, travellers: int = 0) -> int:
    """A seed whose bot-storyteller deal for this many players satisfies ``wanted(state)``."""
    for seed in range(1, 2000):
        if wanted(setup_game(TB, players, seed, travellers=travellers)):
            return seed
    raise AssertionError("no seed deals that")


def deal(monkeypatch, seed: int) -> None:
    """The next game opened gets this seed."""
    monkeypatch.setattr("bot.sessions.secrets.randbits", lambda bits: seed)


def holding(character: str):
    return lambda s: any(x.character == character == x.shown for x in s.seats)


def said(result) -> str:
    """The final answer of an interaction, whether sent as a reply or a follow-up."""
    return (result.followups or [result.response])[-1].content


def everything_said(result) -> str:
    return "\n".join(m.content for m in [result.response, *result.followups] if m is not None)


def state(table, channel=None) -> ct.State:
    return table.session(channel).state


async def open_game(
    table, players: int, storyteller="bot", channel=None, travellers: int = 0, script="tb"
):
    """Open a lobby for ``script`` and seat ``players`` players (then ``travellers``
    Travellers); returns (opener, lobby message)."""
    channel = channel or table.channel
    opener = table.add(f"opener-{channel.id % 1000}")
    result = await opener.slash(channel, "clocktower new", script=script, storyteller=storyteller)
    assert said(result) == "The lobby is open below.", result  # the lobby is posted for all
    lobby = channel.last_message
    seated = 1 if storyteller == "bot" else 0
    for i in range(players + travellers - seated):
        member = table.add(f"p{channel.id % 1000}-{i}")
        traveller = i >= players - seated
        joined = await member.click(lobby, label="Join as Traveller" if traveller else "Join")
        assert joined.ephemeral and "seat" in said(joined), said(joined)
    return opener, lobby


async def open_uploaded(table, name: str, script, players: int, storyteller: str = "bot"):
    """A lobby of ``script`` (character ids), uploaded as a script file named ``name``, with
    ``players`` seated (the opener too, with the bot storyteller). Returns the opener."""
    opener = table.add("opener")
    upload = json.dumps([{"id": "_meta", "name": name}, *script]).encode()
    opened = await opener.slash(
        table.channel, "clocktower new", storyteller=storyteller, file=("script.json", upload)
    )
    assert said(opened) == "The lobby is open below.", said(opened)
    lobby = table.channel.last_message
    for i in range(players - (storyteller == "bot")):
        joined = await table.add(f"p{i}").click(lobby, label="Join")
        assert joined.ephemeral, said(joined)
    return opener


def nominee(s: ct.State, besides: int) -> int:
    """A living player to nominate who is not the Virgin (whose ability would end the vote)."""
    return next(p for p in ct.living(s) if p != besides and ct.seat(s, p).character != "virgin")


def items(message) -> list[dict]:
    """A message's buttons and menus as dicts (channel messages hold objects, answers dicts)."""
    found = []
    for row in message.components:
        for item in row["components"] if isinstance(row, dict) else row.children:
            found.append(item if isinstance(item, dict) else item.to_dict())
    return found


def menu_id(message, value) -> str:
    for item in items(message):
        if any(option["value"] == str(value) for option in item.get("options", [])):
            return item["custom_id"]
    raise AssertionError(f"no menu offers {value}")


def first_label(message) -> str:
    return next(item["label"] for item in items(message) if item.get("label"))


def vote_board(channel):
    return next(
        m
        for m in reversed(list(channel.history()))
        if m.components and "The count has reached" in m.content
    )


def fresh(channel, message):
    return next(m for m in channel.history() if m.id == message.id)


# Playing ------------------------------------------------------------------------------------
async def answer_night(table, prompt) -> None:
    """Answer a night choice on the DM menu with the prompt's default targets."""
    player = prompt.to[0]
    dm = next(m for m in reversed(list(table.user(player).dm_channel.history())) if m.components)
    values = [str(t) for t in prompt.default]
    result = await table.user(player).select(dm, values, custom_id=menu_id(dm, values[0]))
    assert result.ephemeral, result


async def answer_ruling(table, prompt, storyteller) -> None:
    dm = next(
        m
        for m in reversed(list(table.user(storyteller.id).dm_channel.history()))
        if m.components and f"decision #{prompt.data['decision']}" in m.content
    )
    result = await table.user(storyteller.id).click(dm, label=first_label(dm))
    assert result.ephemeral and said(result) == "Ruled.", said(result)


async def to_day(table, teller=None, channel=None) -> None:
    while state(table, channel).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table, channel))[0]
        if prompt.kind == "ruling":
            await answer_ruling(table, prompt, teller)
        else:
            await answer_night(table, prompt)


async def vote(table, yes: bool, channel=None) -> None:
    channel = channel or table.channel
    voter = state(table, channel).vote.order[state(table, channel).vote.index]
    board = vote_board(channel)
    result = await table.member(voter).click(board, label="Hand up" if yes else "Hand down")
    assert result.ephemeral and "counted" in said(result), said(result)


async def play_day(table, teller=None, channel=None) -> None:
    """Someone nominates the Demon and everyone votes yes; a human storyteller ends the day,
    with the bot storyteller nobody does: the day's time runs out."""
    channel = channel or table.channel
    s = state(table, channel)
    demon = next(x.player for x in s.seats if x.team == "demon" and x.alive)
    nominator = next(p for p in ct.living(s) if p not in s.nominators)
    result = await table.member(nominator).slash(channel, "clocktower nominate", player=str(demon))
    assert result.ephemeral, result
    while table.session(channel) and state(table, channel).vote is not None:
        await vote(table, True, channel)
    if table.session(channel) and state(table, channel).phase is ct.Phase.DAY:
        if teller is not None:
            ended = await teller.slash(channel, "clocktower endday")
            assert ended.ephemeral and "over" in said(ended), said(ended)
        else:
            await table.env.advance_time(TIMES.day)


async def delivered(table) -> None:
    """Wait until every message the games owe is delivered: a game that just ended may still be
    posting its last messages (a busy machine, or another task holding the outbox row)."""
    for _ in range(200):
        if not table.bot.games.waiting():
            return
        await table.bot.deliver_owed()
        await asyncio.sleep(0.01)
    raise AssertionError("the games' last messages were never delivered")


async def drive(table, teller=None, channel=None, days: int = 8, steps: int | None = None) -> None:
    """Play until the game is over (or only ``steps`` steps): night menus by DM, rulings, and
    days of voting."""
    channel = channel or table.channel
    for _ in range(steps or 300):
        session = table.session(channel)
        if session is None:
            await delivered(table)
            session = table.session(channel)  # on PostgreSQL a game may be read back meanwhile
            if session is None:
                return
        prompts = ct.open_prompts(session.state)
        kind = prompts[0].kind if prompts else None
        if kind == "night_choice":
            await answer_night(table, prompts[0])
        elif kind == "ruling":
            await answer_ruling(table, prompts[0], teller)
        elif session.state.phase is ct.Phase.DAY:
            assert session.state.day <= days
            await play_day(table, teller, channel)
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}")
    if steps is None:
        raise AssertionError("the game did not end")


# Checking -----------------------------------------------------------------------------------
def assert_no_secret_in_public(
    texts: list[str], names: re.Pattern[str] = TB_NAMES, said: tuple[str, ...] = ()
) -> None:
    """Before the reveal no public line names a character (of ``names``) or an alignment, and
    no message posted at night names anyone (who wakes, who could not be reached, who is slow).
    Messages and lines starting with ``said`` are what players chose to say in public (a claim,
    a Gossip's statement)."""
    night = False
    for text in texts:
        if "The grimoire" in text:
            return
        if text.startswith("🌙"):
            night = True
        elif text.startswith("🌅"):
            night = False
        elif night:
            assert not MENTION.search(text), f"named at night: {text}"
        if said and text.startswith(said):
            continue
        for line in text.splitlines():
            if said and line.startswith(said):
                continue
            assert not names.search(line), line
            assert not ALIGNMENT.search(line), line


async def results_in_db(table):
    async with raw(table.db_path) as db:
        rows = await db.execute_fetchall("SELECT kind, winner, storyteller, script FROM results")
        players = await db.execute_fetchall("SELECT player, team, role FROM result_players")
    return list(rows), list(players)


# Whole games --------------------------------------------------------------------------------
async def test_the_bot_storyteller_runs_a_whole_game_with_no_moderator(table):
    opener, lobby = await open_game(table, players=7)
    lobby = fresh(table.channel, lobby)
    assert all(f"<@{m.id}>" in lobby.content for m in table.members)  # seats in the lobby
    early = await table.members[1].slash(table.channel, "clocktower start")
    assert early.ephemeral and "leads the game" in early.response.content
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral
    dealt = {s.player: s for s in state(table).seats}
    for member in table.members:
        first = table.dm_texts(member.id)[0]
        shown = next(c.name for c in edition_characters("tb") if c.id == dealt[member.id].shown)
        assert f"**{shown}**" in first and "*" in first  # the character and its summary
    await drive(table)  # nobody ends a day: the bot does, when the day's time is up

    texts = table.public_texts()
    assert any("Time is up" in t for t in texts) and any("Dusk falls in" in t for t in texts)
    assert_no_secret_in_public(texts)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal and all(f"<@{p}>" in reveal for p in dealt)
    picture = next(m for m in table.channel.history() if "grimoire at the end" in m.content)
    assert (await picture.attachments[0].read()).startswith(b"\x89PNG")
    rows, players = await results_in_db(table)
    assert (
        len(rows) == 1 and rows[0][0] == "clocktower" and rows[0][2:] == ("bot", "Trouble Brewing")
    )
    assert {p for p, _, _ in players} == {f"user:{p}" for p in dealt}
    assert all(team in ("good", "evil") and role for _, team, role in players)
    history = await opener.slash(table.channel, "clocktower votes")  # the game is over
    assert history.ephemeral and "no Clocktower game" in history.response.content


async def test_a_human_storyteller_rules_by_dm_through_a_whole_game(table):
    teller, _ = await open_game(table, players=7, storyteller="me")
    await teller.slash(table.channel, "clocktower start")
    prompt = ct.open_prompts(state(table))[0]
    assert prompt.kind == "ruling"  # from seven players the Demon's bluffs wait for the teller
    dm = table.last_dm(teller.id)
    assert "Storyteller decision" in dm.content and "✓" in dm.content or "No answer" in dm.content
    await answer_ruling(table, prompt, teller)
    assert state(table).pending is None or state(table).pending.id != prompt.data["decision"]
    undo = await teller.slash(table.channel, "clocktower undo")
    assert undo.ephemeral and "Undone" in said(undo)
    assert ct.open_prompts(state(table))[0].data["decision"] == prompt.data["decision"]
    await drive(table, teller)
    assert_no_secret_in_public(table.public_texts())
    rows, _ = await results_in_db(table)
    assert rows[0][2] == f"user:{teller.id}"


async def test_closed_dms_leak_nothing_over_whole_games_with_either_storyteller(table, monkeypatch):
    """Players (and a storyteller) who cannot be written to: the game goes on through the
    buttons and the clock, and the channel never learns who wakes or who was written to."""
    deal(monkeypatch, seed_where(8, holding("fortuneteller")))
    opener, _ = await open_game(table, players=8)
    await opener.slash(table.channel, "clocktower start")
    shy = [s.player for s in state(table).seats if s.team in ("demon", "minion")]
    shy += [s.player for s in state(table).seats if s.character == "fortuneteller"]
    for player in shy:
        table.close_dms(player)
    await drive_with_buttons(table, None, table.channel)
    assert_no_secret_in_public(table.public_texts())

    tower = table.guild.create_text_channel("tower")
    teller, _ = await open_game(table, players=7, storyteller="me", channel=tower)
    await teller.slash(tower, "clocktower start")
    table.close_dms(teller.id)
    for player in state(table, tower).players[:3]:
        table.close_dms(player)
    await drive_with_buttons(table, teller, tower)
    assert_no_secret_in_public(table.public_texts(tower))


async def drive_with_buttons(table, teller, channel) -> None:
    """Play a game where DMs fail: every menu is answered through `/clocktower me`."""
    for _ in range(300):
        session = table.session(channel)
        if session is None:
            return
        prompts = ct.open_prompts(session.state)
        if prompts and prompts[0].kind in ("night_choice", "ruling"):
            who = teller if prompts[0].kind == "ruling" else table.member(prompts[0].to[0])
            me = await who.slash(channel, "clocktower me")
            last = (me.followups or [me.response])[-1]
            assert last.components, everything_said(me)
            if prompts[0].kind == "ruling":
                answered = await who.click(last, label=first_label(last))
            else:
                values = [str(t) for t in prompts[0].default]
                answered = await who.select(last, values, custom_id=menu_id(last, values[0]))
            assert answered.ephemeral, answered
        elif session.state.phase is ct.Phase.DAY:
            await play_day(table, teller, channel)
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}")
    raise AssertionError("the game did not end")


async def test_restart_mid_night_and_mid_vote_keeps_old_buttons_working(table):
    opener, _ = await open_game(table, players=6)
    await opener.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table))[0]
        await table.restart()  # mid-night: the DM menu posted before the restart still works
        await answer_night(table, prompt)
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    board = vote_board(table.channel)
    await vote(table, True)
    await table.restart()
    assert len(state(table).vote.yes) == 1
    voter = state(table).vote.order[state(table).vote.index]
    await table.env.advance_time(TIMES.vote / 2 + 1)  # restored games get their clocks back
    assert any(f"<@{voter}>, the vote waits" in t for t in table.public_texts())
    later = state(table).vote.order[state(table).vote.index + 1]
    early = await table.member(later).click(board, label="Hand up")
    assert early.ephemeral and "counts, and locks, when the count reaches you" in said(early)
    assert f"<@{later}> ✋" in fresh(table.channel, board).content  # hands show, as at a table
    await vote(table, False)  # the count reaches the hand set in advance: counted at the pace
    await table.env.advance_time(TIMES.pace + 1)
    assert later in state(table).vote.yes
    assert "Counted yes: 2" in fresh(table.channel, board).content


async def test_two_games_in_two_channels(table):
    first, _ = await open_game(table, players=5)
    tower = table.guild.create_text_channel("tower")
    second, lobby = await open_game(table, players=5, channel=tower)
    busy = await table.members[1].click(lobby, label="Join")
    assert busy.ephemeral and "already in a game" in busy.response.content
    await first.slash(table.channel, "clocktower start")
    await second.slash(tower, "clocktower start")
    assert set(state(table).players).isdisjoint(state(table, tower).players)
    await drive(table, channel=tower)
    assert table.session(tower) is None and table.session() is not None
    again = await first.slash(table.channel, "clocktower new")
    assert again.ephemeral and "already running" in again.response.content


async def test_status_at_night_is_tonight_and_a_night_choice_is_confirmed(table, monkeypatch):
    deal(monkeypatch, seed_where(7, holding("monk")))
    opener, _ = await open_game(table, players=7)
    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    while state(table).vote is not None:
        await vote(table, True)
    assert state(table).block == target
    await opener.slash(table.channel, "clocktower endday")
    if table.session() is None:  # the execution ended the game
        return
    night = await table.members[1].slash(table.channel, "clocktower status")
    assert "Now: **night 2**" in said(night) and "On the block" not in said(night)
    prompt = ct.open_prompts(state(table))[0]
    player = prompt.to[0]
    dm = next(m for m in reversed(list(table.user(player).dm_channel.history())) if m.components)
    value = str(prompt.default[0])
    chose = await table.user(player).select(dm, [value], custom_id=menu_id(dm, value))
    name = table.member(prompt.default[0]).name
    assert said(chose) == f"Noted: {name}."
    menu = next(m for m in table.user(player).dm_channel.history() if m.id == dm.id)
    assert f"You chose **{name}**" in menu.content and not menu.components
