"""The Wilson score interval for a binomial proportion.

Unlike the textbook normal ("Wald") interval it never collapses to a point at 0 or n successes
(0 wins in 20 games gives roughly (0, 0.16), not (0, 0)) and it stays inside [0, 1].
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high); (0.0, 1.0) when there are no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"Need 0 <= successes <= trials, got {successes} of {trials}.")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At the edges the closed form is exact in real arithmetic; clamp rounding noise only.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)
