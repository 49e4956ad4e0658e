"""What every chart test looks at: the picture's size and each piece of text as drawn.

``looking()`` records, while a chart is made, every text matplotlib actually draws (with where
it landed) and every figure saved, and turns a missing glyph or a font fallback warning into a
failure. ``Look`` then lists text cut off by the picture's edge or by its own clip box, text
smaller than the house minimum, and tick labels that overlap.
"""

from __future__ import annotations

import io
import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from unittest.mock import patch

import matplotlib.image as mpimg
import numpy as np
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from stats.charts import SMALLEST

TOLERANCE = 1.0  # pixels


@dataclass
class Look:
    figures: list[Figure] = field(default_factory=list)
    drawn: dict[int, tuple[Text, Bbox]] = field(default_factory=dict)
    logged: list[str] = field(default_factory=list)

    @property
    def figure(self) -> Figure:
        (figure,) = self.figures
        return figure

    @property
    def texts(self) -> list[tuple[Text, Bbox]]:
        return list(self.drawn.values())

    def strings(self) -> list[str]:
        return [text.get_text() for text, _ in self.texts]

    def cut_off(self) -> list[str]:
        """Text that runs over the picture's edge or out of its own clip box."""
        found = []
        for text, box in self.texts:
            name, edge = repr(text.get_text()), text.get_figure(root=True).bbox
            if not _inside(box, edge):
                found.append(f"{name} is cut off by the picture's edge ({box} outside {edge})")
            clip = text.get_clip_box()
            if text.get_clip_on() and clip is not None and not _inside(box, clip):
                found.append(f"{name} is cut off by its clip box")
        return found

    def too_small(self, points: float = SMALLEST) -> list[str]:
        """Text under ``points`` in size."""
        return [
            f"{text.get_text()!r} is {text.get_fontsize():.3g} pt"
            for text, _ in self.texts
            if text.get_fontsize() < points
        ]

    def overlapping_ticks(self) -> list[str]:
        """Pairs of tick labels on one side of one axis that overlap (upright labels only: a
        slanted label's box is much larger than its letters)."""
        found = []
        axes_seen = [axes for figure in self.figures for axes in figure.axes]
        for axis in [axis for axes in axes_seen for axis in (axes.xaxis, axes.yaxis)]:
            for side in ("label1", "label2"):
                boxes = [
                    self.drawn[id(label)][1]
                    for tick in axis.get_major_ticks()
                    if id(label := getattr(tick, side)) in self.drawn and label.get_rotation() == 0
                ]
                for i, a in enumerate(boxes):
                    for b in boxes[i + 1 :]:
                        both = Bbox.intersection(a, b)
                        if both is not None and min(both.width, both.height) > TOLERANCE:
                            found.append(f"tick labels overlap on the {axis.axis_name} axis")
        return found


def _inside(box: Bbox, outer: Bbox) -> bool:
    return (
        box.x0 >= outer.x0 - TOLERANCE
        and box.y0 >= outer.y0 - TOLERANCE
        and box.x1 <= outer.x1 + TOLERANCE
        and box.y1 <= outer.y1 + TOLERANCE
    )


def decode(png: bytes) -> np.ndarray:
    """The picture as an array of rows of RGBA pixels."""
    return mpimg.imread(io.BytesIO(png), format="png")


def pixels(png: bytes) -> tuple[int, int]:
    """(width, height) of a PNG."""
    height, width = decode(png).shape[:2]
    return width, height


class _Collect(logging.Handler):
    def __init__(self, look: Look) -> None:
        super().__init__(logging.WARNING)
        self.look = look

    def emit(self, record: logging.LogRecord) -> None:
        self.look.logged.append(record.getMessage())


@contextmanager
def looking() -> Iterator[Look]:
    """Record what the charts made inside draw and save; fail on any glyph or font warning."""
    look = Look()
    draw_text, savefig = Text.draw, Figure.savefig

    def drawing(text: Text, renderer) -> None:
        draw_text(text, renderer)
        if text.get_visible() and text.get_text().strip():
            look.drawn[id(text)] = (text, text.get_window_extent(renderer))

    def saving(figure: Figure, *args, **kwargs):
        look.figures.append(figure)
        return savefig(figure, *args, **kwargs)

    handler = _Collect(look)
    fonts = logging.getLogger("matplotlib.font_manager")
    fonts.addHandler(handler)
    try:
        with (
            patch.object(Text, "draw", drawing),
            patch.object(Figure, "savefig", saving),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("error", UserWarning)
            yield look
    finally:
        fonts.removeHandler(handler)
    assert not look.logged, look.logged
