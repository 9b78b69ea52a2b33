"""The colours hexfort draws a map's ground with, as ``#rrggbb`` text (no Qt here).

One table for every picture of a map: the editor's renderer
(:mod:`editor.render.style`) builds its brushes from it and the Tiled export
(:mod:`engine.interop.tile_sheet`) paints its tileset image with it, so a map
opened in Tiled looks like the map in hexfort. Heights read by lightness (0 pale,
2 dark); a wall is a dark slate a little lighter per height; a low obstacle is a
brown inner hex; stairs are brown treads with an arrow pointing up.
"""

from __future__ import annotations

from typing import Final

from engine.mapmodel import Terrain

__all__ = [
    "GRID_LINE",
    "HEIGHT_FILL",
    "LOW_EDGE",
    "LOW_FILL",
    "STAIRS",
    "WALL_EDGE",
    "WALL_FILL",
    "ground_fill",
    "rgb",
]

#: Open ground (and stairs, low obstacles beneath their mark) at height 0, 1, 2.
HEIGHT_FILL: Final = ("#efeadc", "#cdbf9c", "#9f8a63")
#: Walls at height 0, 1, 2: ``#3d424c`` made 0 %, 12 % and 24 % lighter the way Qt's ``QColor.lighter`` does.
WALL_FILL: Final = ("#3d424c", "#444a55", "#4c525e")
#: The outline of every hex.
GRID_LINE: Final = "#8f8672"
#: A low obstacle's inner hex and its edge.
LOW_FILL: Final = "#6f6048"
LOW_EDGE: Final = "#4a3f2d"
#: The edge of a wall's inner hex.
WALL_EDGE: Final = "#24272d"
#: Stairs' treads and arrow.
STAIRS: Final = "#5a4a30"


def ground_fill(height: int, terrain: Terrain) -> str:
    """The fill of a hex of ``height`` (0-2) and ``terrain``; raises IndexError for another height."""
    return (WALL_FILL if terrain is Terrain.WALL else HEIGHT_FILL)[height]


def rgb(colour: str) -> tuple[int, int, int]:
    """The red, green and blue (0-255) of ``#rrggbb``; raises ValueError for other text."""
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"{colour!r} is not a #rrggbb colour")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
