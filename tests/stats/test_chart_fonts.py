"""Names from anywhere are drawn, not boxed: the fallback fonts and ``drawable``."""

from __future__ import annotations

import unicodedata

import numpy as np
import pytest
from matplotlib.figure import Figure

from stats.charts import house_style, new_figure, to_png
from stats.charts.fonts import (
    END_ISOLATE,
    ISOLATE,
    MATH_LETTERS,
    REPLACEMENT,
    columns,
    drawable,
    font_families,
    shortened,
)
from tests.stats.chart_checks import decode, looking, pixels

NAMES = {
    "Chinese": "王小明",
    "Japanese": "さくら・サクラ",
    "Korean": "김민준",
    "emoji": "🐉 Dragon 👍🏽",
    "emoji sequence": "Ann 👩‍👩‍👧",
    "flag": "🇺🇦 Olena",
    "script letters": "𝓙𝓪𝓷𝓮",
    "fraktur": "𝔐𝔞𝔯𝔨",
    "double-struck": "𝔸𝕝𝕖𝕩",
    "bold": "𝐁𝐨𝐥𝐝",
    "Arabic": "سارة",
    "Hebrew": "דוד",
    "Devanagari": "नमस्ते",
    "Thai": "ธนา",
    "Cyrillic and Greek": "Жанна Αλέξης",
}


def _ink(text: str) -> np.ndarray:
    """The text drawn alone in black on white, as a grey-level array."""
    with house_style():
        figure = new_figure(3, 0.6)
        figure.text(0.05, 0.3, text, fontsize=14)
        png = to_png(figure)
    return decode(png)[..., :3].mean(axis=2)


@pytest.mark.parametrize("kind", NAMES)
def test_every_kind_of_name_is_drawn_with_real_glyphs(kind):
    """No missing-glyph warning (``looking`` fails on one), nothing replaced, and ink on the
    page: the fallback list found a face for every character."""
    name = NAMES[kind]
    assert REPLACEMENT not in drawable(name)
    with looking():
        ink = _ink(drawable(name))
    assert (ink < 0.5).sum() > 50


def test_distinct_characters_get_distinct_glyphs():
    """The Last Resort face draws one box per Unicode block, so two characters of one block
    looking alike would mean a box: they must differ."""
    for first, second in (("王", "明"), ("𝓙", "𝓪"), ("🐉", "👍"), ("김", "준")):
        with looking():
            assert not np.array_equal(_ink(first), _ink(second))


def test_the_fallback_faces_are_registered_in_order():
    families = font_families()
    assert families[0] == "DejaVu Sans"
    assert {"Noto Emoji", "Noto Sans CJK JP", MATH_LETTERS, "Noto Sans Symbols"} <= set(families)
    assert families.index("Noto Emoji") < families.index("Noto Sans CJK JP")


def test_bold_text_in_the_fallback_faces_logs_nothing():
    with looking(), house_style():
        figure = new_figure(3, 0.6)
        figure.text(0.05, 0.3, drawable("王 🐉 𝓙 Bold"), fontweight="bold")
        to_png(figure)


def test_undrawable_and_invisible_characters():
    assert drawable("a\u0007b") == f"{ISOLATE}a{REPLACEMENT}b{END_ISOLATE}"  # a control character
    assert drawable("\U000e0001x") == f"{ISOLATE}x{END_ISOLATE}"  # an invisible tag: dropped
    assert drawable("\ud800") == f"{ISOLATE}{REPLACEMENT}{END_ISOLATE}"  # a lone surrogate
    unassigned = chr(0x0378)
    assert unicodedata.category(unassigned) == "Cn"
    assert drawable(unassigned) == f"{ISOLATE}{REPLACEMENT}{END_ISOLATE}"


def test_a_name_cannot_reorder_or_restyle_the_text_beside_it():
    planted = "abc\u202edef"  # a right-to-left override
    assert drawable(planted) == f"{ISOLATE}abcdef{END_ISOLATE}"
    assert drawable("$x^2$ and $y$") == f"{ISOLATE}\\$x^2\\$ and \\$y\\${END_ISOLATE}"
    with looking() as look, house_style():
        figure = new_figure(3, 0.6)
        figure.text(0.05, 0.3, drawable(r"$\notacommand$"))  # as mathematics: a parse error
        to_png(figure)
    assert look.strings() == [drawable(r"$\notacommand$")]


def test_columns_and_shortening():
    assert columns("abc") == 3 and columns("王小明") == 6 and columns("🐉x") == 3
    assert shortened("Bartholomew", 20) == "Bartholomew"
    assert shortened("Bartholomew Fitzgerald", 12) == "Bartholomew…"
    assert shortened("長い名前の人がここに", 8) == "長い名…"
    assert columns(shortened("長い名前の人がここに", 8)) <= 8


def test_the_checks_catch_cut_off_and_tiny_text():
    """The image tests' own checks fail on a chart that is wrong, so their passing means
    something."""
    with looking() as look, house_style():
        figure = new_figure(3, 1)
        figure.text(0.9, 0.5, "this sentence runs off the right edge")
        figure.text(0.1, 0.2, "tiny", fontsize=5)
        axes = figure.add_subplot()
        axes.set_yticks([0, 0.01], ["a long overlapping label", "another long label"])
        png = to_png(figure)
    assert pixels(png) == (600, 200)
    assert any("right edge" in problem for problem in look.cut_off())
    assert look.too_small() == ["'tiny' is 5 pt"]
    assert look.overlapping_ticks()
    assert isinstance(look.figure, Figure)
