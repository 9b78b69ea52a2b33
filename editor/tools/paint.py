"""Ground tools: height brush, terrain brush, eraser, flood fill and line."""

from __future__ import annotations

from collections.abc import Iterable

from editor.edits import Edit, erase, paint
from editor.geometry import brush_footprint, line_hexes, magic_wand
from editor.tools.base import Gesture, StrokeTool, Tool
from engine.hexgrid import Hex

__all__ = ["EraserTool", "FillTool", "HeightBrushTool", "LineTool", "TerrainBrushTool"]


class _InkBrush(StrokeTool):
    """Paints the state's height or terrain ink (``ink_kind``) under the brush."""

    ink_kind = "height"

    def activate(self) -> None:
        self.state.use_ink_kind(self.ink_kind)

    def stroke(self, hexes: list[Hex]) -> None:
        ink = self.state.height_ink() if self.ink_kind == "height" else self.state.terrain_ink()
        self.push(lambda: paint(self.doc.map, hexes, ink, self.state.symmetry), f"Paint {ink.describe()}")


class HeightBrushTool(_InkBrush):
    """Paints the chosen height (0, 1 or 2); off-map hexes become new ground."""

    key = "height"
    label = "Height brush"
    shortcut = "H"
    tip = "Height brush (H): paint height 0/1/2 (keys 0, 1, 2); drag to paint, [ ] change the brush size"
    glyph = "height"
    ink_kind = "height"


class TerrainBrushTool(_InkBrush):
    """Paints the chosen terrain (open, wall, low obstacle, stairs with their up direction)."""

    key = "terrain"
    label = "Terrain brush"
    shortcut = "T"
    tip = "Terrain brush (T): paint open ground, wall, low obstacle or stairs (D turns the stairs)"
    glyph = "terrain"
    ink_kind = "terrain"


class EraserTool(StrokeTool):
    """Removes hexes (and everything on them) from the map."""

    key = "eraser"
    label = "Eraser"
    shortcut = "E"
    tip = "Eraser (E): remove hexes and anything on them; drag to erase more"
    glyph = "eraser"

    def stroke(self, hexes: list[Hex]) -> None:
        self.push(lambda: erase(self.doc.map, hexes, self.state.symmetry), "Erase")


class FillTool(Tool):
    """Floods the connected region of the same height and terrain with the current ink."""

    key = "fill"
    label = "Flood fill"
    shortcut = "F"
    tip = "Flood fill (F): fill the connected area of the same height and terrain with the last brush's ink"
    glyph = "fill"

    def press(self, g: Gesture) -> None:
        m = self.doc.map
        region = magic_wand(m, g.hex)
        if not region:
            self.state.tell(f"hex {g.hex} is not on the map; fill works on ground", [g.hex], error=True)
            return
        ink = self.state.ink()
        self._stroke = 0

        def make() -> Edit:
            return paint(m, sorted(region), ink, self.state.symmetry)

        self.push(make, f"Fill with {ink.describe()}")


class LineTool(Tool):
    """Drag from one hex to another to paint a straight line with the current ink."""

    key = "line"
    label = "Line"
    shortcut = "L"
    tip = "Line (L): drag from start to end to paint a straight line with the last brush's ink"
    glyph = "line"
    sized = True

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self._start: Hex | None = None
        self._end: Hex | None = None

    def cursor_hexes(self, h: Hex) -> Iterable[Hex]:
        return brush_footprint(h, self.state.brush_size)

    def preview_hexes(self) -> Iterable[Hex]:
        if self._start is None or self._end is None:
            return ()
        return line_hexes(self._start, self._end, self.state.brush_size)

    def press(self, g: Gesture) -> None:
        self._start = self._end = g.hex
        self.on_preview()

    def move(self, g: Gesture) -> None:
        if self._start is not None and g.hex != self._end:
            self._end = g.hex
            self.on_preview()

    def release(self, g: Gesture) -> None:
        if self._start is None:
            return
        hexes = line_hexes(self._start, g.hex, self.state.brush_size)
        self._start = self._end = None
        self.on_preview()
        ink = self.state.ink()
        self._stroke = 0
        self.push(lambda: paint(self.doc.map, hexes, ink, self.state.symmetry), f"Line of {ink.describe()}")

    def cancel(self) -> None:
        self._start = self._end = None
        super().cancel()
