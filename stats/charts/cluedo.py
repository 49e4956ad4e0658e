"""The Cluedo status chart: where each card is, as a card x holder table of chances.

One panel per category (Suspects, Weapons, Rooms), one column per player and, set apart by a
gap and a frame, the envelope's column: the one that answers the game. Every chance above 0 is
written in its cell as a percentage; the colour only helps the eye find the certain cards.
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from engine.cluedo.solver import Solution
from stats.charts import WIDTH, chance_cells, drawable, house_style, new_figure, to_png
from stats.charts.fonts import shortened

CATEGORIES = ("Suspects", "Weapons", "Rooms")
ROW_HEIGHT = 0.27  # inches per card
GAP = 0.4  # columns of space before the envelope
MAX_NAME = 10  # columns of a player's name
DARK = 0.55  # cells at least this likely are dark, so their text is white


def cluedo_chart(solution: Solution) -> bytes:
    """PNG of ``solution.location_probabilities()``, grouped by category."""
    probabilities = solution.location_probabilities()
    players = solution.holders[:-1]  # the envelope is the last holder
    edges = np.array([*np.arange(len(players) + 1) - 0.5, len(players) - 0.5 + GAP])
    edges = np.append(edges, edges[-1] + 1)
    centres = [*range(len(players)), edges[-2] + 0.5]
    groups = solution.deck.category_cards
    with house_style():
        figure = new_figure(WIDTH, 1.7 + ROW_HEIGHT * len(solution.deck.cards))
        panels = figure.subplots(3, 1, sharex=True, height_ratios=[len(g) for g in groups])
        for index, (axes, name, cards) in enumerate(zip(panels, CATEGORIES, groups, strict=True)):
            values = probabilities[list(cards)]
            table = np.column_stack([values[:, :-1], np.full(len(cards), np.nan), values[:, -1]])
            rows = np.arange(len(cards) + 1) - 0.5
            chance_cells(axes, edges, rows, np.ma.masked_invalid(table), "Blues")
            for (row, column), value in np.ndenumerate(values):
                if value > 0:
                    axes.text(
                        centres[column],
                        row,
                        _percent(value),
                        ha="center",
                        va="center",
                        fontsize=9,
                        color="white" if value >= DARK else "black",
                    )
            axes.add_patch(
                Rectangle((edges[-2], -0.5), 1, len(cards), fill=False, edgecolor="black", lw=1.5)
            )
            axes.set_yticks(range(len(cards)), [drawable(solution.deck.cards[c]) for c in cards])
            axes.set_ylim(len(cards) - 0.5, -0.5)
            axes.set_ylabel(name, fontweight="bold")
            axes.tick_params(length=0, labelbottom=False, labeltop=index == 0)
        labels = [drawable(shortened(p, MAX_NAME)) for p in players] + ["Envelope"]
        slant = (
            {"rotation": 30, "ha": "left", "rotation_mode": "anchor"} if len(players) > 4 else {}
        )
        panels[0].set_xticks(centres, labels, **slant)
        panels[0].xaxis.set_ticks_position("top")
        panels[0].get_xticklabels()[-1].set_fontweight("bold")
        figure.suptitle("Where each card is", x=0.02, ha="left")
        figure.supxlabel(
            f"Chance each holder has the card, over {solution.consistent_deals:,} possible deals",
            fontsize=9,
            color="0.3",
            x=0.02,
            ha="left",
        )
        return to_png(figure)


def _percent(value: float) -> str:
    """A cell's chance: 100%, 42%, or <1%."""
    if value >= 0.995:
        return "100%"
    return f"{value:.0%}" if value >= 0.005 else "<1%"
