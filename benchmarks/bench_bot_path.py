"""The whole path of an accepted action through the outbox, and start-up replay.

Run: python benchmarks/bench_bot_path.py

1. Accepted actions per second through SessionManager.apply with the Traitors composer: engine
   validation, rendering the effects into messages, the fingerprint's checksum, JSON encoding,
   and one write transaction per action holding the action and its outbox rows, then the memory
   update; on a WAL database file; target >= 2,000/s. Peers in the same run: the same without
   the outbox (no messages stored, as before it), the engine alone (no storage), and a bare
   sqlite3 INSERT + COMMIT per action (the storage floor: no engine, no asyncio).
2. Settling delivered messages (one transaction each, as the courier does after Discord took
   the message); Discord itself is not part of it.
3. Rebuilding 100 unfinished Traitors games of 200 actions each from the database, as the bot
   does at start-up (SessionManager.restore: replay with every checksum checked, and loading
   what is still owed), with the messages of each game's last action undelivered, and with
   every message undelivered; target < 1 s. Wall and CPU time (time.process_time, which a
   busy neighbour disturbs less), median of 5 runs; and, within it, the replay alone with and
   without checking the checksums (CPU, best of 3).

Throughputs are the best of 3 runs, each on a fresh database file.

No Discord connection: messages are rendered with a discord.py client that is not logged in
(players are named "player N"), which is the rendering work a live bot does.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402

import engine.traitors as tg  # noqa: E402
from bot.cogs.traitors import TraitorsRules  # noqa: E402
from bot.delivery import Courier, Delivery  # noqa: E402
from bot.render.traitors import TraitorsRenderer  # noqa: E402
from bot.sessions import SessionManager, replay  # noqa: E402
from bot.store import games as game_store  # noqa: E402
from bot.store.connect import open_database  # noqa: E402
from bot.store.database import Database  # noqa: E402
from bot.store.games import LogEntry  # noqa: E402
from engine.core import RuleError, encode_action  # noqa: E402

PLAYERS = 30
HOST = 1


def random_actions(seed: int, length: int) -> list | None:
    """A legal action log of exactly ``length`` actions that leaves the game running, or None.

    Ballots are often changed (a legal action) so that a log can be long without the game ending.
    """
    rng = random.Random(seed)
    state = tg.new_game(HOST, seed)
    log = [tg.Join(p) for p in range(2, PLAYERS + 1)] + [tg.Start(HOST, 3)]
    for action in log:
        state = tg.apply(state, action).state
    while len(log) < length:
        prompts = tg.open_prompts(state)
        if not prompts:
            action = tg.OpenVote(state.host)
        else:
            prompt = rng.choice(prompts)
            chooser = rng.choice(prompt.to)
            target = rng.choice([o for o in prompt.options if o != chooser] or [chooser])
            action = {
                "vote": tg.Vote(chooser, target),
                "murder": tg.Murder(chooser, target),
                "recruit_pick": tg.RecruitPick(chooser, target),
                "recruit_answer": tg.RecruitAnswer(chooser, False),
            }[prompt.kind]
            if (
                prompt.kind == "vote"
                and len(state.ballots) >= len(prompt.to) - 1
                and rng.random() < 0.9
            ):
                voted = [v for v, _ in state.ballots]  # keep the vote open: change a ballot instead
                action = tg.Vote(rng.choice(voted), target) if voted else action
        try:
            step = tg.apply(state, action)
        except RuleError:
            continue
        if step.state == state:
            continue
        state = step.state
        log.append(action)
        if state.phase is tg.Phase.OVER:
            return None
    return log


def logs(count: int, length: int) -> list[list]:
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        log = random_actions(seed, length)
        if log is not None:
            found.append((seed, log))
    return found


def manager_for(db: Database, outbox: bool) -> SessionManager:
    manager = SessionManager(db, [])
    client = discord.Client(intents=discord.Intents.none())
    renderer = Delivery(Courier(client, manager), TraitorsRenderer())
    manager.register(TraitorsRules(), renderer.compose if outbox else None)
    return manager


async def whole_path(games: list, path: str, outbox: bool) -> tuple[float, float, int, float, int]:
    """Actions per second (wall) and per CPU second through apply; with the outbox, then
    messages/s settling what they left."""
    db = await open_database(path)
    try:
        manager = manager_for(db, outbox)
        total = sum(len(log) for _, log in games)
        started, cpu = time.perf_counter(), time.process_time()
        await play(manager, games)
        rate = total / (time.perf_counter() - started)
        cpu_rate = total / (time.process_time() - cpu)
        boxes = manager.waiting()
        count = sum(len(box.parcels) for box in boxes)
        started = time.perf_counter()
        for box in boxes:  # as the courier does once Discord has taken each message
            while box.parcels:
                await manager.settle(box, "sent", 1)
        settled = count / (time.perf_counter() - started) if count else 0.0
        return rate, cpu_rate, total, settled, count
    finally:
        await db.close()


async def play(manager: SessionManager, games: list) -> None:
    """Each game in its own server and channel (a player may be in one game per server)."""
    for index, (seed, log) in enumerate(games):
        session = await manager.open("traitors", index, index, HOST, {}, seed=seed)
        for action in log:
            await manager.apply(session, action)


def engine_only(games: list) -> float:
    total = sum(len(log) for _, log in games)
    started = time.perf_counter()
    for seed, log in games:
        state = tg.new_game(HOST, seed)
        for action in log:
            state = tg.apply(state, action).state
    return total / (time.perf_counter() - started)


def bare_sqlite(games: list, directory: str) -> float:
    connection = sqlite3.connect(f"{directory}/bare.sqlite3", isolation_level=None)
    connection.executescript(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
        "CREATE TABLE a (game INTEGER, seq INTEGER, action TEXT, PRIMARY KEY (game, seq)) WITHOUT ROWID;"
    )
    rows = [
        (g, s, json.dumps(encode_action(a)))
        for g, (_, log) in enumerate(games)
        for s, a in enumerate(log)
    ]
    started = time.perf_counter()
    for row in rows:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO a VALUES (?, ?, ?)", row)
        connection.execute("COMMIT")
    connection.close()
    return len(rows) / (time.perf_counter() - started)


async def rebuild(directory: str, games: list, owed: str) -> tuple[list[tuple[float, float]], int]:
    """Fill a database with the games (left unfinished, their messages undelivered, then all
    but the last action's settled unless ``owed`` is "all"), and time restore() several times."""
    path = f"{directory}/rebuild-{owed}.sqlite3"
    db = await open_database(path)
    try:
        await play(manager_for(db, outbox=True), games)
        if owed == "last":
            async with db.transaction() as connection:
                await connection.execute(
                    "UPDATE outbox SET outcome = 'sent', settled_at = 'x' WHERE seq < ("
                    "SELECT max(seq) FROM game_actions a WHERE a.game_id = outbox.game_id)"
                )
        [(waiting,)] = await db.fetchall("SELECT count(*) FROM outbox WHERE settled_at IS NULL")
    finally:
        await db.close()
    times = []
    for _ in range(5):
        db = await open_database(path)
        try:
            manager = manager_for(db, outbox=True)
            started, cpu = time.perf_counter(), time.process_time()
            restored = await manager.restore()
            times.append((time.perf_counter() - started, time.process_time() - cpu))
        finally:
            await db.close()
        assert len(restored) == len(games) and all(s.seq == 200 for s in restored)
        assert sum(len(box.parcels) for box in manager.waiting()) >= waiting - 100
    return times, waiting


async def replays(directory: str) -> tuple[float, float]:
    """CPU seconds to replay the 100 logs in memory (no database): checking every checksum,
    and not checking them (the replay as it was before checksums)."""
    db = await open_database(f"{directory}/rebuild-last.sqlite3")
    try:
        running = await game_store.running_games(db)
    finally:
        await db.close()
    rules = TraitorsRules()
    unchecked = [(game, [LogEntry(e.action) for e in entries]) for game, entries in running]
    timed = []
    for logs_ in (running, unchecked):
        best = float("inf")
        for _ in range(3):
            started = time.process_time()
            for game, entries in logs_:
                replay(game, rules, entries)
            best = min(best, time.process_time() - started)
        timed.append(best)
    return timed[0], timed[1]


def main() -> None:
    games = logs(100, 200)
    with tempfile.TemporaryDirectory() as directory:
        runs = [
            asyncio.run(whole_path(games[:25], f"{directory}/path{i}.sqlite3", outbox=True))
            for i in range(3)
        ]
        path_rate, path_cpu, total = (
            max(run[0] for run in runs),
            max(run[1] for run in runs),
            runs[0][2],
        )
        _, _, _, settle_rate, settled = max(runs, key=lambda run: run[3])
        bare = [
            asyncio.run(whole_path(games[:25], f"{directory}/bare{i}.sqlite3", outbox=False))
            for i in range(3)
        ]
        bare_rate, bare_cpu = max(run[0] for run in bare), max(run[1] for run in bare)
        engine_rate = engine_only(games)
        sqlite_rate = bare_sqlite(games[:25], directory)
        last, owed_last = asyncio.run(rebuild(directory, games, "last"))
        every, owed_all = asyncio.run(rebuild(directory, games, "all"))
        checked, unchecked = asyncio.run(replays(directory))
    print(
        f"whole path through the outbox (engine + messages + one aiosqlite transaction), "
        f"{total} actions: {path_rate:,.0f} actions/s ({path_cpu:,.0f} per CPU second)"
    )
    print(
        f"peer: the same without the outbox: {bare_rate:,.0f} actions/s "
        f"({bare_cpu:,.0f} per CPU second)"
    )
    print(f"peer: engine alone: {engine_rate:,.0f} actions/s")
    print(f"peer: bare sqlite3 INSERT + COMMIT per action: {sqlite_rate:,.0f} actions/s")
    print(f"settling delivered messages, {settled:,} of them: {settle_rate:,.0f} messages/s")
    for label, times, owed in (("last action's", last, owed_last), ("all", every, owed_all)):
        wall, cpu = (statistics.median(t[i] for t in times) for i in (0, 1))
        print(
            f"rebuild 100 games x 200 actions, {label} messages undelivered ({owed:,}): "
            f"median {wall:.3f} s wall, {cpu:.3f} s CPU, worst {max(t[0] for t in times):.3f} s "
            f"wall over {len(times)} runs"
        )
    print(
        f"of which replaying the logs in memory: {checked:.3f} s CPU checking every checksum; "
        f"peer: {unchecked:.3f} s CPU without checking them"
    )


if __name__ == "__main__":
    main()
