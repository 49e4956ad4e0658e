"""`ravenswood cluedo solve|advise LOG.json`: the offline twins of `/cluedo status` and
`/cluedo advise`, reading a notebook log (players, me, my_cards, optional hand_sizes, events)."""

from __future__ import annotations

import argparse
import json
import logging
from collections.abc import Callable
from typing import Any

from bot.cli.common import CliError, emit, read_text, write_file
from engine.cluedo import advise, notebook_from_json, solution_report, solve
from engine.cluedo.notebook import Notebook
from engine.core import RuleError
from stats.charts.cluedo import cluedo_chart

log = logging.getLogger(__name__)
Handler = Callable[[argparse.Namespace], int]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("cluedo")
    commands = parser.add_subparsers(dest="cluedo_command", required=True, metavar="ACTION")
    solve_parser = commands.add_parser("solve", help="Exact probabilities of solutions and cards.")
    solve_parser.add_argument("log", metavar="LOG.json")
    solve_parser.add_argument("--json", action="store_true")
    solve_parser.add_argument("--chart", default=None, metavar="FILE", help="Write a PNG chart.")
    solve_parser.set_defaults(handler=guarded(run_solve))
    advise_parser = commands.add_parser("advise", help="What to suggest, where to move, accuse?")
    advise_parser.add_argument("log", metavar="LOG.json")
    advise_parser.add_argument("--room", default=None, help="The room you are in now.")
    advise_parser.add_argument(
        "--start", default=None, help="Your suspect, if still on its starting square."
    )
    advise_parser.add_argument(
        "--near",
        action="append",
        default=[],
        metavar="ROOM=STEPS",
        help="In a corridor: how many steps you are from a room (repeat for more rooms).",
    )
    advise_parser.add_argument("--roll", type=int, default=None, metavar="N")
    advise_parser.add_argument(
        "--accuse-at", type=float, default=None, metavar="P", help="Accuse at this probability."
    )
    advise_parser.add_argument(
        "--accuse-bits",
        type=float,
        default=None,
        metavar="BITS",
        help="Accuse once at most this much uncertainty (entropy, bits) remains.",
    )
    advise_parser.add_argument("--json", action="store_true")
    advise_parser.set_defaults(handler=guarded(run_advise))


def sentence(text: str) -> str:
    """``text`` ending in a full stop unless it already ends a sentence."""
    text = text.strip()
    return text if text.endswith((".", "?", "!")) else text + "."


def guarded(run: Handler) -> Handler:
    """A handler whose unexpected failures still end as one sentence (and are logged)."""

    def handler(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except CliError:
            raise
        except (ValueError, RuleError) as exc:
            raise CliError(sentence(str(exc))) from None
        except Exception as exc:
            log.exception("cluedo %s failed", args.cluedo_command)
            raise CliError(
                f"Could not use {args.log}: {sentence(str(exc) or type(exc).__name__)}"
            ) from None

    return handler


def load(path: str) -> Notebook:
    """Read and replay a log; any problem becomes one CliError sentence."""
    text = read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    except RecursionError:
        raise CliError(f"{path} is nested too deeply to read.") from None
    try:
        return notebook_from_json(data)
    except (ValueError, RuleError) as exc:
        raise CliError(sentence(str(exc))) from None


def run_solve(args: argparse.Namespace) -> int:
    notebook = load(args.log)
    solution = solve(notebook)
    report = solution_report(notebook, solution=solution)
    if args.chart:
        write_file(args.chart, cluedo_chart(solution))
    emit(report, args.json, _solve_text(report))
    return 0


def _solve_text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['consistent_deals']:,} consistent deals; {report['possible_solutions']} "
        f"possible solutions ({report['entropy_bits']:.2f} bits of uncertainty)."
    ]
    for category, cards in report["solution"].items():
        ranked = sorted(((p, c) for c, p in cards.items() if p > 0), reverse=True)
        lines.append(f"{category:8} " + ", ".join(f"{c} {p:.1%}" for p, c in ranked))
    lines.append("Most likely:")
    for item in report["top_solutions"][:5]:
        lines.append(
            f"  {item['probability']:6.1%}  {item['suspect']}, {item['weapon']}, {item['room']}"
        )
    return "\n".join(lines)


def run_advise(args: argparse.Namespace) -> int:
    near = dict(_room_steps(item) for item in args.near)
    notebook = load(args.log)
    advice = advise(
        notebook, args.room, args.roll, args.accuse_at, args.start, near, args.accuse_bits
    )
    emit(advice, args.json, _advise_text(advice))
    return 0


def _room_steps(item: str) -> tuple[str, int]:
    """'Kitchen=3' -> ('Kitchen', 3)."""
    room, _, steps = item.rpartition("=")
    if not room.strip() or not steps.strip().isdigit():
        raise CliError(f'Write --near as ROOM=STEPS, like --near "Kitchen=3", not "{item}".')
    return room.strip(), int(steps)


def _advise_text(advice: dict[str, Any]) -> str:
    accuse = advice["accuse"]
    guess = f"{accuse['suspect']}, {accuse['weapon']}, {accuse['room']}"
    if accuse["recommended"]:
        lines = [f"Accuse now: {guess} ({accuse['probability']:.1%})."]
    else:
        lines = [f"Do not accuse yet: best guess {guess} at {accuse['probability']:.1%}."]
    lines.append(f"Uncertainty left: {advice['entropy_bits']:.2f} bits.")
    if advice["note"]:
        lines.append(advice["note"])
    if advice["suggestion"]:
        s = advice["suggestion"]
        lines.append(
            f"Suggest {s['suspect']}, {s['weapon']}, {s['room']}: "
            f"{s['expected_information_bits']:.3f} bits expected."
        )
    if advice["movement"]:
        move = advice["movement"]
        roll = f" with a roll of {move['roll']}" if move["roll"] else ""
        lines.append(f"Where to go from {move['from']}{roll}:")
        for option in move["rooms"][:5]:
            best = option["best_suggestion"]
            lines.append(
                f"  {option['room']:14} {option['bits_per_turn']:.3f} bits/turn "
                f"({option['turns']:.1f} turns; suggest {best['suspect']}, {best['weapon']})"
            )
    lines.append(advice["model"])
    return "\n".join(lines)
