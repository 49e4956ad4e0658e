"""A throwaway PostgreSQL server for the tests: initdb in a temporary folder, a free port on
loopback, trust authentication, stopped (and its folder removed) at the end.

As root (CI in a container), the server runs as the ``postgres`` user, as PostgreSQL requires.
``RAVENSWOOD_TEST_POSTGRES`` (a ``postgresql://`` URL to a server you run yourself) skips all
this. Without a PostgreSQL installation the tests fail loudly, naming what to install; they
never skip silently.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SEARCH = ("/usr/local/bin", "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin")


class NoPostgres(RuntimeError):
    """No PostgreSQL installation to start a test server with."""


def _binary(name: str) -> str:
    found = shutil.which(name) or next(
        (f"{d}/{name}" for d in SEARCH if os.access(f"{d}/{name}", os.X_OK)), None
    )
    if found is None:
        raise NoPostgres(
            f"{name} not found: install PostgreSQL (Debian: apt-get install postgresql) or set "
            "RAVENSWOOD_TEST_POSTGRES to a postgresql:// URL; see README, Tests"
        )
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """The URL (database ``postgres``, user ``postgres``) of a fresh server, for the block."""
    given = os.environ.get("RAVENSWOOD_TEST_POSTGRES", "").strip()
    if given:
        yield given
        return
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    folder = Path(tempfile.mkdtemp(prefix="ravenswood-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = _free_port()
    quiet = {"check": True, "capture_output": True, "text": True}
    subprocess.run(
        _as_server_user(
            [initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]
        ),
        **quiet,
    )
    options = (
        f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories='{folder}' "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400"
    )
    subprocess.run(
        _as_server_user(
            [pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-o", options, "-w", "start"]
        ),
        **quiet,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_server_user([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)
