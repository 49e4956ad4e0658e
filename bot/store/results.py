"""Finished-game results and who played them: the ratings' input."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.store.database import Connection, Database


@dataclass(frozen=True)
class Seat:
    player: str  # 'user:<id>' or a plain name
    team: str  # 'good' or 'evil'
    role: str | None = None


@dataclass(frozen=True)
class Result:
    guild_id: int
    kind: str
    winner: str  # 'good' or 'evil'
    seats: tuple[Seat, ...]
    storyteller: str | None = None
    script: str | None = None
    game_id: int | None = None
    source: str = "bot"
    started_at: str | None = None
    entry_id: int | None = None  # the /ratings record or import that entered it (store.entries)


def user_key(user_id: int) -> str:
    return f"user:{user_id}"


async def insert_result(connection: Connection, result: Result) -> int:
    """Record one result with its players; call inside ``Database.transaction``."""
    result_id = await connection.insert(
        "INSERT INTO results "
        "(game_id, guild_id, kind, script, storyteller, winner, source, started_at, entry_id) "
        # A game played with the bot started when it was opened.
        "VALUES (?, ?, ?, ?, ?, ?, ?, COALESCE(?, (SELECT created_at FROM games WHERE id = ?)), ?)",
        (
            result.game_id,
            result.guild_id,
            result.kind,
            result.script,
            result.storyteller,
            result.winner,
            result.source,
            result.started_at,
            result.game_id,
            result.entry_id,
        ),
    )
    await connection.executemany(
        "INSERT INTO result_players (result_id, player, team, role) VALUES (?, ?, ?, ?)",
        [(result_id, seat.player, seat.team, seat.role) for seat in result.seats],
    )
    return result_id


async def record_results(db: Database, results: Iterable[Result]) -> int:
    """Record many results all-or-nothing; returns how many."""
    count = 0
    async with db.transaction() as connection:
        for result in results:
            await insert_result(connection, result)
            count += 1
    return count


# The results that count: those of an undone entry stay on record but leave the ratings.
_COUNTED = (
    "LEFT JOIN result_entries e ON e.id = r.entry_id "
    "WHERE r.guild_id = ? AND r.kind = ? AND e.undone_at IS NULL"
)


async def load_results(db: Database, guild_id: int, kind: str) -> list[Result]:
    """A server's results of one game kind that count (not undone), oldest first."""
    rows = await db.fetchall(
        f"SELECT r.* FROM results r {_COUNTED} ORDER BY r.ended_at, r.id", (guild_id, kind)
    )
    seats: dict[int, list[Seat]] = {row["id"]: [] for row in rows}
    for row in await db.fetchall(
        # In key order, which SQLite's WITHOUT ROWID table gives anyway and PostgreSQL does not.
        "SELECT p.* FROM result_players p JOIN results r ON r.id = p.result_id "
        f"{_COUNTED} ORDER BY p.result_id, p.player",
        (guild_id, kind),
    ):
        seats[row["result_id"]].append(Seat(row["player"], row["team"], row["role"]))
    return [
        Result(
            guild_id=row["guild_id"],
            kind=row["kind"],
            winner=row["winner"],
            seats=tuple(seats[row["id"]]),
            storyteller=row["storyteller"],
            script=row["script"],
            game_id=row["game_id"],
            source=row["source"],
            started_at=row["started_at"],
            entry_id=row["entry_id"],
        )
        for row in rows
    ]
