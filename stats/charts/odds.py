"""The Traitors odds chart: Traitor win probability against table size for m = 1..4 Traitors.

Solid colours are the asked strategy pair's own exact values; random voting is drawn grey and
labelled as a reference whenever it is not the pair's own model, so a simulation-only pair
(vote-left against random Traitors, or any punishment) is never shown curves that look like
its answer. Curves come from ``win_table``, one vector step per table size.

Under the parity rule the odds zig-zag between odd and even tables, so each curve is drawn as
two: filled points on a solid line for even n, open points on a dotted line for odd n. Every
table size is a point (there is no table of 22.5 players), and from ``LOG_FROM`` players on the
size axis is logarithmic, so both the small tables and n = 1,000 stay readable. The asked table
is a star, with its simulated rate and 95% interval beside it, and both numbers are written out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, PercentFormatter
from matplotlib.transforms import Transform, offset_copy
from matplotlib.typing import ColorType, LineStyleType, MarkerType
from numpy.typing import NDArray

from stats.charts import WIDTH, house_style, new_figure, to_png
from stats.odds import RANDOM_VOTING, OddsReport, exact_model, solve, win_table

CURVE_TRAITORS = (1, 2, 3, 4)
REFERENCE_LABEL = "random voting (reference)"
LOG_FROM = 100  # players: a wider size axis is logarithmic
BESIDE = 12  # points between the star and the simulated rate drawn beside it
GREY = "0.6"
LABEL_BOX = (0.27, 0.06)  # the 50% line's label, as fractions of the axes' width and height


@dataclass(frozen=True)
class SimulatedPoint:
    """A simulated win rate with its 95% interval, drawn as an error bar."""

    players: int
    traitors: int
    rate: float
    low: float
    high: float

    @classmethod
    def from_report(cls, report: OddsReport) -> SimulatedPoint:
        sim = report.simulation
        low, high = sim.ci95
        return cls(report.players, report.traitors, sim.traitor_win_rate, low, high)


@dataclass(frozen=True)
class Curve:
    """One line of the chart: exact P(Traitors win) for ``traitors`` Traitors at each size."""

    traitors: int
    sizes: NDArray[np.intp]
    win: NDArray[np.float64]
    reference: bool  # random voting shown for comparison, not the asked pair's own model

    @property
    def label(self) -> str:
        return REFERENCE_LABEL if self.reference else f"m = {self.traitors}"

    def parity(self, even: bool) -> tuple[NDArray[np.intp], NDArray[np.float64]]:
        """The sizes of one parity that have a game, and their values."""
        keep = (self.sizes % 2 == (0 if even else 1)) & ~np.isnan(self.win)
        return self.sizes[keep], self.win[keep]


def chart_curves(
    top: int,
    rule: str,
    faithful: str,
    traitors_play: str,
    punish: bool,
    counts: Iterable[int] = CURVE_TRAITORS,
) -> list[Curve]:
    """The exact curves for sizes 3..top and each Traitor count in ``counts``: the pair's own,
    then random voting as a reference."""
    counts = sorted(set(counts))
    model = exact_model(faithful, traitors_play, punish)
    curves = []
    if model is not None:
        own_top = min(top, model.max_players)
        win, _ = win_table(own_top, rule, model.banish, max_traitors=counts[-1])
        sizes = np.arange(3, own_top + 1)
        curves += [Curve(m, sizes, win[3:, m], reference=False) for m in counts]
    if model is not RANDOM_VOTING:
        win, _ = win_table(top, rule, max_traitors=counts[-1])
        sizes = np.arange(3, top + 1)
        curves += [Curve(m, sizes, win[3:, m], reference=True) for m in counts]
    return curves


def odds_chart(
    players: int,
    traitors: int,
    rule: str = "parity",
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    simulated: Iterable[SimulatedPoint] | OddsReport | None = None,
) -> bytes:
    """PNG: the curves of ``chart_curves`` for m = 1..4 and the asked m, the asked (n, m)
    starred (exact where the pair has a model, else simulated), simulated rates with their 95%
    intervals as error bars. ``simulated`` may be an ``odds_report`` result."""
    if isinstance(simulated, OddsReport):
        simulated = [SimulatedPoint.from_report(simulated)]
    points = list(simulated or ())
    top = max(30, players + 4)
    model = exact_model(faithful, traitors_play, punish)
    exact = None
    if model is not None and players <= model.max_players:
        exact = solve(players, traitors, rule, model.banish)[0]
    mine = next((p for p in points if (p.players, p.traitors) == (players, traitors)), None)
    curves = chart_curves(top, rule, faithful, traitors_play, punish, (*CURVE_TRAITORS, traitors))
    with house_style():
        figure = new_figure(WIDTH, 6.0)
        axes = figure.add_subplot()
        _axes(axes, top)
        own = [c for c in curves if not c.reference]
        colours = {c.traitors: f"C{k}" for k, c in enumerate(own)}
        for curve in curves:
            _draw(axes, curve, GREY if curve.reference else colours[curve.traitors])
        _label_even_chance(axes, curves)
        beside = offset_copy(axes.transData, fig=figure, x=BESIDE, units="points")
        for point in points:
            _simulated(axes, point, beside if point is mine else axes.transData)
        star = exact if exact is not None else mine.rate if mine else None
        if star is not None:
            axes.plot(
                players,
                star,
                ls="none",
                zorder=5,
                clip_on=False,
                marker="*",
                ms=15,
                color="crimson",
                mec="white",
                mew=0.6,
            )
        punished = ", punishment" if punish else ""
        figure.suptitle("Traitors' chance to win, by table size", x=0.02, ha="left")
        axes.set_title(
            f"Faithful {faithful}, Traitors {traitors_play}{punished}, {rule} rule\n"
            + _answer(players, traitors, exact, mine),
            fontsize=9,
            loc="left",
        )
        figure.legend(
            handles=_legend(own, bool(len(own) < len(curves)), star is not None, bool(points)),
            loc="outside lower center",
            ncols=3,
            fontsize=8,
        )
        return to_png(figure)


def _simulated(axes: Axes, point: SimulatedPoint, transform: Transform) -> None:
    """A simulated rate and its 95% interval, beside the star when it is the asked table's."""
    axes.errorbar(
        point.players,
        point.rate,
        yerr=[[point.rate - point.low], [point.high - point.rate]],
        fmt="o",
        color="black",
        capsize=3,
        ms=4,
        zorder=4,
        clip_on=False,
        transform=transform,
    )


