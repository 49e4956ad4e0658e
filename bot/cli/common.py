"""Helpers shared by the `ravenswood` subcommands: one-sentence errors, output, seeds, files."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


class CliError(Exception):
    """A problem the user can fix; printed as one sentence (JSON with --json), exit status 2."""


class OutputError(CliError):
    """Standard output cannot be written (a full disk, /dev/full): said on standard error."""


def emit(payload: Any, as_json: bool, text: str) -> None:
    """Print ``payload`` as JSON when asked, else the human-readable ``text``."""
    try:
        if as_json:
            json.dump(payload, sys.stdout, indent=2, sort_keys=False, default=str)
            sys.stdout.write("\n")
        else:
            sys.stdout.write(text.rstrip("\n") + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        silence_stdout()
        raise OutputError(f"Cannot write the output: {exc.strerror or exc}.") from None


def silence_stdout() -> None:
    """Point standard output at the null device, so that what is still buffered in it cannot
    fail a second time when the interpreter flushes it at exit."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def write_file(path: str, data: bytes, what: str = "chart") -> None:
    """Write a file named on the command line; a problem names that file, in one sentence."""
    try:
        Path(path).write_bytes(data)
    except FileNotFoundError:
        raise CliError(
            f"Cannot write the {what} to {path}: the folder {Path(path).parent} does not exist."
        ) from None
    except OSError as exc:
        raise CliError(f"Cannot write the {what} to {path}: {exc.strerror or exc}.") from None


def check_seed(seed: int | None) -> None:
    """Every command's ``--seed`` is a whole number from 0 up, as the slash commands take it."""
    if seed is not None and seed < 0:
        raise CliError(f"--seed must be a whole number from 0 up, not {seed}.")


def read_text(path: str, max_chars: int | None = None) -> str:
    """Read a UTF-8 file named on the command line (``-`` is standard input); a byte-order mark
    is dropped. With ``max_chars``, a longer file is refused after reading one character more
    than that, never the whole of it."""
    limit = -1 if max_chars is None else max_chars + 1
    try:
        if path == "-":
            text = sys.stdin.read(limit).removeprefix("\ufeff")
        else:
            with open(path, encoding="utf-8-sig") as handle:
                text = handle.read(limit)
    except FileNotFoundError:
        raise CliError(f"No such file: {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"Cannot read {path}: {exc}.") from None
    if max_chars is not None and len(text) > max_chars:
        raise CliError(f"{path} is too large (more than {max_chars:,} characters).")
    return text
