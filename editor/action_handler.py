"""The Edit and View actions, acting on whichever document is current.

:class:`MapDocumentActionHandler` (after Tiled's ``mapdocumentactionhandler.cpp``)
owns undo/redo (from the document manager's undo group, so they follow the
current tab), cut/copy/paste/delete, select all/none, rotate/mirror, map
properties, resize/crop, reversing tracks, zoom and the label toggles. It keeps
each action enabled only when it can do something for the current document
(nothing is enabled while no document is open) and turns every edit into one
undo step; refusals are told through the editor state, never raised.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from editor.canvas.view import MapView
from editor.dialogs import MapPropertiesDialog
from editor.document import MapDocument
from editor.document_manager import DocumentManager
from editor.edits import EditRefused, erase, fragment_of, transform_selection
from editor.geometry import mirror_for
from editor.render.painter import RenderOptions
from editor.resize import Margins, crop_margins, resize_map
from editor.resize_dialog import ResizeDialog
from editor.state import EditorState
from editor.tools.base import Tool
from editor.tools.place import PlaceTool
from editor.track_edits import new_jumps, track_reverse
from engine.hexgrid import Symmetry
from engine.mapmodel import HexMap, MapEditError, Team

__all__ = ["MapDocumentActionHandler", "make_action"]


def make_action(parent: QObject, text: str, slot: Callable[[], object],
                shortcut: str | QKeySequence.StandardKey | None = None, tip: str = "",
                checkable: bool = False) -> QAction:
    """A QAction with its shortcut, tooltip (also the status tip) and slot (called without arguments)."""
    a = QAction(text, parent)
    if shortcut is not None:
        a.setShortcut(QKeySequence(shortcut))
    if tip:
        a.setToolTip(tip)
        a.setStatusTip(tip)
    a.setCheckable(checkable)
    a.triggered.connect(lambda *_: slot())
    return a


class MapDocumentActionHandler(QObject):
    """Creates the edit and view actions and runs them on the current document.

    ``current_tool()`` gives the tool in use (Ctrl+R/Ctrl+M turn the piece a
    placing tool holds). Signals: ``tool_requested(key)`` (Paste asks for the
    paste tool); ``message(text, ms)`` for the status bar.
    """

    tool_requested = Signal(str)
    message = Signal(str, int)

    def __init__(self, window: QWidget, state: EditorState, documents: DocumentManager,
                 current_tool: Callable[[], Tool | None]) -> None:
        super().__init__(window)
        self.window = window
        self.state = state
        self.documents = documents
        self.current_tool = current_tool
        self._doc: MapDocument | None = None
        SK = QKeySequence.StandardKey
        group = documents.undo_group
        self.act_undo = group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence(SK.Undo))
        self.act_redo = group.createRedoAction(self, "&Redo")
        # Ctrl+Y and Ctrl+Shift+Z both, whichever the platform's Redo is: many designers come from tools where
        # Ctrl+Y is Redo (a new-user audit pressed it first; under X11 Redo is Ctrl+Shift+Z alone). Each once: a key
        # given twice is ambiguous and fires nothing
        redo = {k.toString(): k for k in (QKeySequence(SK.Redo), QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))}
        self.act_redo.setShortcuts(list(redo.values()))
        self.act_copy = self._act("&Copy", self.copy, SK.Copy, "Copy the selected hexes (with their features and track steps)")
        self.act_cut = self._act("Cu&t", self.cut, SK.Cut, "Copy the selected hexes and remove them")
        self.act_paste = self._act("&Paste", self.paste, SK.Paste, "Place the copied hexes with a click")
        self.act_delete = self._act("&Delete selection", self.delete_selection, SK.Delete)
        self.act_select_all = self._act("Select &all", self.select_all, SK.SelectAll)
        self.act_select_none = self._act("Select &none", lambda: self.state.set_selection(()), "Ctrl+Shift+A")
        self.act_rotate = self._act("&Rotate 60°", lambda: self.transform("rotate"), "Ctrl+R",
                                    "Turn the selection (or the paste or stamp in hand) 60° clockwise about its middle hex")
        self.act_mirror = self._act("&Mirror", lambda: self.transform("mirror"), "Ctrl+M",
                                    "Mirror the selection (or the paste or stamp in hand) left ↔ right")
        self.act_props = self._act("Map &properties…", self.edit_properties)
        self.act_resize = self._act("Resize or &shift map…", self.resize_dialog, "Ctrl+Alt+R",
                                    "Add or cut columns and rows on each side, or move the whole map; nothing else changes")
        self.act_crop = self._act("&Crop to selection", self.crop_to_selection, None,
                                  "Keep only the columns and rows the selection spans")
        self.act_reverse = {t: self._act(f"Reverse {t.value} track", partial(self.reverse_track, t)) for t in Team}
        self.act_zoom_in = self._act("Zoom &in", lambda: self._with_view(lambda v: v.zoom_by(1.25)), SK.ZoomIn)
        self.act_zoom_out = self._act("Zoom &out", lambda: self._with_view(lambda v: v.zoom_by(0.8)), SK.ZoomOut)
        self.act_fit = self._act("&Fit map", lambda: self._with_view(MapView.fit), "Ctrl+0", "Show the whole map")
        self.act_coords = self._act("&Coordinates", self.toggle_labels, "Ctrl+Shift+C", "Label every hex with q,r",
                                    checkable=True)
        self.act_heights = self._act("&Height numerals", self.toggle_labels, "Ctrl+Shift+H",
                                     "Print each hex's height", checkable=True)
        documents.current_changed.connect(self._set_document)
        state.selection_changed.connect(self._update_enabled)
        state.changed.connect(self._update_enabled)
        self._update_enabled()

    def _act(self, text: str, slot: Callable[[], object], shortcut: str | QKeySequence.StandardKey | None = None,
             tip: str = "", checkable: bool = False) -> QAction:
        return make_action(self, text, slot, shortcut, tip, checkable)

    # -- following the current document -----------------------------------------------

    @property
    def doc(self) -> MapDocument | None:
        """The document the actions act on."""
        return self._doc

    def _set_document(self, doc: MapDocument | None) -> None:
        if self._doc is not None:
            self._doc.changed.disconnect(self._update_enabled)
        self._doc = doc
        if doc is not None:
            doc.changed.connect(self._update_enabled)
        self._update_enabled()

    def _update_enabled(self, *_: object) -> None:
        doc = self._doc
        has_doc = doc is not None
        has_sel = has_doc and bool(self.state.selection)
        for a in (self.act_copy, self.act_cut, self.act_delete, self.act_crop):
            a.setEnabled(has_sel)
        self.act_paste.setEnabled(has_doc and self.state.clipboard is not None)
        for a in (self.act_select_all, self.act_select_none, self.act_rotate, self.act_mirror, self.act_props,
                  self.act_resize, self.act_zoom_in, self.act_zoom_out, self.act_fit):
            a.setEnabled(has_doc)
        for team, a in self.act_reverse.items():
            a.setEnabled(doc is not None and bool(doc.map.track(team)))

    def _with_view(self, fn: Callable[[MapView], object]) -> None:
        view = self.documents.view()
        if view is not None:
            fn(view)

    def _refuse(self, e: EditRefused | MapEditError) -> None:
        self.state.tell(str(e), getattr(e, "hexes", ()), error=True)

    # -- clipboard ---------------------------------------------------------------------

    def copy(self) -> bool:
        """Copy the selection (ground, features and track steps) to the editor's clipboard."""
        doc = self._doc
        if doc is None:
            return False
        try:
            frag = fragment_of(doc.map, self.state.selection)
        except EditRefused as e:
            self._refuse(e)
            return False
        self.state.set_clipboard(frag)
        self.message.emit(f"Copied {len(frag.cells)} hexes", 3000)
        return True

    def cut(self) -> None:
        """Copy the selection, then remove it (one undo step)."""
        if self.copy():
            self.delete_selection("Cut")

    def paste(self) -> None:
        """Start placing the clipboard (click to drop it)."""
        if self.state.clipboard is None:
            self.state.tell("nothing to paste; select hexes and copy them first", error=True)
            return
        self.tool_requested.emit("paste")

    def delete_selection(self, text: str = "Delete selection") -> None:
        """Remove the selected hexes (one undo step)."""
        doc, sel = self._doc, self.state.selection
        if doc is None or not sel:
            return
        try:
            edit = erase(doc.map, sel)
        except (EditRefused, MapEditError) as e:
            self._refuse(e)
            return
        before = doc.map
        if doc.apply(edit, text):
            self.state.set_selection(())
            self._tell_jumps(before, doc.map)

    def select_all(self) -> None:
        """Select every hex of the map."""
        if self._doc is not None:
            self.state.set_selection(self._doc.map.cells)

    # -- transforms ------------------------------------------------------------------------

    def transform(self, how: str) -> None:
        """Rotate (60° clockwise) or mirror the piece in hand while placing, else the selection in place."""
        doc = self._doc
        if doc is None:
            return
        sym = Symmetry(1) if how == "rotate" else mirror_for(doc.map.meta.orientation, "left-right")
        tool = self.current_tool()
        if isinstance(tool, PlaceTool) and tool.transform(sym):
            return
        try:
            edit, new_sel = transform_selection(doc.map, self.state.selection, sym)
        except (EditRefused, MapEditError) as e:
            self._refuse(e)
            return
        before = doc.map
        if doc.apply(edit, "Rotate selection" if how == "rotate" else "Mirror selection"):
            self.state.set_selection(new_sel)
            self._tell_jumps(before, doc.map)

    def _tell_jumps(self, before: HexMap, after: HexMap) -> None:
        """Name at the pointer the jumps an edit made in a cart track (:func:`~editor.track_edits.new_jumps`)."""
        said, hexes = new_jumps(before, after)
        if said:
            self.state.tell(said, hexes, error=True)

    def reverse_track(self, team: Team) -> None:
        """Swap the start and end of a team's cart track."""
        doc = self._doc
        if doc is None:
            return
        try:
            doc.apply(track_reverse(doc.map, team), f"Reverse {team.value} track")
        except EditRefused as e:
            self._refuse(e)

    # -- map-wide edits --------------------------------------------------------------------

    def edit_properties(self) -> None:
        """Edit the map's name, author, description and modes."""
        doc = self._doc
        if doc is None:
            return
        d = MapPropertiesDialog(doc.map.meta, self.window)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            doc.set_meta(d.meta())
        except MapEditError as e:
            QMessageBox.warning(self.window, "Map properties", str(e))

    def resize_dialog(self) -> bool:
        """Ask for margins, shift and fill, then resize the map (one undo step); False if cancelled."""
        doc = self._doc
        if doc is None:
            return False
        d = ResizeDialog(doc.map, doc.scenario, self.window)
        if d.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.resize(d.margins(), d.shift(), d.fill())

    def resize(self, margins: Margins, shift: tuple[int, int] = (0, 0), fill: bool = True) -> bool:
        """Resize and shift the current map (its scenario's unit hexes follow); one undo step."""
        doc = self._doc
        if doc is None:
            return False
        try:
            result = resize_map(doc.map, margins, shift, fill, doc.scenario)
        except (EditRefused, MapEditError) as e:
            self._refuse(e)
            return False
        if not doc.apply_with_scenario(result.map, result.scenario, "Resize map"):
            return False
        self.state.set_selection(result.moved(self.state.selection))
        self.message.emit(result.summary(), 8000)
        return True

    def crop_to_selection(self) -> bool:
        """Cut the map down to the columns and rows the selection spans (one undo step)."""
        doc = self._doc
        if doc is None or not self.state.selection:
            return False
        return self.resize(crop_margins(doc.map, self.state.selection), (0, 0), fill=False)

    # -- view ---------------------------------------------------------------------------

    def toggle_labels(self) -> None:
        """Draw (or stop drawing) coordinates and height numerals on every canvas."""
        self.documents.set_render_options(
            RenderOptions(coords=self.act_coords.isChecked(), heights=self.act_heights.isChecked(), ghosts=True)
        )
