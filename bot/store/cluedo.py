"""Cluedo notebooks: one open per user per server, kept as a setup plus append-only entries.

An entry is either an accepted event (``engine.cluedo.event_to_json``) or an ``undo``, which
withdraws the latest event still standing. Nothing is ever rewritten, so the table is the full
audit trail, and replaying it rebuilds the notebook exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from bot.store.database import Database, Duplicate
from engine.cluedo import (
    Notebook,
    event_from_json,
    event_to_json,
    notebook_from_json,
    notebook_to_json,
)
from engine.cluedo.notebook import Event


class NotebookAlreadyOpen(Exception):
    """The user already has an open notebook on this server."""


@dataclass(frozen=True)
class OpenNotebook:
    id: int
    notebook: Notebook


def setup_json(notebook: Notebook) -> str:
    """The notebook without its events: who plays, who you are, your hand, the hand sizes."""
    data = notebook_to_json(notebook)
    del data["events"]
    return json.dumps(data, sort_keys=True)


def replay(setup: str, entries: list[tuple[str, str | None]]) -> Notebook:
    """Rebuild a notebook from its setup and its (kind, event JSON) entries, in order.

    Every stored event was accepted by ``engine.cluedo.add_event`` against exactly this
    sequence, so it is not solved again here: restoring a long notebook stays instant.
    """
    notebook = notebook_from_json({**json.loads(setup), "events": []})
    events: list[Event] = []
    for kind, event in entries:
        if kind == "undo":
            events.pop()
        else:
            assert event is not None  # only an undo has no event
            events.append(event_from_json(json.loads(event)))
    return replace(notebook, events=tuple(events))


async def create(db: Database, guild_id: int, user_id: int, notebook: Notebook) -> OpenNotebook:
    """Store a new (empty) notebook; NotebookAlreadyOpen if the user has one open here."""
    async with db.transaction() as connection:
        try:
            notebook_id = await connection.insert(
                "INSERT INTO cluedo_notebooks (guild_id, user_id, setup) VALUES (?, ?, ?)",
                (guild_id, user_id, setup_json(notebook)),
            )
        except Duplicate:  # the unique index: one open notebook per user per server
            raise NotebookAlreadyOpen from None
    return OpenNotebook(notebook_id, notebook)


async def load_open(db: Database, guild_id: int, user_id: int) -> OpenNotebook | None:
    """The user's open notebook on this server, replayed; None if there is none."""
    row = await db.fetchone(
        "SELECT id, setup FROM cluedo_notebooks "
        "WHERE guild_id = ? AND user_id = ? AND status = 'open'",
        (guild_id, user_id),
    )
    if row is None:
        return None
    entries = await db.fetchall(
        "SELECT kind, event FROM cluedo_entries WHERE notebook_id = ? ORDER BY seq", (row["id"],)
    )
    return OpenNotebook(row["id"], replay(row["setup"], [(e["kind"], e["event"]) for e in entries]))


async def _append(db: Database, notebook_id: int, kind: str, event: str | None) -> None:
    async with db.transaction() as connection:
        await connection.execute(
            "INSERT INTO cluedo_entries (notebook_id, seq, kind, event) "
            "SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1, ?, ? FROM cluedo_entries "
            "WHERE notebook_id = ?",
            (notebook_id, kind, event, notebook_id),
        )


async def append_event(db: Database, notebook_id: int, event: Event) -> None:
    """Record an event that ``add_event`` accepted."""
    await _append(db, notebook_id, "event", json.dumps(event_to_json(event), sort_keys=True))


async def append_undo(db: Database, notebook_id: int) -> None:
    """Record that the latest standing event was withdrawn."""
    await _append(db, notebook_id, "undo", None)


async def end(db: Database, notebook_id: int) -> None:
    """Close the notebook (its entries stay, for the record)."""
    async with db.transaction() as connection:
        await connection.execute(
            "UPDATE cluedo_notebooks SET status = 'ended', "
            "ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'open'",
            (notebook_id,),
        )
