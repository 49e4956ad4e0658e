"""``RAVENSWOOD_SHARDS``: a slice of the gateway's shards, parsed with a friendly error, and the
bot as an AutoShardedBot on it (in SimCord, which routes each server's events to its shard and
DMs to shard 0)."""

from __future__ import annotations

import discord
import pytest

from bot.app import Ravenswood, ShardedRavenswood, create_bot
from bot.shards import ShardSlice, ShardSpecError, parse_shards
from bot.store.connect import open_database
from tests.bot.conftest import Table
from tests.bot.test_cli_run_migrate import ravenswood


@pytest.mark.parametrize(
    ("text", "ids", "count"),
    [
        ("0-3/16", (0, 1, 2, 3), 16),
        ("5/16", (5,), 16),
        ("4,6/8", (4, 6), 8),
        (" 0-1, 3 / 4 ", (0, 1, 3), 4),
        ("0/1", (0,), 1),
    ],
)
def test_a_slice_is_read(text, ids, count):
    assert parse_shards(text) == ShardSlice(ids, count)


def test_unset_is_one_process_as_before():
    assert parse_shards("") is None and parse_shards("   ") is None
    assert type(create_bot("x.sqlite3")) is Ravenswood


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("0-3", "write it like 0-3/16"),
        ("a-b/4", "write it like 0-3/16"),
        ("0-3/x", "write it like 0-3/16"),
        ("0-3/0", "at least 1"),
        ("3-1/4", "runs backwards"),
        ("0-16/16", "numbered 0 to 15"),
    ],
)
def test_a_bad_slice_is_one_friendly_sentence(text, says):
    with pytest.raises(ShardSpecError, match=says) as refused:
        parse_shards(text)
    assert str(refused.value).startswith("RAVENSWOOD_SHARDS is")


def test_ravenswood_run_refuses_a_bad_slice_in_one_sentence():
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    done = ravenswood(env={"DISCORD_TOKEN": token, "RAVENSWOOD_SHARDS": "2-9/8"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "ravenswood run: RAVENSWOOD_SHARDS is '2-9/8': shards are numbered 0 to 7 when there are 8."
    ]


def test_a_slice_makes_an_auto_sharded_bot():
    bot = create_bot("x.sqlite3", None, ShardSlice((2, 3), 8))
    assert isinstance(bot, ShardedRavenswood) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_ids == [2, 3] and bot.shard_count == 8


@pytest.fixture
def simcord_bot(db_path):
    return create_bot(db_path, None, ShardSlice((0, 1), 4))


async def test_a_sharded_process_plays_a_server_on_its_shard_and_answers_dms(simcord_env, db_path):
    """Shards 0 and 1 of 4: a server on shard 1 plays (slash command, buttons), and the "Show
    my secret" press in a DM, which Discord sends on shard 0, is answered."""
    guild = simcord_env.create_guild(shard_id=1)
    table = Table(simcord_env, db_path, guild, guild.create_text_channel("hall"))
    assert table.bot.shard_count == 4 and sorted(table.bot.shards) == [0, 1]
    host = table.add("host")
    for i in range(4):
        table.add(f"p{i}")
    await host.slash(table.channel, "traitors new")
    lobby = table.channel.last_message
    for member in table.members[1:]:
        assert (await member.click(lobby, label="Join")).ephemeral
    await host.slash(table.channel, "traitors start", traitors=1)
    player = table.members[1]
    briefing = table.last_dm(player.id)
    assert briefing is not None and "Traitors" in briefing.content
    session = table.session()
    assert session.game.guild_id == guild.id and (guild.id >> 22) % 4 == 1


async def test_slash_commands_are_synced_once_per_version_of_them(postgres_server, tmp_path):
    """Processes sharing PostgreSQL: the first to start syncs; the others find it done; a
    new version of the commands is synced again, once. SQLite's one process syncs as ever."""
    target = postgres_server.fresh()
    synced: list[str] = []
    bots = [Ravenswood(target) for _ in range(3)]
    for name, bot in zip("abc", bots, strict=True):
        bot.db = await open_database(target)

        async def sync(*, guild=None, name=name):
            synced.append(name)
            return []

        bot.tree.sync = sync  # type: ignore[method-assign]
    try:
        for bot in bots:
            await bot.sync_commands()
        assert synced == ["a"]
        for bot in bots[1:]:  # a new version, started on b and c

            @bot.tree.command(name="ping", description="A new command")
            async def ping(interaction: discord.Interaction) -> None: ...

            await bot.sync_commands()
        assert synced == ["a", "b"]
    finally:
        for bot in bots:
            await bot.db.close()
    alone = Ravenswood(str(tmp_path / "one.sqlite3"))
    alone.db = await open_database(alone.database_path)
    starts: list[int] = []

    async def counted(*, guild=None):
        starts.append(1)
        return []

    alone.tree.sync = counted  # type: ignore[method-assign]
    try:
        await alone.sync_commands()
        await alone.sync_commands()
        assert len(starts) == 2  # every start syncs, as before
    finally:
        await alone.db.close()
