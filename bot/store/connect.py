"""Open the database ``RAVENSWOOD_DB`` names, on its backend (see ``bot.store.database``)."""

from __future__ import annotations

from bot.store.database import Database, is_postgres
from bot.store.migrations import Migration


async def open_database(target: str, migrations: list[Migration] | None = None) -> Database:
    """A ``postgresql://`` URL opens PostgreSQL, anything else an SQLite file (created if
    needed); the schema is brought up to date either way."""
    if is_postgres(target):
        from bot.store.postgres import PostgresDatabase  # asyncpg only for those who use it

        return await PostgresDatabase.connect(target, migrations)
    from bot.store.sqlite import SqliteDatabase

    return await SqliteDatabase.connect(target, migrations)
