"""The one SQLite connection: WAL, foreign keys, a busy timeout, and a single writer.

aiosqlite runs every statement on one worker thread; the write lock additionally keeps one
coroutine's transaction from interleaving with another's.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.store.migrations import Migration, load_migrations, migrate


class Database:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, migrations: list[Migration] | None = None) -> Database:
        """Open (creating if needed) and bring the schema up to date."""
        # Fail here, in this thread, on a path SQLite cannot open: aiosqlite's worker thread
        # would otherwise outlive the failure and complain after the event loop has closed.
        sqlite3.connect(path).close()
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
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed whole, or rolled back whole on any error. Its first
        write begins it (``BEGIN IMMEDIATE``); every write goes through here."""
        async with self._write_lock:
            try:
                yield self.connection
            except BaseException:
                await self.connection.rollback()
                raise
            await self.connection.commit()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self.connection.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        async with self.connection.execute(sql, tuple(params)) as cursor:
            return await cursor.fetchone()
