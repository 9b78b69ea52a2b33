"""The picture of hexfort's Tiled tileset: one hex tile per cell kind, drawn as the editor draws it.

Tiled shows a tileset's tiles from an image cut into a grid; hexfort's export
writes this sheet beside the map so the map looks in Tiled as it does in hexfort:
each tile is the hex of Tiled's cell, filled by height and terrain with the
colours of :mod:`engine.palette`, outlined, with a low obstacle's brown inner
hex, a wall's inner outline or stairs' treads and arrow pointing up (shapes and
proportions as :mod:`editor.render.painter` draws them). Outside the hex the tile
is transparent. Cliffs between heights depend on the neighbours, which a tile
cannot know, so they are left out.

Drawn in pure Python (the engine does not use Qt): convex polygons filled with
exact horizontal and 8-times-sampled vertical coverage, so edges are smooth.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine import palette
from engine.hexgrid import DIRECTIONS, Hex
from engine.interop.png import png_bytes
from engine.interop.stagger import StaggeredGrid
from engine.mapmodel import Cell, Terrain

__all__ = ["COLUMNS", "TileSheet", "tile_sheet"]

#: Tiles per row of the sheet.
COLUMNS: Final = 9
_SUB: Final = 8  # vertical samples per pixel row
_INNER: Final = 0.58  # a low obstacle's or a wall's inner hex, as a share of the hex (as the painter draws it)

Point = tuple[float, float]
Polygon = tuple[Point, ...]


@dataclass(frozen=True)
class TileSheet:
    """A tileset image: its PNG bytes, size in pixels and tiles per row (tile id = row * columns + column)."""

    png: bytes
    width: int
    height: int
    columns: int


def _coverage(polygons: Iterable[Polygon], w: int, h: int) -> list[float]:
    """How much of each pixel (0-1, row by row) the convex ``polygons`` cover together."""
    mask = [0.0] * (w * h)
    for poly in polygons:
        edges = list(zip(poly, poly[1:] + poly[:1], strict=True))
        ys = [p[1] for p in poly]
        for py in range(max(0, math.floor(min(ys))), min(h, math.ceil(max(ys)))):
            for k in range(_SUB):
                y = py + (k + 0.5) / _SUB
                xs = [x1 + (y - y1) * (x2 - x1) / (y2 - y1) for (x1, y1), (x2, y2) in edges
                      if y1 <= y < y2 or y2 <= y < y1]
                if len(xs) < 2:
                    continue
                left, right = max(0.0, min(xs)), min(float(w), max(xs))
                for px in range(math.floor(left), min(w, math.ceil(right))):
                    cover = min(px + 1.0, right) - max(float(px), left)
                    if cover > 0:
                        mask[py * w + px] += cover / _SUB
    return [min(1.0, c) for c in mask]


def _ring(outer: Sequence[float], inner: Sequence[float]) -> list[float]:
    return [max(0.0, a - b) for a, b in zip(outer, inner, strict=True)]


def _scaled(poly: Polygon, k: float, centre: Point) -> Polygon:
    cx, cy = centre
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly)


def _segment(a: Point, b: Point, width: float) -> Polygon:
    """A line from ``a`` to ``b`` of ``width`` with flat ends, as a quadrilateral."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n * width / 2, dx / n * width / 2
    return (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)


def _hexagon(axis: str, w: int, h: int, side: int) -> Polygon:
    """The hex of a Tiled cell, in its tile's pixels (as Tiled's hexagonal renderer outlines it)."""
    if axis == "y":
        oy = (h - side) / 2
        return (w / 2, 0.0), (float(w), oy), (float(w), oy + side), (w / 2, float(h)), (0.0, oy + side), (0.0, oy)
    ox = (w - side) / 2
    return (ox, 0.0), (ox + side, 0.0), (float(w), h / 2), (ox + side, float(h)), (ox, float(h)), (0.0, h / 2)


def _up_vectors(axis: str, w: int, h: int, side: int) -> list[Point]:
    """For each hexfort direction, the unit vector on screen from a cell's centre toward that neighbour's."""
    grid = StaggeredGrid(axis, "odd", w, h, side)
    x0, y0 = grid.centre(*grid.to_cell(Hex(0, 0)))
    out = []
    for d in DIRECTIONS:
        x, y = grid.centre(*grid.to_cell(d))
        n = math.hypot(x - x0, y - y0)
        out.append(((x - x0) / n, (y - y0) / n))
    return out


