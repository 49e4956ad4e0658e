"""Copy a whole Ravenswood database into an empty one, on either backend (``ravenswood copy``):
an SQLite file into PostgreSQL when one machine is outgrown, or back.

Every table, every row, every id, in one transaction on the destination, so a copy is whole or
not there at all; both databases are first brought to the same schema version. Running games
are their logs and outboxes, so they continue after the move exactly where they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.store.database import Database, StoreError

BATCH = 500  # rows per executemany


class NotEmpty(StoreError):
    """The destination already holds data: a copy never mixes two databases."""


@dataclass(frozen=True)
class Copied:
    tables: int
    rows: int


async def copy_database(
    source: Database, destination: Database, progress: Callable[[str, int], None] | None = None
) -> Copied:
    """Copy every row of ``source`` into the empty ``destination``; ``progress(table, rows)``
    is told each table as it is done."""
    tables = await source.tables()
    for table in await destination.tables():
        if await destination.fetchone(f"SELECT 1 FROM {table} LIMIT 1") is not None:
            raise NotEmpty(f"{table} already holds rows; copy into an empty database")
    missing = set(tables) - set(await destination.tables())
    if missing:
        raise StoreError(f"the destination has no table {', '.join(sorted(missing))}")
    total = 0
    async with destination.transaction() as connection:
        for table in tables:
            rows = await source.fetchall(f"SELECT * FROM {table}")
            if rows:
                columns = list(rows[0].keys())
                marks = ", ".join("?" * len(columns))
                insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
                for start in range(0, len(rows), BATCH):
                    chunk = rows[start : start + BATCH]
                    await connection.executemany(insert, [[r[c] for c in columns] for r in chunk])
            total += len(rows)
            if progress is not None:
                progress(table, len(rows))
    await destination.advance_counters()
    return Copied(len(tables), total)
