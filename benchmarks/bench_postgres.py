"""Accepted actions per second on PostgreSQL with 1, 2 and 4 bot processes, beside SQLite in
the same run; the latency from an interaction to its first response under that load; and how
long the bot takes to carry on after the process holding the clocks lease is killed.

Run: python benchmarks/bench_postgres.py  (starts a throwaway PostgreSQL like the tests do, or
uses RAVENSWOOD_TEST_POSTGRES)

1. Presses through the bot's path (``bench_bot_path.py``'s Traitors composer), in N processes
   at once on one database: each press finds its game as a component press does
   (``SessionManager.rebuilt`` by the id in its custom_id), then ``SessionManager.act``: the
   version check against the log (PostgreSQL), the engine, rendering the messages, the
   checksum, one write transaction holding the action, its outbox rows and the player's
   acknowledgement. The games are opened by another process (the set-up), so every press is
   on a process that did not open its game, as a DM press on shard 0 is. Accepted actions per
   second over the wall time from the first process's start to the last one's end. SQLite:
   one process, a file (one writer). No Discord: the first response to the interaction is the
   acknowledgement ``act`` returns, so the time to it (p50, p99) is the bot's share of
   interaction-to-answer; Discord's round trip (about 100 ms) comes on top.
2. Recovery: a process holding the clocks lease (``bot.cluster.Steward``) and playing 100
   games is killed (SIGKILL) in the middle of them; the time from the kill until a process has
   taken the lease, rebuilt every game and accepted the next action of the interrupted one:
   the same process restarted (the same holder: it takes its lease back at once), and another
   process (it waits for the lease to expire: ``RAVENSWOOD_LEASE_TTL``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg  # noqa: E402

from benchmarks.bench_bot_path import logs, manager_for  # noqa: E402
from bot.cluster import Steward  # noqa: E402
from bot.leases import ttl_from_env  # noqa: E402
from bot.sessions import SessionManager  # noqa: E402
from bot.store.connect import open_database  # noqa: E402

GAMES, LENGTH = 24, 200  # 4,800 actions per run, split among the processes


async def _open(target: str, games: list) -> list[int]:
    """The set-up process opens every game (so no playing process opened the games it plays)."""
    db = await open_database(target)
    try:
        manager = manager_for(db, outbox=True)
        return [
            (await manager.open("traitors", i, i, 1, {}, seed=seed)).game.id
            for i, (seed, _) in enumerate(games)
        ]
    finally:
        await db.close()


async def _play(target: str, games: list, barrier) -> tuple[float, float, list]:
    db = await open_database(target)
    try:
        manager = manager_for(db, outbox=True)
        await manager.read()  # what a started process has read before its first press
        barrier.wait()
        latencies = []
        started = time.time()
        for game_id, log in games:
            for action in log:
                begun = time.perf_counter()
                session = await manager.rebuilt(game_id)  # the custom_id's game
                assert session is not None
                await manager.act(session, action, getattr(action, "by", 0), "Noted.")
                latencies.append(time.perf_counter() - begun)
        return started, time.time(), latencies
    finally:
        await db.close()


def _worker(target: str, games: list, barrier, results) -> None:
    results.put(asyncio.run(_play(target, games, barrier)))


def throughput(target: str, processes: int, games: list) -> tuple[float, float, float]:
    """Actions/s over all processes, and the p50 and p99 time to the first response (ms)."""
    ids = asyncio.run(_open(target, games))
    played = [(game_id, log) for game_id, (_, log) in zip(ids, games, strict=True)]
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(processes), context.Queue()
    workers = [
        context.Process(target=_worker, args=(target, played[i::processes], barrier, results))
        for i in range(processes)
    ]
    for worker in workers:
        worker.start()
    found = [results.get() for _ in workers]
    for worker in workers:
        worker.join()
    latencies = sorted(x for _, _, run in found for x in run)
    wall = max(end for _, end, _ in found) - min(start for start, _, _ in found)
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    return len(latencies) / wall, 1000 * statistics.median(latencies), 1000 * p99


async def _schema(url: str, name: str) -> str:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")
    finally:
        await connection.close()
    return f"{url}?search_path={name}"


KILLED = """
import asyncio, os, sys
sys.path.insert(0, {root!r})
from benchmarks.bench_bot_path import logs, manager_for
from benchmarks.bench_postgres import steward_for
from bot.store.connect import open_database

