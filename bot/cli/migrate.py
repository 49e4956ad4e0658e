"""`ravenswood migrate [--db PATH|URL]`: create or upgrade a database, then report its version."""

from __future__ import annotations

import argparse
import asyncio

from bot.cli.common import CliError
from bot.config import Config
from bot.store.connect import open_database
from bot.store.database import StoreError, describe
from bot.store.migrations import DatabaseTooNew


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("migrate")
    parser.add_argument(
        "--db",
        help="SQLite file or postgresql:// URL (default: $RAVENSWOOD_DB or ravenswood.sqlite3)",
    )
    parser.set_defaults(handler=migrate)


def migrate(args: argparse.Namespace) -> int:
    target = args.db or Config.from_env().database
    try:
        version = asyncio.run(_migrate(target))
    except DatabaseTooNew as exc:
        raise CliError(str(exc)) from None
    except (OSError, StoreError) as exc:
        raise CliError(f"Cannot open {describe(target)}: {exc}.") from None
    print(f"{describe(target)} is at schema version {version}.")
    return 0


async def _migrate(target: str) -> int:
    db = await open_database(target)
    try:
        return await db.schema_version()
    finally:
        await db.close()
