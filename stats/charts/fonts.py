"""Fonts that can draw any player's name, and names made safe to draw.

Discord names are written in every script, with emoji and with "fancy" mathematical letters
(𝓙𝓪𝓷𝓮). Matplotlib's DejaVu Sans draws none of those, so the charts use a fallback list: for
each character matplotlib takes the first family in the list that has it. The extra faces come
as dependencies from PyPI, under the SIL Open Font License 1.1: Noto Sans CJK (Chinese,
Japanese, Korean; package ``noto-cjk-sans-otc``), Noto Emoji (monochrome), Noto Sans Symbols and
Noto Sans for other scripts (Arabic to Thai; package ``manimgx-fonts``); STIX, which matplotlib
ships, draws the mathematical letters. A character that no face has is drawn as U+FFFD (an
invisible one is dropped), so no chart ever shows an empty box or logs a missing-glyph warning.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from functools import cache
from importlib.resources import files
from pathlib import Path

import matplotlib
import noto_cjk_sans_otc  # type: ignore[import-untyped]
from matplotlib import font_manager, ft2font

LATIN = "DejaVu Sans"  # matplotlib's own: Latin, Greek, Cyrillic, many symbols
MATH = "STIXGeneral"  # matplotlib's own: the Mathematical Alphanumeric Symbols
NOTO = files("manimgx_fonts")
EMOJI, SYMBOLS = "NotoEmoji[wght].ttf", "NotoSansSymbols[wght].ttf"
LATIN_NOTO = {"NotoSans[wght].ttf", "NotoSans-Italic[wght].ttf"}  # unused: DejaVu draws Latin
PLACED = {EMOJI, SYMBOLS, *LATIN_NOTO}  # the package's faces that are not other scripts
BOLD = 700
MATH_LETTERS = "STIXGeneral, any weight"  # our name for STIX's upright face
REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
INVISIBLE = {"Cf", "Mn", "Me"}  # format characters and combining marks: dropped if undrawable
DIRECTION_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ISOLATE, END_ISOLATE = "\N{FIRST STRONG ISOLATE}", "\N{POP DIRECTIONAL ISOLATE}"


def _shipped(family: str) -> Path:
    """The file of one of matplotlib's own families."""
    prop = font_manager.FontProperties(family=family)
    return Path(font_manager.findfont(prop, fallback_to_default=False))


def _chain() -> list[Path]:
    """Every face in fallback order. Emoji come before CJK and symbols, so a character both
    have (☀) is drawn as an emoji; the scripts' own faces come last, as DejaVu draws most
    punctuation better."""
    scripts = sorted(
        p.name for p in NOTO.iterdir() if p.name.endswith(".ttf") and p.name not in PLACED
    )
    return [
        _shipped(LATIN),
        Path(str(NOTO / EMOJI)),
        Path(str(noto_cjk_sans_otc.FONT_PATH)),
        _shipped(MATH),
        *(Path(str(NOTO / name)) for name in (SYMBOLS, *scripts)),
    ]


@cache
def font_families() -> tuple[str, ...]:
    """The family names of the fallback list (for ``font.family``), registering the faces with
    matplotlib once per process. DejaVu Sans comes with a true bold; every other face comes in
    one weight, so it is registered for bold text too (drawn regular), or bold text would miss
    glyphs or log a warning. STIX is registered under ``MATH_LETTERS``, as mathtext asks for
    ``STIXGeneral`` by name and must keep getting its real bold."""
    shipped, registry = Path(matplotlib.get_data_path()), font_manager.fontManager
    first, *rest = _chain()
    faces, packaged = [], []
    for path in rest:
        face = font_manager.ttfFontProperty(ft2font.FT2Font(str(path)))
        if path.is_relative_to(shipped):
            face = replace(face, name=MATH_LETTERS)
            registry.ttflist.append(face)
        else:
            packaged.append(path)
        faces.append(face)
    registry.ttflist += [replace(face, weight=BOLD) for face in faces]
    for path in packaged:
        registry.addfont(str(path))  # the regular weight; this also empties the lookup cache
    primary = font_manager.ttfFontProperty(ft2font.FT2Font(str(first))).name
    return (primary, *(face.name for face in faces))


@cache
def _covered() -> frozenset[int]:
    """Every code point some face in the list draws (the first face of the CJK collection)."""
    points: set[int] = set()
    for path in _chain():
        points.update(ft2font.FT2Font(str(path)).get_charmap())
    return frozenset(points)


def drawable(text: str) -> str:
    """One line of person-chosen text (a name) as the chart fonts can draw it, read literally
    and kept to itself: an undrawable character becomes U+FFFD (or is dropped if it is
    invisible anyway, like a stray variation selector), ``$`` is escaped so that ``$\\alpha$``
    is never read as mathematics, and explicit direction controls are dropped and the whole
    wrapped in a bidi isolate, so a right-to-left name or a planted override cannot reorder
    the text drawn beside it ("(16)")."""
    covered = _covered()
    kept = []
    for char in text:
        if char in DIRECTION_CONTROLS:
            continue
        if ord(char) in covered and unicodedata.category(char) != "Cc":
            kept.append(char)
        elif unicodedata.category(char) not in INVISIBLE:
            kept.append(REPLACEMENT)
    return ISOLATE + "".join(kept).replace("$", r"\$") + END_ISOLATE


def columns(text: str) -> int:
    """Width in columns: East Asian wide characters and emoji take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def shortened(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` columns, ending in … when cut."""
    if columns(text) <= width:
        return text
    kept, used = [], 1
    for char in text:
        used += columns(char)
        if used > width:
            break
        kept.append(char)
    return "".join(kept).rstrip() + "…"
