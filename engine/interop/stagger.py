"""Tiled's staggered hexagonal grid and hexfort's axial coordinates, both ways, exactly.

Tiled has no axial hex grid: a hexagonal map is a rectangle of cells where every
other row (stagger axis ``y``: pointy-topped hexes) or column (stagger axis ``x``:
flat-topped hexes) is pushed half a cell along; the stagger index says whether
the ``odd`` or the ``even`` rows (columns) are the pushed ones. These are Red
Blob's odd-r/even-r and odd-q/even-q offset grids, so a cell converts to a cube
coordinate by :func:`engine.hexgrid.roffset_to_cube` and friends; an ``origin``
hex is added so that a map keeps its own axial coordinates through a round trip.

Pixel positions (where Tiled draws a cell, where an object stands) follow Tiled's
``HexagonalRenderer`` — integer arithmetic included — so an object dropped on a
hex in Tiled lands on that hex here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.hexgrid import (
    EVEN,
    ODD,
    Hex,
    OffsetCoord,
    qoffset_from_cube,
    qoffset_to_cube,
    roffset_from_cube,
    roffset_to_cube,
)

__all__ = ["AXES", "INDICES", "StaggeredGrid"]

AXES: Final = ("x", "y")
INDICES: Final = ("odd", "even")


@dataclass(frozen=True, slots=True)
class StaggeredGrid:
    """One Tiled hexagonal grid: stagger ``axis`` and ``index``, tile size and hex side length (pixels).

    ``origin`` is the hex of cell (0, 0). The sizes must be positive (the side
    length may be 0, which Tiled draws as diamonds); the readers check that.
    """

    axis: str
    index: str
    tile_width: int
    tile_height: int
    side: int
    origin: Hex = Hex(0, 0)

    @property
    def _parity(self) -> int:
        return ODD if self.index == "odd" else EVEN

    def to_hex(self, col: int, row: int) -> Hex:
        """The hex of cell (``col``, ``row``)."""
        c = OffsetCoord(col, row)
        h = roffset_to_cube(self._parity, c) if self.axis == "y" else qoffset_to_cube(self._parity, c)
        return h + self.origin

    def to_cell(self, h: Hex) -> tuple[int, int]:
        """The cell (col, row) of hex ``h`` (any integers; negative ones lie outside the map)."""
        rel = h - self.origin
        c = roffset_from_cube(self._parity, rel) if self.axis == "y" else qoffset_from_cube(self._parity, rel)
        return c.col, c.row

    # -- pixels, as Tiled's HexagonalRenderer computes them ----------------------------

    def _params(self) -> tuple[int, int, int, int, int, int]:
        side_x = self.side if self.axis == "x" else 0
        side_y = self.side if self.axis == "y" else 0
        offset_x = (self.tile_width - side_x) // 2
        offset_y = (self.tile_height - side_y) // 2
        column_width = offset_x + side_x
        row_height = offset_y + side_y
        return side_x, side_y, column_width, row_height, column_width + offset_x, row_height + offset_y

    def _staggered(self, n: int) -> bool:
        return bool((n & 1) ^ (self.index == "even"))

    def top_left(self, col: int, row: int) -> tuple[int, int]:
        """Tiled's ``tileToScreenCoords`` of a cell: the top-left pixel of its tile."""
        side_x, side_y, column_width, row_height, tile_w, tile_h = self._params()
        if self.axis == "x":
            y = row * (tile_h + side_y) + (row_height if self._staggered(col) else 0)
            return col * column_width, y
        x = col * (tile_w + side_x) + (column_width if self._staggered(row) else 0)
        return x, row * row_height

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The pixel centre of a cell (where hexfort puts a point object for it)."""
        x, y = self.top_left(col, row)
        _, _, _, _, tile_w, tile_h = self._params()
        return x + tile_w / 2, y + tile_h / 2

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The cell whose centre is nearest pixel (``x``, ``y``): the hex a point in Tiled stands on."""
        _, _, column_width, row_height, tile_w, tile_h = self._params()
        if self.axis == "x":
            guess_col = int((x - tile_w / 2) // max(1, column_width))
            guess_row = int((y - tile_h / 2) // max(1, tile_h))
        else:
            guess_row = int((y - tile_h / 2) // max(1, row_height))
            guess_col = int((x - tile_w / 2) // max(1, tile_w))
        best: tuple[float, int, int] | None = None
        for col in range(guess_col - 2, guess_col + 3):
            for row in range(guess_row - 2, guess_row + 3):
                cx, cy = self.centre(col, row)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, col, row)
        assert best is not None
        return best[1], best[2]
