"""`ravenswood odds`: the offline twin of `/traitors odds` (same report, same chart)."""

from __future__ import annotations

import argparse

from bot.cli.common import CliError, check_seed, emit, write_file
from bot.words import plural
from stats.odds import OddsReport, odds_report
from stats.odds.rules import FAITHFUL_STRATEGIES, RULES, TRAITOR_STRATEGIES


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("odds")
    parser.add_argument("--players", type=int, required=True, metavar="N")
    parser.add_argument("--traitors", type=int, required=True, metavar="M")
    parser.add_argument("--faithful", default="random", help=" | ".join(FAITHFUL_STRATEGIES))
    parser.add_argument("--traitors-play", default="random", help=" | ".join(TRAITOR_STRATEGIES))
    parser.add_argument("--punish", action="store_true", help="Faithful punish seen deviators.")
    parser.add_argument("--rule", default="parity", help=" | ".join(RULES))
    parser.add_argument("--simulate", type=int, default=None, metavar="GAMES")
    parser.add_argument("--seed", type=int, default=None, help="A whole number from 0 up.")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--chart", default=None, metavar="FILE", help="Write a PNG chart.")
    parser.set_defaults(handler=run)


def _text(report: OddsReport) -> str:
    exact, sim = report.exact, report.simulation
    lines = [
        f"TG({report.players}, {report.traitors}), {report.rule} rule; Faithful "
        f"{report.faithful}, Traitors {report.traitors_play}"
        + (", punishment on" if report.punish else ""),
    ]
    if exact.traitor_win is not None:
        fraction = f" = {exact.fraction}" if exact.fraction else ""
        if exact.fraction and len(exact.fraction) > 40:
            fraction = " (exact fraction in --json)"
        lines.append(f"Exact Traitor win: {exact.traitor_win:.5f}{fraction} ({exact.model})")
    else:
        lines.append("Exact Traitor win: not available for these strategies")
    low, high = sim.ci95
    lines.append(
        f"Simulated: {sim.traitor_win_rate:.4f} (95% CI {low:.4f}-{high:.4f}) "
        f"over {plural(sim.games, 'game')}, seed {report.seed}"
    )
    lines.append(f"Expected rounds: {report.expected_rounds:.2f}")
    favoured = report.smallest_traitors_favoured
    smallest = (
        f"{favoured.traitors} ({favoured.basis})" if favoured.basis else "n/a (simulation only)"
    )
    lines.append(f"Smallest Traitor count with Traitors >= 50%: {smallest}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    check_seed(args.seed)
    try:
        report = odds_report(
            args.players,
            args.traitors,
            faithful=args.faithful,
            traitors_play=args.traitors_play,
            punish=args.punish,
            rule=args.rule,
            games=args.simulate,
            seed=args.seed,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if args.chart:
        from stats.charts.odds import odds_chart  # matplotlib: only for a chart

        png = odds_chart(
            args.players,
            args.traitors,
            rule=args.rule,
            faithful=args.faithful,
            traitors_play=args.traitors_play,
            punish=args.punish,
            simulated=report,
        )
        write_file(args.chart, png)
    emit(report.to_dict(), args.json, _text(report))
    return 0
