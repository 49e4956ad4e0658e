"""`ravenswood migrate [--db PATH]`: create or upgrade a database, then report its version."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3

from bot.cli.common import CliError
from bot.config import Config
from bot.store.database import Database
from bot.store.migrations import DatabaseTooNew, schema_version


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("migrate")
    parser.add_argument(
        "--db", help="database file (default: $RAVENSWOOD_DB or ravenswood.sqlite3)"
    )
    parser.set_defaults(handler=migrate)


def migrate(args: argparse.Namespace) -> int:
    path = args.db or Config.from_env().database
    try:
        version = asyncio.run(_migrate(path))
    except DatabaseTooNew as exc:
        raise CliError(str(exc)) from None
    except (OSError, sqlite3.Error) as exc:
        raise CliError(f"Cannot open {path}: {exc}.") from None
    print(f"{path} is at schema version {version}.")
    return 0


async def _migrate(path: str) -> int:
    db = await Database.open(path)
    try:
        return await schema_version(db.connection)
    finally:
        await db.close()
