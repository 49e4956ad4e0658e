"""`ravenswood run` refuses a missing or malformed token in one sentence; `migrate` works."""

import os
import socket
import sqlite3
import subprocess
import sys

import pytest

from bot.cli.run import looks_like_token
from bot.store.migrations import load_migrations


def ravenswood(*args, env=None):
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | (env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )


@pytest.mark.parametrize("token", [None, "", "not-a-token", "abc.def.ghi"])
def test_run_without_a_usable_token_exits_2_with_one_sentence(token):
    env = {} if token is None else {"DISCORD_TOKEN": token}
    done = ravenswood(env=env)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_token_shape():
    assert looks_like_token(
        "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    )
    assert not looks_like_token("MTIzNDU2.only-two")
    assert not looks_like_token("aGVsbG8.x.y")  # "hello" is not an id


def test_migrate_creates_and_then_reports_the_database(tmp_path):
    from bot.cli import main

    path = tmp_path / "db.sqlite3"
    assert main(["migrate", "--db", str(path)]) == 0
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] >= 1
    assert main(["migrate", "--db", str(path)]) == 0


def test_migrate_refuses_a_newer_database(tmp_path, capsys):
    from bot.cli import main

    path = tmp_path / "new.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 999")
    connection.commit()
    connection.close()
    assert main(["migrate", "--db", str(path)]) == 2
    assert "schema version 999" in capsys.readouterr().err


REFUSED_LOGIN = """
import discord, discord.http
async def refuse(self, token):
    raise discord.LoginFailure("Improper token has been passed.")
discord.http.HTTPClient.static_login = refuse
from bot.cli import main
raise SystemExit(main(["run"]))
"""


def test_a_token_discord_refuses_exits_2_with_one_sentence(tmp_path):
    """The shape is right but Discord says no: one sentence, none of discord.py's chatter."""
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    environ = os.environ | {"DISCORD_TOKEN": token, "RAVENSWOOD_DB": str(tmp_path / "db")}
    done = subprocess.run(
        [sys.executable, "-c", REFUSED_LOGIN],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "ravenswood run: Discord refused the token in DISCORD_TOKEN; reset it in the portal."
    ]


def test_a_bad_log_level_is_one_sentence():
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    done = ravenswood(env={"DISCORD_TOKEN": token, "RAVENSWOOD_LOG_LEVEL": "loud"})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "ravenswood run: RAVENSWOOD_LOG_LEVEL is 'LOUD'; use DEBUG, INFO, WARNING or ERROR."
    ]


def test_migrate_into_a_missing_folder_is_one_sentence(tmp_path):
    cli = "import sys; from bot.cli import main; raise SystemExit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", cli, "migrate", "--db", str(tmp_path / "nowhere" / "db.sqlite3")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"ravenswood migrate: Cannot open {tmp_path / 'nowhere' / 'db.sqlite3'}: "
        "unable to open database file."
    ]


def test_a_reader_that_leaves_early_gets_no_traceback():
    """`ravenswood odds … --json | head -c1`: the pipe closes before the answer is written."""
    command = [sys.executable, "-c", "from bot.cli import main; raise SystemExit(main())"]
    command += ["odds", "--players", "9", "--traitors", "2", "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1 and b"Traceback" not in err, err.decode()


@pytest.mark.parametrize(("given", "expected"), [(None, "1"), ("2", "2")])
def test_the_cli_uses_one_blas_thread_unless_told_otherwise(given, expected):
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    if given:
        env["OPENBLAS_NUM_THREADS"] = given
    probe = "import bot.cli, os; print(os.environ['OPENBLAS_NUM_THREADS'])"
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == expected, done.stderr


def test_migrate_creates_and_then_reports_a_postgresql_database(postgres_server, capsys):
    from bot.cli import main

    url = postgres_server.fresh()
    assert main(["migrate", "--db", url]) == 0
    assert main(["migrate", "--db", url]) == 0
    version = len(load_migrations())
    assert capsys.readouterr().out.splitlines() == [f"{url} is at schema version {version}."] * 2


def test_migrate_to_a_server_that_is_down_is_one_sentence_without_the_password(tmp_path):
    cli = "import sys; from bot.cli import main; raise SystemExit(main(sys.argv[1:]))"
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://ravenswood:hunter2@127.0.0.1:{port}/ravenswood"
    done = subprocess.run(
        [sys.executable, "-c", cli, "migrate", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    [sentence] = done.stderr.strip().splitlines()
    assert sentence.startswith(
        f"ravenswood migrate: Cannot open postgresql://ravenswood:***@127.0.0.1:{port}/ravenswood: "
    )
    assert "hunter2" not in done.stderr
