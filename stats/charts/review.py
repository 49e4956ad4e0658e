"""The review of a finished Clocktower game: for each day, the chance that each player was the
Demon as the town could have known it (``engine.clocktower.reasoning.review``).

One row per player in seat order, one column per day (numbered under a "Day" heading, so that
twelve fit a phone's width); every chance of 1% or more is written
in its cell, the colour only helps the eye, and a player's cells after their death say so. The
players who really held the Demon are named as such and their rows framed, so the table sees at
a glance when it should have known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.patches import Rectangle

from stats.charts import WIDTH, chance_cells, drawable, house_style, new_figure, to_png
from stats.charts.fonts import shortened

ROW_HEIGHT = 0.3  # inches per player
MAX_NAME = 16  # columns of a player's name
DARK = 0.55  # cells at least this likely are dark, so their text is white
MAX_DAYS = 12  # the last days shown when a game ran longer


def review_chart(
    players: Sequence[int],
    days: Sequence[tuple[int, Mapping[int, float]]],
    demons: set[int] | frozenset[int],
    names: Mapping[int, str],
    died: Mapping[int, int] | None = None,
    note: str = "",
) -> bytes:
    """PNG of the days' Demon chances; ``died``: the first day whose vote came after each dead
    player's death; ``note`` adds a line to the caption (what the record held, how exact the
    chances are)."""
    died = died or {}
    shown = list(days)[-MAX_DAYS:]
    with house_style():
        figure = new_figure(WIDTH, 1.9 + ROW_HEIGHT * max(len(players), 3))
        axes = figure.add_subplot()
        figure.suptitle("Who was the Demon, as the town could know it", x=0.02, ha="left")
        if not shown:
            axes.text(0.5, 0.5, "The game ended before its first day.", ha="center", va="center")
            axes.set_axis_off()
            return to_png(figure)
        table = np.array([[chances.get(p, 0.0) for _, chances in shown] for p in players])
        columns, rows = np.arange(len(shown) + 1) - 0.5, np.arange(len(players) + 1) - 0.5
        chance_cells(axes, columns, rows, table, "Reds")
        for (row, column), value in np.ndenumerate(table):
            if died.get(players[row], shown[-1][0] + 1) <= shown[column][0] and value < 0.005:
                axes.text(column, row, "dead", ha="center", va="center", fontsize=8, color="0.5")
            elif value >= 0.005:
                axes.text(
                    column,
                    row,
                    f"{value:.0%}",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="white" if value >= DARK else "black",
                )
        for row, player in enumerate(players):
            if player in demons:
                axes.add_patch(
                    Rectangle(
                        (-0.5, row - 0.5), len(shown), 1, fill=False, edgecolor="black", lw=1.5
                    )
                )
        labels = [_label(p, names, p in demons) for p in players]
        axes.set_yticks(range(len(players)), labels)
        for tick, player in zip(axes.get_yticklabels(), players, strict=True):
            if player in demons:
                tick.set_fontweight("bold")
        axes.set_ylim(len(players) - 0.5, -0.5)
        axes.set_xticks(range(len(shown)), [str(day) for day, _ in shown])  # fit twelve days
        axes.set_xlabel("Day")
        axes.xaxis.set_ticks_position("top")
        axes.xaxis.set_label_position("top")
        axes.tick_params(length=0)
        caption = (
            "Chance each player was the Demon, from what was public\nbefore each day's execution."
        )
        figure.supxlabel(
            "\n".join(line for line in (caption, note) if line),
            fontsize=9,
            color="0.3",
            x=0.02,
            ha="left",
        )
        return to_png(figure)


def _label(player: int, names: Mapping[int, str], demon: bool) -> str:
    name = drawable(shortened(names.get(player, str(player)), MAX_NAME))
    return f"{name} (Demon)" if demon else name
