"""Leases: one holder at a time, renewed by it, taken over by another once it expires; on
SQLite the one process holds them at once."""

from __future__ import annotations

import asyncio
import time

from bot.leases import Lease
from bot.store import leases as lease_store
from bot.store.connect import open_database


async def test_one_holder_at_a_time_until_it_expires_or_is_given_up(database):
    db = await open_database(database)
    try:
        assert await lease_store.acquire(db, "clocks", "a", 0.5)
        assert not await lease_store.acquire(db, "clocks", "b", 10)
        assert await lease_store.acquire(db, "clocks", "a", 0.5)  # a renewal
        assert await lease_store.holder_of(db, "clocks") == "a"
        await asyncio.sleep(0.6)
        assert await lease_store.holder_of(db, "clocks") is None
        assert await lease_store.acquire(db, "clocks", "b", 10)  # a's expired: b takes it
        assert not await lease_store.acquire(db, "clocks", "a", 10)
        await lease_store.release(db, "clocks", "a")  # not a's to give up
        assert await lease_store.holder_of(db, "clocks") == "b"
        await lease_store.release(db, "clocks", "b")
        assert await lease_store.acquire(db, "clocks", "a", 10)
    finally:
        await db.close()


async def test_the_one_sqlite_process_holds_its_lease_at_once(tmp_path):
    db = await open_database(str(tmp_path / "one.sqlite3"))
    gained = asyncio.Event()

    async def on_gain() -> None:
        gained.set()

    lease = Lease(db, "clocks", on_gain=on_gain)
    try:
        lease.start()
        await asyncio.wait_for(gained.wait(), 1)
        assert lease.held and lease.valid
        assert await lease_store.holder_of(db, "clocks") is None  # no table needed for one
    finally:
        await lease.stop()
        await db.close()


async def test_a_second_process_takes_the_lease_when_the_holder_dies(postgres_server):
    """Two processes' leases on one PostgreSQL database: the second waits while the first
    renews; the first dies without giving it up (its task killed, its pool cut), and the second
    takes the lease within its life plus a renewal period."""
    target = postgres_server.fresh()
    first_db, second_db = await open_database(target), await open_database(target)
    events: list[tuple[str, str, float]] = []

    def hooks(name: str) -> dict:
        async def gain() -> None:
            events.append((name, "gain", time.monotonic()))

        async def loss() -> None:
            events.append((name, "loss", time.monotonic()))

        return {"on_gain": gain, "on_loss": loss}

    first = Lease(first_db, "clocks", ttl=1.5, holder="first", **hooks("first"))
    second = Lease(second_db, "clocks", ttl=1.5, holder="second", **hooks("second"))
    try:
        first.start()
        await asyncio.sleep(0.2)
        second.start()
        await asyncio.sleep(2.5)  # several renewals: the first keeps it throughout
        assert first.valid and not second.held
        assert [e[:2] for e in events] == [("first", "gain")]
        assert first._task is not None
        first._task.cancel()  # killed: no release, no more renewals
        await asyncio.gather(first._task, return_exceptions=True)
        first_db.pool.terminate()
        died = time.monotonic()
        while not second.held:
            await asyncio.sleep(0.05)
            assert time.monotonic() - died < 1.5 + 0.5 + 1, "nobody took the lease"
        await asyncio.sleep(0.05)
        assert events[-1][:2] == ("second", "gain")
        assert await lease_store.holder_of(second_db, "clocks") == "second"
    finally:
        await second.stop()
        await second_db.close()
