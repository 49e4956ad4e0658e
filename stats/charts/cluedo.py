"""The Cluedo status chart: where each card is, as a card x holder probability heat map."""

from __future__ import annotations

import numpy as np

from engine.cluedo.solver import Solution
from stats.charts import house_style, new_figure, to_png


def cluedo_chart(solution: Solution) -> bytes:
    """PNG heat map: one row per card (grouped by category), one column per holder."""
    probabilities = solution.location_probabilities()
    cards, holders = solution.deck.cards, solution.holders
    with house_style():
        figure = new_figure(width=1.6 + 0.9 * len(holders), height=7.5)
        axes = figure.add_subplot()
        axes.grid(False)
        image = axes.imshow(probabilities, cmap="viridis", vmin=0.0, vmax=1.0, aspect="auto")
        axes.set_xticks(range(len(holders)), labels=holders, rotation=30, ha="right")
        axes.set_yticks(range(len(cards)), labels=cards, fontsize=9)
        suspects, weapons, _ = solution.deck.category_cards
        for row in (len(suspects), len(suspects) + len(weapons)):
            axes.axhline(row - 0.5, color="white", linewidth=2)
        for (row, column), value in np.ndenumerate(probabilities):
            if value > 0:
                colour = "black" if value > 0.6 else "white"
                axes.text(
                    column, row, _label(value), ha="center", va="center", fontsize=7, color=colour
                )
        axes.set_title(f"Where each card is ({solution.consistent_deals:,} possible deals)")
        figure.colorbar(image, ax=axes, label="probability", shrink=0.8)
        return to_png(figure)


def _label(value: float) -> str:
    """Short text for a non-zero cell: 1, .42, or <.01."""
    if value >= 0.995:
        return "1"
    return f"{value:.2f}".lstrip("0") if value >= 0.01 else "<.01"
