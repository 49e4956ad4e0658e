"""Every figure the bot posts, as PNG bytes (matplotlib, Agg backend, no display needed).

A chart module draws inside ``with house_style():`` on a figure from ``new_figure`` and returns
``to_png(figure)``; the shared style keeps the charts legible on a phone.
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

STYLE = {
    "figure.dpi": 110,
    "font.size": 11,
    "axes.titlesize": 13,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def house_style():
    """Context manager applying the house style to everything drawn inside it."""
    return plt.rc_context(STYLE)


def new_figure(width: float = 7.0, height: float = 4.5) -> Figure:
    """A figure not registered with pyplot, so nothing leaks between charts or threads."""
    return Figure(figsize=(width, height), layout="constrained")


def to_png(figure: Figure) -> bytes:
    """Render a figure to PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
