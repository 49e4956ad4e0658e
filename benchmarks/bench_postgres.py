"""Accepted actions per second on PostgreSQL with 1, 2 and 4 processes, beside SQLite in the
same run; the latency of each accepted action; and how long a replacement process takes to
carry on the games of one that was killed.

Run: python benchmarks/bench_postgres.py  (starts a throwaway PostgreSQL like the tests do, or
uses RAVENSWOOD_TEST_POSTGRES)

1. The path of ``bench_bot_path.py`` (``SessionManager.apply`` with the Traitors composer:
   engine, rendering the messages, the fingerprint's checksum, one write transaction holding
   the action and its outbox rows), in N processes at once, each playing its own games (servers)
   on one database; accepted actions per second over the wall time from the first process's
   start to the last one's end. SQLite: one process, a file (one writer). No Discord: the first
   response to an interaction waits on exactly this (the acknowledgement is stored with the
   action), so the latency of ``apply`` (p50, p99) is the bot's share of interaction-to-answer.
2. Recovery: a process playing 100 games is killed (SIGKILL) in the middle of them; the time
   from the kill to a new process having rebuilt every game (``restore``) and accepted its next
   action on the one that was interrupted.
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
from bot.store.connect import open_database  # noqa: E402

GAMES, LENGTH = 24, 200  # 4,800 actions per run, split among the processes


async def _play(target: str, games: list, first_guild: int, barrier) -> tuple[float, float, list]:
    db = await open_database(target)
    try:
        manager = manager_for(db, outbox=True)
        sessions = [
            await manager.open("traitors", first_guild + i, first_guild + i, 1, {}, seed=seed)
            for i, (seed, _) in enumerate(games)
        ]
        barrier.wait()
        latencies = []
        started = time.time()
        for session, (_, log) in zip(sessions, games, strict=True):
            for action in log:
                begun = time.perf_counter()
                await manager.apply(session, action)
                latencies.append(time.perf_counter() - begun)
        return started, time.time(), latencies
    finally:
        await db.close()


def _worker(target: str, games: list, first_guild: int, barrier, results) -> None:
    results.put(asyncio.run(_play(target, games, first_guild, barrier)))


def throughput(target: str, processes: int, games: list) -> tuple[float, float, float]:
    """Actions/s over all processes, and the p50 and p99 latency of one action (ms)."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(processes), context.Queue()
    shares = [games[i::processes] for i in range(processes)]
    workers = [
        context.Process(target=_worker, args=(target, share, 1000 * i, barrier, results))
        for i, share in enumerate(shares)
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
from bot.store.connect import open_database

async def main():
    db = await open_database({target!r})
    manager = manager_for(db, outbox=True)
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


async def _carry_on(target: str, games: list) -> None:
    db = await open_database(target)
    try:
        manager = manager_for(db, outbox=True)
        await manager.restore()
        interrupted = next(s for s in manager.sessions.values() if s.game.guild_id == 50)
        await manager.apply(interrupted, games[50][1][interrupted.seq])
    finally:
        await db.close()


def recovery(target: str, games: list) -> float:
    """Seconds from the kill of a process mid-game to a new one's next accepted action."""
    root = str(Path(__file__).resolve().parents[1])
    victim = subprocess.Popen(
        [sys.executable, "-c", KILLED.format(root=root, target=target)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert victim.stdout is not None and victim.stdout.readline().strip() == "mid-game"
    killed = time.perf_counter()
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait()
    asyncio.run(_carry_on(target, games))
    return time.perf_counter() - killed


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
                f"apply p50 {p50:.2f} ms, p99 {p99:.2f} ms (best of 2 runs)"
            )
        all_games = logs(100, 200)
        for backend, target in (
            ("SQLite file", f"{directory}/killed.sqlite3"),
            ("PostgreSQL", asyncio.run(_schema(url, "killed"))),
        ):
            seconds = recovery(target, all_games)
            print(
                f"{backend}: kill -9 mid-game (100 games x 100 actions) -> a new process has "
                f"rebuilt them all and accepted the next action: {seconds:.2f} s"
            )
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
