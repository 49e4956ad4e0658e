"""Helpers shared by the `ravenswood` subcommands: one-sentence errors and output."""

from __future__ import annotations

import json
import sys
from typing import Any


class CliError(Exception):
    """A problem the user can fix; printed as one sentence, exit status 2."""


def emit(payload: Any, as_json: bool, text: str) -> None:
    """Print ``payload`` as JSON when asked, else the human-readable ``text``."""
    if as_json:
        json.dump(payload, sys.stdout, indent=2, sort_keys=False, default=str)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")


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
