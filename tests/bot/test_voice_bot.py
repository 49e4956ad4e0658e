"""Voice through SimCord: whole linked games of Clocktower and The Traitors, with a player out
of voice, one who walks back to the square at night, a refused move, missing permissions and a
restart mid-dusk. The per-server member-edit limit is emulated by the bot's throttle on
SimCord's virtual clock (SimCord itself does not rate-limit)."""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

import engine.clocktower.game as ct
import engine.traitors as tg
from bot.layouts import TO_COTTAGES, TO_ROOMS, woken_player
from bot.voice_rooms import WINDOW
from tests.bot.conftest import raw
from tests.bot.test_clocktower_bot import answer_night, answer_ruling, deal, drive, said, state
from tests.bot.test_traitors_bot import murder, vote_round

SEED = 1  # a deal whose first night wakes several players and whose game lasts two days
MOVE_MEMBERS = discord.Permissions(move_members=True).value
VIEW = discord.Permissions(view_channel=True).value


# Helpers ------------------------------------------------------------------------------------
def where(table) -> dict[int, int]:
    return {user: vs.channel_id for user, vs in table.guild.voice_states().items()}


async def rows(table, sql: str, *params) -> list[tuple]:
    async with raw(table.db_path) as db:
        return list(await db.execute_fetchall(sql, params))


async def rooms(table, game_id: int) -> dict[str, int]:
    """The game's rooms still open: key -> channel."""
    found = await rows(
        table,
        "SELECT room, channel_id FROM voice_channels WHERE game_id = ? AND deleted_at IS NULL",
        game_id,
    )
    return dict(found)


def overwrites(table, channel_id: int) -> dict[int, tuple[int, int]]:
    channel = table.env.backend.channels[channel_id]
    return {o.target_id: (o.allow, o.deny) for o in channel.overwrites}


def emulate_limit(table, limit: int) -> None:
    """The bot's throttle on SimCord's virtual clock, with this many moves per window."""
    table.bot.voice.limit = limit
    table.bot.voice.clock = lambda: table.env.now().timestamp()
    table.bot.voice.throttles.clear()


async def moves_done(table) -> None:
    """Let the throttled mover finish, a window at a time."""
    for _ in range(20):
        if not any(table.bot.voice.queues.values()):
            return
        await table.env.advance_time(WINDOW)
    raise AssertionError("the mover never finished")


async def seat_clocktower(table, players: int, square):
    """A human storyteller opens a lobby linked to ``square`` and ``players`` players sit."""
    teller = table.add("storyteller")
    opened = await teller.slash(table.channel, "clocktower new", storyteller="me", voice=square)
    assert said(opened) == "The lobby is open below."
    lobby = table.channel.last_message
    for i in range(players):
        joined = await table.add(f"p{i}").click(lobby, label="Join")
        assert "seat" in said(joined)
    return teller