async def main():
    db = await open_database({target!r})
    manager = manager_for(db, outbox=True)
    steward = steward_for(manager, {holder!r})
    steward.start()
    while not steward.holds:
        await asyncio.sleep(0.01)
    games = logs(100, 200)
    sessions = [await manager.open("traitors", i, i, 1, {{}}, seed=s) for i, (s, _) in enumerate(games)]
    for step in range(200):
        for session, (_, log) in zip(sessions, games):
            if step == 100 and session is sessions[50]:
                print("mid-game", flush=True)
                await asyncio.sleep(3600)  # killed here, in the middle of every game
            await manager.apply(session, log[step])

asyncio.run(main())
"""


def steward_for(manager: SessionManager, holder: str) -> Steward:
    """The clocks lease as the bot holds it (no clocks to run here: the takeover is timed)."""

    async def nothing(*_: object) -> None:
        return None

    async def flush(_: object) -> None:
        return None

    return Steward(manager, flush, taken=nothing, dropped=nothing, changed=nothing, holder=holder)


async def _carry_on(target: str, games: list, holder: str, killed: float) -> tuple[float, float]:
    """Seconds from the kill until the interrupted game's next action is in (presses are
    answered again), and until the lease is held (the timers run again)."""
    db = await open_database(target)
    try:
        manager = manager_for(db, outbox=True)
        steward = steward_for(manager, holder)
        steward.start()
        await manager.restore()
        interrupted = next(s for s in manager.sessions.values() if s.game.guild_id == 50)
        await manager.apply(interrupted, games[50][1][interrupted.seq])
        answered = time.perf_counter() - killed
        while not steward.holds:
            await asyncio.sleep(0.01)
        timers = time.perf_counter() - killed
        await steward.stop()
        return answered, timers
    finally:
        await db.close()


def recovery(target: str, games: list, heir: str) -> tuple[float, float]:
    """Kill the clocks' holder mid-game; seconds to the next action, and to the lease."""
    root = str(Path(__file__).resolve().parents[1])
    victim = subprocess.Popen(
        [sys.executable, "-c", KILLED.format(root=root, target=target, holder="victim")],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert victim.stdout is not None and victim.stdout.readline().strip() == "mid-game"
    killed = time.perf_counter()
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait()
    return asyncio.run(_carry_on(target, games, heir, killed))


def main() -> None:
    from tests.postgres_server import throwaway_postgres

    games = logs(GAMES, LENGTH)
    print(f"load before: {os.getloadavg()[0]:.2f}; {GAMES} games x {LENGTH} actions a run")
    with tempfile.TemporaryDirectory() as directory, throwaway_postgres() as url:
        rows = []
        for run in range(2):
            rows.append(("SQLite file", 1, throughput(f"{directory}/b{run}.sqlite3", 1, games)))
            for processes in (1, 2, 4):
                target = asyncio.run(_schema(url, f"bench_{processes}_{run}"))
                rows.append(("PostgreSQL", processes, throughput(target, processes, games)))
        best: dict[tuple[str, int], tuple[float, float, float]] = {}
        for backend, processes, figures in rows:
            if figures[0] > best.get((backend, processes), (0.0, 0.0, 0.0))[0]:
                best[(backend, processes)] = figures
        for (backend, processes), (rate, p50, p99) in best.items():
            print(
                f"{backend}, {processes} process(es): {rate:,.0f} accepted actions/s; "
                f"press to first response p50 {p50:.2f} ms, p99 {p99:.2f} ms (best of 2 runs)"
            )
        all_games = logs(100, 200)
        ttl = ttl_from_env()
        for backend, target, heir, who in (
            ("SQLite file", f"{directory}/killed.sqlite3", "victim", "restarted"),
            ("PostgreSQL", asyncio.run(_schema(url, "killed")), "victim", "restarted"),
            ("PostgreSQL", asyncio.run(_schema(url, "killed2")), "heir", "another process"),
        ):
            answered, timers = recovery(target, all_games, heir)
            print(
                f"{backend}: kill -9 of the clocks' holder mid-game (100 games x 100 actions), "
                f"{who} (lease {ttl:.0f} s): every game rebuilt and the next action accepted "
                f"after {answered:.2f} s; the lease held (timers running) after {timers:.2f} s"
            )
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
