"""The tool protocol and the drag-tool base class every painting tool shares.

Tools never touch graphics items. They read the current document and the shared
:class:`~editor.state.EditorState`, push edits through the document, and describe
what the canvas should preview (``cursor_hexes`` under the pointer, ``preview_hexes``
for a gesture in progress).

:class:`StrokeTool` holds the gesture logic of the painting tools (as Tiled's
``AbstractTileTool`` + ``StampBrush`` do): it tracks the hex under the pointer,
fills the gaps of a fast drag with the hex line between successive pointer hexes,
and merges everything a stroke pushes into one undo step. A concrete tool only
says what a stroke does to a list of hexes (:meth:`StrokeTool.stroke`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from editor.document import MapDocument
from editor.edits import Edit, EditRefused
from editor.geometry import brush_footprint
from editor.state import EditorState
from editor.track_edits import new_jumps
from engine.hexgrid import Hex, hex_linedraw
from engine.mapmodel import HexMap, MapEditError

__all__ = ["Gesture", "StrokeTool", "Tool"]


@dataclass(frozen=True, slots=True)
class Gesture:
    """One pointer event in map terms: the hex, the scene point, button and modifiers."""

    hex: Hex
    x: float
    y: float
    right: bool = False
    shift: bool = False
    ctrl: bool = False


class Tool:
    """Base tool: subclasses override the gesture methods they need.

    Class attributes describe the tool for its toolbar button: ``key`` (stable id),
    ``label``, ``shortcut`` (a QKeySequence string), ``tip`` (tooltip text) and
    ``glyph`` (what its generated icon shows). ``doc`` is the document the tool
    edits; it is None while no document is open, and the canvas sends gestures
    only while it is set.
    """

    key = "tool"
    label = "Tool"
    shortcut = ""
    tip = ""
    glyph = "?"
    #: Whether the tool has a footprint that follows the brush size.
    sized = False

    def __init__(self, doc: MapDocument | None, state: EditorState) -> None:
        self.doc: MapDocument = doc  # type: ignore[assignment] # None only between documents
        self.state = state
        self.on_preview: Callable[[], None] = lambda: None
        self._stroke = 0

    def set_document(self, doc: MapDocument | None) -> None:
        """Edit ``doc`` from now on (the current tab changed); drops any gesture in progress."""
        self.cancel()
        self.doc = doc  # type: ignore[assignment]

    # -- gestures (override) -------------------------------------------------------

    def press(self, g: Gesture) -> None:
        """A button went down on ``g.hex``."""

    def move(self, g: Gesture) -> None:
        """The pointer moved to ``g.hex`` with the button held."""

    def release(self, g: Gesture) -> None:
        """The button came up."""

    def cancel(self) -> None:
        """Escape or tool change: drop any gesture in progress."""
        self._stroke = 0
        self.on_preview()

    def activate(self) -> None:
        """The tool became current."""

    # -- what the canvas previews ---------------------------------------------------

    def cursor_hexes(self, h: Hex) -> Iterable[Hex]:
        """Hexes outlined under the pointer at ``h`` (default: just ``h``)."""
        return (h,)

    def preview_hexes(self) -> Iterable[Hex]:
        """Hexes of a gesture in progress (a line, a rectangle...)."""
        return ()

    def preview_refused(self) -> bool:
        """Whether the gesture in progress would be refused where it is now (the canvas draws its preview red)."""
        return False

    def cursor_piece(self, h: Hex) -> HexMap | None:
        """A piece of map drawn faintly under the pointer at ``h`` (a stamp, the paste), or None."""
        return None

    # -- helpers ------------------------------------------------------------------

    def begin_stroke(self) -> int:
        """Start a drag stroke: later :meth:`push` calls merge into one undo step."""
        self._stroke = self.doc.new_stroke()
        return self._stroke

    def push(self, make: Callable[[], Edit], text: str) -> bool:
        """Run ``make`` and push its edit in the current stroke; refusals become notices.

        Returns True when the document changed. Jumps the edit made in a cart track are told at once
        (:func:`~editor.track_edits.new_jumps`).
        """
        try:
            edit = make()
        except (EditRefused, MapEditError) as e:
            self.state.tell(str(e), getattr(e, "hexes", ()), error=True)
            return False
        before = self.doc.map
        if not self.doc.apply(edit, text, self._stroke):
            return False
        said, hexes = new_jumps(before, self.doc.map)
        if said:
            self.state.tell(said, hexes, error=True)  # the map has an error now (HF107): shown at the pointer
        return True


class StrokeTool(Tool):
    """A tool that paints along a drag; one stroke (press, drags, release) is one undo step.

    The base tracks the pointer hex. On press it calls :meth:`begin` (choose what
    the stroke does, e.g. add or remove) and then :meth:`stroke` with the footprint
    of the pressed hex; on every move to a new hex it calls :meth:`stroke` with the
    hexes of the straight line from the previous pointer hex (so a fast drag leaves
    no gaps), each step's footprint included, in drawing order, without repeats and
    without the previous hex's own step. :meth:`finish` ends it on release.
    Subclasses implement :meth:`stroke` and push their edits with :meth:`push`.
    """

    sized = True

    def __init__(self, doc: MapDocument | None, state: EditorState) -> None:
        super().__init__(doc, state)
        self._last: Hex | None = None
        #: Whether the pointer left the pressed hex during the current stroke.
        self.moved = False

    # -- what a stroke does (override) ---------------------------------------------

    def begin(self, g: Gesture) -> None:
        """The stroke starts at ``g`` (before the first :meth:`stroke` call)."""

    def stroke(self, hexes: list[Hex]) -> None:
        """Do the tool's work on ``hexes`` (the pointer's new steps with their footprints)."""
        raise NotImplementedError

    def finish(self, g: Gesture) -> None:
        """The stroke ended at ``g`` (after the last :meth:`stroke` call)."""

    # -- footprint -----------------------------------------------------------------

    def footprint(self, h: Hex) -> list[Hex]:
        """The hexes one step at ``h`` covers: the brush for sized tools, else just ``h``."""
        return brush_footprint(h, self.state.brush_size) if self.sized else [h]

    def cursor_hexes(self, h: Hex) -> Iterable[Hex]:
        return self.footprint(h)

    def covered(self, steps: Iterable[Hex]) -> list[Hex]:
        """The footprints of ``steps`` in order, without repeats."""
        out: dict[Hex, None] = {}
        for s in steps:
            out.update(dict.fromkeys(self.footprint(s)))
        return list(out)

    # -- the gesture ---------------------------------------------------------------

    def press(self, g: Gesture) -> None:
        self.begin_stroke()
        self._last = g.hex
        self.moved = False
        self.begin(g)
        if self._last is not None:  # begin() may have ended the stroke already
            self.stroke(self.footprint(g.hex))

    def move(self, g: Gesture) -> None:
        if self._last is None or g.hex == self._last:
            return
        steps = hex_linedraw(self._last, g.hex)[1:]
        before = set(self.footprint(self._last))
        self._last = g.hex
        self.moved = True
        self.stroke([h for h in self.covered(steps) if h not in before])

    def release(self, g: Gesture) -> None:
        if self._last is None:
            return
        self.finish(g)
        self._last = None
        self._stroke = 0

    def end_stroke(self) -> None:
        """Stop the stroke now (later moves and the release do nothing)."""
        self._last = None
        self._stroke = 0

    def cancel(self) -> None:
        self._last = None
        super().cancel()
