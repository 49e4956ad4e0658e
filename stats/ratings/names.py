"""Names that are safe to print, and a safe way to print any other.

A name is text that ends up in terminals, JSON, Discord messages and charts. Three kinds of
character make that text lie: control characters (an ANSI escape starts with ESC and can
recolour or rewrite a terminal), bidirectional overrides and isolates (they reorder what
follows, so "Bee" can display as someone else's result), and names with nothing visible at all
(zero-width spaces, joiners, Hangul fillers: a player nobody can see or tell apart). Imports
refuse such names (``name_problem``); names that arrive some other way, such as a Discord
display name, are printed through ``shown``, which writes those characters as \\u escapes.
Zero-width joiners inside an otherwise visible name (emoji sequences, Indic scripts) are fine.
"""

from __future__ import annotations

import functools
import unicodedata

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Letters by category that draw nothing: Hangul fillers and the blank braille pattern.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Format, control, separator and combining-mark categories draw nothing on their own.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})


@functools.lru_cache(maxsize=1 << 16)  # a big import names the same players again and again
def name_problem(name: str) -> str | None:
    """Why ``name`` can't be printed as it is (a sentence fragment), or None if it can."""
    if name.isascii() and name.isprintable() and not name.isspace():
        return None
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return "contains a control character (such as a terminal escape)"
    if any(ch in BIDI_CONTROLS for ch in name):
        return "contains a character that reverses the direction of the text"
    if not any(_visible(ch) for ch in name):
        return "has no visible characters"
    return None


def shown(name: str) -> str:
    """``name`` ready to print: control characters and direction overrides escaped, and every
    character escaped when none of them is visible."""
    if not any(_visible(ch) for ch in name):
        return "".join(_escape(ch) for ch in name)
    return "".join(
        _escape(ch) if ch in BIDI_CONTROLS or unicodedata.category(ch) == "Cc" else ch
        for ch in name
    )


def _visible(ch: str) -> bool:
    return unicodedata.category(ch) not in _INVISIBLE_CATEGORIES and ch not in _BLANK_LETTERS


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
