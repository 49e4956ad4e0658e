"""`ravenswood simulate clocktower`: whole games self-played with the bot storyteller.

Storytellers use it to see how a script plays; tests use it. The engine plays the games (pure,
seeded) with players who claim, bluff and reason (``engine.clocktower.selfplay``); this shell
adds Wilson intervals (on the good win rate, and on each day's share of executions that hit an
evil player) and formats the report.
"""

from __future__ import annotations

import argparse
from typing import Any

from bot.cli.common import CliError, check_seed, emit, read_text
from bot.editions import base_code, base_script
from bot.words import plural
from engine.clocktower.bag import MAX_TRAVELLERS
from engine.clocktower.catalogue import MAX_PLAYERS, MIN_PLAYERS
from engine.clocktower.game import unsupported
from engine.clocktower.script import ScriptError, load_script
from engine.clocktower.selfplay import simulate
from stats.odds.wilson import wilson_interval

MAX_GAMES = 100_000


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("simulate")
    sub = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    ct = sub.add_parser("clocktower", help="Blood on the Clocktower with the bot storyteller.")
    ct.add_argument("--script", required=True, help="script JSON file, or tb, bmr, snv")
    ct.add_argument("--players", type=int, required=True, metavar="N")
    ct.add_argument("--games", type=int, required=True, metavar="G")
    ct.add_argument(
        "--travellers", type=int, default=0, metavar="T", help="Travellers seated besides N"
    )
    ct.add_argument("--seed", type=int, default=0, metavar="S", help="a whole number from 0 up")
    ct.add_argument("--json", action="store_true")
    ct.set_defaults(handler=run_clocktower)


def script_ids(spec: str) -> tuple[str, ...]:
    """The character ids of a base edition name or a script file."""
    code = base_code(spec)
    if code is not None:
        return base_script(code).ids
    try:
        script = load_script(read_text(spec))
    except ScriptError as exc:
        raise CliError(f"{spec} is not a usable script: {exc}") from None
    return script.ids


def run_clocktower(args: argparse.Namespace) -> int:
    check_seed(args.seed)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise CliError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {args.players}.")
    if not 1 <= args.games <= MAX_GAMES:
        raise CliError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}.")
    if not 0 <= args.travellers <= MAX_TRAVELLERS:
        raise CliError(f"--travellers must be 0 to {MAX_TRAVELLERS}, not {args.travellers}.")
    ids = script_ids(args.script)
    missing = unsupported(ids)
    if missing:
        raise CliError(f"The rules engine cannot run these characters yet: {', '.join(missing)}.")
    report = simulate(ids, args.players, args.games, args.seed, args.travellers)
    low, high = wilson_interval(report["good_wins"], report["games"])
    report = {"script": args.script, **report, "ci95": [round(low, 4), round(high, 4)]}
    for day in report["executions_by_day"]:
        day["ci95"] = [round(x, 4) for x in wilson_interval(day["evil"], day["executions"])]
    endings = ", ".join(f"{k} {v}" for k, v in report["endings"].items())
    extra = f" and {args.travellers} Travellers" if args.travellers else ""
    days = "; ".join(
        f"day {d['day']} {d['evil']}/{d['executions']} ({d['evil_rate']:.0%})"
        for d in report["executions_by_day"][:5]
    )
    text = (
        f"{plural(report['games'], 'game')} of {args.players} players{extra} "
        f"({args.script}, seed {args.seed}, {report['table']} players): "
        f"good wins {report['good_win_rate']:.1%} (95% CI {low:.1%}-{high:.1%}), "
        f"mean {report['mean_days']:.2f} days. Endings: {endings}. "
        f"Executions that hit evil: {days or 'none'}."
    )
    emit(report, args.json, text)
    return 0
