"""Games and their append-only action logs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.store.database import Connection, Database, Duplicate, Row


@dataclass(frozen=True)
class GameRow:
    id: int
    kind: str
    guild_id: int
    channel_id: int
    host_id: int
    seed: int
    options: dict[str, Any]
    rules_version: int | None = None  # the rules that started it (None: opened before it was kept)


@dataclass(frozen=True)
class LogEntry:
    """One row of a game's log: an encoded action (or the undo marker) and the checksum of the
    game's fingerprint after it (None in logs written before checksums were kept)."""

    action: dict[str, Any]
    checksum: str | None = None


class StaleGame(Exception):
    """Another process appended this step of the game's log first: the game must be reloaded."""


def _row(row: Row) -> GameRow:
    return GameRow(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        rules_version=row["rules_version"],
    )


async def create_game(
    db: Database,
    kind: str,
    guild_id: int,
    channel_id: int,
    host_id: int,
    seed: int,
    options: dict[str, Any],
    rules_version: int | None = None,
) -> GameRow:
    """Insert a running game; raises ``Duplicate`` if the channel already has one."""
    async with db.transaction() as connection:
        game_id = await connection.insert(
            "INSERT INTO games (kind, guild_id, channel_id, host_id, seed, options, rules_version) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (kind, guild_id, channel_id, host_id, seed, json.dumps(options), rules_version),
        )
    return GameRow(game_id, kind, guild_id, channel_id, host_id, seed, dict(options), rules_version)


async def append_action(
    connection: Connection,
    game_id: int,
    seq: int,
    action: dict[str, Any],
    checksum: str | None = None,
) -> None:
    """Append one accepted action; call inside ``Database.transaction``.

    ``(game_id, seq)`` is the log's key, so of two processes appending the same step only one
    succeeds: the other gets ``StaleGame`` (optimistic concurrency; ``bot.sessions`` reloads).
    """
    try:
        await connection.execute(
            "INSERT INTO game_actions (game_id, seq, action, checksum) VALUES (?, ?, ?, ?)",
            (game_id, seq, json.dumps(action), checksum),
        )
    except Duplicate as conflict:
        raise StaleGame(f"game {game_id} already has log entry {seq}") from conflict


async def end_game(connection: Connection, game_id: int, status: str) -> None:
    """Mark a game finished or abandoned; call inside ``Database.transaction``."""
    await connection.execute(
        "UPDATE games SET status = ?, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
        "WHERE id = ? AND status = 'running'",
        (status, game_id),
    )


async def running_games(db: Database) -> list[tuple[GameRow, list[LogEntry]]]:
    """Every unfinished game with its action log in order, read in two queries."""
    games = [_row(r) for r in await db.fetchall("SELECT * FROM games WHERE status = 'running'")]
    logs: dict[int, list[LogEntry]] = {game.id: [] for game in games}
    rows = await db.fetchall(
        "SELECT a.game_id, a.action, a.checksum FROM game_actions a "
        "JOIN games g ON g.id = a.game_id WHERE g.status = 'running' ORDER BY a.game_id, a.seq"
    )
    for row in rows:
        logs[row["game_id"]].append(LogEntry(json.loads(row["action"]), row["checksum"]))
    return [(game, logs[game.id]) for game in games]


async def game_and_log(db: Database, game_id: int) -> tuple[GameRow, str, list[LogEntry]] | None:
    """A game as stored now, its status and its whole log (to catch up with another process);
    None if there is no such game (a forged button)."""
    row = await db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
    if row is None:
        return None
    rows = await db.fetchall(
        "SELECT action, checksum FROM game_actions WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return (
        _row(row),
        row["status"],
        [LogEntry(json.loads(r["action"]), r["checksum"]) for r in rows],
    )


async def log_length(db: Database, game_id: int) -> tuple[str, int] | None:
    """A game's status and how many entries its log has (the next entry's ``seq``): one indexed
    look-up, to tell whether a copy of the game in memory is still current."""
    row = await db.fetchone(
        "SELECT status, (SELECT coalesce(max(seq) + 1, 0) FROM game_actions "
        "WHERE game_id = games.id) AS length FROM games WHERE id = ?",
        (game_id,),
    )
    return None if row is None else (row["status"], int(row["length"]))


async def running_lengths(db: Database, ids: list[int] | None = None) -> dict[int, int]:
    """Every running game's id (or those of ``ids`` that run) with the length of its log
    (see ``log_length``)."""
    sql = (
        "SELECT id, (SELECT coalesce(max(seq) + 1, 0) FROM game_actions "
        "WHERE game_id = games.id) AS length FROM games WHERE status = 'running'"
    )
    if ids is not None:
        if not ids:
            return {}
        sql += f" AND id IN ({', '.join('?' * len(ids))})"
    rows = await db.fetchall(sql, ids or ())
    return {row["id"]: int(row["length"]) for row in rows}


async def last_finished(
    db: Database, channel_id: int, kind: str
) -> tuple[GameRow, list[LogEntry]] | None:
    """The channel's most recently finished game of ``kind`` with its action log, if any."""
    row = await db.fetchone(
        "SELECT * FROM games WHERE channel_id = ? AND kind = ? AND status = 'finished' "
        "ORDER BY ended_at DESC, id DESC LIMIT 1",
        (channel_id, kind),
    )
    if row is None:
        return None
    rows = await db.fetchall(
        "SELECT action, checksum FROM game_actions WHERE game_id = ? ORDER BY seq", (row["id"],)
    )
    return _row(row), [LogEntry(json.loads(r["action"]), r["checksum"]) for r in rows]


async def games_by_id(db: Database, ids: list[int]) -> list[GameRow]:
    marks = ", ".join("?" * len(ids))
    return [_row(r) for r in await db.fetchall(f"SELECT * FROM games WHERE id IN ({marks})", ids)]


async def remember_message(
    db: Database, game_id: int, slot: str, channel_id: int, message_id: int
) -> None:
    async with db.transaction() as connection:
        await remember(connection, game_id, slot, channel_id, message_id)


async def remember(
    connection: Connection, game_id: int, slot: str, channel_id: int, message_id: int
) -> None:
    """Record the message kept under ``slot``; call inside ``Database.transaction``."""
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
