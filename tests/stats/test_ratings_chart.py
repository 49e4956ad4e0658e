"""The forest plot of ratings, looked at as Discord shows it."""

from __future__ import annotations

import random
from functools import cache

import pytest

from stats.charts import DPI, WIDTH, drawable
from stats.charts.fonts import shortened
from stats.charts.ratings import MAX_LABEL, MAX_ROWS, TOP_AXIS_ROWS, ranked, ratings_chart
from stats.ratings.report import PlayerRating
from tests.stats.chart_checks import looking, pixels

NAMES = ("王小明", "🐉 Dragon", "𝓙𝓪𝓷𝓮", "Bartholomew Fitzgerald-Smythe", "سارة", "$x$")


def report(players: int, seed: int = 1) -> list[PlayerRating]:
    """A ratings report's rows for ``players`` random players, in no particular order."""
    rng = random.Random(seed)
    rows = []
    for k in range(players):
        mean, half = rng.gauss(100, 10), rng.uniform(4, 20)
        sd = half / 1.96
        name = NAMES[k] if k < len(NAMES) else f"Player {k:03d}"
        games = rng.randint(3, 60)
        rows.append(
            PlayerRating(
                name, games, (mean - 100) / 15, sd / 15, mean, sd, (mean - half, mean + half)
            )
        )
    return rows


def chart(players: list[PlayerRating], **options) -> bytes:
    return ratings_chart(players, 500, **options)


def labels(look) -> list[str]:
    """The row labels from top to bottom."""
    ticks = look.figure.axes[0].get_yticklabels()
    return [t.get_text() for t in sorted(ticks, key=lambda t: -t.get_position()[1])]


@cache
def tallest() -> int:
    """The height in pixels of a chart with the most rows drawn."""
    return pixels(chart(report(MAX_ROWS)))[1]


def caption(look) -> str:
    return look.figure.get_supxlabel()


@pytest.mark.parametrize("players", [0, 1, 5, TOP_AXIS_ROWS, MAX_ROWS, 100])
def test_every_size_fits_discord_with_nothing_cut_off(players):
    with looking() as look:
        png = chart(report(players))
    width, height = pixels(png)
    assert width == WIDTH * DPI
    assert height <= tallest()
    assert look.cut_off() == []
    assert look.too_small() == []
    assert look.overlapping_ticks() == []


def test_rows_are_ranked_by_the_low_end_and_the_chart_says_so():
    data = report(8)
    with looking() as look:
        chart(data)
    best_first = ranked(data)
    assert [p.iq_ci95[0] for p in best_first] == sorted((p.iq_ci95[0] for p in data), reverse=True)
    assert labels(look) == [
        f"{drawable(shortened(p.name, MAX_LABEL))} ({p.games})" for p in best_first
    ]
    assert "Best first by the low end of the 95% interval" in caption(look)
    assert "(n) = games played" in caption(look)


def test_a_hundred_players_are_capped_with_a_note_of_the_rest():
    with looking() as look:
        png = chart(report(100))
    assert len(labels(look)) == MAX_ROWS
    assert f"Top {MAX_ROWS} of 100 players: {100 - MAX_ROWS} more not shown." in caption(look)
    assert pixels(png)[1] < 2400  # 100 rows were 3,663 pixels tall at half this resolution
    with looking() as look:
        chart(report(100), max_rows=10)
    assert len(labels(look)) == 10
    assert "Top 10 of 100 players: 90 more not shown." in caption(look)
    with pytest.raises(ValueError, match="at least 1"):
        chart(report(3), max_rows=0)


@pytest.mark.parametrize("players, on_top", [(TOP_AXIS_ROWS - 1, False), (TOP_AXIS_ROWS, True)])
def test_a_tall_chart_repeats_the_axis_on_top(players, on_top):
    with looking() as look:
        chart(report(players))
    ticks = look.figure.axes[0].xaxis.get_major_ticks()
    assert any(id(t.label2) in look.drawn for t in ticks) == on_top
    assert any(id(t.label1) in look.drawn for t in ticks)


def test_the_axis_label_and_names_from_anywhere_are_whole():
    data = report(len(NAMES))
    with looking() as look:
        chart(data, title="Clocktower: 500 games, 3+ each")
    strings = look.strings()
    assert "skill on the IQ scale (average 100, sd 15)" in strings
    assert drawable("Clocktower: 500 games, 3+ each") in strings
    drawn = " ".join(strings)
    for name in NAMES[:3]:
        assert name in drawn
    assert "Bartholomew Fitzg…" in drawn
    assert look.cut_off() == []


def test_nobody_qualifying_is_a_note():
    with looking() as look:
        chart(report(0))
    assert "No player has enough games yet." in look.strings()
