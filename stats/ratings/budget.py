"""A time budget for the model comparisons, so that a caller with a deadline (a Discord reply)
hears "not worked out in time" instead of waiting past it.

Work is checked between EP fits, which take at most a few seconds each at the sizes we accept;
a comparison that is estimated not to fit in what remains is not started at all.
"""

from __future__ import annotations

import time


class OutOfTime(Exception):
    """The budget ran out before a comparison was finished."""


class Budget:
    """Seconds of wall-clock time from now; ``None`` means no limit."""

    def __init__(self, seconds: float | None = None):
        self.seconds = seconds
        self.end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float:
        return float("inf") if self.end is None else self.end - time.monotonic()

    def check(self) -> None:
        """Raise OutOfTime once the budget is spent."""
        if self.remaining() <= 0:
            raise OutOfTime


UNLIMITED = Budget()
