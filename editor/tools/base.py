"""The tool protocol: a tool turns canvas gestures (already converted to hexes) into document edits.

Tools never touch graphics items. They read the document and the shared
:class:`~editor.state.EditorState`, push edits through the document, and describe
what the canvas should preview (``cursor_hexes`` under the pointer, ``preview_hexes``
for a gesture in progress).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from editor.document import MapDocument
from editor.edits import Edit, EditRefused
from editor.state import EditorState
from engine.hexgrid import Hex
from engine.mapmodel import MapEditError

__all__ = ["Gesture", "Tool"]


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
    ``glyph`` (what its generated icon shows).
    """

    key = "tool"
    label = "Tool"
    shortcut = ""
    tip = ""
    glyph = "?"
    #: Whether the tool has a footprint that follows the brush size.
    sized = False

    def __init__(self, doc: MapDocument, state: EditorState) -> None:
        self.doc = doc
        self.state = state
        self.on_preview: Callable[[], None] = lambda: None
        self._stroke = 0

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

    # -- helpers ------------------------------------------------------------------

    def begin_stroke(self) -> int:
        """Start a drag stroke: later :meth:`push` calls merge into one undo step."""
        self._stroke = self.doc.new_stroke()
        return self._stroke

    def push(self, make: Callable[[], Edit], text: str) -> bool:
        """Run ``make`` and push its edit in the current stroke; refusals become notices.

        Returns True when the document changed.
        """
        try:
            edit = make()
        except (EditRefused, MapEditError) as e:
            self.state.tell(str(e), getattr(e, "hexes", ()), error=True)
            return False
        return self.doc.apply(edit, text, self._stroke)
