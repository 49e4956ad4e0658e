"""Several bot processes on one PostgreSQL database (issue 23), as OS processes: games in several
servers, DM presses handled by whichever process Discord hands them to, and the process holding
the clocks killed with SIGKILL mid-night, while it owes the messages of a press it accepted;
another takes the lease and carries its games on. Nothing is lost or done twice: every outbox
row is delivered once, as one message, in order; every accepted press is in its game's log once;
the timers acted on one process at a time.

Each process is ``tests/bot/process_worker.py`` running a ``Node`` (tests/bot/cluster_node.py,
which says why not SimCord); Discord is tables in the same database, so what the processes did
is still there to read after one of them is killed.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import engine.clocktower.game as ct
from bot.cogs.clocktower.rules import ClocktowerRules
from bot.sessions import replay
from bot.store import games as game_store
from bot.store.connect import open_database
from bot.store.database import Database
from tests.bot.cluster_node import TTL, make_discord, nights

ROOT = Path(__file__).resolve().parents[2]
ORPHANED = 1.0  # a dead process's messages are delivered by the holder after a second
ANSWER = 30.0  # seconds a process may take to answer an order on a loaded machine


class Worker:
    """One bot process, its orders on stdin and its answers on stdout (process_worker.py); its
    log in a file, shown when it fails."""

    def __init__(self, name: str, process: asyncio.subprocess.Process, log: Path) -> None:
        self.name, self.process, self.log = name, process, log
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {
            0: asyncio.get_running_loop().create_future()  # its "ready"
        }
        self.reading = asyncio.create_task(self._read())

    @classmethod
    async def launch(cls, name: str, url: str, folder: Path) -> Worker:
        log = folder / f"worker-{name}.log"
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", "tests.bot.process_worker", "--db", url),
                *("--name", name, "--ttl", str(TTL), "--orphaned", str(ORPHANED)),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
        return cls(name, process, log)

    @property
    def pid(self) -> int:
        return self.process.pid

    def failure(self) -> str:
        """What went wrong, for a test failure: how it ended and the end of its log."""
        code = self.process.returncode
        ended = "still running" if code is None else f"exit status {code}"
        tail = self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""
        return f"process {self.name} ({ended}); its log:\n{tail or '(empty)'}"

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for line in self.process.stdout:
            reply = json.loads(line)
            future = self.waiting.pop(reply["id"], None)
            if future is not None and not future.done():
                future.set_result(reply)
        await self.process.wait()
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(AssertionError(f"it ended: {self.failure()}"))

    async def ready(self) -> None:
        await self._answer(self.waiting[0], "start up")

    async def ask(self, do: str, **order: Any) -> dict[str, Any]:
        """Give an order; its answer."""
        assert self.process.stdin is not None
        number = next(self.ids)
        future = self.waiting[number] = asyncio.get_running_loop().create_future()
        self.process.stdin.write(json.dumps({"id": number, "do": do, **order}).encode() + b"\n")
        await self.process.stdin.drain()
        return await self._answer(future, do)

    async def _answer(self, future: asyncio.Future[dict[str, Any]], do: str) -> dict[str, Any]:
        try:
            reply = await asyncio.wait_for(asyncio.shield(future), ANSWER)
        except TimeoutError:
            raise AssertionError(f"no answer to {do!r} in {ANSWER} s: {self.failure()}") from None
        assert "error" not in reply, f"{do!r} failed ({reply['error']}): {self.failure()}"
        return reply

    def kill(self) -> None:
        """kill -9: the process stops where it is; the kernel closes its connections."""
        if self.process.returncode is None:
            os.kill(self.pid, signal.SIGKILL)

    async def ended(self) -> int:
        code = await asyncio.wait_for(self.process.wait(), ANSWER)
        await self.reading
        return code


Launch = Callable[[str, str], Awaitable[list[Worker]]]


@pytest.fixture
async def launch(tmp_path: Path) -> AsyncIterator[Launch]:
    """Starts worker processes; kills whatever is left of them at the end, pass or fail."""
    started: list[Worker] = []

    async def start(names: str, url: str) -> list[Worker]:
        for name in names:
            started.append(await Worker.launch(name, url, tmp_path))
        workers = started[-len(names) :]
        await asyncio.gather(*(w.ready() for w in workers))
        return workers

    yield start
    for worker in started:
        worker.kill()
    for worker in started:
        await worker.process.wait()
        worker.reading.cancel()


async def within(seconds: float, what: str, done: Callable[[], Awaitable[bool]]) -> float:
    """Wait until ``done()``, looking every 50 ms; how long it took (fails after ``seconds``)."""
    began = time.monotonic()
    while not await done():
        assert time.monotonic() - began < seconds, f"{what}: not within {seconds} s"
        await asyncio.sleep(0.05)
    return time.monotonic() - began


async def holds(worker: Worker) -> bool:
    return bool((await worker.ask("status"))["holds"])


async def states(db: Database, game_ids: list[int]) -> dict[int, tuple[str, ct.State]]:
    """Each game's status and state as its log has it now."""
    found = {}
    for game_id in game_ids:
        stored = await game_store.game_and_log(db, game_id)
        assert stored is not None
        game, status, entries = stored
        found[game_id] = (status, replay(game, ClocktowerRules(), entries).state)
    return found


