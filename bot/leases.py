"""A lease kept by one process: the games' timers run on the process holding ``clocks``.

When several processes share a PostgreSQL database, work that must happen once (a reminder, the
vote's pace, the bot storyteller's dusk) happens on the one that holds the lease. It renews the
lease every third of its life; if it dies (or loses the database) another takes it once it has
expired, and carries on (``on_gain``). A holder that cannot renew in time considers the lease
lost before it expires (``on_loss``), so two processes never both believe they hold it.

On SQLite there is one process: it holds every lease from the start, and the table is not used.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable

from bot.store import leases as lease_store
from bot.store.database import Database, StoreError

log = logging.getLogger(__name__)

TTL = 15.0  # seconds a lease lasts unless renewed: how long the games wait after a holder dies


def ttl_from_env() -> float:
    """``RAVENSWOOD_LEASE_TTL`` seconds (at least 3), else ``TTL``: shorter is a quicker
    takeover after a process dies, for a renewal every third of it."""
    raw = os.environ.get("RAVENSWOOD_LEASE_TTL", "").strip()
    try:
        return max(float(raw), 3.0) if raw else TTL
    except ValueError:
        log.warning("RAVENSWOOD_LEASE_TTL=%r is not a number; using %s s", raw, TTL)
        return TTL


Hook = Callable[[], Awaitable[None]]


def process_name() -> str:
    """This process, as a lease names its holder: its machine and its slice of the shards
    (``RAVENSWOOD_SHARDS``), which no two live processes share. A process restarted after a
    crash is the same holder, so it takes its lease back at once instead of waiting for it to
    expire."""
    return f"{socket.gethostname()}:{os.environ.get('RAVENSWOOD_SHARDS', '').strip() or 'all'}"


async def _nothing() -> None:
    return None


class Lease:
    def __init__(
        self,
        db: Database,
        name: str,
        *,
        ttl: float | None = None,
        holder: str | None = None,
        on_gain: Hook = _nothing,
        on_loss: Hook = _nothing,
    ) -> None:
        self.db, self.name = db, name
        self.ttl = ttl_from_env() if ttl is None else ttl
        self.holder = holder or process_name()
        self.on_gain, self.on_loss = on_gain, on_loss
        self.held = False
        self._renewed = 0.0  # time.monotonic() of the last successful renewal
        self._task: asyncio.Task[None] | None = None
        self._hooking: asyncio.Task[None] | None = None  # on_gain or on_loss, running

    def start(self) -> None:
        self._task = asyncio.create_task(self._keep())

    async def stop(self) -> None:
        """A clean shutdown: the lease is given up at once, for another process to take."""
        for task in (self._task, self._hooking):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self.held and self.db.shared:
            self.held = False
            try:
                await lease_store.release(self.db, self.name, self.holder)
            except StoreError:
                log.warning(
                    "lease %s: could not give it up; it expires in %s s", self.name, self.ttl
                )

    @property
    def valid(self) -> bool:
        """Held, and renewed recently enough that no other process can have taken it."""
        if not self.db.shared:
            return self.held
        return self.held and time.monotonic() - self._renewed < self.ttl * 2 / 3

    async def _keep(self) -> None:
        if not self.db.shared:
            self.held = True
            self._switch(self.on_gain)
            return
        while True:
            began = time.monotonic()
            try:
                got = await lease_store.acquire(self.db, self.name, self.holder, self.ttl)
            except StoreError as error:
                log.warning("lease %s: the database did not answer (%s)", self.name, error)
                got = self.held and began - self._renewed < self.ttl * 2 / 3
            else:
                if got:
                    self._renewed = began
            if got != self.held:
                self.held = got
                log.info("lease %s %s by %s", self.name, "taken" if got else "lost", self.holder)
                self._switch(self.on_gain if got else self.on_loss)
            await asyncio.sleep(self.ttl / 3)

    def _switch(self, hook: Hook) -> None:
        """Run a hook beside the renewals (taking over many games takes a while); a hook still
        running when the lease changes hands again is cancelled first."""
        if self._hooking is not None:
            self._hooking.cancel()
        self._hooking = asyncio.create_task(self._hook(hook))

    async def _hook(self, hook: Hook) -> None:
        try:
            await hook()
        except Exception:
            log.exception("lease %s: its hook failed", self.name)
