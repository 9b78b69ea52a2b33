"""Selection tools (rectangle, magic wand) and choosing the symmetry centre."""

from __future__ import annotations

from collections.abc import Iterable

from editor.geometry import hexes_in_rect, magic_wand
from editor.tools.base import Gesture, Tool
from engine.hexgrid import Hex
from engine.layout import Point

__all__ = ["RectSelectTool", "SymmetryCenterTool", "WandTool"]


def _combine(old: frozenset[Hex], new: Iterable[Hex], g: Gesture) -> set[Hex]:
    """Shift adds to the selection, Ctrl removes from it, otherwise replace."""
    if g.shift:
        return set(old) | set(new)
    if g.ctrl:
        return set(old) - set(new)
    return set(new)


class RectSelectTool(Tool):
    """Drag a rectangle to select the hexes whose centres are inside (Shift adds, Ctrl removes)."""

    key = "select"
    label = "Select"
    shortcut = "S"
    tip = "Select (S): drag a rectangle; Shift adds, Ctrl removes; Ctrl+C/X/V copy, cut, paste"
    glyph = "select"

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self._from: tuple[float, float] | None = None
        self._to: tuple[float, float] | None = None
        self._press: Gesture | None = None

    def _rect_hexes(self) -> list[Hex]:
        if self._from is None or self._to is None:
            return []
        from editor.render.painter import layout_for

        layout = layout_for(self.doc.map.meta.orientation)
        cells = self.doc.map.cells
        x0, y0 = self._from
        x1, y1 = self._to
        return [h for h in hexes_in_rect(layout, x0, y0, x1, y1) if h in cells]

    def preview_hexes(self) -> Iterable[Hex]:
        return self._rect_hexes()

    def press(self, g: Gesture) -> None:
        self._from = self._to = (g.x, g.y)
        self._press = g
        self.on_preview()

    def move(self, g: Gesture) -> None:
        if self._from is not None:
            self._to = (g.x, g.y)
            self.on_preview()

    def release(self, g: Gesture) -> None:
        if self._from is None or self._press is None:
            return
        self._to = (g.x, g.y)
        hexes = self._rect_hexes()
        if not hexes and self._press.hex == g.hex and g.hex in self.doc.map:
            hexes = [g.hex]
        self.state.set_selection(_combine(self.state.selection, hexes, self._press))
        self._from = self._to = self._press = None
        self.on_preview()

    def cancel(self) -> None:
        self._from = self._to = self._press = None
        super().cancel()


class WandTool(Tool):
    """Click to select the connected area of the same height and terrain (Shift adds, Ctrl removes)."""

    key = "wand"
    label = "Magic wand"
    shortcut = "W"
    tip = "Magic wand (W): select the connected area of the same height and terrain; Shift adds, Ctrl removes"
    glyph = "wand"

    def press(self, g: Gesture) -> None:
        region = magic_wand(self.doc.map, g.hex)
        self.state.set_selection(_combine(self.state.selection, region, g))


class SymmetryCenterTool(Tool):
    """Click a hex (or near an edge's middle) to centre live symmetry painting there."""

    key = "symmetry-center"
    label = "Symmetry centre"
    shortcut = "Y"
    tip = "Symmetry centre (Y): click a hex centre or an edge's middle to mirror and turn about it"
    glyph = "center"

    def press(self, g: Gesture) -> None:
        from editor.render.painter import layout_for

        layout = layout_for(self.doc.map.meta.orientation)
        f = layout.pixel_to_fractional(Point(g.x, g.y))
        c2 = (round(2 * f.q), round(2 * f.r))
        self.state.set_symmetry(self.state.symmetry.kind, c2)
        where = f"hex {c2[0] // 2},{c2[1] // 2}" if c2[0] % 2 == 0 and c2[1] % 2 == 0 else "an edge's middle"
        self.state.tell(f"symmetry centre set on {where}")
