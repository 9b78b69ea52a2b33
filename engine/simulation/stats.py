"""Small statistics for match results: Wilson score intervals."""

from __future__ import annotations

import math

__all__ = ["wilson_interval"]

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Better than the normal approximation near 0 and 1 and for small samples;
    ``(0.0, 1.0)`` when there are no trials. Raises ValueError if
    ``successes`` is not within ``0..trials``.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..{trials}, got {successes}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
