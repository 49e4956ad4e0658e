"""`ravenswood copy --from SOURCE --to DESTINATION`: move a database to another (an SQLite file
into PostgreSQL, say), into an empty one, with nothing lost; running games continue after it."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot.cli.common import CliError
from bot.store.connect import open_database
from bot.store.copy import Copied, NotEmpty, copy_database
from bot.store.database import Database, StoreError, describe, is_postgres
from bot.store.migrations import DatabaseTooNew


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("copy")
    parser.add_argument(
        "--from", dest="source", required=True, help="SQLite file or postgresql:// URL"
    )
    parser.add_argument(
        "--to", dest="destination", required=True, help="an empty database: file or URL"
    )
    parser.set_defaults(handler=copy)


def copy(args: argparse.Namespace) -> int:
    if args.source == args.destination:
        raise CliError("The source and the destination are the same database.")
    if not is_postgres(args.source) and not Path(args.source).is_file():
        raise CliError(f"There is no database file {args.source} to copy.")
    try:
        copied = asyncio.run(_copy(args.source, args.destination))
    except NotEmpty as exc:
        raise CliError(f"Nothing copied: {describe(args.destination)}: {exc}.") from None
    except DatabaseTooNew as exc:
        raise CliError(str(exc)) from None
    except (OSError, StoreError) as exc:
        raise CliError(f"Nothing copied: {exc}.") from None
    print(
        f"Copied {copied.rows} rows in {copied.tables} tables from {describe(args.source)} "
        f"to {describe(args.destination)}."
    )
    return 0


async def _open(target: str) -> Database:
    try:
        return await open_database(target)
    except StoreError as exc:
        raise StoreError(f"cannot open {describe(target)}: {exc}") from exc


async def _copy(source_target: str, destination_target: str) -> Copied:
    source = await _open(source_target)
    try:
        destination = await _open(destination_target)
        try:
            return await copy_database(source, destination)
        finally:
            await destination.close()
    finally:
        await source.close()
