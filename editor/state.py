"""Editor settings shared by tools and panels: inks, brush size, symmetry, selection, clipboard.

Not part of the document (none of it is saved or undone), but one object so the
toolbar, the tools and the canvas agree. Widgets write through the setters,
which emit ``changed`` only when a value really changes (no feedback loops).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from editor.edits import Fragment, HeightInk, Ink, TerrainInk
from editor.geometry import BRUSH_SIZES, SymmetryKind, SymmetryMode
from engine.hexgrid import Hex
from engine.mapmodel import Orientation, Terrain

__all__ = ["EditorState"]


class EditorState(QObject):
    """The editor's current settings. ``changed()`` fires after any of them changes.

    ``notice(message, hexes, is_error)`` carries a tool's explanation (for example
    why a track step was refused) to the status bar and the canvas.
    """

    changed = Signal()
    selection_changed = Signal()
    notice = Signal(str, object, bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.height = 1
        self.terrain = Terrain.WALL
        self.stairs_up = 0
        self.brush_size = 1
        self.last_ink_kind = "height"  # which ink fill and line use: "height" or "terrain"
        self.symmetry = SymmetryMode()
        self.selection: frozenset[Hex] = frozenset()
        self.clipboard: Fragment | None = None
        #: The stamp the stamp tool paints, and its name.
        self.stamp: Fragment | None = None
        self.stamp_name = ""

    # -- inks --------------------------------------------------------------------

    def height_ink(self) -> HeightInk:
        """The height brush's ink."""
        return HeightInk(self.height)

    def terrain_ink(self) -> TerrainInk:
        """The terrain brush's ink (stairs carry the chosen up direction)."""
        return TerrainInk(self.terrain, self.stairs_up if self.terrain is Terrain.STAIRS else None)

    def ink(self) -> Ink:
        """The ink of the brush used last (what fill and line paint with)."""
        return self.height_ink() if self.last_ink_kind == "height" else self.terrain_ink()

    def set_height(self, h: int) -> None:
        """Choose the height ink (0..2) and make it the current ink."""
        if (h, "height") != (self.height, self.last_ink_kind):
            self.height = h
            self.last_ink_kind = "height"
            self.changed.emit()

    def set_terrain(self, t: Terrain) -> None:
        """Choose the terrain ink and make it the current ink."""
        if (t, "terrain") != (self.terrain, self.last_ink_kind):
            self.terrain = t
            self.last_ink_kind = "terrain"
            self.changed.emit()

    def set_stairs_up(self, d: int) -> None:
        """Choose the up direction (0..5) stairs are painted with."""
        d %= 6
        if d != self.stairs_up:
            self.stairs_up = d
            self.changed.emit()

    def use_ink_kind(self, kind: str) -> None:
        """Make ``"height"`` or ``"terrain"`` the ink fill and line use."""
        if kind != self.last_ink_kind:
            self.last_ink_kind = kind
            self.changed.emit()

    def set_brush_size(self, size: int) -> None:
        """Choose 1, 7 or 19 hexes; raises ValueError for other sizes."""
        if size not in BRUSH_SIZES:
            raise ValueError(f"brush size must be one of {BRUSH_SIZES}")
        if size != self.brush_size:
            self.brush_size = size
            self.changed.emit()

    def step_brush_size(self, step: int) -> None:
        """Next larger (+1) or smaller (-1) brush size, clamped."""
        i = BRUSH_SIZES.index(self.brush_size) + step
        self.set_brush_size(BRUSH_SIZES[max(0, min(len(BRUSH_SIZES) - 1, i))])

    # -- symmetry ---------------------------------------------------------------

    def set_symmetry(self, kind: SymmetryKind, center2: tuple[int, int] | None = None,
                     orientation: Orientation | None = None) -> None:
        """Choose the live symmetry (and optionally its doubled centre and the map orientation)."""
        new = SymmetryMode(
            kind,
            center2 if center2 is not None else self.symmetry.center2,
            orientation if orientation is not None else self.symmetry.orientation,
        )
        if new != self.symmetry:
            self.symmetry = new
            self.changed.emit()

    # -- selection ---------------------------------------------------------------

    def set_selection(self, hexes: Iterable[Hex]) -> None:
        """Replace the selection."""
        sel = frozenset(hexes)
        if sel != self.selection:
            self.selection = sel
            self.selection_changed.emit()

    # -- pieces in hand -----------------------------------------------------------

    def set_clipboard(self, frag: Fragment | None) -> None:
        """Replace what Paste places (also after turning it)."""
        if frag != self.clipboard:
            self.clipboard = frag
            self.changed.emit()

    def set_stamp(self, frag: Fragment | None, name: str | None = None) -> None:
        """Choose the stamp the stamp tool paints (``name`` None keeps the name, for a turned stamp)."""
        if name is not None:
            self.stamp_name = name
        if frag != self.stamp or name is not None:
            self.stamp = frag
            self.changed.emit()

    def tell(self, message: str, hexes: Iterable[Hex] = (), error: bool = False) -> None:
        """Show ``message`` to the user (status bar; hexes flash on the canvas)."""
        self.notice.emit(message, tuple(hexes), error)
