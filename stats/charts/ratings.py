"""Forest plot of player ratings: one row per player, mean and 95% interval on the IQ scale.

Rows come sorted as in the report (best lower bound on top); the figure grows with the number
of players so labels stay legible on a phone screen.
"""

from __future__ import annotations

from stats.charts import house_style, new_figure, to_png

ROW_HEIGHT = 0.32
MAX_LABEL = 18


def ratings_chart(report: dict, title: str | None = None) -> bytes:
    """PNG bytes of the forest plot for a ``ratings_report`` dict (a note if nobody qualifies)."""
    players = report["players"]
    with house_style():
        figure = new_figure(width=5.5, height=max(2.2, 1.3 + ROW_HEIGHT * len(players)))
        axes = figure.add_subplot()
        axes.set_title(title or f"Skill ratings ({report['games']} games)", loc="left")
        if not players:
            axes.text(0.5, 0.5, "No player has enough games yet.", ha="center", va="center")
            axes.set_axis_off()
            return to_png(figure)
        rows = range(len(players))[::-1]
        means = [p["iq_mean"] for p in players]
        lows = [p["iq_mean"] - p["iq_ci95"][0] for p in players]
        highs = [p["iq_ci95"][1] - p["iq_mean"] for p in players]
        axes.errorbar(means, rows, xerr=[lows, highs], fmt="o", color="#1f4e79", capsize=3)
        axes.axvline(100, color="grey", linewidth=1, linestyle="--")
        axes.set_yticks(list(rows), [_label(p) for p in players])
        axes.set_xlabel("skill (IQ scale, mean 100, sd 15) with 95% interval")
        axes.grid(axis="y", visible=False)
        return to_png(figure)


def _label(player: dict) -> str:
    name = player["name"]
    if len(name) > MAX_LABEL:
        name = name[: MAX_LABEL - 1] + "…"
    return f"{name} ({player['games']})"
