"""Migrations on both backends: a fresh database, upgrades from every earlier version, a failure
rolled back whole, a newer database refused, the log append-only; and the SQL they share."""

import subprocess
import sys

import aiosqlite
import pytest

from bot.store.connect import open_database
from bot.store.database import Database, IntegrityError, StoreError
from bot.store.dialect import placeholders, postgres_ddl
from bot.store.migrations import DatabaseTooNew, Migration, load_migrations
from bot.store.sqlite import migrate

OUR_TABLES = {
    "games",
    "game_actions",
    "game_messages",
    "results",
    "result_players",
    "result_entries",
    "saved_scripts",
    "cluedo_notebooks",
    "cluedo_entries",
    "outbox",
}


async def test_fresh_database_gets_every_table_and_the_latest_version(database, backend):
    db = await open_database(database)
    try:
        assert db.kind == backend
        assert await db.schema_version() == len(load_migrations())
        assert OUR_TABLES <= set(await db.tables())
        if backend == "sqlite":
            (mode,) = await (await db.connection.execute("PRAGMA journal_mode")).fetchone()
            (fk,) = await (await db.connection.execute("PRAGMA foreign_keys")).fetchone()
            assert (mode, fk) == ("wal", 1)
    finally:
        await db.close()


async def schema(db: Database) -> dict[str, object]:
    """Every table's columns (name, type, default, nullability), indexes and triggers."""
    if db.kind == "postgresql":
        shape: dict[str, object] = {}
        for column in await db.fetchall(
            "SELECT table_name, column_name, data_type, column_default, is_nullable, is_identity "
            "FROM information_schema.columns WHERE table_schema = current_schema()"
        ):
            shape.setdefault(column["table_name"], []).append(tuple(column)[1:])  # type: ignore[union-attr]
        for index in await db.fetchall(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
        ):
            shape[f"index:{index['indexname']}"] = index["indexdef"].split(" USING ")[-1]
        for trigger in await db.fetchall(
            "SELECT trigger_name, event_manipulation FROM information_schema.triggers "
            "WHERE trigger_schema = current_schema()"
        ):
            shape[f"trigger:{trigger['trigger_name']}"] = trigger["event_manipulation"]
        return {k: sorted(v) if isinstance(v, list) else v for k, v in shape.items()}
    entries = await db.fetchall(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    )
    shape = {}
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
async def test_upgrade_from_every_earlier_version_keeps_the_data(new_database, start):
    migrations = load_migrations()
    target = new_database()
    old = await open_database(target, migrations[:start])
    assert await old.schema_version() == start
    if start:
        await add_a_finished_game(old)
    await old.close()
    db = await open_database(target)
    fresh = await open_database(new_database())
    try:
        assert await db.schema_version() == len(migrations)
        assert await schema(db) == await schema(fresh)
        if start:
            [game] = await db.fetchall("SELECT kind, seed FROM games WHERE id = 7")
            [action] = await db.fetchall("SELECT action FROM game_actions WHERE game_id = 7")
            assert tuple(game) == ("traitors", 42) and action["action"] == "{}"
    finally:
        await fresh.close()
        await db.close()


async def test_a_failed_migration_is_rolled_back_whole(database):
    broken = Migration(
        len(load_migrations()) + 1,
        "broken",
        "CREATE TABLE half_done (x TEXT); INSERT INTO no_such_table VALUES (1);",
    )
    with pytest.raises(StoreError, match="no_such_table"):
        await open_database(database, [*load_migrations(), broken])
    db = await open_database(database)  # the good migrations were committed one by one
    try:
        assert await db.schema_version() == len(load_migrations())
        assert "half_done" not in await db.tables()
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused(database, backend):
    db = await open_database(database)
    if backend == "sqlite":
        await db.connection.execute("PRAGMA user_version = 999")
    else:
        async with db.transaction() as c:
            await c.execute("UPDATE ravenswood_schema SET version = 999")
    await db.close()
    with pytest.raises(DatabaseTooNew, match="schema version 999"):
        await open_database(database)


async def test_the_action_log_is_append_only(database):
    db = await open_database(database)
    try:
        async with db.transaction() as c:
            await c.execute(
                "INSERT INTO games (id, kind, guild_id, channel_id, host_id, seed) VALUES (1, 'x', 1, 1, 1, 1)"
            )
            await c.execute("INSERT INTO game_actions (game_id, seq, action) VALUES (1, 0, '{}')")
        for statement in ("UPDATE game_actions SET action = '[]'", "DELETE FROM game_actions"):
            with pytest.raises(IntegrityError, match="append-only"):
                async with db.transaction() as c:
                    await c.execute(statement)
        assert len(await db.fetchall("SELECT * FROM game_actions")) == 1
    finally:
        await db.close()


async def test_sqlite_migrate_reports_the_version_it_reached(tmp_path):
    async with aiosqlite.connect(str(tmp_path / "v.db"), isolation_level=None) as connection:
        assert await migrate(connection, load_migrations()) == len(load_migrations())
        assert await migrate(connection, load_migrations()) == len(load_migrations())


async def test_postgres_processes_opening_at_once_migrate_once(postgres_server):
    """Bot processes starting together: one migrates, the others wait and find it done."""
    import asyncio

    target = postgres_server.fresh()
    opened = await asyncio.gather(*(open_database(target) for _ in range(4)))
    try:
        assert {await db.schema_version() for db in opened} == {len(load_migrations())}
    finally:
        for db in opened:
            await db.close()


def test_a_database_left_open_does_not_keep_the_process_alive(tmp_path):
    """A crash or a failed test that never closes the database must still let Python exit."""
    probe = (
        "import asyncio, sys; from bot.store.connect import open_database; "
        "asyncio.run(open_database(sys.argv[1]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "open.db")], timeout=60, capture_output=True
    )
    assert done.returncode == 0, done.stderr


# The SQL both backends share (bot.store.dialect) -------------------------------------------------
def test_placeholders_are_numbered_outside_quoted_text():
    assert placeholders("SELECT '?', a FROM t WHERE b = ? AND c = \"?\" AND d = ?") == (
        "SELECT '?', a FROM t WHERE b = $1 AND c = \"?\" AND d = $2"
    )


def test_a_migration_becomes_postgresql():
    sql = postgres_ddl(
        "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;\n"
        "CREATE TRIGGER t_no_delete BEFORE DELETE ON t\n"
        "BEGIN SELECT RAISE(ABORT, 't is kept'); END;"
    )
    assert "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, n BIGINT NOT NULL)" in sql
    assert "WITHOUT ROWID" not in sql
    assert "FOR EACH ROW EXECUTE FUNCTION ravenswood_refuse('t is kept');" in sql


@pytest.mark.parametrize(
    "sqlite_only",
    [
        "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT);",
        "PRAGMA foreign_keys = OFF;",
        "CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO u VALUES (1); END;",
    ],
)
def test_a_migration_postgresql_cannot_run_is_refused_by_name(sqlite_only):
    with pytest.raises(ValueError, match="PostgreSQL"):
        postgres_ddl(sqlite_only)