async def test_three_processes_a_kill_9_mid_night_and_nothing_lost_or_done_twice(
    postgres_server: Any, launch: Launch
) -> None:
    url = postgres_server.fresh()
    db = await open_database(url)  # the schema, made before any process starts; the test's view
    try:
        await make_discord(db)
        await run_the_cluster(db, url, launch)
    finally:
        await db.close()


async def run_the_cluster(db: Database, url: str, launch: Launch) -> None:
    a, b, c = workers = await launch("abc", url)
    await a.ask("start")  # a starts first: it holds the clocks
    await within(ANSWER, "a takes the clocks", lambda: holds(a))
    await asyncio.gather(b.ask("start"), c.ask("start"))
    game_ids = (await b.ask("open"))["games"]  # opened on b; a learns of them by NOTIFY

    async def a_runs_every_clock() -> bool:
        return bool((await a.ask("status"))["clocks"] == sorted(game_ids))

    await within(ANSWER, "the holder runs every game's clock", a_runs_every_clock)
    for other in (b, c):
        status = await other.ask("status")
        assert not status["holds"] and not status["clocks"], (other.name, status)
    rng = random.Random(23)
    accepted: Counter[str] = Counter()  # presses each process said it accepted

    async def presses_for(seconds: float, alive: list[Worker]) -> None:
        """Players answer their night wakes in DMs, each press reaching any process (most
        often not the one that opened the game); the rest time out on the holder's clock."""
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            if rng.random() < 0.6:
                worker = rng.choice(alive)
                reply = await worker.ask("press", game=rng.choice(game_ids))
                accepted[worker.name] += reply["accepted"]
            await asyncio.sleep(0.02)

    await presses_for(4.0, workers)
    # Mid-night in some game: a (the clocks' holder) accepts a press and is killed before
    # delivering what it caused (it stops sending once it has accepted it).
    owing: dict[str, Any] = {}

    async def a_owes() -> bool:
        owing.update(await a.ask("owe", games=rng.sample(game_ids, len(game_ids))))
        accepted["a"] += owing["accepted"]
        return bool(owing["owed"])

    await within(ANSWER, "a accepts a night choice that causes messages", a_owes)
    owed = owing["owed"]
    before = await states(db, game_ids)
    a.kill()
    killed, killed_at = time.monotonic(), time.time()
    assert await a.ended() == -signal.SIGKILL

    async def taken() -> bool:
        return any([await holds(b), await holds(c)])

    took_over = await within(TTL + ANSWER, "another process takes the clocks", taken)
    heir = b if await holds(b) else c

    async def delivered(parcels: list[int]) -> bool:
        rows = await db.fetchall(
            f"SELECT id FROM outbox WHERE id IN ({','.join('?' * len(parcels))}) "
            "AND outcome IS NOT NULL",
            parcels,
        )
        return len(rows) == len(parcels)

    async def moved_on() -> bool:
        """Each game has reached its next night since the kill (the rest of this one and a day
        played), or ended."""
        now = await states(db, game_ids)
        return all(
            status != "running" or nights(state) > nights(before[game_id][1])
            for game_id, (status, state) in now.items()
        )

    async def answered() -> float:
        await within(ANSWER, "what a owed is delivered", lambda: delivered(owed))
        await within(ANSWER, "every game moves on", moved_on)
        return time.monotonic() - killed

    carried_on, _ = await asyncio.gather(answered(), presses_for(6.0, [b, c]))

    # The load stops; what is left in the outbox goes out; the survivors shut down cleanly.
    await asyncio.gather(b.ask("quiet"), c.ask("quiet"))

    async def drained() -> bool:
        row = await db.fetchone(
            "SELECT count(*) AS n FROM outbox WHERE kind <> 'reply' AND outcome IS NULL"
        )
        return row is not None and row["n"] == 0

    await within(ANSWER, "every message is delivered", drained)
    for survivor in (b, c):
        await survivor.ask("stop")
        assert await survivor.ended() == 0, survivor.failure()

    # Every outbox row was delivered, as the one message Discord keeps for its nonce, in order
    # per game; what a owed, by another process.
    rows = await db.fetchall(
        "SELECT id, outcome, message_id FROM outbox WHERE kind <> 'reply' ORDER BY id"
    )
    sent = {
        r["nonce"]: r for r in await db.fetchall("SELECT * FROM discord_sent ORDER BY message", ())
    }
    assert {r["id"] for r in rows} == set(sent), "a message lost, or one from nowhere"
    for row in rows:
        assert row["outcome"] in ("sent", "found"), row
        assert row["message_id"] == sent[row["id"]]["message"], row
    assert all(sent[i]["process"] != "a" for i in owed), "a delivered what it owed after death"
    for game_id in game_ids:
        ours = [n for n, r in sent.items() if r["content"].startswith(f"g{game_id}:")]
        assert ours == sorted(ours), f"game {game_id}'s messages out of order"

    # Every accepted press is in its game's log, once; no log entry was written by two hands;
    # presses were accepted by every process.
    logs = {}
    for game_id in game_ids:
        stored = await game_store.game_and_log(db, game_id)
        assert stored is not None
        logs[game_id] = stored[2]
    pressed = await db.fetchall("SELECT * FROM discord_pressed", ())
    timed = await db.fetchall("SELECT * FROM discord_timed", ())
    written = Counter((r["game_id"], r["entry"]) for r in [*pressed, *timed])
    assert not [entry for entry, hands in written.items() if hands > 1], "an entry written twice"
    for press in pressed:
        action = logs[press["game_id"]][press["entry"]].action
        assert (action["type"], action["by"]) == ("NightChoice", press["player"]), press
    assert Counter(r["process"] for r in pressed) == accepted
    assert set(+accepted) == {"a", "b", "c"}, "a process accepted no press"

    # The timers acted on the holder alone: a before the kill, the heir after it.
    assert timed, "no timer ever acted"
    assert {r["process"] for r in timed if r["at"] < killed_at} <= {"a"}
    assert {r["process"] for r in timed if r["at"] > killed_at} == {heir.name}
    said = await db.fetchall("SELECT process, at FROM discord_said", ())
    assert {r["process"] for r in said if r["at"] < killed_at} <= {"a"}
    assert {r["process"] for r in said if r["at"] > killed_at} <= {heir.name}
    print(
        f"OS processes, SIGKILL: lease taken in {took_over:.2f} s, what the killed process "
        f"owed delivered and every game into its next night in {carried_on:.2f} s "
        f"({sum(r['repeats'] for r in sent.values())} sends answered by Discord's nonce)"
    )
