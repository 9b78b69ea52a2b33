"""The editor draws the ground with engine.palette's colours, the same ones the Tiled export's tile picture
uses: the walls' table is the shade the editor used to compute (Qt's QColor.lighter by 12 % per height)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from editor.render.style import MapStyle
from engine import palette
from engine.mapmodel import Terrain


@pytest.mark.parametrize("height", [0, 1, 2])
def test_the_editor_fills_each_height_and_terrain_from_the_palette(qapp, height: int) -> None:  # type: ignore[no-untyped-def]
    style = MapStyle(32.0)
    for terrain in Terrain:
        assert style.ground[(height, terrain)].color().name() == palette.ground_fill(height, terrain)
    assert palette.WALL_FILL[height] == QColor(palette.WALL_FILL[0]).lighter(100 + 12 * height).name()
    assert style.low_brush.color().name() == palette.LOW_FILL
