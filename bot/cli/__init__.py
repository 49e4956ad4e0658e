"""The `ravenswood` console script.

Each module in this package that defines ``register(subparsers)`` adds one subcommand, so a
feature brings its offline twin of a slash command without touching this file. A subcommand's
handler takes the parsed arguments and returns an exit status; a ``CliError`` becomes one
sentence on stderr and exit status 2.
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
import logging  # noqa: E402
import pkgutil  # noqa: E402
import sys  # noqa: E402

from bot.cli.common import CliError  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ravenswood", description=__doc__.splitlines()[0])
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
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except CliError as exc:
        print(f"ravenswood {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader left early (`ravenswood … | head`): not our error
        # Point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
