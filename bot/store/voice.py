"""Voice links, the channels the bot made, the mover's intent and spectators (migration 0006)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Connection, Database

NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


@dataclass
class Link:
    """A game's voice: its square, the category of its rooms, whether a human storyteller is
    moved to each woken player, and the phase whose moves were last planned."""

    game_id: int
    guild_id: int
    square_id: int
    category_id: int | None = None
    follow: bool = True
    phase: str | None = None


@dataclass(frozen=True)
class MadeChannel:
    id: int
    game_id: int
    room: str
    name: str
    channel_id: int | None


async def links(db: Database) -> list[Link]:
    """The links of running games."""
    rows = await db.fetchall(
        "SELECT l.* FROM voice_links l JOIN games g ON g.id = l.game_id WHERE g.status = 'running'"
    )
    return [
        Link(
            r["game_id"],
            r["guild_id"],
            r["square_id"],
            r["category_id"],
            bool(r["follow"]),
            r["phase"],
        )
        for r in rows
    ]


async def save_link(db: Database, link: Link) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            "INSERT INTO voice_links (game_id, guild_id, square_id, category_id, follow, phase) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
            "square_id = excluded.square_id, category_id = excluded.category_id, "
            "follow = excluded.follow, phase = excluded.phase",
            (
                link.game_id,
                link.guild_id,
                link.square_id,
                link.category_id,
                int(link.follow),
                link.phase,
            ),
        )


async def drop_link(db: Database, game_id: int) -> None:
    async with db.transaction() as connection:
        await connection.execute("DELETE FROM voice_links WHERE game_id = ?", (game_id,))


async def channels(db: Database, game_id: int | None = None) -> list[MadeChannel]:
    """The channels the bot made and has not deleted: of one game, or of games no longer running
    (``game_id`` None: what a start-up cleans up)."""
    if game_id is None:
        rows = await db.fetchall(
            "SELECT c.* FROM voice_channels c JOIN games g ON g.id = c.game_id "
            "WHERE c.deleted_at IS NULL AND g.status != 'running' ORDER BY c.id"
        )
    else:
        rows = await db.fetchall(
            "SELECT * FROM voice_channels WHERE game_id = ? AND deleted_at IS NULL ORDER BY id",
            (game_id,),
        )
    return [MadeChannel(r["id"], r["game_id"], r["room"], r["name"], r["channel_id"]) for r in rows]


async def intend_channel(db: Database, game_id: int, room: str, name: str) -> int:
    """Record a channel about to be made (before making it); returns the row's id."""
    async with db.transaction() as connection:
        return await connection.insert(
            "INSERT INTO voice_channels (game_id, room, name) VALUES (?, ?, ?)",
            (game_id, room, name),
        )


async def made_channel(db: Database, row: int, channel_id: int) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            "UPDATE voice_channels SET channel_id = ? WHERE id = ?", (channel_id, row)
        )


async def deleted_channel(db: Database, row: int) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            f"UPDATE voice_channels SET deleted_at = {NOW} WHERE id = ?", (row,)
        )


async def intend_moves(
    db: Database,
    game_id: int,
    phase: str,
    moves: list[tuple[int, int]],
    *,
    supersede: bool = True,
) -> list[int]:
    """Store the moves about to be made (member, channel) and the phase they are for; a whole
    new plan (``supersede``) replaces the game's moves still waiting. Returns the row ids."""
    ids = []
    async with db.transaction() as connection:
        if supersede:
            await _supersede(connection, game_id)
        await connection.execute(
            "UPDATE voice_links SET phase = ? WHERE game_id = ?", (phase, game_id)
        )
        for member, channel in moves:
            ids.append(
                await connection.insert(
                    "INSERT INTO voice_moves (game_id, phase, member, channel_id) "
                    "VALUES (?, ?, ?, ?)",
                    (game_id, phase, member, channel),
                )
            )
    return ids


async def _supersede(connection: Connection, game_id: int) -> None:
    await connection.execute(
        f"UPDATE voice_moves SET outcome = 'superseded', settled_at = {NOW} "
        "WHERE game_id = ? AND settled_at IS NULL",
        (game_id,),
    )


async def settle_move(db: Database, row: int, outcome: str) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            f"UPDATE voice_moves SET outcome = ?, settled_at = {NOW} "
            "WHERE id = ? AND settled_at IS NULL",
            (outcome, row),
        )


async def waiting_moves(db: Database) -> dict[int, int]:
    """Per game, how many moves were intended and never settled (a crash came mid-move)."""
    rows = await db.fetchall(
        "SELECT game_id, count(*) AS n FROM voice_moves WHERE settled_at IS NULL GROUP BY game_id"
    )
    return {r["game_id"]: r["n"] for r in rows}


async def outcomes(db: Database, game_id: int) -> list[tuple[int, str | None]]:
    """Every move intended for a game, oldest first: (member, outcome)."""
    rows = await db.fetchall(
        "SELECT member, outcome FROM voice_moves WHERE game_id = ? ORDER BY id", (game_id,)
    )
    return [(r["member"], r["outcome"]) for r in rows]


async def spectators(db: Database, game_id: int) -> set[int]:
    rows = await db.fetchall("SELECT user_id FROM voice_spectators WHERE game_id = ?", (game_id,))
    return {r["user_id"] for r in rows}


async def add_spectator(db: Database, game_id: int, user_id: int) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            "INSERT INTO voice_spectators (game_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (game_id, user_id),
        )
