"""The whole path of an accepted action (engine + one SQLite transaction), and start-up replay.

Run: python benchmarks/bench_bot_path.py

1. Accepted actions per second through SessionManager.apply (engine validation, JSON encoding,
   one write transaction per action, memory update) on a WAL database file; target >= 2,000/s.
   Peers in the same run: the engine alone (no storage), and a bare sqlite3 INSERT + COMMIT per
   action (the storage floor, no engine, no asyncio).
2. Rebuilding 100 unfinished Traitors games of 200 actions each from the database, as the bot
   does at start-up (SessionManager.restore); target < 1 s.
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

import engine.traitors as tg  # noqa: E402
from bot.cogs.traitors import TraitorsRules  # noqa: E402
from bot.sessions import SessionManager  # noqa: E402
from bot.store.database import Database  # noqa: E402
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


async def whole_path(games: list, directory: str) -> tuple[float, int]:
    db = await Database.open(f"{directory}/path.sqlite3")
    try:
        manager = SessionManager(db, [TraitorsRules()])
        total = sum(len(log) for _, log in games)
        started = time.perf_counter()
        await play(manager, games)
        return total / (time.perf_counter() - started), total
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


async def rebuild(directory: str, games: list) -> list[float]:
    """Fill a database with the games (left unfinished), then time restore() several times."""
    path = f"{directory}/rebuild.sqlite3"
    db = await Database.open(path)
    try:
        await play(SessionManager(db, [TraitorsRules()]), games)
    finally:
        await db.close()
    times = []
    for _ in range(5):
        db = await Database.open(path)
        try:
            started = time.perf_counter()
            restored = await SessionManager(db, [TraitorsRules()]).restore()
            times.append(time.perf_counter() - started)
        finally:
            await db.close()
        assert len(restored) == len(games) and all(s.seq == 200 for s in restored)
    return times


def main() -> None:
    games = logs(100, 200)
    with tempfile.TemporaryDirectory() as directory:
        path_rate, total = asyncio.run(whole_path(games[:25], directory))
        engine_rate = engine_only(games)
        sqlite_rate = bare_sqlite(games[:25], directory)
        times = asyncio.run(rebuild(directory, games))
    print(
        f"whole path (engine + aiosqlite transaction), {total} actions: {path_rate:,.0f} actions/s"
    )
    print(f"peer: engine alone: {engine_rate:,.0f} actions/s")
    print(f"peer: bare sqlite3 INSERT + COMMIT per action: {sqlite_rate:,.0f} actions/s")
    print(
        f"rebuild 100 games x 200 actions: median {statistics.median(times):.3f} s, "
        f"worst {max(times):.3f} s over {len(times)} runs"
    )


if __name__ == "__main__":
    main()
