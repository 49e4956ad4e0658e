"""The work one process does for all the processes sharing a database: the ``clocks`` lease.

Its holder runs the games' timers (``bot.cogs.clocktower.clock``: reminders, the vote's pace,
the bot storyteller's day and night clocks), once for the whole bot. Told of every write by
the database (PostgreSQL's LISTEN/NOTIFY), it brings its copies of the games written to in line
with the log at once (others' actions restart the games' timers; games others opened get
theirs); at each renewal of the lease it delivers the messages that have waited more than
``ORPHANED`` seconds, which a dead process left (the outbox claim keeps each delivered once).
When the holder dies, another process takes the lease after it expires (``bot.leases.TTL``)
and carries on: that is the recovery.

On SQLite the one process holds the lease from the start and there are no others to follow.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.leases import Lease
from bot.sessions import Outbox, Session, SessionManager
from bot.store import outbox as outbox_store
from bot.store.database import StoreError

log = logging.getLogger(__name__)

CLOCKS = "clocks"  # the lease's name
TICK = 10.0  # seconds between looks at what the database said was written
ORPHANED = 10.0  # seconds a message may wait before the holder delivers it for its process


class Steward:
    """Holds (or waits for) the ``clocks`` lease, and does the holder's rounds.

    ``taken``: called when this process takes the lease (it starts the timers); ``dropped``:
    when it loses it (it stops them); ``changed``: with the games another process changed.
    ``flush``: delivers a game's outbox (``Courier.flush``)."""

    def __init__(
        self,
        games: SessionManager,
        flush: Callable[[Outbox], Awaitable[Any]],
        *,
        taken: Callable[[], Awaitable[None]],
        dropped: Callable[[], Awaitable[None]],
        changed: Callable[[list[Session[Any]]], Awaitable[None]],
        holder: str | None = None,
        ttl: float | None = None,
    ) -> None:
        self.games, self.flush = games, flush
        self.taken, self.dropped, self.changed = taken, dropped, changed
        self.lease = Lease(
            games.db, CLOCKS, ttl=ttl, holder=holder, on_gain=self._gained, on_loss=self._lost
        )
        self._rounds: asyncio.Task[None] | None = None
        self._written: set[int] = set()  # games the database said were written to, unfollowed
        self._following: asyncio.Task[None] | None = None

    @property
    def holds(self) -> bool:
        """Whether this process may run the timers now."""
        return self.lease.valid

    def start(self) -> None:
        self.lease.start()

    async def stop(self) -> None:
        await self._stop_rounds()
        await self.lease.stop()

    async def _gained(self) -> None:
        await self.taken()
        if self.games.db.shared:
            self._rounds = asyncio.create_task(self._keep_rounds())

    async def _lost(self) -> None:
        await self._stop_rounds()
        await self.dropped()

    async def _stop_rounds(self) -> None:
        if self._rounds is not None:
            self._rounds.cancel()
            await asyncio.gather(self._rounds, return_exceptions=True)
            self._rounds = None

    async def _keep_rounds(self) -> None:
        """Told of every write (``Database.watch``), follow the games written to at once; and
        every third of the lease's life, deliver what dead processes left waiting."""
        stop = await self.games.db.watch(self._heard)
        try:
            await self.round(None)  # what happened before this process listened
            while True:
                await asyncio.sleep(self.lease.ttl / 3)
                try:
                    await self.round(set(), sweep=True)
                except (StoreError, OSError) as error:
                    log.warning("the clocks' round failed (%s); trying again", error)
                except Exception:
                    log.exception("the clocks' round failed")
        finally:
            if self._following is not None:
                self._following.cancel()
            await stop()

    def _heard(self, game_id: int) -> None:
        """The database says ``game_id`` was written to: follow it (with whatever else is
        written meanwhile) in one task at a time."""
        self._written.add(game_id)
        if self._following is None or self._following.done():
            self._following = asyncio.create_task(self._follow_written())

    async def _follow_written(self) -> None:
        while self._written:
            games, self._written = self._written, set()
            try:
                await self.round(games, sweep=False)
            except (StoreError, OSError) as error:
                log.warning("following games %s failed (%s)", sorted(games), error)
            except Exception:
                log.exception("following games %s failed", sorted(games))

    async def round(self, games: set[int] | None, *, sweep: bool = True) -> None:
        """Follow the log of ``games`` (None: of all); then (``sweep``) deliver what dead
        processes left waiting."""
        if games != set():
            changed = await self.games.follow(games)
            if changed:
                await self.changed(changed)
        if not sweep:
            return
        for game_id in await outbox_store.orphaned(self.games.db, ORPHANED):
            await self.flush(await self.games.outbox_of(game_id))
