"""Placing a piece in hand: Paste (the clipboard) and the stamp tool (a stamp of the library).

Both show the piece itself, drawn faintly under the pointer, and place it with a
click (one undo step). Ctrl+R turns and Ctrl+M mirrors the piece in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from editor.edits import Fragment, paste_fragment
from editor.stamps import fragment_to_map
from editor.tools.base import Gesture, Tool
from engine.hexgrid import Hex, Symmetry
from engine.mapmodel import HexMap, MapEditError

__all__ = ["PasteTool", "PlaceTool", "StampTool"]


class PlaceTool(Tool):
    """Shows a piece under the pointer; a click places it. Subclasses say which piece."""

    #: What the piece is called in messages and undo text.
    noun = "piece"

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self._drawn: tuple[int, Hex, HexMap | None] | None = None

    def piece(self) -> Fragment | None:
        """The piece in hand (None: nothing to place)."""
        raise NotImplementedError

    def set_piece(self, frag: Fragment) -> None:
        """Replace the piece in hand (after turning it)."""
        raise NotImplementedError

    def transform(self, sym: Symmetry) -> bool:
        """Turn or mirror the piece in hand about its anchor; False when there is none."""
        frag = self.piece()
        if frag is None:
            return False
        self.set_piece(frag.transformed(sym))
        return True

    def cursor_hexes(self, h: Hex) -> Iterable[Hex]:
        frag = self.piece()
        return frag.at(h) if frag is not None else (h,)

    def cursor_piece(self, h: Hex) -> HexMap | None:
        frag = self.piece()
        if frag is None:
            return None
        if self._drawn is None or self._drawn[0] != id(frag) or self._drawn[1] != h:
            try:
                drawn: HexMap | None = fragment_to_map(frag, anchor=h)
            except MapEditError:
                drawn = None
            self._drawn = (id(frag), h, drawn)
        return self._drawn[2]

    def placed(self, hexes: list[Hex]) -> None:
        """The piece was placed on ``hexes``."""

    def undo_text(self) -> str:
        """How the undo history names one placement."""
        return self.label

    def press(self, g: Gesture) -> None:
        frag = self.piece()
        if frag is None:
            self.state.tell(f"no {self.noun} to place; {self.missing_hint}", error=True)
            return
        self._stroke = 0
        self.anchor = g.hex
        if self.push(lambda: paste_fragment(self.doc.map, frag, g.hex), self.undo_text()):
            self.placed(frag.at(g.hex))

    missing_hint = ""
    #: Where the last piece was placed (its anchor hex).
    anchor: Hex | None = None


class PasteTool(PlaceTool):
    """Places the clipboard once, selects it and goes back to the selection tool."""

    key = "paste"
    label = "Paste"
    shortcut = ""
    tip = "Paste: click to place the copied hexes; Ctrl+R turns, Ctrl+M mirrors them; Esc stops"
    glyph = "paste"
    noun = "copied hexes"
    missing_hint = "select hexes and copy them first"

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self.on_done: Callable[[], None] = lambda: None

    def piece(self) -> Fragment | None:
        return self.state.clipboard

    def set_piece(self, frag: Fragment) -> None:
        self.state.set_clipboard(frag)

    def placed(self, hexes: list[Hex]) -> None:
        self.state.set_selection(hexes)
        frag, anchor = self.piece(), self.anchor
        if frag is not None and anchor is not None and frag.spawns:
            # a paste that carries spawn hexes grows a team's zone where it lands (a new-user audit pasted a wall
            # group with a RED spawn hex in it, and only HF315 said so, pointing at another hex)
            said = "; ".join(f"{len(zone)} {team.value} spawn hex{'es' if len(zone) > 1 else ''}"
                             for team, zone in frag.spawns.items() if zone)
            landed = [anchor + v for zone in frag.spawns.values() for v in zone]
            self.state.tell(f"the paste carried {said}, now part of that zone at {', '.join(map(str, landed[:4]))}"
                            f"{' …' if len(landed) > 4 else ''}; Ctrl+Z undoes the paste", landed, error=True)
        self.on_done()


class StampTool(PlaceTool):
    """Paints the chosen stamp of the stamp library wherever you click."""

    key = "stamp"
    label = "Stamp"
    shortcut = "Ctrl+Shift+T"
    tip = ("Stamp (Ctrl+Shift+T): click to paint the stamp chosen in the Stamps panel; "
           "Ctrl+R turns, Ctrl+M mirrors it")
    glyph = "stamp"
    noun = "stamp"
    missing_hint = "choose one in the Stamps panel (or save a selection as a stamp)"

    def piece(self) -> Fragment | None:
        return self.state.stamp

    def set_piece(self, frag: Fragment) -> None:
        self.state.set_stamp(frag)

    def undo_text(self) -> str:
        return f"Stamp {self.state.stamp_name}".strip()
