"""Moving 20 players to their rooms at dusk, under Discord's per-server member-edit limit.

Run: python benchmarks/bench_voice.py [--window SECONDS] [--latency SECONDS]

The real mover (``bot.voice_rooms.VoiceRooms``: the stored intent, the throttle, the checks
before each move, each move settled in the database) moves 20 players against an emulated
Discord that takes ``latency`` per member edit and counts any edit beyond ``MEMBER_EDITS`` in a
sliding ``window`` (what real Discord would answer with a 429). The floor is what the limit
itself allows: the last of the 20 edits cannot start before ``(ceil(20 / limit) - 1) * window``,
and takes ``latency``. Reported: wall time, the floor, the overhead above it, and the edits over
the limit (must be 0). Median of 3 runs. The default window is Discord's (10 s), so a run takes
about half a minute; ``--window 1`` scales it down.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import games as game_store  # noqa: E402
from bot.store import voice as voice_store  # noqa: E402
from bot.store.connect import open_database  # noqa: E402
from bot.store.database import Database  # noqa: E402
from bot.store.voice import Link  # noqa: E402
from bot.voice_rooms import MEMBER_EDITS, WINDOW, Job, VoiceRooms  # noqa: E402

PLAYERS = 20
GUILD = 1
SQUARE = 1000


class EmulatedDiscord:
    """Member edits that take ``latency`` and are counted against the limit in any window."""

    def __init__(self, latency: float, limit: int, window: float) -> None:
        self.latency, self.limit, self.window = latency, limit, window
        self.edits: deque[float] = deque()
        self.over = 0

    async def edit(self, member: Any, channel: Any) -> None:
        now = time.monotonic()
        while self.edits and self.edits[0] <= now - self.window:
            self.edits.popleft()
        if len(self.edits) >= self.limit:
            self.over += 1
        self.edits.append(now)
        await asyncio.sleep(self.latency)
        member.voice = SimpleNamespace(channel=channel)


class Member:
    def __init__(self, user: int, discord: EmulatedDiscord) -> None:
        self.id = user
        self.voice = SimpleNamespace(channel=SimpleNamespace(id=SQUARE))
        self.discord = discord

    async def edit(self, *, voice_channel: Any) -> None:
        await self.discord.edit(self, voice_channel)


class Guild:
    def __init__(self, members: dict[int, Member]) -> None:
        self.id = GUILD
        self.members = members

    def get_member(self, user: int) -> Member | None:
        return self.members.get(user)

    def get_channel(self, channel: int) -> Any:
        return SimpleNamespace(id=channel)


async def dusk(db: Database, latency: float, limit: int, window: float) -> tuple[float, int]:
    """One dusk: 20 stored moves carried out by the mover; (seconds, edits over the limit)."""
    discord = EmulatedDiscord(latency, limit, window)
    players = {p: Member(p, discord) for p in range(1, PLAYERS + 1)}
    client = SimpleNamespace(get_guild=lambda g: Guild(players), get_channel=lambda c: None)
    rooms = VoiceRooms(client, db)  # type: ignore[arg-type]
    rooms.limit, rooms.window = limit, window
    game = await game_store.create_game(db, "traitors", GUILD, time.monotonic_ns(), 1, 1, {})
    link = Link(game.id, GUILD, SQUARE)
    await voice_store.save_link(db, link)
    rooms.links[game.id] = link
    moves = [(p, 2000 + p) for p in players]
    start = time.perf_counter()
    rows = await voice_store.intend_moves(db, game.id, "night 1", moves)
    jobs = [Job(game.id, r, p, c) for r, (p, c) in zip(rows, moves, strict=True)]
    rooms._queue(GUILD, game.id, jobs, replace=True)
    await rooms.workers[GUILD]
    elapsed = time.perf_counter() - start
    assert all(m.voice.channel.id == 2000 + m.id for m in players.values())
    return elapsed, discord.over


async def main(window: float, latency: float) -> None:
    floor = (math.ceil(PLAYERS / MEMBER_EDITS) - 1) * window + latency
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(str(Path(folder) / "bench.sqlite3"))
        try:
            runs = [await dusk(db, latency, MEMBER_EDITS, window) for _ in range(3)]
        finally:
            await db.close()
    times = [t for t, _ in runs]
    median = statistics.median(times)
    print(
        f"{PLAYERS} moves, limit {MEMBER_EDITS} per {window:g} s, {latency * 1000:.0f} ms per edit: "
        f"median {median:.2f} s (runs {', '.join(f'{t:.2f}' for t in times)}); "
        f"floor {floor:.2f} s; above the floor {median - floor:+.2f} s; "
        f"edits over the limit: {sum(o for _, o in runs)}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--window", type=float, default=WINDOW)
    parser.add_argument("--latency", type=float, default=0.1, help="seconds per member edit")
    options = parser.parse_args()
    asyncio.run(main(options.window, options.latency))
