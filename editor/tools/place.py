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
from engine.mapmodel import HexMap, MapEditError, Team

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
        before = {t: set(z) for t, z in self.doc.map.spawns.items()}
        if self.push(lambda: paste_fragment(self.doc.map, frag, g.hex), self.undo_text()):
            self.placed(frag.at(g.hex))
            self._tell_grown(before)

    def _tell_grown(self, before: dict[Team, set[Hex]]) -> None:
        """Say where a placed piece grew a team's spawn zone (a paste or a stamp can carry spawn hexes): a new-user
        audit pasted a wall group holding a RED spawn hex by BLU's side, and only HF315 said so, at another hex."""
        grown = {t: sorted(set(z) - before.get(t, set())) for t, z in self.doc.map.spawns.items()}
        grown = {t: hs for t, hs in grown.items() if hs}
        if not grown:
            return  # put back where it was, or no spawn hexes carried: nothing new to say
        said = " and ".join(f"{team.value}'s at {', '.join(map(str, hs[:4]))}{' …' if len(hs) > 4 else ''}"
                            for team, hs in grown.items())
        self.state.tell(f"the {self.noun} carried spawn hexes: the spawn zone grew, {said}; Ctrl+Z undoes it",
                        [h for hs in grown.values() for h in hs], error=self.toast_grown)

    missing_hint = ""
    #: Whether a grown spawn zone is told at the pointer (a paste, often a slip) or in the status bar only (a stamp,
    #: chosen for what it holds and placed again and again: a toast on every click was noise, a review).
    toast_grown = True


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
        self.on_done()


class StampTool(PlaceTool):
    """Paints the chosen stamp of the stamp library wherever you click."""

    key = "stamp"
    label = "Stamp"
    shortcut = "Ctrl+Shift+T"
    tip = ("Stamp (Ctrl+Shift+T): click to paint the stamp chosen in the Stamps panel; "
           "Ctrl+R turns, Ctrl+M mirrors it")
    glyph = "stamp"
    toast_grown = False
    noun = "stamp"
    missing_hint = "choose one in the Stamps panel (or save a selection as a stamp)"

    def piece(self) -> Fragment | None:
        return self.state.stamp

    def set_piece(self, frag: Fragment) -> None:
        self.state.set_stamp(frag)

    def undo_text(self) -> str:
        return f"Stamp {self.state.stamp_name}".strip()
