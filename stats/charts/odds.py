"""The Traitors odds chart: Traitor win probability against table size for m = 1..4."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from stats.charts import house_style, new_figure, to_png
from stats.odds import exact_model, solve, win_table
from stats.odds.report import ExactModel

CURVE_TRAITORS = (1, 2, 3, 4)


@dataclass(frozen=True)
class SimulatedPoint:
    """A simulated win rate with its 95% interval, drawn as an error bar."""

    players: int
    traitors: int
    rate: float
    low: float
    high: float

    @classmethod
    def from_report(cls, report: dict) -> SimulatedPoint:
        sim = report["simulation"]
        low, high = sim["ci95"]
        return cls(report["players"], report["traitors"], sim["traitor_win_rate"], low, high)


def _curve(model: ExactModel, sizes: np.ndarray, m: int, rule: str) -> np.ndarray:
    values = []
    for n in sizes:
        try:
            values.append(solve(int(n), m, rule, model.banish)[0])
        except ValueError:
            values.append(np.nan)
    return np.array(values)


def odds_chart(
    players: int,
    traitors: int,
    rule: str = "parity",
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    simulated: Iterable[SimulatedPoint] | dict | None = None,
) -> bytes:
    """PNG: exact curves for m = 1..4 (the strategy pair's own where it has an exact model, and
    random voting as a grey reference), the asked (n, m) starred, simulated rates with their
    95% intervals as error bars. ``simulated`` may be an ``odds_report`` result."""
    if isinstance(simulated, dict):
        simulated = [SimulatedPoint.from_report(simulated)]
    points = list(simulated or ())
    top = max(30, players + 4)
    random_win, _ = win_table(top, rule)
    sizes = np.arange(3, top + 1)
    model = exact_model(faithful, traitors_play, punish)
    own = model is not None and not model.rational
    own_top = min(top, model.max_players) if own else 0
    with house_style():
        figure = new_figure()
        axes = figure.add_subplot()
        colours = {}
        for m in CURVE_TRAITORS:
            style = {"color": "0.6", "lw": 1, "ls": "--"} if own else {"lw": 2}
            label = f"m = {m}" if not own else "random voting" if m == 1 else None
            (line,) = axes.plot(sizes, random_win[3:, m], label=label, **style)
            colours[m] = line.get_color()
            if own:
                own_sizes = np.arange(3, own_top + 1)
                (line,) = axes.plot(
                    own_sizes, _curve(model, own_sizes, m, rule), lw=2, label=f"m = {m}"
                )
                colours[m] = line.get_color()
        for point in points:
            axes.errorbar(
                point.players,
                point.rate,
                yerr=[[point.rate - point.low], [point.high - point.rate]],
                fmt="o",
                color="black",
                capsize=4,
                ms=4,
                label="simulated (95% CI)",
            )
        asked = next(
            (p.rate for p in points if (p.players, p.traitors) == (players, traitors)), None
        )
        if model is not None and players <= model.max_players:
            asked = solve(players, traitors, rule, model.banish)[0]
        if asked is not None:
            axes.plot(
                players,
                asked,
                marker="*",
                ms=16,
                color="crimson",
                ls="none",
                label=f"asked: n = {players}, m = {traitors}",
            )
        axes.axhline(0.5, color="0.3", lw=0.8)
        axes.set_xlim(3, top)
        axes.set_ylim(0, 1.02)
        axes.set_xlabel("players (n)")
        axes.set_ylabel("P(Traitors win)")
        punished = ", punishment" if punish else ""
        axes.set_title(f"Faithful {faithful}, Traitors {traitors_play}{punished} ({rule} rule)")
        handles, labels = axes.get_legend_handles_labels()
        unique = dict(zip(labels, handles, strict=True))
        axes.legend(unique.values(), unique.keys(), fontsize=8, loc="best", ncols=2)
        return to_png(figure)
