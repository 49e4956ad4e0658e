"""The SQLite backend: one connection, WAL, foreign keys, a busy timeout, and a single writer.

aiosqlite runs every statement on one worker thread; the write lock additionally keeps one
coroutine's transaction from interleaving with another's. The schema version lives in
``PRAGMA user_version`` (transactional in SQLite), so a failed migration leaves both the schema
and the version exactly as they were.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import aiosqlite

from bot.store.database import (
    Connection,
    Database,
    Duplicate,
    IntegrityError,
    Row,
    StoreError,
    Unreachable,
)
from bot.store.migrations import Migration, check_version, load_migrations


@contextmanager
def translated() -> Iterator[None]:
    """sqlite3's errors as the store's own (``bot.store.database``)."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        unique = str(error).startswith(("UNIQUE constraint", "PRIMARY KEY constraint"))
        raise (Duplicate if unique else IntegrityError)(str(error)) from error
    except sqlite3.Error as error:
        raise StoreError(str(error)) from error


class SqliteConnection(Connection):
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with translated():
            cursor = await self.connection.execute(sql, tuple(params))
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with translated():
            await self.connection.executemany(sql, [tuple(row) for row in rows])

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with translated():
            async with self.connection.execute(sql, tuple(params)) as cursor:
                return list(await cursor.fetchall())


class SqliteDatabase(Database):
    kind = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self._writer = SqliteConnection(connection)
        self._write_lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str, migrations: list[Migration] | None = None) -> SqliteDatabase:
        # Fail here, in this thread, on a path SQLite cannot open: aiosqlite's worker thread
        # would otherwise outlive the failure and complain after the event loop has closed.
        try:
            sqlite3.connect(path).close()
        except sqlite3.Error as error:
            raise Unreachable(str(error)) from error
        pending = aiosqlite.connect(path, isolation_level=None)
        # A connection nobody closed (a crash, a failed test) must not keep the process alive
        # at exit: every write is already committed in its own transaction.
        pending._thread.daemon = True
        connection = await pending
        try:
            connection.row_factory = aiosqlite.Row
            await connection.executescript(
                "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; "
                "PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;"
            )
            with translated():
                await migrate(connection, load_migrations() if migrations is None else migrations)
            # From now on the first write of a transaction opens it (BEGIN IMMEDIATE, sent by
            # sqlite3 with that statement), which saves a round trip to the worker thread.
            connection.isolation_level = "IMMEDIATE"
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def close(self) -> None:
        await self.connection.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """Its first write begins it (``BEGIN IMMEDIATE``)."""
        async with self._write_lock:
            try:
                yield self._writer
            except BaseException:
                await self.connection.rollback()
                raise
            with translated():
                await self.connection.commit()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        with translated():
            async with self.connection.execute(sql, tuple(params)) as cursor:
                return list(await cursor.fetchall())

    async def schema_version(self) -> int:
        return await schema_version(self.connection)

    async def references(self) -> dict[str, set[str]]:
        rows = await self.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        found = {}
        for row in rows:
            keys = await self.fetchall(f"PRAGMA foreign_key_list({row['name']})")
            found[row["name"]] = {key["table"] for key in keys}
        return found

    async def advance_counters(self) -> None:
        """Nothing to do: SQLite numbers a new row one past the largest id."""


async def schema_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None  # PRAGMA user_version always answers
    return int(row[0])


async def migrate(connection: aiosqlite.Connection, migrations: list[Migration]) -> int:
    """Apply the missing migrations, each in one transaction; return the resulting version.

    Needs a connection in autocommit mode (``isolation_level=None``) so that each migration's
    BEGIN/COMMIT is ours alone.
    """
    current = await schema_version(connection)
    latest = check_version(current, migrations)
    for migration in migrations[current:]:
        try:
            await connection.executescript(
                f"BEGIN IMMEDIATE;\n{migration.sql}\n;PRAGMA user_version = {migration.version};\nCOMMIT;"
            )
        except BaseException:
            if connection.in_transaction:
                await connection.execute("ROLLBACK")
            raise
    return max(current, latest)