# Clocktower ---------------------------------------------------------------------------------
async def test_a_linked_clocktower_game_from_dusk_to_the_end(table, monkeypatch):
    deal(monkeypatch, SEED)
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 6, square)
    players = [m for m in table.members if m is not teller]
    away = players[-1]  # never in voice
    for member in [teller, *players[:-1]]:
        await member.join_voice(square)
    emulate_limit(table, 3)

    started = await teller.slash(table.channel, "clocktower start")
    assert said(started) == "The characters are dealt."
    game = table.session().game.id
    assert TO_COTTAGES in table.public_texts()
    made = await rooms(table, game)
    cottages = {p.id: made[f"cottage:{p.id}"] for p in players}
    assert len(set(cottages.values())) == len(players) and f"cottage:{teller.id}" in made
    # throttled: only the limit's worth of moves in the first window
    moved = [p for p in [teller, *players[:-1]] if where(table)[p.id] != square.id]
    assert len(moved) == 3
    await moves_done(table)

    # each player in their own cottage (the storyteller visits whoever is woken)
    for player in players[:-1]:
        assert where(table)[player.id] == cottages[player.id]
    woken = woken_player(state(table))
    teller_at = where(table)[teller.id]
    assert teller_at == made[f"cottage:{woken if woken is not None else teller.id}"]
    # cottages: @everyone denied; only its player, the storyteller and the bot let in
    everyone = table.guild.id
    bot_id = table.env.backend.bot_user.id
    for player in players:
        given = overwrites(table, cottages[player.id])
        assert given[everyone][1] & VIEW
        assert set(given) == {everyone, player.id, teller.id, bot_id}
    # rooms made with their overwrites are not edited again at each step of the game
    edits = [r for r in table.env.http_requests if r.method == "PATCH" and "/channels/" in r.path]
    assert not [r for r in edits if int(r.path.split("/")[2]) in made.values()]
    # the player out of voice is told where their cottage is
    assert any(f"<#{cottages[away.id]}>" in text for text in table.dm_texts(away.id))

    # a player who walks back to the square at night is put back in their cottage
    walker = players[0]
    await walker.join_voice(square)
    await moves_done(table)
    assert where(table)[walker.id] == cottages[walker.id]

    # the storyteller is moved to each woken player in turn
    visited = set()
    while state(table).phase is not ct.Phase.DAY:
        woken = woken_player(state(table))
        await moves_done(table)
        if woken is not None and woken != away.id:
            assert where(table)[teller.id] == cottages[woken]
            visited.add(woken)
        prompt = ct.open_prompts(state(table))[0]
        if prompt.kind == "ruling":
            await answer_ruling(table, prompt, teller)
        else:
            await answer_night(table, prompt)
    assert visited

    # dawn: everyone back to the town square
    await moves_done(table)
    assert all(where(table)[m.id] == square.id for m in [teller, *players[:-1]])

    # a whisper room for two, with the storyteller; a spectator only ever sees the square
    a, b = players[0], players[1]
    whispered = await a.slash(table.channel, "clocktower whisper", player=str(b.id))
    assert "step aside" in whispered.response.content
    await moves_done(table)
    room = (await rooms(table, game))[f"whisper:{min(a.id, b.id)}:{max(a.id, b.id)}"]
    assert where(table)[a.id] == where(table)[b.id] == room
    assert set(overwrites(table, room)) == {everyone, a.id, b.id, teller.id, bot_id}
    watcher = table.add("watcher")
    watching = await watcher.slash(table.channel, "voice spectate")
    assert f"<#{square.id}>" in said(watching)
    assert overwrites(table, square.id)[watcher.id][0] & VIEW
    assert all(watcher.id not in overwrites(table, c) for c in cottages.values())

    # a nomination calls the whisperers back; their room closes once both have left
    s = state(table)
    nominee = next(p for p in ct.living(s) if ct.seat(s, p).character != "virgin")
    nominator = next(p for p in ct.living(s) if p != nominee)
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(nominee))
    await moves_done(table)
    assert where(table)[a.id] == where(table)[b.id] == square.id
    assert room not in table.env.backend.channels

    await drive(table, teller)  # to the end of the game
    await moves_done(table)
    assert all(where(table)[m.id] == square.id for m in [teller, *players[:-1]])
    assert await rooms(table, game) == {}  # every channel the bot made is deleted…
    assert not any(c in table.env.backend.channels for c in made.values())
    assert watcher.id not in overwrites(table, square.id)  # …and the spectator's overwrite


async def test_a_refused_move_is_skipped_and_never_retried(table, monkeypatch):
    deal(monkeypatch, SEED)
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 5, square)
    for member in table.members:
        await member.join_voice(square)
    stubborn = table.members[2]
    path = f"/guilds/{table.guild.id}/members/{stubborn.id}"
    table.env.inject_error(
        "PATCH",
        path,
        status=400,
        code=40032,
        message="Target user is not connected to voice.",
        times=None,
    )
    await teller.slash(table.channel, "clocktower start")
    await moves_done(table)
    await table.env.advance_time(3 * WINDOW)
    tries = [r for r in table.env.http_requests if r.method == "PATCH" and r.path == path]
    assert len(tries) == 1
    game = table.session().game.id
    outcomes = await rows(table, "SELECT outcome FROM voice_moves WHERE member = ?", stubborn.id)
    assert outcomes == [("refused",)]
    others = [m for m in table.members if m not in (stubborn, teller)]
    made = await rooms(table, game)
    assert all(where(table)[m.id] == made[f"cottage:{m.id}"] for m in others)
    table.env.backend.faults.clear()


