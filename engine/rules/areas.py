"""Shapes of area attacks: splash rings and the flame cone (001 "Attacking", "Units").

Pure hex geometry on a :class:`~engine.rules.board.Board`; the height limit of
area attacks (only hexes at the origin's height are hit) is applied here too.
"""

from __future__ import annotations

from engine.hexgrid import DIRECTIONS, Hex, hex_ring
from engine.rules.board import Board

__all__ = ["cone", "splash_rings", "TWO_D6", "chance_at_least", "crit_chance_at_least"]


def splash_rings(board: Board, center: int, rings: int) -> list[tuple[int, int]]:
    """``(index, ring)`` for on-map hexes within ``rings`` of ``center`` at its standing height.

    Ring 0 is the centre. Walls are never included. 001 "Attacking": area attacks
    only reach hexes at the same height as their origin.
    """
    h0 = board.stand[center]
    c = board.hexes[center]
    out = [(center, 0)]
    for k in range(1, rings + 1):
        for h in hex_ring(c, k):
            j = board.index.get(h)
            if j is not None and not board.wall[j] and board.stand[j] == h0:
                out.append((j, k))
    return out


def cone(board: Board, origin: int, direction: int, reach: int, wide: bool = False) -> list[int]:
    """Indices of the flame cone from ``origin`` toward ``direction`` (0..5), nearest first.

    The cone holds, at each distance k = 1..reach, the ring hexes within
    ``k // 2`` ring steps of the hex k steps straight ahead (a 60° sector: 1, 3,
    3 hexes for reach 3), or within ``k`` steps when ``wide`` (120°: 3, 5, 7).
    Off-map hexes and walls are left out; height and sight are the caller's.
    """
    c = board.hexes[origin]
    d = DIRECTIONS[direction % 6]
    out = []
    for k in range(1, reach + 1):
        ring = hex_ring(c, k)
        ahead = Hex(c.q + d.q * k, c.r + d.r * k)
        at = ring.index(ahead)
        half = k if wide else k // 2
        for off in range(-half, half + 1):
            j = board.index.get(ring[(at + off) % len(ring)])
            if j is not None and not board.wall[j]:
                out.append(j)
    return out


#: Number of ways (of 36) to throw each total on 2d6, and how many of those are doubles.
TWO_D6 = {t: (6 - abs(t - 7), 1 if t % 2 == 0 else 0) for t in range(2, 13)}


def chance_at_least(need: int) -> float:
    """Probability that 2d6 totals at least ``need``."""
    return sum(w for t, (w, _) in TWO_D6.items() if t >= need) / 36.0


def crit_chance_at_least(need: int) -> float:
    """Probability of doubles that also total at least ``need`` (a critical hit)."""
    return sum(dbl for t, (_, dbl) in TWO_D6.items() if t >= need) / 36.0
