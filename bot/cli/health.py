"""`ravenswood health`: is this bot process well? For Docker's HEALTHCHECK (and any monitor).

Two checks, the database first:
- the database answers, read-only, within a timeout, and its schema is the one this Ravenswood
  needs (not behind: run `ravenswood migrate`; not ahead: a newer Ravenswood wrote it);
- the running bot's heartbeat file (``bot.heartbeat``) is fresh, the bot is connected to
  Discord, and every gateway shard it runs has a live link.

Exit status 0 with one line, "healthy: …", or 1 with one line, "unhealthy: why" (Docker reads 0
and 1; it reserves 2). Nothing is created or changed, and nothing heavy is imported: Docker
runs this every half minute.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bot import heartbeat
from bot.config import Config
from bot.store.database import StoreError, describe
from bot.store.migrations import load_migrations
from bot.store.probe import stored_version


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("health")
    parser.add_argument(
        "--db",
        help="SQLite file or postgresql:// URL (default: $RAVENSWOOD_DB or ravenswood.sqlite3)",
    )
    parser.add_argument(
        "--heartbeat",
        help="the running bot's heartbeat file (default: $RAVENSWOOD_HEARTBEAT or "
        f"{heartbeat.DEFAULT_PATH})",
    )
    parser.add_argument(
        "--max-age",
        type=float,
        default=heartbeat.STALE,
        help=f"seconds after which a heartbeat is stale (default: {heartbeat.STALE:g})",
    )
    parser.add_argument(
        "--timeout", type=float, default=5.0, help="seconds to wait for the database (default: 5)"
    )
    parser.set_defaults(handler=health)


@dataclass(frozen=True)
class Verdict:
    healthy: bool
    reason: str

    def __str__(self) -> str:
        return f"{'healthy' if self.healthy else 'unhealthy'}: {self.reason}"


def health(args: argparse.Namespace) -> int:
    config = Config.from_env()
    verdict = asyncio.run(
        examine(
            args.db or config.database,
            Path(args.heartbeat or config.heartbeat),
            max_age=args.max_age,
            timeout=args.timeout,
        )
    )
    print(verdict, file=sys.stdout if verdict.healthy else sys.stderr)
    return 0 if verdict.healthy else 1


async def examine(target: str, beat_path: Path, max_age: float, timeout: float) -> Verdict:
    """The verdict on the database ``target`` and the bot whose heartbeat is ``beat_path``."""
    try:
        version = await stored_version(target, timeout)
    except StoreError as exc:
        return Verdict(False, f"cannot reach the database {describe(target)}: {exc}.")
    latest = load_migrations()[-1].version
    if version < latest:
        return Verdict(
            False,
            f"the database is at schema version {version}, this Ravenswood needs {latest}: "
            "run `ravenswood migrate`.",
        )
    if version > latest:
        return Verdict(
            False,
            f"the database is at schema version {version}, newer than this Ravenswood "
            f"knows ({latest}): upgrade Ravenswood.",
        )
    gateway = judge_gateway(beat_path, max_age, time.time())
    if not gateway.healthy:
        return gateway
    return Verdict(True, f"database at schema version {version}; {gateway.reason}")


def judge_gateway(path: Path, max_age: float, now: float) -> Verdict:
    """The verdict on the bot's link to Discord, from its last heartbeat."""
    try:
        beat = heartbeat.read(path)
    except FileNotFoundError:
        return Verdict(
            False, f"no heartbeat in {path} yet: the bot is not running or still starting."
        )
    except (OSError, heartbeat.NotAHeartbeat) as exc:
        return Verdict(False, f"cannot read the heartbeat file {path}: {exc}.")
    age = now - beat.written
    if age > max_age:
        return Verdict(
            False,
            f"the last heartbeat is {age:.0f} s old (more than {max_age:g} s): "
            "the bot is stopped or stuck.",
        )
    if not beat.ready or not beat.shards:
        return Verdict(False, "the bot is running but not connected to Discord.")
    down = sorted(shard for shard, latency in beat.shards.items() if latency is None)
    if down:
        listed = ", ".join(map(str, down))
        if len(down) == 1:
            return Verdict(False, f"gateway shard {listed} has no live connection to Discord.")
        return Verdict(False, f"gateway shards {listed} have no live connection to Discord.")
    slowest = max(latency for latency in beat.shards.values() if latency is not None)
    count = len(beat.shards)
    return Verdict(
        True,
        f"{count} gateway shard{'s' if count > 1 else ''} connected (latency up to "
        f"{slowest * 1000:.0f} ms), heartbeat {max(age, 0):.0f} s old.",
    )
