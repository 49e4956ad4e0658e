"""Saved Clocktower scripts: one per (server, name), names matched without regard to case."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Database, Row

MAX_NAME = 100


@dataclass(frozen=True)
class SavedScript:
    guild_id: int
    name: str
    json: str
    author_id: int
    created_at: str
    updated_at: str


def clean_name(name: str) -> str:
    """The name as shown: surrounding spaces removed, inner runs of spaces collapsed."""
    return " ".join(name.split())


def name_key(name: str) -> str:
    """The matching key: two names with the same key are the same saved script."""
    return clean_name(name).casefold()


def _row(row: Row) -> SavedScript:
    return SavedScript(
        guild_id=row["guild_id"],
        name=row["name"],
        json=row["json"],
        author_id=row["author_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


async def save_script(db: Database, guild_id: int, name: str, json: str, author_id: int) -> bool:
    """Save or replace a script by name; True when it replaced one (its created_at is kept)."""
    shown, key = clean_name(name), name_key(name)
    if not 0 < len(shown) <= MAX_NAME:
        raise ValueError(f"A script name needs 1 to {MAX_NAME} characters.")
    async with db.transaction() as connection:
        replaced = (
            await connection.fetchone(
                "SELECT 1 FROM saved_scripts WHERE guild_id = ? AND name_key = ?", (guild_id, key)
            )
            is not None
        )
        await connection.execute(
            "INSERT INTO saved_scripts (guild_id, name_key, name, json, author_id) "
            "VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, name_key) DO UPDATE SET name = excluded.name, "
            "json = excluded.json, author_id = excluded.author_id, "
            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (guild_id, key, shown, json, author_id),
        )
    return replaced


async def get_script(db: Database, guild_id: int, name: str) -> SavedScript | None:
    row = await db.fetchone(
        "SELECT * FROM saved_scripts WHERE guild_id = ? AND name_key = ?",
        (guild_id, name_key(name)),
    )
    return _row(row) if row is not None else None


async def list_scripts(db: Database, guild_id: int) -> list[SavedScript]:
    """A server's saved scripts, by name."""
    rows = await db.fetchall(
        "SELECT * FROM saved_scripts WHERE guild_id = ? ORDER BY name_key", (guild_id,)
    )
    return [_row(row) for row in rows]


async def matching_names(db: Database, guild_id: int, typed: str, limit: int = 25) -> list[str]:
    """Saved names containing ``typed`` (those starting with it first): for autocomplete."""
    key = name_key(typed)
    rows = await db.fetchall(
        "SELECT name, name_key FROM saved_scripts WHERE guild_id = ? AND instr(name_key, ?) > 0 "
        "ORDER BY instr(name_key, ?) != 1, name_key LIMIT ?",
        (guild_id, key, key, limit),
    )
    return [row["name"] for row in rows]


async def delete_script(db: Database, guild_id: int, name: str) -> bool:
    """Delete a saved script; False if there was none by that name."""
    async with db.transaction() as connection:
        deleted = await connection.execute(
            "DELETE FROM saved_scripts WHERE guild_id = ? AND name_key = ?",
            (guild_id, name_key(name)),
        )
        return deleted > 0
