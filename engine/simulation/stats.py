"""Small fixed-sample statistics for match results: Wilson score intervals and Newcombe intervals for differences.

They describe a number of games fixed in advance; answers watched as games come in use
:mod:`engine.simulation.sequential`.
"""

from __future__ import annotations

import math

__all__ = ["Z95", "difference_interval", "wilson_interval"]

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


def difference_interval(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """An interval for ``k1/n1 - k2/n2`` (Newcombe's hybrid score method, from two Wilson intervals).

    The two samples are independent; ``(-1.0, 1.0)`` when either is empty.
    Raises ValueError as :func:`wilson_interval` does.
    """
    if n1 == 0 or n2 == 0:
        return (-1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson_interval(k1, n1, z)
    l2, u2 = wilson_interval(k2, n2, z)
    d = p1 - p2
    return (max(-1.0, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)),
            min(1.0, d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)))