async def test_missing_permissions_are_said_in_one_sentence_before_the_night(table):
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 5, square)
    bot_role = next(r for r in table.env.backend.guilds[table.guild.id].roles.values() if r.managed)
    table.env.backend.edit_role(
        table.guild.id, bot_role.id, {"permissions": bot_role.permissions & ~MOVE_MEMBERS}
    )
    elder = table.guild.create_role("Elders", position=bot_role.position + 1)
    table.env.backend.add_member_role(table.guild.id, table.members[1].id, elder.id)
    await table.env.settle()

    refused = await teller.slash(table.channel, "clocktower start")
    text = said(refused)
    assert refused.ephemeral and text.count(".") == 2, text  # one sentence, and the offer
    assert "Move Members" in text and f"<@{table.members[1].id}>" in text
    assert "`/clocktower start voice: False`" in text
    assert state(table).phase is ct.Phase.LOBBY

    started = await teller.slash(table.channel, "clocktower start", voice=False)
    assert said(started) == "The characters are dealt."
    assert await rows(table, "SELECT * FROM voice_channels") == []
    assert await rows(table, "SELECT * FROM voice_links") == []


async def test_a_restart_mid_dusk_finishes_the_moves_and_moves_only_those_out_of_place(
    table, monkeypatch
):
    deal(monkeypatch, SEED)
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 7, square)
    for member in table.members:
        await member.join_voice(square)
    emulate_limit(table, 2)
    await teller.slash(table.channel, "clocktower start")
    early = {m.id for m in table.members if where(table)[m.id] != square.id}
    assert len(early) == 2
    waiting = await rows(table, "SELECT count(*) FROM voice_moves WHERE settled_at IS NULL")
    assert waiting[0][0] == 6  # the intent of the rest of the dusk is stored
    (before,) = await rows(table, "SELECT max(id) FROM voice_moves")

    await table.restart()  # the dusk is cut short
    await table.env.settle()
    game = table.session().game.id
    made = await rooms(table, game)
    players = [m for m in table.members if m is not teller]
    assert all(where(table)[m.id] == made[f"cottage:{m.id}"] for m in players)
    interrupted = await rows(
        table,
        "SELECT count(*) FROM voice_moves WHERE outcome = 'superseded' AND id <= ?",
        before[0],
    )
    assert interrupted[0][0] == 6  # replaced by the plan made from where people were
    after = await rows(
        table, "SELECT member FROM voice_moves WHERE outcome = 'moved' AND id > ?", before[0]
    )
    moved = [m for (m,) in after]
    # only those out of place were moved: nobody twice, no player already in their cottage
    assert len(moved) == len(set(moved)) and not (set(moved) & early - {teller.id})
    assert set(moved) - {teller.id} == {m.id for m in players} - early


async def test_channels_of_a_game_that_ended_during_a_stop_are_deleted_at_start_up(
    table, monkeypatch
):
    deal(monkeypatch, SEED)
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 5, square)
    await teller.slash(table.channel, "clocktower start")
    game = table.session().game.id
    made = await rooms(table, game)
    assert made
    async with raw(table.db_path) as db:  # it ended; the bot stopped at once
        await db.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game,))
        await db.commit()
    await table.restart()
    await table.env.settle()
    assert not any(c in table.env.backend.channels for c in made.values())
    assert await rooms(table, game) == {}


