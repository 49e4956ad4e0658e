"""The Cluedo heat map, looked at as Discord shows it."""

from __future__ import annotations

from functools import cache

import pytest

from engine.cluedo import notebook_from_json, solve
from stats.charts import DPI, WIDTH
from stats.charts.cluedo import CATEGORIES, GAP, cluedo_chart
from tests.engine.cluedo.test_cluedo_notebook import LOG
from tests.stats.chart_checks import looking, pixels

SIX = {
    "players": ["Ann", "王小明", "🐉 Dragon", "Bartholomew Fitzgerald", "Eve", "Fay"],
    "me": "Ann",
    "my_cards": ["Dagger", "Hall", "Plum"],
    "events": [
        {
            "suggester": "王小明",
            "suspect": "Green",
            "weapon": "Rope",
            "room": "Hall",
            "responder": "🐉 Dragon",
            "shown": None,
        },
        {
            "suggester": "Ann",
            "suspect": "Mustard",
            "weapon": "Wrench",
            "room": "Lounge",
            "responder": "Bartholomew Fitzgerald",
            "shown": "Wrench",
        },
    ],
}
LOGS = {"three players": LOG, "six players": SIX}


@cache
def drawn(name: str):
    solution = solve(notebook_from_json(LOGS[name]))
    with looking() as look:
        png = cluedo_chart(solution)
    return solution, png, look


@pytest.mark.parametrize("name", LOGS)
def test_fits_discord_with_nothing_cut_off(name):
    solution, png, look = drawn(name)
    width, height = pixels(png)
    assert width == WIDTH * DPI and height < 8 * DPI
    assert look.cut_off() == []
    assert look.too_small() == []
    assert look.overlapping_ticks() == []


@pytest.mark.parametrize("name", LOGS)
def test_suspects_weapons_and_rooms_are_labelled(name):
    solution, _, look = drawn(name)
    panels = look.figure.axes
    assert [axes.get_ylabel() for axes in panels] == list(CATEGORIES)
    for axes, cards in zip(panels, solution.deck.category_cards, strict=True):
        names = [label.get_text() for label in axes.get_yticklabels()]
        assert len(names) == len(cards)
        assert all(solution.deck.cards[c] in n for c, n in zip(cards, names, strict=True))


@pytest.mark.parametrize("name", LOGS)
def test_the_envelope_column_is_set_apart(name):
    solution, _, look = drawn(name)
    top = look.figure.axes[0]
    columns = top.get_xticks()
    players = len(solution.holders) - 1
    assert list(columns[:players]) == list(range(players))
    assert columns[-1] - columns[-2] == pytest.approx(1 + GAP)  # a gap before the envelope
    envelope = top.get_xticklabels()[-1]
    assert envelope.get_text() == "Envelope" and envelope.get_fontweight() == "bold"
    framed = [p for p in top.patches if p.get_x() == pytest.approx(columns[-1] - 0.5)]
    assert framed and framed[0].get_linewidth() > 1


@pytest.mark.parametrize("name", LOGS)
def test_every_chance_is_written_legibly_inside_its_cell(name):
    """Each non-zero cell carries its percentage, at 9 pt, inside the cell's own square."""
    solution, _, look = drawn(name)
    probabilities = solution.location_probabilities()
    written = 0
    for axes, cards in zip(look.figure.axes, solution.deck.category_cards, strict=True):
        for text in axes.texts:
            x, row = text.get_position()
            column = list(look.figure.axes[0].get_xticks()).index(x)
            value = probabilities[cards[int(row)], column]
            assert value > 0 and text.get_text().endswith("%")
            assert text.get_fontsize() >= 9
            box = look.drawn[id(text)][1]
            left, bottom = axes.transData.transform((x - 0.5, row + 0.5))
            right, top = axes.transData.transform((x + 0.5, row - 0.5))
            assert left <= box.x0 and box.x1 <= right and bottom <= box.y0 and box.y1 <= top
            written += 1
    assert written == (probabilities > 0).sum()
