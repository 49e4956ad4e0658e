"""`ravenswood script`: score a Clocktower script, print its night order, deal a balanced bag.

The offline twin of `/script`: the same engine functions, text or `--json` output. A script that
cannot be imported prints every problem (with where and how to fix it) and exits with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from bot.cli.common import CliError, OutputError, check_seed, emit, read_text
from bot.editions import base_code, base_script, for_players
from bot.words import plural
from engine.clocktower.bag import BagError, bag_text, balanced_bag
from engine.clocktower.catalogue import official_texts, search, summary_overlap
from engine.clocktower.nightorder import night_order, night_text
from engine.clocktower.script import MAX_BYTES, Script, ScriptError, load_script
from stats.balance import MAX_GAMES, script_report

SUMMARY_THRESHOLD = 0.6  # a summary this close to the official text is a near-copy


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("script")
    sub = parser.add_subparsers(dest="script_command", required=True, metavar="ACTION")

    score = sub.add_parser("score", help="How hard a script is, and why.")
    score.add_argument("file", help="script JSON file, - for standard input, or tb, bmr, snv")
    score.add_argument("--players", type=int, default=None)
    score.add_argument(
        "--games",
        type=int,
        default=None,
        help="self-played games for the balance (default: a quick run; 0: none)",
    )
    score.add_argument("--json", action="store_true")
    score.set_defaults(handler=_answering_json(_score))

    night = sub.add_parser("nightorder", help="The script's first-night and other-night order.")
    night.add_argument("file", help="script JSON file, - for standard input, or tb, bmr, snv")
    night.add_argument("--json", action="store_true")
    night.set_defaults(handler=_answering_json(_nightorder))

    bag = sub.add_parser("bag", help="A balanced random set of characters.")
    bag.add_argument("file", help="script JSON file, - for standard input, or tb, bmr, snv")
    bag.add_argument("--players", type=int, required=True)
    bag.add_argument("--travellers", type=int, default=0)
    bag.add_argument("--seed", type=int, default=0, help="a whole number from 0 up")
    bag.add_argument("--json", action="store_true")
    bag.set_defaults(handler=_answering_json(_bag))

    close = sub.add_parser(
        "summaries",
        help="Check our summaries against an official roles.json (exit 1 if any is too close).",
    )
    close.add_argument("roles_json", help="an official roles.json file")
    close.add_argument("--threshold", type=float, default=SUMMARY_THRESHOLD)
    close.add_argument("--json", action="store_true")
    close.set_defaults(handler=_summaries)

    chars = sub.add_parser("characters", help="List official characters (optionally matching).")
    chars.add_argument("query", nargs="?", default="")
    chars.add_argument("--json", action="store_true")
    chars.set_defaults(handler=_characters)


def _failed(command: str, problems: list[dict[str, str]]) -> dict[str, Any]:
    """The ``--json`` answer when a command fails: its usual keys left empty, and ``errors``."""
    empty: dict[str, dict[str, Any]] = {
        "score": {
            "score": None,
            "category": None,
            "characters": [],
            "synergies": [],
            "balance": None,
        },
        "nightorder": {"first": [], "other": [], "notes": []},
        "bag": {"characters": [], "tokens": [], "balance": None},
    }
    return {**empty[command], "errors": problems, "warnings": []}


def _answering_json(handler: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """With ``--json``, a command-line problem (no such file, players out of range, no legal
    bag) is a JSON answer too: the command's usual keys, and the sentence in ``errors``."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except CliError as exc:
            if not args.json or isinstance(exc, OutputError):
                raise
            problem = {"position": "command line", "message": str(exc), "fix": ""}
            emit(_failed(args.script_command, [problem]), True, "")
            return 2

    return run


def _load(args: argparse.Namespace, players: int | None = None) -> Script | int:
    """The script (a file, standard input, or a base edition's name such as tb), or (after
    printing its problems) exit status 2."""
    code = None if os.path.exists(args.file) else base_code(args.file)
    try:
        if code is not None:
            return for_players(base_script(code), players)
        # A file of more characters than the byte limit is over it: refused without reading on.
        return load_script(read_text(args.file, MAX_BYTES), players)
    except ScriptError as exc:
        problems = [p.to_dict() for p in exc.problems]
        if getattr(args, "json", False):
            emit(_failed(args.script_command, problems), True, "")
        else:
            print(
                f"ravenswood script: {args.file} has {plural(len(problems), 'problem')}:",
                file=sys.stderr,
            )
            for p in exc.problems:
                print(f"  - {p}", file=sys.stderr)
        return 2


def _check_players(players: int | None) -> None:
    if players is not None and not 5 <= players <= 15:
        raise CliError(f"--players must be 5 to 15, not {players}.")


def _score(args: argparse.Namespace) -> int:
    _check_players(args.players)
    if args.games is not None and not 0 <= args.games <= MAX_GAMES:
        raise CliError(f"--games must be 0 to {MAX_GAMES:,}, not {args.games}.")
    script = _load(args, args.players)
    if isinstance(script, int):
        return script
    report = script_report(script, args.players, args.games)
    emit(report.to_dict(), args.json, report.text())
    return 0


def _nightorder(args: argparse.Namespace) -> int:
    script = _load(args)
    if isinstance(script, int):
        return script
    order = night_order(script)
    emit(order, args.json, night_text(order))
    return 0


def _bag(args: argparse.Namespace) -> int:
    check_seed(args.seed)
    _check_players(args.players)
    script = _load(args, args.players)
    if isinstance(script, int):
        return script
    try:
        bag = balanced_bag(script, args.players, args.seed, args.travellers)
    except BagError as exc:
        raise CliError(str(exc)) from None
    emit(bag, args.json, bag_text(bag))
    return 0


def _summaries(args: argparse.Namespace) -> int:
    """Summaries whose similarity to the official text reaches the threshold: exit 1 if any."""
    official = official_texts(read_text(args.roles_json))
    if not official:
        raise CliError(f"{args.roles_json} has no official characters (is it a roles.json?)")
    ranked = summary_overlap(official)
    close = [(cid, ratio) for cid, ratio in ranked if ratio >= args.threshold]
    payload = {
        "checked": len(ranked),
        "threshold": args.threshold,
        "closest": [{"id": cid, "ratio": ratio} for cid, ratio in ranked[:5]],
        "too_close": [{"id": cid, "ratio": ratio} for cid, ratio in close],
    }
    lines = [
        f"{len(ranked)} summaries checked; closest: "
        + ", ".join(f"{cid} {ratio:.2f}" for cid, ratio in ranked[:5])
    ]
    lines += [f"  too close: {cid} {ratio:.2f}" for cid, ratio in close] or [
        f"none reaches {args.threshold:g}"
    ]
    emit(payload, args.json, "\n".join(lines))
    return 1 if close else 0


def _characters(args: argparse.Namespace) -> int:
    found = search(args.query, limit=500)
    text = "\n".join(f"{c.id:<16} {c.name:<20} {c.team:<10} {c.summary}" for c in found)
    emit([c.to_dict() for c in found], args.json, text or "No character matches.")
    return 0