# The Traitors -------------------------------------------------------------------------------
async def test_a_linked_traitors_game_with_rooms_and_the_turret(table, monkeypatch):
    deal(monkeypatch, SEED)
    round_table = table.guild.create_voice_channel("Round table")
    host = table.add("host")
    opened = await host.slash(table.channel, "traitors new", voice=round_table)
    assert said(opened) == "The lobby is open below."
    lobby = table.channel.last_message
    for i in range(6):
        await table.add(f"p{i}").click(lobby, label="Join")
    for member in table.members:
        await member.join_voice(round_table)
    await host.slash(table.channel, "traitors start", traitors=2)
    game = table.session().game.id
    traitors = set(state_tg(table).traitor_ids)
    faithful = [m.id for m in table.members if m.id not in traitors]
    assert set(where(table).values()) == {round_table.id}  # day 1: nobody moves

    banished, murdered, away = faithful[0], faithful[1], faithful[-1]
    await table.member(away).leave_voice()  # out of voice when night falls
    ballots = {v: banished for v in tg.living(state_tg(table)) if v != banished}
    await vote_round(table, ballots | {banished: murdered})
    assert state_tg(table).phase is tg.Phase.NIGHT
    await moves_done(table)
    assert TO_ROOMS in table.public_texts()
    made = await rooms(table, game)
    turret = made["turret"]
    in_voice = [m.id for m in table.members if m.id != away]
    for player in in_voice:
        wanted = {banished: round_table.id, **dict.fromkeys(traitors, turret)}
        assert where(table)[player] == wanted.get(player, made.get(f"cottage:{player}"))
    bot_id = table.env.backend.bot_user.id
    assert set(overwrites(table, turret)) == {table.guild.id, bot_id, *traitors}
    for player in faithful:
        given = set(overwrites(table, made[f"cottage:{player}"]))
        assert given == {table.guild.id, bot_id, player}
    assert not any(f"cottage:{t}" in made for t in traitors)  # no room of their own to reveal
    assert any(f"<#{made[f'cottage:{away}']}>" in t for t in table.dm_texts(away))

    await murder(table, murdered)
    assert state_tg(table).phase is tg.Phase.DAY
    await moves_done(table)
    assert all(where(table)[p] == round_table.id for p in in_voice)

    await host.slash(table.channel, "traitors end")
    await moves_done(table)
    assert await rooms(table, game) == {}
    assert not any(c in table.env.backend.channels for c in made.values())


def state_tg(table) -> tg.State:
    return table.session().state


async def test_unlinking_mid_game_puts_everyone_back_and_deletes_the_rooms(table, monkeypatch):
    deal(monkeypatch, SEED)
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 5, square)
    for member in table.members:
        await member.join_voice(square)
    await teller.slash(table.channel, "clocktower start")
    await moves_done(table)
    game = table.session().game.id
    made = await rooms(table, game)
    seated = list(table.members)
    assert all(where(table)[m.id] != square.id for m in seated)
    player = table.members[1]
    refused = await player.slash(table.channel, "voice unlink")
    assert "Only whoever opened this game" in said(refused)
    playing = await player.slash(table.channel, "voice spectate")
    assert "You play in this game" in said(playing)
    watcher = table.add("watcher")
    await watcher.slash(table.channel, "voice spectate")
    assert watcher.id in overwrites(table, square.id)

    unlinked = await teller.slash(table.channel, "voice unlink")
    assert "Voice is off" in said(unlinked)
    await moves_done(table)
    assert all(where(table)[m.id] == square.id for m in seated)
    assert not any(c in table.env.backend.channels for c in made.values())
    assert watcher.id not in overwrites(table, square.id)
    assert await rows(table, "SELECT * FROM voice_links") == []
    await table.restart()  # nothing is made again
    await table.env.settle()
    assert await rooms(table, game) == {}
    assert state(table).phase is not ct.Phase.LOBBY


async def test_visits_off_keeps_the_storyteller_home_and_a_late_link_is_checked(table, monkeypatch):
    deal(monkeypatch, SEED)
    square = table.guild.create_voice_channel("Town square")
    teller = await seat_clocktower(table, 5, square)
    off = await teller.slash(table.channel, "voice visits", on=False)
    assert "left in your own cottage" in said(off)
    for member in table.members:
        await member.join_voice(square)
    await teller.slash(table.channel, "clocktower start")
    await moves_done(table)
    game = table.session().game.id
    made = await rooms(table, game)
    assert woken_player(state(table)) not in (None, teller.id)  # someone else is being woken
    assert where(table)[teller.id] == made[f"cottage:{teller.id}"]

    # linking another channel once the game is under way is checked at once
    other = table.guild.create_voice_channel("Back room")
    bot_denied = Overwrite(table.env.backend.bot_user.id, OverwriteType.MEMBER, deny=VIEW)
    table.env.backend.set_overwrite(other.id, bot_denied)
    await table.env.settle()
    refused = await teller.slash(table.channel, "voice link", channel=other)
    assert "View Channel and Connect in" in said(refused)
    assert (await rows(table, "SELECT square_id FROM voice_links"))[0][0] == square.id
