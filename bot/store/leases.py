"""Leases: a named piece of work held by one process until it expires (see migration 0007).

Time is the processes' own clock (``time.time``): the machines of one bot keep their clocks in
step (NTP, milliseconds) and a lease lasts seconds, so the difference is far inside its margin.
"""

from __future__ import annotations

import time

from bot.store.database import Database

FOREVER = 1e18  # an expiry no clock reaches: a lease used as a one-shot mark


async def acquire(db: Database, name: str, holder: str, ttl: float) -> bool:
    """Take or renew ``name`` for ``ttl`` seconds; whether ``holder`` now holds it. A lease
    still held by another process, not yet expired, is left alone (one statement: the database
    decides between two processes that try at once)."""
    now = time.time()
    async with db.transaction() as connection:
        changed = await connection.execute(
            "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
            "expires_at = excluded.expires_at "
            "WHERE leases.holder = excluded.holder OR leases.expires_at < ?",
            (name, holder, now + ttl, now),
        )
    return changed == 1


async def release(db: Database, name: str, holder: str) -> None:
    """Give ``name`` up at once (a clean shutdown), if ``holder`` still holds it."""
    async with db.transaction() as connection:
        await connection.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))


async def holder_of(db: Database, name: str) -> str | None:
    """Who holds ``name`` now (None: nobody, or its lease has expired)."""
    row = await db.fetchone(
        "SELECT holder FROM leases WHERE name = ? AND expires_at >= ?", (name, time.time())
    )
    return None if row is None else str(row["holder"])
