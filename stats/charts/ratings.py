"""Forest plot of player ratings: one row per player, mean and 95% interval on the IQ scale.

Rows are ranked as the report ranks them, best first by the low end of the 95% interval (a
player must be both good and well measured to rank high), and the chart says so. At most
``max_rows`` players are drawn, the rest counted in a note, so a big server's chart stays a
picture rather than a scroll; a tall chart repeats the skill axis at its top.
"""

from __future__ import annotations

from collections.abc import Iterable

from stats.charts import WIDTH, drawable, house_style, new_figure, to_png
from stats.charts.fonts import shortened
from stats.ratings.report import PlayerRating

MAX_ROWS = 30
ROW_HEIGHT = 0.3  # inches per player
TOP_AXIS_ROWS = 12  # from this many rows on, the axis is drawn at the top too
MAX_LABEL = 18  # columns of a name (a CJK character or emoji takes two)
COLOUR = "#1f4e79"


def ranked(players: Iterable[PlayerRating]) -> list[PlayerRating]:
    """The report's ranking: highest low end of the 95% interval first, then by name."""
    return sorted(players, key=lambda p: (-p.iq_ci95[0], p.name))


def ratings_chart(
    players: Iterable[PlayerRating], games: int, title: str | None = None, max_rows: int = MAX_ROWS
) -> bytes:
    """PNG bytes of the forest plot of a ratings report's ``players``, rated from ``games``
    games (a note if nobody qualifies): the best ``max_rows`` players, with a note of how many
    more there are."""
    if max_rows < 1:
        raise ValueError(f"max_rows must be at least 1, not {max_rows}.")
    ranking = ranked(players)
    shown, left_out = ranking[:max_rows], len(ranking) - max_rows
    rows = range(len(shown))[::-1]
    with house_style():
        figure = new_figure(WIDTH, 1.9 + ROW_HEIGHT * max(len(shown), 2))
        axes = figure.add_subplot()
        heading = title or f"Skill ratings ({games} games)"
        figure.suptitle(drawable(heading), x=0.02, ha="left")
        if not shown:
            axes.text(0.5, 0.5, "No player has enough games yet.", ha="center", va="center")
            axes.set_axis_off()
            return to_png(figure)
        notes = ["Best first by the low end of the 95% interval; (n) = games played."]
        if left_out > 0:
            notes.append(f"Top {len(shown)} of {len(ranking)} players: {left_out} more not shown.")
        figure.supxlabel("\n".join(notes), x=0.02, ha="left", fontsize=9, color="0.3")
        means = [p.iq_mean for p in shown]
        lows = [p.iq_mean - p.iq_ci95[0] for p in shown]
        highs = [p.iq_ci95[1] - p.iq_mean for p in shown]
        axes.errorbar(means, rows, xerr=[lows, highs], fmt="o", color=COLOUR, capsize=3)
        axes.axvline(100, color="grey", linewidth=1, linestyle="--")
        axes.set_yticks(list(rows), [_label(p) for p in shown])
        axes.set_ylim(-0.7, len(shown) - 0.3)
        axes.set_xlabel("skill on the IQ scale (average 100, sd 15)")
        if len(shown) >= TOP_AXIS_ROWS:
            axes.tick_params(axis="x", top=True, labeltop=True)
        axes.grid(axis="y", visible=False)
        return to_png(figure)


def _label(player: PlayerRating) -> str:
    return f"{drawable(shortened(player.name, MAX_LABEL))} ({player.games})"
