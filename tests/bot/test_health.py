"""`ravenswood health` (Docker's healthcheck): healthy only with a reachable, current database
and a fresh heartbeat from a bot connected on every shard; otherwise exit 1 with why, in one
line, without creating or migrating anything."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot import heartbeat
from bot.app import Ravenswood
from bot.cli import main
from bot.cli.health import examine, judge_gateway
from bot.heartbeat import Beat
from bot.store.connect import open_database
from bot.store.migrations import load_migrations
from bot.store.probe import stored_version

ROOT = Path(__file__).resolve().parents[2]
LATEST = load_migrations()[-1].version


async def migrated(target: str) -> str:
    db = await open_database(target)
    await db.close()
    return target


def fresh_beat(path: Path, **changes: object) -> Path:
    beat = {"written": time.time(), "ready": True, "shards": {0: 0.042}} | changes
    heartbeat.write(path, Beat(**beat))
    return path


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # nothing listens there once it is closed


# The gateway half, from the heartbeat alone.


def test_a_fresh_beat_with_every_shard_linked_is_healthy(tmp_path):
    path = fresh_beat(tmp_path / "beat", shards={0: 0.05, 1: 0.12})
    verdict = judge_gateway(path, max_age=120, now=time.time() + 10)
    assert verdict.healthy and "2 gateway shards" in verdict.reason and "120 ms" in verdict.reason


@pytest.mark.parametrize(
    ("beat", "why"),
    [
        ({"written": 1000.0}, "old"),
        ({"ready": False}, "not connected"),
        ({"shards": {}}, "not connected"),
        ({"shards": {2: 0.1, 3: None}}, "shard 3 has no live connection"),
        ({"shards": {2: None, 3: None}}, "shards 2, 3 have no live connection"),
    ],
)
def test_an_unwell_beat_is_unhealthy_and_says_why(tmp_path, beat, why):
    verdict = judge_gateway(fresh_beat(tmp_path / "beat", **beat), max_age=120, now=time.time())
    assert not verdict.healthy and why in verdict.reason


def test_no_heartbeat_or_a_foreign_file_is_unhealthy(tmp_path):
    assert "no heartbeat" in judge_gateway(tmp_path / "none", 120, time.time()).reason
    (tmp_path / "junk").write_bytes(b"\xff{not json")
    verdict = judge_gateway(tmp_path / "junk", 120, time.time())
    assert not verdict.healthy and "cannot read the heartbeat file" in verdict.reason


# The database half, on each backend, read-only.


async def test_health_on_a_current_database_with_a_fresh_beat(database, tmp_path):
    verdict = await examine(await migrated(database), fresh_beat(tmp_path / "beat"), 120, 5)
    assert verdict.healthy, verdict.reason
    assert f"schema version {LATEST}" in verdict.reason


async def test_a_stale_heartbeat_is_unhealthy_whatever_the_database(database, tmp_path):
    beat = fresh_beat(tmp_path / "beat", written=time.time() - 600)
    verdict = await examine(await migrated(database), beat, 120, 5)
    assert not verdict.healthy and "600 s old" in verdict.reason


async def test_a_database_behind_is_unhealthy_and_left_alone(database, tmp_path):
    if not database.startswith("postgresql"):  # (a fresh PostgreSQL schema is empty already)
        sqlite3.connect(database).close()  # an empty SQLite file: schema version 0
    verdict = await examine(database, fresh_beat(tmp_path / "beat"), 120, 5)
    assert not verdict.healthy and "ravenswood migrate" in verdict.reason
    assert await stored_version(database) == 0  # health migrated nothing


def test_an_sqlite_file_that_is_not_there_is_unreachable_and_not_created(tmp_path, capsys):
    missing = tmp_path / "gone.sqlite3"
    beat = fresh_beat(tmp_path / "beat")
    assert main(["health", "--db", str(missing), "--heartbeat", str(beat)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("unhealthy: cannot reach the database") and len(err.splitlines()) == 1
    assert not missing.exists()


def test_a_file_that_is_not_a_database_is_unhealthy(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not SQLite " * 100)
    assert main(["health", "--db", str(junk), "--heartbeat", str(fresh_beat(tmp_path / "b"))]) == 1
    assert "cannot reach the database" in capsys.readouterr().err


def test_a_postgresql_server_that_is_down_is_unhealthy_within_the_timeout(tmp_path, capsys):
    url = f"postgresql://ravenswood:secret@127.0.0.1:{closed_port()}/ravenswood"
    started = time.monotonic()
    status = main(["health", "--db", url, "--heartbeat", str(fresh_beat(tmp_path / "b"))])
    assert status == 1 and time.monotonic() - started < 10
    err = capsys.readouterr().err
    assert "cannot reach the database" in err and "secret" not in err  # no password shown


def test_a_newer_database_is_unhealthy(tmp_path, capsys):
    path = tmp_path / "new.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 999")
    connection.commit()
    connection.close()
    assert main(["health", "--db", str(path), "--heartbeat", str(fresh_beat(tmp_path / "b"))]) == 1
    assert "newer than this Ravenswood" in capsys.readouterr().err


def test_healthy_from_the_command_line_reads_the_environment_and_loads_nothing_heavy(tmp_path):
    """As Docker runs it: settings from the environment, exit 0, one line, and no discord.py,
    SciPy or matplotlib imported (it runs every half minute)."""
    db = str(tmp_path / "db.sqlite3")
    assert main(["migrate", "--db", db]) == 0
    probe = (
        "import json, sys\nfrom bot.cli import main\nstatus = main(['health'])\n"
        "print(json.dumps({'status': status, 'modules': sorted(sys.modules)}))"
    )
    env = {"RAVENSWOOD_DB": db, "RAVENSWOOD_HEARTBEAT": str(fresh_beat(tmp_path / "beat"))}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin"} | env,
        timeout=60,
    )
    *lines, report = done.stdout.splitlines()
    result = json.loads(report)
    assert result["status"] == 0, done.stderr
    assert len(lines) == 1 and lines[0].startswith("healthy: database at schema version")
    heavy = {"discord", "aiohttp", "scipy", "matplotlib", "asyncpg"}
    assert not heavy & {m.split(".")[0] for m in result["modules"]}


# The bot's side: a running bot writes the beat that health reads.


async def test_a_running_bot_writes_a_beat_that_health_finds_healthy(table, tmp_path):
    path = tmp_path / "beat"
    heartbeat.write(path, heartbeat.take(table.bot))
    beat = heartbeat.read(path)
    assert beat.ready and beat.shards == {0: 0.0}
    verdict = await examine(table.db_path, path, 120, 5)
    assert verdict.healthy, verdict.reason


async def test_ravenswood_run_starts_the_heartbeat_and_close_stops_it(table, tmp_path):
    path = tmp_path / "beat"
    bot = Ravenswood(table.db_path)
    bot.heartbeat_file = str(path)
    await table.env.restart_bot(bot)
    assert bot.heartbeat is not None and bot.heartbeat.task is not None
    beat = None
    for _ in range(500):  # a beat at start, and one as soon as it is ready (off the loop)
        beat = heartbeat.read(path) if path.exists() else None
        if beat is not None and beat.ready:
            break
        await asyncio.sleep(0.01)
    assert beat is not None and beat.ready and beat.shards == {0: 0.0}
    await bot.close()
    assert bot.heartbeat.task.done()


async def test_a_closed_gateway_shows_in_the_beat(table):
    table.bot.ws.open = False  # SimCord's socket, as a dropped connection leaves it
    assert heartbeat.take(table.bot).shards == {0: None}


async def test_a_sharded_process_reports_each_of_its_shards():
    """A process running shards 2 and 3 of 4 (``RAVENSWOOD_SHARDS=2-3/4``): one latency each,
    and a shard whose connection dropped is named."""
    import discord
    from simcord.env import Env

    bot = discord.AutoShardedClient(
        intents=discord.Intents.default(), shard_count=4, shard_ids=[2, 3]
    )
    env = Env(bot)
    await env.start()
    try:
        assert heartbeat.take(bot).shards == {2: 0.0, 3: 0.0}
        bot.get_shard(3)._parent.ws.open = False  # as a dropped connection leaves it
        assert heartbeat.take(bot).shards == {2: 0.0, 3: None}
    finally:
        await env.shutdown()


@pytest.mark.parametrize("url", ["postgresql://x:pw@[bad/db", "postgresql://x:pw@host:port/db"])
def test_a_url_that_cannot_be_read_is_one_sentence_never_a_traceback(url, tmp_path, capsys):
    beat = str(fresh_beat(tmp_path / "b"))
    assert main(["health", "--db", url, "--heartbeat", beat]) == 1
    assert main(["migrate", "--db", url]) == 2
    said = capsys.readouterr().err
    assert said.count("postgresql://… (not a readable URL)") == 2 and "pw" not in said
    assert len(said.splitlines()) == 2
