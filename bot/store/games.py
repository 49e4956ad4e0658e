"""Games and their append-only action logs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.store.database import Database


@dataclass(frozen=True)
class GameRow:
    id: int
    kind: str
    guild_id: int
    channel_id: int
    host_id: int
    seed: int
    options: dict[str, Any]


def _row(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        seed=row["seed"],
        options=json.loads(row["options"]),
    )


async def create_game(
    db: Database,
    kind: str,
    guild_id: int,
    channel_id: int,
    host_id: int,
    seed: int,
    options: dict[str, Any],
) -> GameRow:
    """Insert a running game; raises sqlite3.IntegrityError if the channel already has one."""
    async with db.transaction() as connection:
        cursor = await connection.execute(
            "INSERT INTO games (kind, guild_id, channel_id, host_id, seed, options) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (kind, guild_id, channel_id, host_id, seed, json.dumps(options)),
        )
        game_id = cursor.lastrowid
    return GameRow(game_id, kind, guild_id, channel_id, host_id, seed, dict(options))


async def append_action(
    connection: aiosqlite.Connection, game_id: int, seq: int, action: dict[str, Any]
) -> None:
    """Append one accepted action; call inside ``Database.transaction``."""
    await connection.execute(
        "INSERT INTO game_actions (game_id, seq, action) VALUES (?, ?, ?)",
        (game_id, seq, json.dumps(action)),
    )


async def end_game(connection: aiosqlite.Connection, game_id: int, status: str) -> None:
    """Mark a game finished or abandoned; call inside ``Database.transaction``."""
    await connection.execute(
        "UPDATE games SET status = ?, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
        "WHERE id = ? AND status = 'running'",
        (status, game_id),
    )


async def running_games(db: Database) -> list[tuple[GameRow, list[dict[str, Any]]]]:
    """Every unfinished game with its action log in order, read in two queries."""
    games = [_row(r) for r in await db.fetchall("SELECT * FROM games WHERE status = 'running'")]
    logs: dict[int, list[dict[str, Any]]] = {game.id: [] for game in games}
    rows = await db.fetchall(
        "SELECT a.game_id, a.action FROM game_actions a JOIN games g ON g.id = a.game_id "
        "WHERE g.status = 'running' ORDER BY a.game_id, a.seq"
    )
    for row in rows:
        logs[row["game_id"]].append(json.loads(row["action"]))
    return [(game, logs[game.id]) for game in games]


async def remember_message(
    db: Database, game_id: int, slot: str, channel_id: int, message_id: int
) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            "INSERT INTO game_messages (game_id, slot, channel_id, message_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, slot) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            (game_id, slot, channel_id, message_id),
        )


async def recall_message(db: Database, game_id: int, slot: str) -> tuple[int, int] | None:
    row = await db.fetchone(
        "SELECT channel_id, message_id FROM game_messages WHERE game_id = ? AND slot = ?",
        (game_id, slot),
    )
    return (row["channel_id"], row["message_id"]) if row else None
