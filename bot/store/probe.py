"""Look at a database without changing it: for `ravenswood health`, which must never create a
file, run a migration or take a lock (``open_database`` does all three on purpose)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.store.database import StoreError, Unreachable, is_postgres


async def stored_version(target: str, timeout: float = 5.0) -> int:
    """The schema version of the database ``target`` names (an SQLite path or a
    ``postgresql://`` URL), read-only; Unreachable if it cannot be opened within ``timeout``
    seconds, StoreError if it can but is not a database it can read."""
    if is_postgres(target):
        return await _postgres_version(target, timeout)
    return await asyncio.to_thread(_sqlite_version, target, timeout)


def _sqlite_version(path: str, timeout: float) -> int:
    if not Path(path).is_file():
        raise Unreachable(f"there is no database file {path}")
    try:
        connection = sqlite3.connect(
            f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=timeout
        )
    except sqlite3.Error as error:
        raise Unreachable(str(error)) from error
    try:
        return int(connection.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as error:
        raise StoreError(str(error)) from error
    finally:
        connection.close()


async def _postgres_version(url: str, timeout: float) -> int:
    import asyncpg

    from bot.store.postgres import schema_version

    try:
        connection = await asyncpg.connect(url, timeout=timeout)
    except (
        OSError,
        TimeoutError,
        ValueError,
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
    ) as error:
        raise Unreachable(str(error) or type(error).__name__) from error
    try:
        return await asyncio.wait_for(schema_version(connection), timeout)
    except asyncpg.PostgresError as error:
        raise StoreError(str(error)) from error
    except TimeoutError:
        raise Unreachable(f"no answer within {timeout:g} s") from None
    finally:
        await connection.close()
