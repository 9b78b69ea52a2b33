"""Qt-free blank maps for the New Map dialog: hexagons and rectangles in either orientation."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from engine.hexgrid import ODD, Hex, OffsetCoord, hex_spiral, qoffset_to_cube, roffset_to_cube
from engine.mapmodel import HexMap, MapMeta, Mode, Orientation, default_modes

__all__ = ["Shape", "blank_map", "shape_hexes"]

#: The largest blank map the dialog makes (the file format allows 40,000 hexes).
MAX_SIDE = 200


class Shape(StrEnum):
    """Outline of a new map."""

    RECTANGLE = "rectangle"
    HEXAGON = "hexagon"


#: A new map's columns and rows, the start-up blank map's and File ▸ New map's first offer: an even number of rows,
#: since a pointy-top rectangle of an odd number has no team symmetry (a new-user audit).
BLANK_SIZE: Final = (19, 12)


def shape_hexes(shape: Shape, width: int, height: int, orientation: Orientation) -> list[Hex]:
    """The hexes of a ``width`` × ``height`` rectangle (offset rows/columns) or a hexagon.

    For a hexagon ``width`` is the number of hexes across (odd sizes are exact;
    even ones round down). Raises ValueError for sizes outside 1..200.
    """
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError(f"sizes must be between 1 and {MAX_SIDE}, got {width}×{height}")
    if shape is Shape.HEXAGON:
        return hex_spiral(Hex(0, 0), (width - 1) // 2)
    to_cube = roffset_to_cube if orientation is Orientation.POINTY else qoffset_to_cube
    return [to_cube(ODD, OffsetCoord(c, r)) for r in range(height) for c in range(width)]


def blank_map(
    shape: Shape,
    width: int,
    height: int,
    orientation: Orientation = Orientation.POINTY,
    modes: Iterable[Mode] = (),
    name: str = "Untitled",
) -> HexMap:
    """A map of open height-0 ground in the given shape (for ``modes``, default the first installed mode);
    raises ValueError or MapEditError."""
    meta = MapMeta(name=name, modes=tuple(modes) or default_modes(), orientation=orientation)
    return HexMap.blank(shape_hexes(shape, width, height, orientation), meta)