def _axes(axes: Axes, top: int) -> None:
    """Sizes 3..top (logarithmic when wide), chances 0-100% with room for markers at both ends,
    and the labelled 50% line."""
    if top >= LOG_FROM:
        axes.set_xscale("log")
        ticks = [t for t in (3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= top]
        axes.set_xticks(ticks)
        axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
        axes.xaxis.set_minor_formatter(FuncFormatter(lambda x, _: ""))
    axes.set_xlim(2.5 if top < LOG_FROM else 2.8, top + (0.5 if top < LOG_FROM else 0))
    axes.set_ylim(-0.04, 1.04)
    axes.set_yticks([0, 0.25, 0.5, 0.75, 1])
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.set_xlabel("players at the table (n)" + (", log scale" if top >= LOG_FROM else ""))
    axes.set_ylabel("P(Traitors win)")
    axes.axhline(0.5, color="0.25", lw=0.9, zorder=3)


def _label_even_chance(axes: Axes, curves: list[Curve]) -> None:
    """Label the 50% line where the fewest points would sit under the label: along the line,
    above or below it (in axes fractions; the label is about ``LABEL_BOX`` in size)."""
    to_axes = axes.transData + axes.transAxes.inverted()
    points = np.vstack(
        [to_axes.transform(np.column_stack([c.sizes, c.win])[~np.isnan(c.win)]) for c in curves]
    )
    x, y = points.T
    line = to_axes.transform([(3, 0.5)])[0, 1]
    width, height = LABEL_BOX

    def crowding(left: float, above: int) -> int:
        across = (x > left - 0.03) & (x < left + width + 0.03)
        up = (y > line) & (y < line + height) if above else (y < line) & (y > line - height)
        return int(np.sum(across & up))

    spots = [(left, above) for left in np.arange(0.01, 0.99 - width, 0.02) for above in (1, 0)]
    left, above = min(spots, key=lambda spot: (crowding(*spot), -spot[1], -spot[0]))
    axes.annotate(
        "50%: even chance",
        (left, 0.5),
        xycoords=("axes fraction", "data"),
        xytext=(0, 2 if above else -2),
        textcoords="offset points",
        ha="left",
        va="bottom" if above else "top",
        fontsize=8,
        color="0.25",
        zorder=3,
    )


def _draw(axes: Axes, curve: Curve, colour: str) -> None:
    """One curve as two series of points: even tables filled on a solid line, odd tables open
    on a dotted one."""
    size = 4 if len(curve.sizes) <= 60 else 2.5
    width = 0.8 if curve.reference else 1.3
    for even in (True, False):
        x, y = curve.parity(even)
        axes.plot(
            x,
            y,
            color=colour,
            lw=width,
            ls="-" if even else ":",
            marker="o",
            ms=size,
            mfc=colour if even else "white",
            mew=0.8,
            zorder=1 if curve.reference else 2,
            clip_on=False,
        )
    if curve.reference:
        _tag_end(axes, curve)


def _answer(players: int, traitors: int, exact: float | None, mine: SimulatedPoint | None) -> str:
    """The starred table's numbers in words."""
    parts = [f"exact {_percent(exact)}"] if exact is not None else ["no exact model"]
    if mine is not None:
        low, high = _percent(mine.low), _percent(mine.high)
        parts.append(f"simulated {_percent(mine.rate)} (95%: {low} to {high})")
    return f"\N{BLACK STAR} n = {players}, m = {traitors}: " + "; ".join(parts)


def _percent(p: float) -> str:
    """One decimal, never rounding a chance that is not certain to 0% or 100%."""
    if 0 < p < 0.0005:
        return "<0.1%"
    if 0.9995 <= p < 1:
        return ">99.9%"
    return f"{p:.1%}"


def _legend(own: list[Curve], reference: bool, star: bool, simulated: bool) -> list[Line2D]:
    """Colours for the Traitor counts, styles for parity, and the asked table's marks."""

    def line(
        label: str,
        marker: MarkerType,
        ms: float,
        color: ColorType = "black",
        ls: LineStyleType = "none",
        mfc: ColorType | None = None,
    ) -> Line2D:
        return Line2D(
            [],
            [],
            label=label,
            marker=marker,
            markersize=ms,
            color=color,
            linestyle=ls,
            markerfacecolor=mfc,
        )

    handles = [line(c.label, color=f"C{k}", ls="-", marker="o", ms=4) for k, c in enumerate(own)]
    if reference:
        handles.append(line(REFERENCE_LABEL, color=GREY, ls="-", marker="o", ms=3))
    handles.append(line("even n", ls="-", marker="o", ms=4))
    handles.append(line("odd n", ls=":", marker="o", ms=4, mfc="white"))
    if star:
        handles.append(line("asked table", marker="*", ms=11, color="crimson"))
    if simulated:
        handles.append(
            line("simulated, 95% interval", marker="$\N{APL FUNCTIONAL SYMBOL I-BEAM}$", ms=8)
        )
    return handles


def _tag_end(axes: Axes, curve: Curve) -> None:
    """Name a grey reference curve's m at its last drawn point (they share one legend entry)."""
    drawn = np.flatnonzero(~np.isnan(curve.win))
    if drawn.size:
        last = drawn[-1]
        axes.annotate(
            f"m={curve.traitors}",
            (curve.sizes[last], curve.win[last]),
            xytext=(3, 0),
            textcoords="offset points",
            fontsize=8,
            color="0.4",
            va="center",
        )
