"""The `ravenswood` console script.

Each subcommand is a module of this package named after it, which defines
``register(subparsers)``, and a line in ``COMMANDS`` with its one-line summary. Only the
module of the command being run is imported, so `ravenswood --version`, `--help` and a light
command never load what another one needs (discord.py, SciPy, matplotlib, the Clocktower
engine). A subcommand's handler takes the parsed arguments and returns an exit status. Every failure is one sentence and
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
import sys  # noqa: E402
from typing import NoReturn  # noqa: E402

from bot.cli.common import CliError, OutputError, silence_stdout  # noqa: E402

INPUTS = ("file", "log", "script", "roles_json")  # the argument naming a command's input file
COMMANDS = {  # each subcommand's module (``bot.cli.<name>``) and its line in `ravenswood --help`
    "cluedo": "Exact Cluedo solver and advisor for a log.",
    "copy": "Copy a database into an empty one (SQLite into PostgreSQL, or back).",
    "health": "Check the database and the running bot's gateway link (exit 0 or 1).",
    "migrate": "Create or upgrade the database (SQLite or PostgreSQL).",
    "odds": "Traitor win odds for n players and m Traitors, exact and simulated.",
    "ratings": "Bayesian skill ratings and model evidence from a YAML or CSV game file.",
    "run": "Start the bot (needs DISCORD_TOKEN).",
    "script": "Clocktower scripts: score, night order, bag.",
    "simulate": "Self-play games headless and report.",
}


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
    from importlib.metadata import PackageNotFoundError, version  # 20 ms: only when asked

    try:
        return version("ravenswood")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


class _Version(argparse.Action):
    """``--version``, which reads the installed version only when asked for it."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        print(f"ravenswood {installed_version()}")
        parser.exit()


def build_parser(json_errors: bool = False, command: str | None = None) -> argparse.ArgumentParser:
    """The parser, complete for ``command`` (its module imported and registered); every other
    command is only named, with its summary, which is all that ``--help`` shows of it."""
    parser_class = type("Parser", (Parser,), {"json_errors": json_errors})
    parser: Parser = parser_class(prog="ravenswood", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action=_Version)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in COMMANDS.items():
        if name == command:
            importlib.import_module(f"{__name__}.{name}").register(subparsers)
        else:
            subparsers.add_parser(name, help=summary)
    return parser


def chosen(argv: list[str]) -> str | None:
    """The subcommand ``argv`` runs: its first word that is not an option (the top level's
    options take no values), if that names one."""
    first = next((a for a in argv if not a.startswith("-")), None)
    return first if first in COMMANDS else None


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("matplotlib").setLevel(logging.WARNING)  # its notes are not for users
    argv = sys.argv[1:] if argv is None else list(argv)
    as_json = "--json" in argv
    args = build_parser(as_json, chosen(argv)).parse_args(argv)
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
