"""A shared (PostgreSQL) outbox: processes that deliver the same game's messages at once each
claim a message before sending it, so each goes out once, in order; and a process delivers what
another process's actions put in the outbox."""

from __future__ import annotations

import asyncio

import pytest

from bot.cogs.traitors import TraitorsRules
from bot.delivery import Courier
from bot.sessions import Outbox, SessionManager
from bot.store.connect import open_database
from bot.store.outbox import Parcel


class Recording(Courier):
    """A courier whose Discord is a list: what it sent, by which process, in what order."""

    def __init__(self, name: str, games: SessionManager, sent: list[tuple[str, int, str]]) -> None:
        super().__init__(client=None, games=games)  # type: ignore[arg-type]
        self.name, self.sent = name, sent

    async def transmit(self, box: Outbox, parcel: Parcel) -> tuple[str, int | None]:
        self.sent.append((self.name, parcel.id, parcel.body["content"]))
        await asyncio.sleep(0.002)  # a round trip to Discord: the other process tries meanwhile
        return "sent", 10_000 + parcel.id


@pytest.fixture
async def processes(postgres_server):
    """Two session managers (two bot processes) on one PostgreSQL database."""
    target = postgres_server.fresh()
    opened = [await open_database(target) for _ in range(2)]
    yield [SessionManager(db, [TraitorsRules()]) for db in opened]
    for db in opened:
        await db.close()


def posts(count: int, first: int = 0) -> list[Parcel]:
    return [Parcel("post", None, {"content": f"message {i}"}) for i in range(first, first + count)]


async def outcomes(manager: SessionManager, game_id: int) -> list[tuple]:
    rows = await manager.db.fetchall(
        "SELECT id, outcome, message_id FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
    )
    return [tuple(row) for row in rows]


async def test_two_processes_flushing_one_game_send_each_message_once_in_order(processes):
    first, second = processes
    session = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await first.enqueue(session, posts(30))
    await second.restore()  # it finds the same 30 messages owed
    theirs = second.get(session.game.id).outbox
    assert len(theirs.parcels) == 30
    sent: list[tuple[str, int, str]] = []
    await asyncio.gather(
        Recording("first", first, sent).flush(session.outbox),
        Recording("second", second, sent).flush(theirs),
    )
    assert [text for _, _, text in sent] == [f"message {i}" for i in range(30)]
    assert all(
        (outcome, message_id) == ("sent", 10_000 + parcel_id)
        for parcel_id, outcome, message_id in await outcomes(first, session.game.id)
    )


async def test_a_process_delivers_what_another_process_stored(processes):
    first, second = processes
    session = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await second.restore()
    theirs = second.get(session.game.id).outbox
    await first.enqueue(session, posts(5))  # accepted by the first process, not yet sent
    sent: list[tuple[str, int, str]] = []
    await Recording("second", second, sent).flush(theirs)
    assert [(who, text) for who, _, text in sent] == [("second", f"message {i}") for i in range(5)]
    await Recording("first", first, sent).flush(session.outbox)  # finds nothing left to send
    assert len(sent) == 5 and not session.outbox.parcels


async def test_a_process_stands_back_while_another_holds_the_game(processes):
    first, second = processes
    session = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await first.enqueue(session, posts(3))
    await second.restore()
    theirs = second.get(session.game.id).outbox
    async with first.delivering(session.outbox) as held:  # the first is sending message 0
        assert held is not None and session.outbox.parcels[0].body["content"] == "message 0"
        async with second.delivering(theirs) as turn:
            assert turn is None  # message 1 must not overtake message 0
    sent: list[tuple[str, int, str]] = []
    await Recording("second", second, sent).flush(theirs)
    assert [text for _, _, text in sent] == [f"message {i}" for i in range(3)]
