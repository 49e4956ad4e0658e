"""`ravenswood ratings FILE`: the offline twin of /ratings chart and /ratings model."""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from bot.cli.common import CliError, emit, read_text
from stats.charts.ratings import ratings_chart
from stats.ratings import parse_games, ratings_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "ratings", help="Bayesian skill ratings and model evidence from a YAML or CSV game file."
    )
    parser.add_argument("file", help="games as Clocktower IQ YAML or CSV ('-' for stdin)")
    parser.add_argument("--min-games", type=int, default=5, help="list players with this many")
    parser.add_argument("--noise-sd", type=float, default=None, help="fix eps (default: integrate)")
    parser.add_argument("--team-size-noise", action="store_true", help="noise shrinks with size")
    parser.add_argument("--no-bias", action="store_true", help="leave out the side bias")
    parser.add_argument("--json", action="store_true", help="print the full report as JSON")
    parser.add_argument("--chart", metavar="FILE", help="also write the forest plot PNG here")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.min_games < 0:
        raise CliError("--min-games must be zero or more.")
    if args.noise_sd is not None and not args.noise_sd > 0:
        raise CliError("--noise-sd must be positive.")
    text = read_text(args.file)
    try:
        games = parse_games(text, args.file)
        report = ratings_report(
            games,
            min_games=args.min_games,
            noise_sd=args.noise_sd,
            team_size_noise=args.team_size_noise,
            bias=not args.no_bias,
        )
    except ValueError as exc:
        raise CliError(str(exc).rstrip(".") + ".") from None
    if args.chart:
        try:
            Path(args.chart).write_bytes(ratings_chart(report))
        except OSError as exc:
            raise CliError(f"Cannot write {args.chart}: {exc.strerror}.") from None
    emit(report, args.json, format_report(report))
    return 0


def format_report(report: dict) -> str:
    """The human-readable summary: table of players, then one line per model question."""
    lines = [f"{report['games']} games; players with enough games, best lower bound first:"]
    for p in report["players"]:
        lo, hi = p["iq_ci95"]
        lines.append(
            f"  {p['name']:<20} {p['games']:>4} games  {p['iq_mean']:6.1f}  [{lo:.1f}, {hi:.1f}]"
        )
    if report["evil_edge"] is not None:
        b, edge = report["bias"], report["evil_edge"]
        lines.append(
            f"Side bias N({b['mean']:.2f}, {b['var']:.2f}): Evil wins an even game with "
            f"probability {edge['p_evil_wins_even_game']:.2f}."
        )
    ev = report["evidence"]
    lines.append(
        f"log evidence {ev['log_evidence']:.3f} nats; Bayes factor vs coin flip "
        f"{math.exp(ev['log_bayes_factor_vs_coin']):.2f}."
    )
    for c in report["comparisons"].values():
        lines.append(f"  P({c['model']} | vs {c['alternative']}) = {c['probability']:.2f}")
    return "\n".join(lines)
