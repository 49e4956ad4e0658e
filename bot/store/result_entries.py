"""Entries: the tabletop results one /ratings record or /ratings import added, undone as a whole.

An undone entry keeps its rows (the audit trail) and is only marked; ``load_results`` leaves its
games out. The digest identifies the games (see the ratings cog) so a file is not imported twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.store.database import Database, Row
from bot.store.results import Result, insert_result


@dataclass(frozen=True)
class Entry:
    id: int
    guild_id: int
    user_id: int
    source: str  # 'record' | 'import'
    label: str | None  # an imported file's name
    digest: str
    games: int
    created_at: str
    undone_at: str | None = None
    undone_by: int | None = None


def _entry(row: Row) -> Entry:
    return Entry(**{name: row[name] for name in row.keys()})


async def add_entry(
    db: Database,
    guild_id: int,
    user_id: int,
    source: str,
    label: str | None,
    digest: str,
    results: Sequence[Result],
) -> Entry:
    """Record ``results`` under a new entry, all or nothing."""
    async with db.transaction() as connection:
        entry_id = await connection.insert(
            "INSERT INTO result_entries (guild_id, user_id, source, label, digest, games) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (guild_id, user_id, source, label, digest, len(results)),
        )
        for result in results:
            await insert_result(connection, replace(result, entry_id=entry_id))
        row = await connection.fetchone("SELECT * FROM result_entries WHERE id = ?", (entry_id,))
        assert row is not None  # inserted just above, in this transaction
        return _entry(row)


async def get_entry(db: Database, guild_id: int, entry_id: int) -> Entry | None:
    row = await db.fetchone(
        "SELECT * FROM result_entries WHERE guild_id = ? AND id = ?", (guild_id, entry_id)
    )
    return _entry(row) if row is not None else None


async def live_entries(
    db: Database, guild_id: int, user_id: int | None = None, source: str | None = None
) -> list[Entry]:
    """A server's entries not undone, newest first; only one member's or one source's if given."""
    rows = await db.fetchall(
        "SELECT * FROM result_entries WHERE guild_id = ? AND undone_at IS NULL "
        "AND (CAST(? AS BIGINT) IS NULL OR user_id = ?) "
        "AND (CAST(? AS TEXT) IS NULL OR source = ?) ORDER BY id DESC",
        (guild_id, user_id, user_id, source, source),
    )
    return [_entry(row) for row in rows]


async def undo_entry(db: Database, entry: Entry, user_id: int) -> bool:
    """Mark the entry undone; False if it already was."""
    async with db.transaction() as connection:
        changed = await connection.execute(
            "UPDATE result_entries SET undone_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), "
            "undone_by = ? WHERE id = ? AND undone_at IS NULL",
            (user_id, entry.id),
        )
        return changed == 1
