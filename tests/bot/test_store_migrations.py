"""Migrations: a fresh database, upgrades from every earlier version, a failure rolled back whole."""

import sqlite3
import subprocess
import sys

import aiosqlite
import pytest

from bot.store.database import Database
from bot.store.migrations import DatabaseTooNew, Migration, load_migrations, migrate, schema_version


async def tables(db: Database) -> set[str]:
    rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row["name"] for row in rows}


async def test_fresh_database_gets_every_table_and_the_latest_version(tmp_path):
    db = await Database.open(str(tmp_path / "fresh.db"))
    try:
        assert await schema_version(db.connection) == len(load_migrations())
        assert {
            "games",
            "game_actions",
            "game_messages",
            "results",
            "result_players",
            "result_entries",
        } <= await tables(db)
        (mode,) = await (await db.connection.execute("PRAGMA journal_mode")).fetchone()
        (fk,) = await (await db.connection.execute("PRAGMA foreign_keys")).fetchone()
        assert (mode, fk) == ("wal", 1)
    finally:
        await db.close()


async def schema(db: Database) -> dict[str, object]:
    """Every table's columns (name, type, default, key, nullability), indexes and triggers."""
    entries = await db.fetchall(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    )
    shape: dict[str, object] = {}
    for entry in entries:
        if entry["type"] == "table":
            columns = await db.fetchall(f"PRAGMA table_info({entry['name']})")
            shape[entry["name"]] = sorted(tuple(c)[1:] for c in columns)
        else:
            shape[f"{entry['type']}:{entry['name']}"] = entry["tbl_name"]
    return shape


async def add_a_finished_game(db: Database) -> None:
    """Rows every version since the first can hold: a game, its log and its result."""
    async with db.transaction() as c:
        await c.execute(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_id, seed) "
            "VALUES (7, 'traitors', 1, 2, 3, 42)"
        )
        await c.execute("INSERT INTO game_actions (game_id, seq, action) VALUES (7, 0, '{}')")


@pytest.mark.parametrize("start", range(len(load_migrations())))
async def test_upgrade_from_every_earlier_version_keeps_the_data(tmp_path, start):
    migrations = load_migrations()
    path = str(tmp_path / "old.db")
    old = await Database.open(path, migrations[:start])
    assert await schema_version(old.connection) == start
    if start:
        await add_a_finished_game(old)
    await old.close()
    db = await Database.open(path)
    fresh = await Database.open(str(tmp_path / "fresh.db"))
    try:
        assert await schema_version(db.connection) == len(migrations)
        assert await schema(db) == await schema(fresh)
        if start:
            [game] = await db.fetchall("SELECT kind, seed FROM games WHERE id = 7")
            [action] = await db.fetchall("SELECT action FROM game_actions WHERE game_id = 7")
            assert tuple(game) == ("traitors", 42) and action["action"] == "{}"
    finally:
        await fresh.close()
        await db.close()


async def test_a_failed_migration_is_rolled_back_whole(tmp_path):
    broken = Migration(
        len(load_migrations()) + 1,
        "broken",
        "CREATE TABLE half_done (x); INSERT INTO no_such_table VALUES (1);",
    )
    path = str(tmp_path / "broken.db")
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(path, [*load_migrations(), broken])
    db = await Database.open(path)  # the good migrations were committed one by one
    try:
        assert await schema_version(db.connection) == len(load_migrations())
        assert "half_done" not in await tables(db)
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused(tmp_path):
    path = str(tmp_path / "new.db")
    async with aiosqlite.connect(path) as connection:
        await connection.execute("PRAGMA user_version = 999")
        await connection.commit()
    with pytest.raises(DatabaseTooNew, match="schema version 999"):
        await Database.open(path)


async def test_the_action_log_is_append_only(tmp_path):
    db = await Database.open(str(tmp_path / "log.db"))
    try:
        async with db.transaction() as c:
            await c.execute(
                "INSERT INTO games (id, kind, guild_id, channel_id, host_id, seed) VALUES (1, 'x', 1, 1, 1, 1)"
            )
            await c.execute("INSERT INTO game_actions (game_id, seq, action) VALUES (1, 0, '{}')")
        for statement in ("UPDATE game_actions SET action = '[]'", "DELETE FROM game_actions"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                async with db.transaction() as c:
                    await c.execute(statement)
        assert len(await db.fetchall("SELECT * FROM game_actions")) == 1
    finally:
        await db.close()


async def test_migrate_reports_the_version_it_reached(tmp_path):
    async with aiosqlite.connect(str(tmp_path / "v.db"), isolation_level=None) as connection:
        assert await migrate(connection, load_migrations()) == len(load_migrations())
        assert await migrate(connection, load_migrations()) == len(load_migrations())


def test_a_database_left_open_does_not_keep_the_process_alive(tmp_path):
    """A crash or a failed test that never closes the database must still let Python exit."""
    probe = (
        "import asyncio, sys; from bot.store.database import Database; "
        "asyncio.run(Database.open(sys.argv[1]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "open.db")], timeout=60, capture_output=True
    )
    assert done.returncode == 0, done.stderr
