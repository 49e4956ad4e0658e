"""Numbered SQL migrations, applied in order, each in one transaction, on either backend.

They are written once, in the SQL both backends share (``bot.store.dialect`` says what that is
and turns it into PostgreSQL's); each backend keeps its own record of the version reached
(``bot.store.sqlite``, ``bot.store.postgres``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseTooNew(Exception):
    """The database was written by a newer Ravenswood than this one."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(package: str = "migrations") -> list[Migration]:
    """The migrations shipped in ``package``, in version order, numbered 1, 2, 3… without gaps."""
    found = []
    for entry in resources.files(package).iterdir():
        match = NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(
            f"migrations must be numbered 1..n without gaps: {[m.name for m in found]}"
        )
    return found


def check_version(current: int, migrations: list[Migration]) -> int:
    """The latest version ``migrations`` reach; DatabaseTooNew if the database is past it."""
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise DatabaseTooNew(
            f"The database is at schema version {current}, but this Ravenswood only knows "
            f"up to {latest}; upgrade Ravenswood or use another database."
        )
    return latest
