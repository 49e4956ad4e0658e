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
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.store.database import Connection, Database, Row

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


async def put(connection: Connection, game_id: int, seq: int, parcels: list[Parcel]) -> None:
    """Store parcels (in order) and give each its id; call inside ``Database.transaction``.

    Both backends number the rows of one multi-row INSERT in the order of its VALUES (SQLite
    one past the largest id, PostgreSQL from the identity sequence), so its ids, sorted, are
    the parcels' in order (consecutive in SQLite; PostgreSQL may interleave other writers').
    """
    for start in range(0, len(parcels), BATCH):
        chunk = parcels[start : start + BATCH]
        values = ", ".join("(?, ?, ?, ?, ?)" for _ in chunk)
        params: list[Any] = []
        for p in chunk:
            body = p.stored if isinstance(p.stored, str) else json.dumps(p.stored)
            params += (game_id, seq, p.kind, p.recipient, body)
        rows = await connection.fetchall(
            f"INSERT INTO outbox (game_id, seq, kind, recipient, body) VALUES {values} "
            "RETURNING id",
            params,
        )
        for parcel, new_id in zip(chunk, sorted(row["id"] for row in rows), strict=True):
            parcel.id, parcel.seq = new_id, seq


async def settle(
    connection: Connection, parcel_id: int, outcome: str, message_id: int | None = None
) -> None:
    """Mark a parcel delivered (or given up); call inside ``Database.transaction``."""
    await connection.execute(
        "UPDATE outbox SET outcome = ?, message_id = ?, "
        "settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND settled_at IS NULL",
        (outcome, message_id, parcel_id),
    )


async def claim(connection: Connection, game_id: int) -> tuple[Parcel | None, bool]:
    """For a shared (PostgreSQL) database, inside the transaction that delivers and settles it:
    the game's first waiting parcel, locked (``FOR UPDATE SKIP LOCKED``) so that no other process
    delivers it; and whether anything waits at all. None while another process holds the game's
    first waiting parcel: that process delivers the game's messages in order, this one stands
    back (if it took a later one, it could overtake).

    The order is the outbox's (``delivery_order``): by id, except that a closed-DM notice, which
    is only ever stored at the moment it is due, goes first.
    """
    waiting = (
        "FROM outbox WHERE game_id = ? AND settled_at IS NULL AND kind <> 'reply' "
        "ORDER BY kind = 'notice' DESC, id LIMIT 1"
    )
    row = await connection.fetchone(f"SELECT * {waiting} FOR UPDATE SKIP LOCKED", (game_id,))
    first = await connection.fetchone(f"SELECT id {waiting}", (game_id,))
    if row is None or first is None or row["id"] != first["id"]:
        return None, first is not None
    return _parcel(row), True


async def unanswered(db: Database, game_id: int) -> dict[int, Parcel]:
    """Per player, the latest acknowledgement of theirs still owed in a game (``backlog``'s
    ``replies`` for one game: a process taking up a game another process played on)."""
    rows = await db.fetchall(
        "SELECT * FROM outbox WHERE game_id = ? AND kind = 'reply' AND settled_at IS NULL "
        "ORDER BY id",
        (game_id,),
    )
    return {row["recipient"]: _parcel(row) for row in rows}


async def orphaned(db: Database, older_than: float) -> list[int]:
    """Games with messages that have waited more than ``older_than`` seconds: their process
    died before delivering them (a live process delivers within moments), so another must."""
    cutoff = (datetime.now(UTC) - timedelta(seconds=older_than)).strftime("%Y-%m-%dT%H:%M:%S")
    rows = await db.fetchall(
        "SELECT DISTINCT game_id FROM outbox WHERE settled_at IS NULL AND kind <> 'reply' "
        "AND created_at < ? ORDER BY game_id",
        (cutoff,),
    )
    return [row["game_id"] for row in rows]


def delivery_order(parcel: Parcel) -> tuple[bool, int]:
    """Where a parcel stands in its game's outbox (``claim``): notices first, then by id."""
    return parcel.kind != "notice", parcel.id


@dataclass
class Backlog:
    """What a restart finds in the outbox: per game, the parcels still waiting (oldest first),
    the unanswered reply of each player, the players found with closed DMs in the actions still
    being delivered, and the newest Discord message the game already made."""

    waiting: dict[int, list[Parcel]]
    replies: dict[int, dict[int, Parcel]]
    closed: dict[int, dict[int, list[int]]]
    newest: dict[int, int]


def _parcel(row: Row) -> Parcel:
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
            "UNION ALL SELECT game_id, message_id FROM game_messages) AS known "
            "WHERE game_id IN (SELECT game_id FROM outbox WHERE settled_at IS NULL) "
            "GROUP BY game_id"
        )
    }
    return Backlog(dict(waiting), dict(replies), dict(closed), newest)
