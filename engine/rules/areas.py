"""Shapes of area attacks: splash rings and the flame cone (001 "Attacking", "Units").

Pure hex geometry on a :class:`~engine.rules.board.Board`; the height limit of
area attacks (only hexes at the origin's height are hit) is applied here too.
"""

from __future__ import annotations

from engine.hexgrid import DIRECTIONS, Hex, hex_ring
from engine.rules.board import Board

__all__ = ["cone", "splash_rings"]


def _ring_offsets(radius: int) -> tuple[tuple[int, int], ...]:
    """``(dq, dr)`` of :func:`~engine.hexgrid.hex_ring` around 0,0, in its order (cached)."""
    hit = _RINGS.get(radius)
    if hit is None:
        hit = _RINGS[radius] = tuple((h.q, h.r) for h in hex_ring(Hex(0, 0), radius))
    return hit


_RINGS: dict[int, tuple[tuple[int, int], ...]] = {}


def splash_rings(board: Board, center: int, rings: int) -> tuple[tuple[int, int], ...]:
    """``(index, ring)`` for on-map hexes within ``rings`` of ``center`` at its standing height.

    Ring 0 is the centre. Walls are never included. 001 "Attacking": area attacks
    only reach hexes at the same height as their origin. Cached per board.
    """
    cache: dict[tuple[int, int], tuple[tuple[int, int], ...]] | None = board.cache.get("areas.splash")
    if cache is None:
        cache = board.cache["areas.splash"] = {}
    hit = cache.get((center, rings))
    if hit is not None:
        return hit
    h0 = board.stand[center]
    q, r = board.q[center], board.r[center]
    at = board.at
    out = [(center, 0)]
    for k in range(1, rings + 1):
        for dq, dr in _ring_offsets(k):
            j = at(q + dq, r + dr)
            if j >= 0 and not board.wall[j] and board.stand[j] == h0:
                out.append((j, k))
    result = tuple(out)
    cache[(center, rings)] = result
    return result


def cone(board: Board, origin: int, direction: int, reach: int, wide: bool = False) -> tuple[int, ...]:
    """Indices of the flame cone from ``origin`` toward ``direction`` (0..5), nearest first.

    The cone holds, at each distance k = 1..reach, the ring hexes within
    ``k // 2`` ring steps of the hex k steps straight ahead (a 60° sector: 1, 3,
    3 hexes for reach 3), or within ``k`` steps when ``wide`` (120°: 3, 5, 7).
    Off-map hexes and walls are left out; height and sight are the caller's. Cached per board.
    """
    cache: dict[tuple[int, int, int, bool], tuple[int, ...]] | None = board.cache.get("areas.cone")
    if cache is None:
        cache = board.cache["areas.cone"] = {}
    key = (origin, direction % 6, reach, wide)
    hit = cache.get(key)
    if hit is not None:
        return hit
    q, r = board.q[origin], board.r[origin]
    d = DIRECTIONS[direction % 6]
    at = board.at
    out = []
    for k in range(1, reach + 1):
        ring = _ring_offsets(k)
        i = ring.index((d.q * k, d.r * k))
        half = k if wide else k // 2
        for off in range(-half, half + 1):
            dq, dr = ring[(i + off) % len(ring)]
            j = at(q + dq, r + dr)
            if j >= 0 and not board.wall[j]:
                out.append(j)
    result = tuple(out)
    cache[key] = result
    return result
