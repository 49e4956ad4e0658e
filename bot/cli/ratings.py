"""`ravenswood ratings FILE`: the offline twin of /ratings chart, /ratings model and (with
--compare) /ratings player."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace

from bot.cli.common import CliError, emit, read_text, write_file
from bot.words import plural
from stats.charts.ratings import ratings_chart
from stats.ratings import RatingsReport, fit_ratings, parse_games, prob_better, ratings_report
from stats.ratings.fit import check_noise_sd
from stats.ratings.io import MAX_FILE_CHARS
from stats.ratings.names import shown
from stats.ratings.report import PairChance


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("ratings")
    parser.add_argument("file", help="games as Clocktower IQ YAML or CSV ('-' for stdin)")
    parser.add_argument("--min-games", type=int, default=5, help="list players with this many")
    parser.add_argument("--noise-sd", type=float, default=None, help="fix eps (default: integrate)")
    parser.add_argument("--team-size-noise", action="store_true", help="noise shrinks with size")
    parser.add_argument("--no-bias", action="store_true", help="leave out the side bias")
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar=("A", "B"),
        help="also give the probability that player A is better than player B",
    )
    parser.add_argument("--json", action="store_true", help="print the full report as JSON")
    parser.add_argument("--chart", metavar="FILE", help="also write the forest plot PNG here")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.min_games < 0:
        raise CliError("--min-games must be zero or more.")
    if args.noise_sd is not None:
        try:
            check_noise_sd(args.noise_sd, "--noise-sd")
        except ValueError as exc:
            raise CliError(f"{exc}.") from None
    text = read_text(args.file, max_chars=MAX_FILE_CHARS)
    try:
        games = parse_games(text, args.file)
        fit = fit_ratings(
            games,
            noise_sd=args.noise_sd,
            team_size_noise=args.team_size_noise,
            bias=not args.no_bias,
        )
    except ValueError as exc:
        raise CliError(str(exc).rstrip(".") + ".") from None
    pair = None
    if args.compare:
        a, b = args.compare
        try:
            pair = PairChance(a, b, prob_better(fit, a, b))
        except KeyError as exc:
            raise CliError(f"{shown(exc.args[0])} in {shown(args.file)}.") from None
    report = replace(ratings_report(games, fit, min_games=args.min_games), compare=pair)
    if args.chart:
        write_file(args.chart, ratings_chart(report.players, report.games))
    emit(report.to_dict(), args.json, format_report(report))
    return 0


def format_report(report: RatingsReport) -> str:
    """The human-readable summary: table of players, then one line per model question."""
    lines = [f"{plural(report.games, 'game')}; players with enough games, best lower bound first:"]
    for p in report.players:
        lo, hi = p.iq_ci95
        lines.append(
            f"  {shown(p.name):<20} {plural(p.games, 'game'):>10}  {p.iq_mean:6.1f}  "
            f"[{lo:.1f}, {hi:.1f}]"
        )
    if report.compare is not None:
        pair = report.compare
        a, b = shown(pair.a), shown(pair.b)
        lines.append(f"P({a} is better than {b}) = {pair.p_a_better:.2f}")
    if report.bias is not None and report.evil_edge is not None:
        bias, edge = report.bias, report.evil_edge
        lines.append(
            f"Side bias N({bias.mean:.2f}, {bias.var:.2f}): Evil wins an even game with "
            f"probability {edge.p_evil_wins_even_game:.2f}."
        )
    predictive = report.predictive
    lines.append(
        f"The more skilled team is expected to win {predictive.better_team_win_prob:.0%} of "
        f"these games; leave-one-out predictions get {predictive.accuracy_loo:.0%} right."
    )
    ev = report.evidence
    lines.append(
        f"log evidence {ev.log_evidence:.3f} nats; Bayes factor vs coin flip "
        f"{_factor(ev.log_bayes_factor_vs_coin)}."
    )
    for c in (report.comparisons or {}).values():
        if c.probability is None:
            lines.append(f"  {c.model} vs {c.alternative}: not worked out, {c.note}.")
        else:
            lines.append(f"  P({c.model} | vs {c.alternative}) = {c.probability:.2f}")
    lines.extend(f"Warning: {w}" for w in report.warnings)
    return "\n".join(lines)


def _factor(log_factor: float) -> str:
    """A Bayes factor from its log; beyond e^±50 as a power of ten (exp would overflow)."""
    if abs(log_factor) <= 50:
        return f"{math.exp(log_factor):.2f}"
    return f"10^{log_factor / math.log(10):.0f}"
