"""One storage interface, two backends: an SQLite file (the default) or a PostgreSQL server.

``bot.store.connect.open_database(target)`` picks the backend: a ``postgresql://`` (or
``postgres://``) URL opens PostgreSQL (``bot.store.postgres``); anything else is an SQLite path
(``bot.store.sqlite``).

The store modules write one set of plain SQL for both, with ``?`` placeholders (rewritten to
``$1, $2…`` for PostgreSQL) and a few SQLite functions that PostgreSQL is given under the same
names (``strftime`` for the one timestamp format used, ``instr``; see ``bot.store.dialect``).

Why asyncpg directly and not SQLAlchemy 2's async core: the queries are already plain SQL that
both databases understand, in a dozen short functions; the expression language would rewrite
every one of them and put a second connection layer (and a dependency) over aiosqlite, while
what actually differs (placeholders, three DDL spellings, the schema version, error types) is
small and mechanical, and lives here and in ``bot.store.dialect``. asyncpg is also the fastest
PostgreSQL driver for asyncio and the one the discord.py world uses.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    pass


class Row(Protocol):
    """A result row, read by column name (aiosqlite.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: str, /) -> Any: ...

    def keys(self) -> Iterable[str]: ...


class StoreError(Exception):
    """The database refused a statement (either backend's error, with its message)."""


class IntegrityError(StoreError):
    """A constraint or the append-only rule refused a write."""


class Duplicate(IntegrityError):
    """A unique key refused a write: someone else wrote that row first."""


class Unreachable(StoreError):
    """The database cannot be opened or reached (a bad path, a server that is down)."""


def is_postgres(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


class Connection(ABC):
    """The connection of one write transaction (``Database.transaction``)."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT of one row into a table with an ``id`` key; the new row's id."""
        row = await self.fetchone(f"{sql} RETURNING id", params)
        assert row is not None  # an INSERT that succeeds returns its row
        return int(row["id"])


class Database(ABC):
    """An open database, its schema up to date. Every write goes through ``transaction``."""

    kind: str  # 'sqlite' or 'postgresql'
    # Whether several processes may use it at once (PostgreSQL): each outbox row is then claimed
    # (``bot.store.outbox.claim``) by the one process that delivers it.
    shared: bool = False

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction: committed whole, or rolled back whole on any error."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def references(self) -> dict[str, set[str]]:
        """Ravenswood's tables (those its migrations made), each with the tables it refers to."""

    async def tables(self) -> list[str]:
        """Ravenswood's tables, every one after those it refers to (the order to fill them)."""
        pending = await self.references()
        ordered: list[str] = []
        while pending:
            ready = sorted(t for t, refs in pending.items() if refs <= set(ordered) | {t})
            if not ready:
                raise StoreError(f"the tables refer to each other in a cycle: {sorted(pending)}")
            ordered += ready
            for table in ready:
                del pending[table]
        return ordered

    async def watch(self, changed: Callable[[int], None]) -> Callable[[], Awaitable[None]]:
        """Call ``changed(game_id)`` whenever any process writes to a game or its log, until
        the returned function is awaited. Only a shared database has other writers to tell of
        (PostgreSQL: LISTEN/NOTIFY); SQLite's one process knows its own writes."""

        async def stop() -> None:
            return None

        return stop

    @abstractmethod
    async def advance_counters(self) -> None:
        """After rows were copied in with their ids: new rows are numbered after them."""


def describe(target: str) -> str:
    """The database as it may be shown (in messages and logs): a URL without its password."""
    if not is_postgres(target):
        return target
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(target)
        parts.port  # noqa: B018 (a port that is not a number is only found when read)
    except ValueError:  # unreadable, so its password cannot be told apart: show none of it
        return "postgresql://… (not a readable URL)"
    if parts.password is None:
        return target
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
