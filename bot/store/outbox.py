"""The outbox: the messages each accepted action causes, stored with the action, then settled.

A row is a *parcel*: one Discord message for one destination — a post in the game's channel
(``post``; ``notice`` for the closed-DM notice the deliverer adds), a DM (``dm``), or the
acknowledgement owed to the player whose click caused the action (``reply``), which only that
player's next click can deliver. ``body`` is the rendered message as data (``bot.delivery.pack``),
so what is delivered after a restart is exactly what was decided when the action was accepted.

A parcel waits until it is *settled*: with the outcome of delivering it and the Discord message
it became. Rows are never deleted: the table is also the record of what the bot said.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.store.database import Database

OUTCOMES = ("sent", "edited", "found", "closed", "unreached", "failed", "superseded")
BATCH = 150  # rows per INSERT, well inside SQLite's limit on bound parameters


@dataclass
class Parcel:
    """One message to deliver. ``recipient``: a user (dm, reply) or None (the game's channel).
    ``in_doubt``: loaded after a restart as its game's first waiting parcel, so the crash may
    have come after Discord took it and before it was settled. ``stored``: the body as data,
    or (loaded from the database) its JSON text, read on first use."""

    kind: str
    recipient: int | None
    stored: dict[str, Any] | str
    id: int = 0
    seq: int = 0
    in_doubt: bool = False

    @property
    def body(self) -> dict[str, Any]:
        if isinstance(self.stored, str):
            self.stored = json.loads(self.stored)
        assert isinstance(self.stored, dict)
        return self.stored


async def put(
    connection: aiosqlite.Connection, game_id: int, seq: int, parcels: list[Parcel]
) -> None:
    """Store parcels (in order) and give each its id; call inside ``Database.transaction``.

    Inside the write transaction nobody else inserts, and SQLite numbers new rows one past the
    largest id, so one multi-row INSERT's ids are consecutive, ending at ``lastrowid``.
    """
    for start in range(0, len(parcels), BATCH):
        chunk = parcels[start : start + BATCH]
        values = ", ".join("(?, ?, ?, ?, ?)" for _ in chunk)
        params: list[Any] = []
        for p in chunk:
            body = p.stored if isinstance(p.stored, str) else json.dumps(p.stored)
            params += (game_id, seq, p.kind, p.recipient, body)
        cursor = await connection.execute(
            f"INSERT INTO outbox (game_id, seq, kind, recipient, body) VALUES {values}", params
        )
        last = cursor.lastrowid
        assert last is not None
        for offset, parcel in enumerate(chunk, start=last - len(chunk) + 1):
            parcel.id, parcel.seq = offset, seq


async def settle(
    connection: aiosqlite.Connection, parcel_id: int, outcome: str, message_id: int | None = None
) -> None:
    """Mark a parcel delivered (or given up); call inside ``Database.transaction``."""
    await connection.execute(
        "UPDATE outbox SET outcome = ?, message_id = ?, "
        "settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND settled_at IS NULL",
        (outcome, message_id, parcel_id),
    )


@dataclass
class Backlog:
    """What a restart finds in the outbox: per game, the parcels still waiting (oldest first),
    the unanswered reply of each player, the players found with closed DMs in the actions still
    being delivered, and the newest Discord message the game already made."""

    waiting: dict[int, list[Parcel]]
    replies: dict[int, dict[int, Parcel]]
    closed: dict[int, dict[int, list[int]]]
    newest: dict[int, int]


def _parcel(row: aiosqlite.Row) -> Parcel:
    return Parcel(row["kind"], row["recipient"], row["body"], row["id"], row["seq"])


async def backlog(db: Database) -> Backlog:
    """Everything still owed, in four queries whatever the number of games."""
    waiting: dict[int, list[Parcel]] = defaultdict(list)
    replies: dict[int, dict[int, Parcel]] = defaultdict(dict)
    for row in await db.fetchall(
        "SELECT * FROM outbox WHERE settled_at IS NULL ORDER BY game_id, seq, id"
    ):
        parcel = _parcel(row)
        if parcel.kind == "reply":
            assert parcel.recipient is not None
            replies[row["game_id"]][parcel.recipient] = parcel  # the latest one counts
        else:
            waiting[row["game_id"]].append(parcel)
    for parcels in waiting.values():
        parcels[0].in_doubt = True
    closed: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for row in await db.fetchall(
        "SELECT game_id, seq, recipient FROM outbox o WHERE outcome = 'closed' AND EXISTS ("
        "SELECT 1 FROM outbox w WHERE w.game_id = o.game_id AND w.seq = o.seq "
        "AND w.settled_at IS NULL AND w.kind IN ('post', 'dm')) ORDER BY id"
    ):
        closed[row["game_id"]][row["seq"]].append(row["recipient"])
    newest = {
        row["game_id"]: row["newest"]
        for row in await db.fetchall(
            "SELECT game_id, max(message_id) AS newest FROM ("
            "SELECT game_id, message_id FROM outbox WHERE message_id IS NOT NULL "
            "UNION ALL SELECT game_id, message_id FROM game_messages) "
            "WHERE game_id IN (SELECT game_id FROM outbox WHERE settled_at IS NULL) "
            "GROUP BY game_id"
        )
    }
    return Backlog(dict(waiting), dict(replies), dict(closed), newest)
