"""Processes sharing a PostgreSQL database never act on a stale copy of a game: the version
check before each action catches up first; a game another process opened is read on first
touch; a game that ended elsewhere is let go; the lease holder follows others' writes."""

from __future__ import annotations

import asyncio

import pytest

import engine.traitors as tg
from bot.cogs.traitors import TraitorsRules
from bot.sessions import SessionManager
from bot.store.connect import open_database
from engine.core import RuleError


@pytest.fixture
async def two_processes(postgres_server):
    target = postgres_server.fresh()
    opened = [await open_database(target) for _ in range(2)]
    yield [SessionManager(db, [TraitorsRules()]) for db in opened]
    for db in opened:
        await db.close()


async def test_a_press_on_a_stale_copy_is_judged_on_the_game_as_it_stands(two_processes):
    """Player 102 joined through the first process; the second process's copy does not know.
    Their "Leave" press reaches the second: it is accepted (judged on the log), not refused as
    "not in this game" by the stale copy, and its acknowledgement is theirs."""
    first, second = two_processes
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await second.restore()
    theirs = second.get(mine.game.id)
    await first.act(mine, tg.Join(102), 102, "You're in.")
    accepted = await second.act(theirs, tg.Leave(102), 102, "You left.")
    assert accepted.reply == "You left." and theirs.state.players == (100,)
    assert theirs.seq == 2


async def test_a_repeat_on_a_stale_copy_is_not_mistaken_for_a_no_op(two_processes):
    """The second process's copy still has 102 in the game; 102 left through the first. Their
    "Join" again must be a new, logged join, not swallowed as a double click."""
    first, second = two_processes
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await first.apply(mine, tg.Join(102))
    await second.restore()
    theirs = second.get(mine.game.id)
    await first.apply(mine, tg.Leave(102))
    await second.apply(theirs, tg.Join(102))
    rows = await second.db.fetchall(
        "SELECT action FROM game_actions WHERE game_id = ? ORDER BY seq", (mine.game.id,)
    )
    assert [r["action"].split('"type": ')[1][1:5] for r in rows] == ["Join", "Leav", "Join"]


async def test_a_game_opened_by_another_process_is_read_on_first_touch(two_processes):
    first, second = two_processes
    await second.restore()  # started before the game was opened
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await first.apply(mine, tg.Join(101))
    theirs = await second.rebuilt(mine.game.id)  # a DM press with the game's id reaches it
    assert theirs is not None and theirs.state == mine.state and theirs.seq == 1
    assert await second.rebuilt(987654) is None  # a forged id: no such game, no error


async def test_a_game_ended_elsewhere_is_let_go(two_processes):
    first, second = two_processes
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await second.restore()
    theirs = second.get(mine.game.id)
    await first.apply(mine, tg.Abort(100))
    with pytest.raises(RuleError, match="already ended"):
        await second.apply(theirs, tg.Join(101))
    assert second.get(mine.game.id) is None


async def test_the_holder_follows_other_processes_writes(two_processes):
    """``follow`` (the lease holder's round, fed by LISTEN/NOTIFY) brings in games opened
    elsewhere and catches up games played elsewhere; ``watch`` hears every write."""
    first, second = two_processes
    heard: list[int] = []
    stop = await second.db.watch(heard.append)
    try:
        await second.restore()
        mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
        await first.apply(mine, tg.Join(101))
        for _ in range(100):
            if len(heard) >= 2:
                break
            await asyncio.sleep(0.01)
        assert set(heard) == {mine.game.id}
        changed = await second.follow(set(heard))
        assert [s.game.id for s in changed] == [mine.game.id]
        assert second.get(mine.game.id).state == mine.state
        await first.apply(mine, tg.Join(102))
        changed = await second.follow()
        assert second.get(mine.game.id).seq == 2 and len(changed) == 1
        assert await second.follow() == []  # nothing new
    finally:
        await stop()
