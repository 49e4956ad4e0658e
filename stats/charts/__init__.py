"""Every figure the bot posts, as PNG bytes (matplotlib, Agg backend, no display needed).

A chart module draws inside ``with house_style():`` on a figure from ``new_figure`` and returns
``to_png(figure)``. The house style is made for the way Discord shows a picture: at most about
550 pixels wide on a desktop and scaled to the screen's width on a phone. So a chart is drawn
``WIDTH`` inches wide with text of at least ``SMALLEST`` points (shown 550 pixels wide, about
11 pixels or more) and saved at ``DPI`` dots per inch, twice the shown size, so that it stays
sharp on high-density phone screens and when opened full size. Names are drawn through the
fallback fonts of ``stats.charts.fonts``; pass any text a person chose through ``drawable``.
"""

from __future__ import annotations

import io
from contextlib import AbstractContextManager

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.typing import RcKeyType  # noqa: E402
from numpy.typing import ArrayLike  # noqa: E402

from stats.charts.fonts import drawable, font_families  # noqa: E402

WIDTH = 5.5  # inches: Discord's ~550-pixel inline width at 100 pixels an inch
DPI = 200
SMALLEST = 8.0  # points: the smallest text any chart may use
STYLE: dict[RcKeyType, object] = {
    "font.size": 11,
    "axes.titlesize": 12,
    "axes.titlelocation": "left",
    "axes.labelsize": 11,
    "xtick.labelsize": 10,
    "ytick.labelsize": 10,
    "legend.fontsize": 9,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
}

__all__ = [
    "DPI",
    "SMALLEST",
    "WIDTH",
    "chance_cells",
    "drawable",
    "house_style",
    "new_figure",
    "to_png",
]


def house_style() -> AbstractContextManager[None]:
    """Context manager applying the house style (and the fallback fonts) to everything drawn
    inside it. Draw and save inside it: matplotlib reads some settings only when drawing."""
    return plt.rc_context({**STYLE, "font.family": list(font_families())})


def new_figure(width: float = WIDTH, height: float = 4.5) -> Figure:
    """A figure not registered with pyplot, so nothing leaks between charts or threads."""
    return Figure(figsize=(width, height), dpi=DPI, layout="constrained")


def to_png(figure: Figure) -> bytes:
    """Render a figure to PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


def chance_cells(
    axes: Axes, columns: ArrayLike, rows: ArrayLike, table: ArrayLike, cmap: str
) -> None:
    """A table of chances (0 to 1) as shaded cells between the ``columns`` and ``rows`` edges,
    with white gaps and no frame or grid: the charts that show one (the Cluedo notebook, the
    Clocktower review) write each chance in its cell themselves."""
    axes.pcolormesh(
        columns, rows, table, cmap=cmap, vmin=0, vmax=1, edgecolors="white", linewidth=1
    )
    axes.grid(False)
    for spine in axes.spines.values():
        spine.set_visible(False)
