"""The Traitors odds chart: Traitor win probability against table size for m = 1..4.

Solid curves are the asked strategy pair's own exact values. Random voting is drawn grey and
labelled as a reference whenever it is not the pair's own model, so a simulation-only pair
(vote-left against random Traitors, or any punishment) is never shown curves that look like
its answer. Curves come from ``win_table``, one vector step per table size.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from stats.charts import house_style, new_figure, to_png
from stats.odds import RANDOM_VOTING, exact_model, solve, win_table

CURVE_TRAITORS = (1, 2, 3, 4)
REFERENCE_LABEL = "random voting (reference)"


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


@dataclass(frozen=True)
class Curve:
    """One line of the chart: exact P(Traitors win) for ``traitors`` Traitors at each size."""

    traitors: int
    sizes: np.ndarray
    win: np.ndarray
    reference: bool  # random voting shown for comparison, not the asked pair's own model

    @property
    def label(self) -> str:
        return REFERENCE_LABEL if self.reference else f"m = {self.traitors}"


def chart_curves(
    top: int, rule: str, faithful: str, traitors_play: str, punish: bool
) -> list[Curve]:
    """The exact curves for sizes 3..top: the pair's own, then random voting as a reference."""
    model = exact_model(faithful, traitors_play, punish)
    curves = []
    if model is not None:
        own_top = min(top, model.max_players)
        win, _ = win_table(own_top, rule, model.banish, max_traitors=max(CURVE_TRAITORS))
        sizes = np.arange(3, own_top + 1)
        curves += [Curve(m, sizes, win[3:, m], reference=False) for m in CURVE_TRAITORS]
    if model is not RANDOM_VOTING:
        win, _ = win_table(top, rule, max_traitors=max(CURVE_TRAITORS))
        sizes = np.arange(3, top + 1)
        curves += [Curve(m, sizes, win[3:, m], reference=True) for m in CURVE_TRAITORS]
    return curves


def odds_chart(
    players: int,
    traitors: int,
    rule: str = "parity",
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    simulated: Iterable[SimulatedPoint] | dict | None = None,
) -> bytes:
    """PNG: the curves of ``chart_curves``, the asked (n, m) starred (exact where the pair has a
    model, else simulated), simulated rates with their 95% intervals as error bars.
    ``simulated`` may be an ``odds_report`` result."""
    if isinstance(simulated, dict):
        simulated = [SimulatedPoint.from_report(simulated)]
    points = list(simulated or ())
    top = max(30, players + 4)
    model = exact_model(faithful, traitors_play, punish)
    with house_style():
        figure = new_figure()
        axes = figure.add_subplot()
        for curve in chart_curves(top, rule, faithful, traitors_play, punish):
            if curve.reference:
                axes.plot(curve.sizes, curve.win, color="0.65", lw=1, ls="--", label=curve.label)
                _tag_end(axes, curve)
            else:
                axes.plot(curve.sizes, curve.win, lw=2, label=curve.label)
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


def _tag_end(axes, curve: Curve) -> None:
    """Name a grey reference curve's m at its last drawn point (they share one legend entry)."""
    drawn = np.flatnonzero(~np.isnan(curve.win))
    if drawn.size:
        last = drawn[-1]
        axes.annotate(
            f"m={curve.traitors}",
            (curve.sizes[last], curve.win[last]),
            xytext=(2, 0),
            textcoords="offset points",
            fontsize=7,
            color="0.45",
            va="center",
        )
