"""The running bot's pulse, for `ravenswood health` (the Docker healthcheck) to read.

Every ``EVERY`` seconds the bot replaces a small JSON file with the time, whether it is
connected to Discord, and each of its gateway shards' latency (``None`` for a shard whose
connection is closed or has never had its heartbeat acknowledged). A file and not a database
row: a healthcheck runs inside the container of the process it checks, so each process has
its own file and nothing needs a process id or a table; and a stuck event loop stops the
file's clock as surely as a lost gateway empties its shards.

The file is written whole to a temporary name and renamed, so a reader never sees half of it.
This module imports no discord.py at import time: `ravenswood health` reads the file with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord

log = logging.getLogger(__name__)

EVERY = 30.0  # seconds between two beats
STALE = 120.0  # a beat older than this (four missed beats) means the bot is stuck or stopped
DEFAULT_PATH = str(Path(tempfile.gettempdir()) / "ravenswood.heartbeat")


class NotAHeartbeat(ValueError):
    """The file exists but is not a heartbeat this Ravenswood wrote."""


@dataclass(frozen=True)
class Beat:
    written: float  # seconds since the epoch
    ready: bool  # logged in and past the first READY
    shards: dict[int, float | None]  # shard id -> gateway latency in seconds (None: no link)

    def to_json(self) -> str:
        return json.dumps(
            {
                "written": self.written,
                "ready": self.ready,
                "shards": {str(shard): latency for shard, latency in self.shards.items()},
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Beat:
        try:
            data = json.loads(text)
            shards = {int(k): None if v is None else float(v) for k, v in data["shards"].items()}
            return cls(float(data["written"]), bool(data["ready"]), shards)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise NotAHeartbeat(str(exc)) from None


def read(path: Path) -> Beat:
    """The last beat written to ``path`` (FileNotFoundError if there is none yet)."""
    try:
        return Beat.from_json(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise NotAHeartbeat(str(exc)) from None


def write(path: Path, beat: Beat) -> None:
    """Replace the file at ``path`` with ``beat``, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(beat.to_json())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _finite(latency: float) -> float | None:
    return latency if math.isfinite(latency) else None


def take(bot: discord.Client) -> Beat:
    """The bot's pulse now: one process's shards, sharded (``AutoShardedClient``) or not."""
    import discord

    if isinstance(bot, discord.AutoShardedClient):
        shards = {
            shard_id: None if info.is_closed() else _finite(info.latency)
            for shard_id, info in bot.shards.items()
        }
    else:
        closed = bot.ws is None or not bot.ws.open
        shards = {bot.shard_id or 0: None if closed else _finite(bot.latency)}
    ready = bot.is_ready() and not bot.is_closed()
    return Beat(time.time(), ready, shards)


class Heartbeat:
    """Writes ``take(bot)`` to ``path`` now, again the moment the bot is ready, and then every
    ``every`` seconds until stopped."""

    def __init__(self, bot: discord.Client, path: Path, every: float = EVERY) -> None:
        self.bot = bot
        self.path = path
        self.every = every
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name="heartbeat")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            beat = take(self.bot)
            try:
                await asyncio.to_thread(write, self.path, beat)
            except OSError as exc:  # a full disk must not stop the bot, only fail its check
                log.warning("cannot write the heartbeat file %s: %s", self.path, exc)
            if beat.ready:  # (what was written: the bot may have become ready meanwhile)
                await asyncio.sleep(self.every)
            else:  # beat again the moment it connects: healthy without waiting a whole interval
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.bot.wait_until_ready(), self.every)
