"""The PostgreSQL backend (asyncpg): a pool of connections shared by one process's coroutines,
and by as many processes as share the server.

Several processes may open the same database at once: migrations run under an advisory lock,
each in its own transaction with the version it reaches (table ``ravenswood_schema``), so the
first process migrates and the others find the work done.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any, TypeAlias

import asyncpg

from bot.store.database import (
    Connection,
    Database,
    Duplicate,
    IntegrityError,
    Row,
    StoreError,
    Unreachable,
)
from bot.store.dialect import POSTGRES_FUNCTIONS, placeholders, postgres_ddl
from bot.store.migrations import Migration, check_version, load_migrations

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    # a connection of its own or one lent by the pool (generic in the stubs only)
    PgConnection: TypeAlias = asyncpg.Connection[Any] | PoolConnectionProxy[Any]

MIGRATION_LOCK = 0x5241_5645  # pg_advisory_xact_lock key held while migrating ("RAVE")


@contextmanager
def translated() -> Iterator[None]:
    """asyncpg's errors as the store's own (``bot.store.database``)."""
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        raise Duplicate(str(error)) from error
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error
    except asyncpg.PostgresError as error:
        raise StoreError(str(error)) from error


def _count(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 1", "INSERT 0 3")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection(Connection):
    def __init__(self, connection: PgConnection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with translated():
            return _count(await self.connection.execute(placeholders(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with translated():
            await self.connection.executemany(placeholders(sql), [tuple(r) for r in rows])

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with translated():
            return list(await self.connection.fetch(placeholders(sql), *params))


class PostgresDatabase(Database):
    kind = "postgresql"
    shared = True

    def __init__(self, pool: asyncpg.Pool, url: str = "") -> None:
        self.pool = pool
        self.url = url  # for a listening connection of its own (``watch``)

    @classmethod
    async def connect(
        cls, url: str, migrations: list[Migration] | None = None, max_size: int = 20
    ) -> PostgresDatabase:
        """Open a pool on ``url`` (extra query parameters are server settings, e.g.
        ``?search_path=ravenswood``) and bring the schema up to date."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size)
        except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise Unreachable(str(error) or type(error).__name__) from error
        try:
            async with pool.acquire() as connection:
                with translated():
                    await migrate(
                        connection, load_migrations() if migrations is None else migrations
                    )
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        await self.pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self.pool.acquire() as connection:
            with translated():
                async with connection.transaction():
                    yield PostgresConnection(connection)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        with translated():
            return list(await self.pool.fetch(placeholders(sql), *params))

    async def schema_version(self) -> int:
        async with self.pool.acquire() as connection:
            return await schema_version(connection)

    async def references(self) -> dict[str, set[str]]:
        rows = await self.fetchall(
            "SELECT t.relname AS name, r.relname AS refers FROM pg_class t "
            "LEFT JOIN pg_constraint c ON c.conrelid = t.oid AND c.contype = 'f' "
            "LEFT JOIN pg_class r ON r.oid = c.confrelid "
            "WHERE t.relkind = 'r' AND t.relnamespace = current_schema()::regnamespace "
            "AND t.relname <> 'ravenswood_schema'"
        )
        found: dict[str, set[str]] = {}
        for row in rows:
            found.setdefault(row["name"], set())
            if row["refers"] is not None:
                found[row["name"]].add(row["refers"])
        return found

    async def watch(self, changed: Callable[[int], None]) -> Callable[[], Awaitable[None]]:
        """LISTEN on a connection of its own to what the triggers of ``CHANGES`` notify."""
        connection = await asyncpg.connect(self.url)
        channel = f"ravenswood_changes:{await connection.fetchval('SELECT current_schema()')}"

        def heard(_connection: Any, _pid: int, _channel: str, payload: object) -> None:
            changed(int(str(payload)))

        await connection.add_listener(channel, heard)

        async def stop() -> None:
            try:
                await asyncio.wait_for(connection.close(), 1)
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                connection.terminate()  # the server is gone or slow: just drop it

        return stop

    async def advance_counters(self) -> None:
        """Each identity column's sequence moved past the largest id copied in."""
        columns = await self.fetchall(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_identity = 'YES'"
        )
        async with self.transaction() as connection:
            for column in columns:
                table, name = column["table_name"], column["column_name"]
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{name}'), "
                    f"(SELECT max({name}) FROM {table})) WHERE EXISTS (SELECT 1 FROM {table})"
                )


async def schema_version(connection: PgConnection) -> int:
    exists = await connection.fetchval("SELECT to_regclass('ravenswood_schema') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT version FROM ravenswood_schema"))


async def migrate(connection: PgConnection, migrations: list[Migration]) -> int:
    """Apply the missing migrations, each in one transaction with its new version; return the
    version reached. Safe to run from several processes at once (an advisory lock)."""
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await connection.execute(POSTGRES_FUNCTIONS)
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS ravenswood_schema (version integer NOT NULL);"
            "INSERT INTO ravenswood_schema SELECT 0 WHERE NOT EXISTS "
            "(SELECT 1 FROM ravenswood_schema);"
        )
        current = await schema_version(connection)
    latest = check_version(current, migrations)
    for migration in migrations[current:]:
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            if await schema_version(connection) >= migration.version:
                continue  # another process got there first
            await connection.execute(postgres_ddl(migration.sql))
            await connection.execute("UPDATE ravenswood_schema SET version = $1", migration.version)
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        if await connection.fetchval("SELECT to_regclass('game_actions') IS NOT NULL"):
            await connection.execute(CHANGES)
    return max(current, latest)


# Every write to a game or its log is announced to the processes that LISTEN (``watch``), on a
# channel of the schema's own (several bots, or tests, may share one database). PostgreSQL only:
# SQLite has one process, which knows its own writes.
CHANGES = """
CREATE OR REPLACE FUNCTION ravenswood_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'games' THEN
        PERFORM pg_notify('ravenswood_changes:' || current_schema(), NEW.id::text);
    ELSE
        PERFORM pg_notify('ravenswood_changes:' || current_schema(), NEW.game_id::text);
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER ravenswood_game_changed AFTER INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION ravenswood_changed();
CREATE OR REPLACE TRIGGER ravenswood_log_changed AFTER INSERT ON game_actions
    FOR EACH ROW EXECUTE FUNCTION ravenswood_changed();
"""
