"""The `ravenswood` console script.

Each module in this package that defines ``register(subparsers)`` adds one subcommand, so a
feature brings its offline twin of a slash command without touching this file. A subcommand's
handler takes the parsed arguments and returns an exit status. Every failure is one sentence and
exit status 2 — a ``CliError``, a usage error, input nested too deeply to read, output that
cannot be written — and with ``--json`` it is JSON on standard output: ``{"error": sentence}``.
"""

from __future__ import annotations

import os

# One BLAS thread unless the operator says otherwise: the rating fits are small matrix work that
# a second thread slows down whenever the bot (or anything else) keeps the other core busy.
# Must be set before numpy is first imported.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import logging  # noqa: E402
import pkgutil  # noqa: E402
import sys  # noqa: E402
from importlib.metadata import PackageNotFoundError, version  # noqa: E402
from typing import NoReturn  # noqa: E402

from bot.cli.common import CliError, OutputError, silence_stdout  # noqa: E402

INPUTS = ("file", "log", "script", "roles_json")  # the argument naming a command's input file


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one JSON object on standard output when ``--json`` was
    given (``json_errors`` is set on the class ``build_parser`` makes; subparsers inherit it)."""

    json_errors = False

    def error(self, message: str) -> NoReturn:
        if self.json_errors:
            print(json.dumps({"error": f"{self.prog}: {message}", "usage": self.format_usage()}))
            raise SystemExit(2)
        super().error(message)


def installed_version() -> str:
    try:
        return version("ravenswood")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def build_parser(json_errors: bool = False) -> argparse.ArgumentParser:
    parser_class = type("Parser", (Parser,), {"json_errors": json_errors})
    parser: Parser = parser_class(prog="ravenswood", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"ravenswood {installed_version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("matplotlib").setLevel(logging.WARNING)  # its notes are not for users
    argv = sys.argv[1:] if argv is None else list(argv)
    as_json = "--json" in argv
    args = build_parser(as_json).parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except CliError as exc:
        return fail(args.command, str(exc), as_json and not isinstance(exc, OutputError))
    except RecursionError:
        source = next((getattr(args, n) for n in INPUTS if getattr(args, n, None)), "the input")
        return fail(args.command, f"{source} is nested too deeply to read.", as_json)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader left early (`ravenswood … | head`): not our error
        silence_stdout()
        return 1


def fail(command: str, sentence: str, as_json: bool) -> int:
    """Say what went wrong, in one sentence: as JSON on standard output when asked for."""
    if as_json:
        try:
            print(json.dumps({"error": sentence}), flush=True)
            return 2
        except OSError:
            silence_stdout()
    print(f"ravenswood {command}: {sentence}", file=sys.stderr)
    return 2