def _stairs(c: Point, up: Point, s: float) -> tuple[list[Polygon], Polygon]:
    """Treads across the up direction (shorter toward the top), a shaft, and the arrow's head pointing up."""
    ux, uy = up
    px, py = -uy, ux
    width = max(1.0, s * 0.06)
    lines = []
    for i, t in enumerate((-0.55, -0.3, -0.05)):
        half = s * (0.52 - 0.1 * i)
        cx, cy = c[0] + ux * t * s, c[1] + uy * t * s
        lines.append(_segment((cx - px * half, cy - py * half), (cx + px * half, cy + py * half), width))
    bx, by = c[0] + ux * 0.3 * s, c[1] + uy * 0.3 * s
    lines.append(_segment((c[0] + ux * 0.05 * s, c[1] + uy * 0.05 * s), (bx, by), width))
    hw = 0.17 * s
    head = ((c[0] + ux * 0.72 * s, c[1] + uy * 0.72 * s), (bx + px * hw, by + py * hw), (bx - px * hw, by - py * hw))
    return lines, head


class _Tile:
    """One tile's pixels as straight (not premultiplied) RGBA floats, painted over one another."""

    def __init__(self, size: int) -> None:
        self.px = [[0.0, 0.0, 0.0, 0.0] for _ in range(size)]

    def paint(self, mask: Sequence[float], colour: str) -> None:
        r, g, b = palette.rgb(colour)
        for p, a in zip(self.px, mask, strict=True):
            if a <= 0.0:
                continue
            below = p[3] * (1.0 - a)
            out = a + below
            p[0], p[1], p[2] = ((r * a + p[0] * below) / out, (g * a + p[1] * below) / out,
                                (b * a + p[2] * below) / out)
            p[3] = out


@lru_cache(maxsize=8)
def tile_sheet(cells: tuple[Cell, ...], axis: str, tile_width: int, tile_height: int, side: int) -> TileSheet:
    """The sheet of ``cells`` (tile id = index) for Tiled cells of stagger ``axis`` (``"x"`` flat hexes,
    ``"y"`` pointy), ``tile_width`` × ``tile_height`` pixels with hex side ``side``.

    Deterministic: the same arguments give the same bytes. Raises ValueError for no
    cells or a size that is not positive.
    """
    if not cells or tile_width <= 0 or tile_height <= 0 or side <= 0:
        raise ValueError("a tile sheet needs cells and positive sizes")
    w, h, s = tile_width, tile_height, float(side)
    centre = (w / 2, h / 2)
    hexagon = _hexagon(axis, w, h, side)
    inner = _scaled(hexagon, _INNER, centre)
    apothem = min(w, h) / 2

    def inset(poly: Polygon, k: float, by: float) -> Polygon:
        return _scaled(poly, k * (1 - by / (apothem * k)), centre)

    ground = _coverage([hexagon], w, h)
    outline = _ring(ground, _coverage([inset(hexagon, 1.0, max(0.6, s * 0.03))], w, h))
    inner_mask = _coverage([inner], w, h)
    low_edge = _ring(inner_mask, _coverage([inset(hexagon, _INNER, max(0.8, s * 0.04))], w, h))
    wall_edge = _ring(inner_mask, _coverage([inset(hexagon, _INNER, max(1.0, s * 0.05))], w, h))
    stairs = []
    for up in _up_vectors(axis, w, h, side):
        lines, head = _stairs(centre, up, s)
        stairs.append(_coverage([*lines, head], w, h))
    rows = math.ceil(len(cells) / COLUMNS)
    sheet_w, sheet_h = COLUMNS * w, rows * h
    rgba = bytearray(sheet_w * sheet_h * 4)
    for i, cell in enumerate(cells):
        tile = _Tile(w * h)
        tile.paint(ground, palette.ground_fill(cell.height, cell.terrain))
        tile.paint(outline, palette.GRID_LINE)
        if cell.terrain is Terrain.LOW:
            tile.paint(inner_mask, palette.LOW_FILL)
            tile.paint(low_edge, palette.LOW_EDGE)
        elif cell.terrain is Terrain.WALL:
            tile.paint(wall_edge, palette.WALL_EDGE)
        elif cell.terrain is Terrain.STAIRS and cell.stairs_up is not None:
            tile.paint(stairs[cell.stairs_up], palette.STAIRS)
        x0, y0 = (i % COLUMNS) * w, (i // COLUMNS) * h
        for y in range(h):
            at = ((y0 + y) * sheet_w + x0) * 4
            rgba[at:at + w * 4] = bytes(min(255, round(v * (255 if c == 3 else 1)))
                                        for p in tile.px[y * w:(y + 1) * w] for c, v in enumerate(p))
    return TileSheet(png_bytes(sheet_w, sheet_h, bytes(rgba)), sheet_w, sheet_h, COLUMNS)
