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


def read_text(path: str) -> str:
    """Read a file named on the command line (``-`` is standard input)."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise CliError(f"No such file: {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"Cannot read {path}: {exc}.") from None
