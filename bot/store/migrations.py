"""Numbered SQL migrations, applied in order, each in one transaction.

The schema version lives in ``PRAGMA user_version`` (transactional in SQLite), so a failed
migration leaves both the schema and the version exactly as they were.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import aiosqlite

NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseTooNew(Exception):
    """The database was written by a newer Ravenswood than this one."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(package: str = "migrations") -> list[Migration]:
    """The migrations shipped in ``package``, in version order, numbered 1, 2, 3… without gaps."""
    found = []
    for entry in resources.files(package).iterdir():
        match = NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(
            f"migrations must be numbered 1..n without gaps: {[m.name for m in found]}"
        )
    return found


async def schema_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None  # PRAGMA user_version always answers
    return int(row[0])


async def migrate(connection: aiosqlite.Connection, migrations: list[Migration]) -> int:
    """Apply the missing migrations; return the resulting version.

    Needs a connection in autocommit mode (``isolation_level=None``) so that each migration's
    BEGIN/COMMIT is ours alone.
    """
    current = await schema_version(connection)
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise DatabaseTooNew(
            f"The database is at schema version {current}, but this Ravenswood only knows "
            f"up to {latest}; upgrade Ravenswood or use another database file."
        )
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
