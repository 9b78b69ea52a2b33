"""The editor's main window: canvas, tool and option bars, docks, menus and file handling.

It wires the pieces together and owns the user-facing file workflow (new, open,
save, save as, recent files, unsaved-changes prompt, export, print). Bad files
show a dialog and leave the open document as it was; failed saves keep the
document dirty.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from editor import filedialogs
from editor.canvas.view import MapView
from editor.dialogs import ExportDialog, MapPropertiesDialog, NewMapDialog, PrintDialog
from editor.docks.overlays import OverlayPanel
from editor.docks.problems import ProblemsPanel
from editor.docks.scenario import ScenarioPanel
from editor.document import MapDocument, read_document
from editor.edits import EditRefused, erase, fragment_of, track_reverse, transform_selection
from editor.geometry import BRUSH_SIZES, SymmetryKind, best_center, mirror_for
from editor.icons import swatch_icon, tool_icon
from editor.playtest.hooks import install_playtest_actions
from editor.problem_runner import ProblemRunner
from editor.render.painter import RenderOptions
from editor.state import EditorState
from editor.tools.base import Tool
from editor.tools.features import ControlPointTool, KitTool, SpawnTool, TrackTool
from editor.tools.paint import EraserTool, FillTool, HeightBrushTool, LineTool, TerrainBrushTool
from editor.tools.select import PasteTool, RectSelectTool, SymmetryCenterTool, WandTool
from engine.formats.errors import LoadError, printable
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, MapEditError, Orientation, Team, Terrain

__all__ = ["MainWindow"]

MAP_FILTER = "hexfort maps and scenarios (*.json);;All files (*)"
#: How often unsaved work is copied to the recovery folder.
AUTOSAVE_MS = 30_000
MAX_RECENT = 8

_TERRAIN_KEYS = [
    (Terrain.OPEN, "Open ground", "Alt+1", "#efeadc"),
    (Terrain.WALL, "Wall", "Alt+2", "#3d424c"),
    (Terrain.LOW, "Low obstacle", "Alt+3", "#6f6048"),
    (Terrain.STAIRS, "Stairs", "Alt+4", "#cdbf9c"),
]
_ARROWS_8 = "→↗↑↖←↙↓↘"  # by screen angle, counter-clockwise from east in 45° steps


def direction_arrow(direction: int, orientation: Orientation) -> str:
    """The arrow character closest to hex ``direction`` (0..5) on screen for the orientation."""
    import math

    from engine.hexgrid import DIRECTIONS
    from engine.layout import Layout

    p = Layout.named(orientation.value, 1.0).hex_to_pixel(DIRECTIONS[direction % 6])
    angle = math.degrees(math.atan2(-p.y, p.x)) % 360  # screen y grows downward
    return _ARROWS_8[round(angle / 45) % 8]
_SYMMETRY_LABELS = {
    SymmetryKind.OFF: "No symmetry",
    SymmetryKind.MIRROR_LR: "Mirror left ↔ right",
    SymmetryKind.MIRROR_TB: "Mirror top ↕ bottom",
    SymmetryKind.ROT180: "Rotate 180°",
    SymmetryKind.ROT120: "Rotate 120° (three-fold)",
}


class MainWindow(QMainWindow):
    """The map editor window for one document at a time."""

    def __init__(self, m: HexMap, path: Path | None = None, settings: QSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("hexfort", "editor")
        self.doc = MapDocument(m, path, parent=self)
        self.state = EditorState(self)
        self.view = MapView(self.doc, self.state)
        self.setCentralWidget(self.view)
        self.runner = ProblemRunner(self.doc, parent=self)
        self._render_options = RenderOptions(ghosts=True)
        self._build_tools()
        self._build_actions()
        self._build_menus()
        self._build_toolbars()
        self._build_docks()
        self._build_status()
        self.doc.dirty_changed.connect(lambda *_: self._update_title())
        self.doc.path_changed.connect(self._update_title)
        self.doc.changed.connect(lambda *_: self._update_title())
        self.doc.reset.connect(self._on_reset)
        self.state.notice.connect(self._on_notice)
        self.state.changed.connect(self._sync_options)
        self.state.selection_changed.connect(self._sync_selection_actions)
        self.recovery_folder: Path | None = None  # None: the per-user recovery folder
        self._recovery_file: Path | None = None
        self._autosave = QTimer(self)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self.autosave)
        self._autosave.start()
        self.resize(1500, 950)
        self._on_reset()
        self.set_tool("height")
        install_playtest_actions(self)  # Play menu: Playtest (F5) and Simulate… (editor/playtest)

    # -- construction --------------------------------------------------------------

    def _build_tools(self) -> None:
        d, s = self.doc, self.state
        tools: list[Tool] = [
            HeightBrushTool(d, s), TerrainBrushTool(d, s), EraserTool(d, s), FillTool(d, s), LineTool(d, s),
            SpawnTool(d, s, Team.RED), SpawnTool(d, s, Team.BLU), KitTool(d, s), ControlPointTool(d, s),
            TrackTool(d, s, Team.RED), TrackTool(d, s, Team.BLU),
            RectSelectTool(d, s), WandTool(d, s), SymmetryCenterTool(d, s),
        ]
        self.paste_tool = PasteTool(d, s)
        self.paste_tool.on_done = lambda: self.set_tool("select")
        self.tools: dict[str, Tool] = {t.key: t for t in tools}
        self.tools[self.paste_tool.key] = self.paste_tool
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        group.setExclusive(True)
        for t in tools + [self.paste_tool]:
            a = QAction(tool_icon(t.glyph), t.label, self)
            a.setCheckable(True)
            if t.shortcut:
                a.setShortcut(QKeySequence(t.shortcut))
            a.setToolTip(t.tip)
            a.setStatusTip(t.tip)
            a.triggered.connect(lambda _=False, k=t.key: self.set_tool(k))
            group.addAction(a)
            self.tool_actions[t.key] = a

    def _act(self, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None,  # type: ignore[no-untyped-def]
             tip: str = "", checkable: bool = False) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setToolTip(tip)
            a.setStatusTip(tip)
        a.setCheckable(checkable)
        a.triggered.connect(slot)
        return a

    def _build_actions(self) -> None:
        SK = QKeySequence.StandardKey
        self.act_new = self._act("&New map…", self.new_map, SK.New)
        self.act_open = self._act("&Open…", self.open_dialog, SK.Open)
        self.act_save = self._act("&Save", self.save, SK.Save)
        self.act_save_as = self._act("Save &as…", self.save_as, SK.SaveAs)
        self.act_export_png = self._act("Export &PNG…", lambda: self.export_dialog("png"))
        self.act_export_svg = self._act("Export S&VG…", lambda: self.export_dialog("svg"))
        self.act_print = self._act("&Print to PDF…", self.print_dialog, SK.Print)
        self.act_quit = self._act("&Quit", self.close, SK.Quit)
        self.act_undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence(SK.Undo))
        self.act_redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcut(QKeySequence(SK.Redo))
        self.act_copy = self._act("&Copy", self.copy, SK.Copy, "Copy the selected hexes")
        self.act_cut = self._act("Cu&t", self.cut, SK.Cut, "Copy the selected hexes and remove them")
        self.act_paste = self._act("&Paste", self.paste, SK.Paste, "Place the copied hexes with a click")
        self.act_delete = self._act("&Delete selection", self.delete_selection, SK.Delete)
        self.act_select_all = self._act("Select &all", lambda: self.state.set_selection(self.doc.map.cells), SK.SelectAll)
        self.act_rotate = self._act("&Rotate selection 60°", lambda: self.transform_selection("rotate"), "Ctrl+R",
                                    "Turn the selection (or the paste) 60° clockwise about its middle hex")
        self.act_mirror = self._act("&Mirror selection", lambda: self.transform_selection("mirror"), "Ctrl+M",
                                    "Mirror the selection (or the paste) left ↔ right")
        self.act_props = self._act("Map &properties…", self.edit_properties)
        self.act_zoom_in = self._act("Zoom &in", lambda: self.view.zoom_by(1.25), SK.ZoomIn)
        self.act_zoom_out = self._act("Zoom &out", lambda: self.view.zoom_by(0.8), SK.ZoomOut)
        self.act_fit = self._act("&Fit map", self.view.fit, "Ctrl+0", "Show the whole map")
        self.act_coords = self._act("&Coordinates", self._toggle_labels, "Ctrl+Shift+C", "Label every hex with q,r",
                                    checkable=True)
        self.act_heights = self._act("&Height numerals", self._toggle_labels, "Ctrl+Shift+H",
                                     "Print each hex's height", checkable=True)
        self.act_reverse = {t: self._act(f"Reverse {t.value} track", lambda _=False, t=t: self.reverse_track(t))
                            for t in Team}
        # inks
        self.height_actions = []
        for h in range(3):
            a = self._act(f"Height {h}", lambda _=False, h=h: self.choose_height(h), str(h),
                          f"Paint height {h} (key {h})", checkable=True)
            a.setIcon(swatch_icon(("#efeadc", "#cdbf9c", "#9f8a63")[h], str(h), "#ffffff" if h == 2 else "#1f1f1f"))
            self.height_actions.append(a)
        self.terrain_actions = {}
        for t, label, key, col in _TERRAIN_KEYS:
            a = self._act(label, lambda _=False, t=t: self.choose_terrain(t), key, f"Paint {label.lower()} ({key})",
                          checkable=True)
            a.setIcon(swatch_icon(col, "⇡" if t is Terrain.STAIRS else "", "#1f1f1f"))
            self.terrain_actions[t] = a
        self.act_stairs_dir = self._act("Stairs →", lambda: self.state.set_stairs_up(self.state.stairs_up + 1), "D",
                                        "Turn the stairs' up direction (D, Shift+D back)")
        self.act_stairs_back = self._act("Stairs back", lambda: self.state.set_stairs_up(self.state.stairs_up - 1),
                                         "Shift+D")
        self.addAction(self.act_stairs_back)
        self.size_actions = {}
        size_group = QActionGroup(self)
        for n in BRUSH_SIZES:
            a = self._act(f"{n}", lambda _=False, n=n: self.state.set_brush_size(n), None,
                          f"Brush of {n} hex{'es' if n > 1 else ''} ([ and ] change it)", checkable=True)
            size_group.addAction(a)
            self.size_actions[n] = a
        self.act_size_up = self._act("Bigger brush", lambda: self.state.step_brush_size(1), "]")
        self.act_size_down = self._act("Smaller brush", lambda: self.state.step_brush_size(-1), "[")
        self.addActions([self.act_size_up, self.act_size_down])
        self.symmetry_actions = {}
        sym_group = QActionGroup(self)
        for kind, label in _SYMMETRY_LABELS.items():
            a = self._act(label, lambda _=False, k=kind: self.set_symmetry(k), None,
                          f"Live symmetry painting: {label.lower()}", checkable=True)
            sym_group.addAction(a)
            self.symmetry_actions[kind] = a
        self.act_auto_center = self._act("Centre on the map's middle", self.auto_center)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        f = mb.addMenu("&File")
        f.addActions([self.act_new, self.act_open])
        self.recent_menu = f.addMenu("Open &recent")
        f.addSeparator()
        f.addActions([self.act_save, self.act_save_as])
        f.addSeparator()
        f.addActions([self.act_export_png, self.act_export_svg, self.act_print])
        f.addSeparator()
        f.addAction(self.act_quit)
        e = mb.addMenu("&Edit")
        e.addActions([self.act_undo, self.act_redo])
        e.addSeparator()
        e.addActions([self.act_cut, self.act_copy, self.act_paste, self.act_delete, self.act_select_all])
        e.addSeparator()
        e.addActions([self.act_rotate, self.act_mirror])
        e.addSeparator()
        e.addAction(self.act_props)
        v = mb.addMenu("&View")
        v.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit])
        v.addSeparator()
        v.addActions([self.act_coords, self.act_heights])
        self.view_menu = v
        t = mb.addMenu("&Tools")
        for key, a in self.tool_actions.items():
            if key != "paste":
                t.addAction(a)
        t.addSeparator()
        t.addActions(list(self.act_reverse.values()))
        s = mb.addMenu("&Symmetry")
        s.addActions(list(self.symmetry_actions.values()))
        s.addSeparator()
        s.addAction(self.tool_actions["symmetry-center"])
        s.addAction(self.act_auto_center)
        self._refresh_recent()

    def _build_toolbars(self) -> None:
        tb = QToolBar("Tools", self)
        tb.setObjectName("tools")
        tb.setOrientation(Qt.Orientation.Vertical)
        tb.setIconSize(tb.iconSize() * 1.25)
        groups = [["height", "terrain", "eraser", "fill", "line"],
                  ["spawn-red", "spawn-blu", "kit", "control", "track-red", "track-blu"],
                  ["select", "wand", "paste", "symmetry-center"]]
        for i, keys in enumerate(groups):
            if i:
                tb.addSeparator()
            for k in keys:
                tb.addAction(self.tool_actions[k])
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, tb)
        ob = QToolBar("Options", self)
        ob.setObjectName("options")
        ob.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        ob.addWidget(QLabel(" Height "))
        for a in self.height_actions:
            ob.addAction(a)
        ob.addSeparator()
        ob.addWidget(QLabel(" Terrain "))
        for a in self.terrain_actions.values():
            ob.addAction(a)
        ob.addAction(self.act_stairs_dir)
        ob.addSeparator()
        ob.addWidget(QLabel(" Brush "))
        for a in self.size_actions.values():
            ob.addAction(a)
        ob.addSeparator()
        ob.addWidget(QLabel(" Symmetry "))
        self.symmetry_combo = QComboBox()
        for kind, label in _SYMMETRY_LABELS.items():
            self.symmetry_combo.addItem(label, kind)
        self.symmetry_combo.setToolTip("Live symmetry: paint once, the mirrored side follows (RED becomes BLU)")
        self.symmetry_combo.currentIndexChanged.connect(lambda *_: self.set_symmetry(SymmetryKind(self.symmetry_combo.currentData())))
        ob.addWidget(self.symmetry_combo)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, ob)
        self.options_bar = ob
        self.tools_bar = tb

    def _build_docks(self) -> None:
        self.problems = ProblemsPanel(self.doc, self.runner)
        self.problems.activated.connect(self.show_problem)
        self.problems.selected.connect(lambda p: self.view.problem_marks.set_hexes(p.hexes if p is not None else ()))
        self.overlays = OverlayPanel(self.doc, self.state, self.view)
        self.scenario_panel = ScenarioPanel(self.doc)
        self.history = QUndoView(self.doc.undo_stack)
        self.history.setEmptyLabel("<opened>")
        docks = []
        for title, widget, name in (("Problems", self.problems, "problems"), ("Overlays", self.overlays, "overlays"),
                                    ("Scenario", self.scenario_panel, "scenario"), ("History", self.history, "history")):
            d = QDockWidget(title, self)
            d.setObjectName(name)
            d.setWidget(widget)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d)
            self.view_menu.addAction(d.toggleViewAction())
            docks.append(d)
        self.tabifyDockWidget(docks[1], docks[2])
        self.tabifyDockWidget(docks[2], docks[3])
        docks[1].raise_()
        self.resizeDocks([docks[0], docks[1]], [520, 330], Qt.Orientation.Vertical)
        self.resizeDocks([docks[0]], [430], Qt.Orientation.Horizontal)
        self.docks = {d.objectName(): d for d in docks}

    def _build_status(self) -> None:
        self.hover_label = QLabel()
        self.zoom_label = QLabel()
        self.ink_label = QLabel()
        sb = self.statusBar()
        sb.addPermanentWidget(self.ink_label)
        sb.addPermanentWidget(self.hover_label)
        sb.addPermanentWidget(self.zoom_label)
        self.view.hovered.connect(self._show_hover)
        self.view.zoom_changed.connect(lambda z: self.zoom_label.setText(f"  {z * 100:.0f}%  "))

    # -- tools and options -------------------------------------------------------------

    def set_tool(self, key: str) -> None:
        """Make the tool named ``key`` current (and check its button)."""
        tool = self.tools[key]
        self.tool_actions[key].setChecked(True)
        self.view.set_tool(tool)
        self.statusBar().showMessage(tool.tip, 4000)
        self._sync_options()

    @property
    def tool(self) -> Tool | None:
        """The current tool."""
        return self.view.tool

    def choose_height(self, h: int) -> None:
        """Pick height ``h`` and switch to the height brush (unless fill or line is current)."""
        self.state.set_height(h)
        if self.tool is None or self.tool.key not in ("fill", "line"):
            self.set_tool("height")
        self.state.use_ink_kind("height")

    def choose_terrain(self, t: Terrain) -> None:
        """Pick terrain ``t`` and switch to the terrain brush (unless fill or line is current)."""
        self.state.set_terrain(t)
        if self.tool is None or self.tool.key not in ("fill", "line"):
            self.set_tool("terrain")
        self.state.use_ink_kind("terrain")

    def set_symmetry(self, kind: SymmetryKind) -> None:
        """Turn live symmetry painting on or off; a new symmetry is centred on the map automatically."""
        st = self.state
        orient = self.doc.map.meta.orientation
        if kind is not SymmetryKind.OFF and st.symmetry.kind is SymmetryKind.OFF:
            st.set_symmetry(kind, orientation=orient)
            self.auto_center()
        else:
            st.set_symmetry(kind, orientation=orient)

    def auto_center(self) -> None:
        """Centre the symmetry where the map best matches its image."""
        st = self.state
        sym = st.symmetry.primary() or mirror_for(self.doc.map.meta.orientation, "left-right")
        st.set_symmetry(st.symmetry.kind, best_center(self.doc.map.cells, sym), self.doc.map.meta.orientation)

    def _sync_options(self) -> None:
        st = self.state
        for h, a in enumerate(self.height_actions):
            a.setChecked(st.last_ink_kind == "height" and st.height == h)
        for t, a in self.terrain_actions.items():
            a.setChecked(st.last_ink_kind == "terrain" and st.terrain == t)
        arrow = direction_arrow(st.stairs_up, self.doc.map.meta.orientation)
        self.act_stairs_dir.setText(f"Stairs up {arrow}")
        self.size_actions[st.brush_size].setChecked(True)
        for kind, a in self.symmetry_actions.items():
            a.setChecked(kind is st.symmetry.kind)
        idx = self.symmetry_combo.findData(st.symmetry.kind)
        if idx != self.symmetry_combo.currentIndex():
            self.symmetry_combo.blockSignals(True)
            self.symmetry_combo.setCurrentIndex(idx)
            self.symmetry_combo.blockSignals(False)
        ink = st.ink()
        up = f" up {arrow}" if st.last_ink_kind == "terrain" and st.terrain is Terrain.STAIRS else ""
        self.ink_label.setText(f"  ink: {ink.describe()}{up} · brush {st.brush_size} · "
                               f"{_SYMMETRY_LABELS[st.symmetry.kind].lower()}  ")

    def _sync_selection_actions(self) -> None:
        has = bool(self.state.selection)
        for a in (self.act_copy, self.act_cut, self.act_delete):
            a.setEnabled(has)

    def _toggle_labels(self) -> None:
        self.view.map_item.set_options(
            RenderOptions(coords=self.act_coords.isChecked(), heights=self.act_heights.isChecked(), ghosts=True)
        )

    # -- editing commands ------------------------------------------------------------

    def copy(self) -> bool:
        """Copy the selection to the editor's clipboard."""
        try:
            self.state.clipboard = fragment_of(self.doc.map, self.state.selection)
        except EditRefused as e:
            self.state.tell(str(e), error=True)
            return False
        self.statusBar().showMessage(f"Copied {len(self.state.clipboard.cells)} hexes", 3000)
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
        self.set_tool("paste")

    def delete_selection(self, text: str = "Delete selection") -> None:
        """Remove the selected hexes (one undo step)."""
        sel = self.state.selection
        if not sel:
            return
        try:
            edit = erase(self.doc.map, sel)
        except (EditRefused, MapEditError) as e:
            self.state.tell(str(e), getattr(e, "hexes", ()), error=True)
            return
        if self.doc.apply(edit, text if isinstance(text, str) else "Delete selection"):
            self.state.set_selection(())

    def transform_selection(self, how: str) -> None:
        """Rotate (60° clockwise) or mirror the selection in place, or the clipboard while pasting."""
        from engine.hexgrid import Symmetry

        sym = Symmetry(1) if how == "rotate" else mirror_for(self.doc.map.meta.orientation, "left-right")
        if self.tool is self.paste_tool and self.state.clipboard is not None:
            self.state.clipboard = self.state.clipboard.transformed(sym)
            self.view._refresh_cursor()
            return
        try:
            edit, new_sel = transform_selection(self.doc.map, self.state.selection, sym)
        except (EditRefused, MapEditError) as e:
            self.state.tell(str(e), getattr(e, "hexes", ()), error=True)
            return
        if self.doc.apply(edit, "Rotate selection" if how == "rotate" else "Mirror selection"):
            self.state.set_selection(new_sel)

    def reverse_track(self, team: Team) -> None:
        """Swap the start and end of a team's cart track."""
        try:
            self.doc.apply(track_reverse(self.doc.map, team), f"Reverse {team.value} track")
        except EditRefused as e:
            self.state.tell(str(e), error=True)

    def edit_properties(self) -> None:
        """Edit the map's name, author, description and modes."""
        d = MapPropertiesDialog(self.doc.map.meta, self)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            self.doc.set_meta(d.meta())
        except MapEditError as e:
            QMessageBox.warning(self, "Map properties", str(e))

    def show_problem(self, p) -> None:  # type: ignore[no-untyped-def]
        """Jump to a problem's hexes and highlight them."""
        hexes = [h for h in p.hexes if h in self.doc.map.cells] or list(p.hexes)
        if hexes:
            self.view.center_on_hexes(hexes)
        self.statusBar().showMessage(f"{p.code}: {p.message}", 8000)

    # -- recovery ----------------------------------------------------------------------

    def autosave(self) -> Path | None:
        """Copy unsaved work to the recovery folder (never raises); returns the file written."""
        from editor.recovery import write_recovery

        try:
            written = write_recovery(self.doc, self.recovery_folder)
        except OSError:
            return None
        if written is not None:
            if self._recovery_file is not None and self._recovery_file != written:
                self._recovery_file.unlink(missing_ok=True)
            self._recovery_file = written
        return written

    def _drop_recovery(self) -> None:
        if self._recovery_file is not None:
            self._recovery_file.unlink(missing_ok=True)
            self._recovery_file = None

    # -- files ---------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False when the user cancels (or saving fails)."""
        if not self.doc.dirty:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {self.doc.display_name()}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self._drop_recovery()
            return True
        return False

    def new_map(self) -> None:
        """Ask for a size and shape and start a blank map."""
        if not self.maybe_save():
            return
        d = NewMapDialog(self)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            m = d.result_map()
        except (ValueError, MapEditError) as e:
            QMessageBox.warning(self, "New map", str(e))
            return
        self.doc.replace_all(m, None)

    def open_dialog(self) -> None:
        """Choose a file and open it."""
        if not self.maybe_save():
            return
        start = str(self.doc.path.parent) if self.doc.path else ""
        path = filedialogs.open_file(self, "Open map or scenario", start, MAP_FILTER)
        if path:
            self.open_path(Path(path), ask=False)

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open ``path``; a bad file shows a dialog and the current document stays as it was."""
        if ask and not self.maybe_save():
            return False
        try:
            m, setup = read_document(path)
        except LoadError as e:
            details = "\n".join(f"• {p}" for p in e.problems[:12])
            QMessageBox.critical(self, "Cannot open the file", f"{printable(str(path))}\n\n{details}")
            return False
        self.doc.replace_all(m, path, setup)
        self._remember(path)
        return True

    def save(self) -> bool:
        """Save to the document's file (asking for one if it has none)."""
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        """Choose a file and save there."""
        suffix = ".scenario.json" if self.doc.scenario is not None else ".map.json"
        start = str(self.doc.path) if self.doc.path else self.doc.map.meta.name.lower().replace(" ", "_") + suffix
        path = filedialogs.save_file(self, "Save as", start, MAP_FILTER)
        if not path:
            return False
        p = Path(path)
        if not p.name.endswith(".json"):
            p = p.with_name(p.name + suffix)
        return self._save_to(p)

    def _save_to(self, path: Path) -> bool:
        try:
            self.doc.save(path)
        except (OSError, ValueError) as e:
            QMessageBox.critical(self, "Cannot save", f"{path}\n\n{e}\n\nYour changes are still open in the editor.")
            return False
        self._remember(path)
        self._drop_recovery()
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def export_dialog(self, kind: str) -> None:
        """Export the map as PNG or SVG at a chosen hex size, with or without labels."""
        from editor.export import export_png, export_svg

        d = ExportDialog(kind, self.act_coords.isChecked(), self.act_heights.isChecked(), self)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        name = self.doc.map.meta.name.lower().replace(" ", "_") + f".{kind}"
        path = filedialogs.save_file(self, f"Export {kind.upper()}", name, f"{kind.upper()} (*.{kind})")
        if not path:
            return
        try:
            fn = export_png if kind == "png" else export_svg
            fn(self.doc.map, path, d.hex_px.value(), d.coords.isChecked(), d.heights.isChecked())
        except OSError as e:
            QMessageBox.critical(self, "Export failed", str(e))
            return
        self.statusBar().showMessage(f"Exported {path}", 4000)

    def print_dialog(self) -> None:
        """Print to a PDF at true scale over several pages."""
        from editor.export import export_pdf

        d = PrintDialog(self)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        name = self.doc.map.meta.name.lower().replace(" ", "_") + ".pdf"
        path = filedialogs.save_file(self, "Print to PDF", name, "PDF (*.pdf)")
        if not path:
            return
        try:
            plan = export_pdf(self.doc.map, path, d.hex_mm.value(), d.page.currentText(), d.overlap.value(),
                              coords=d.coords.isChecked(), landscape=d.landscape.isChecked())
        except (OSError, ValueError) as e:
            QMessageBox.critical(self, "Print failed", str(e))
            return
        self.statusBar().showMessage(f"Printed {plan.pages} page(s) to {path}", 6000)

    def _remember(self, path: Path) -> None:
        recent = [str(path.resolve())] + [p for p in self.recent_files() if p != str(path.resolve())]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self._refresh_recent()

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for p in files:
            a = self.recent_menu.addAction(Path(p).name)
            a.setToolTip(p)
            a.triggered.connect(lambda _=False, p=p: self.open_path(Path(p)))
        self.recent_menu.setEnabled(bool(files))

    # -- reactions -------------------------------------------------------------------------

    def _on_reset(self) -> None:
        self.state.set_symmetry(self.state.symmetry.kind, orientation=self.doc.map.meta.orientation)
        if self.state.symmetry.active:
            self.auto_center()
        self._update_title()
        self.runner.refresh_after_open()

    def _update_title(self) -> None:
        kind = "scenario" if self.doc.scenario is not None else "map"
        self.setWindowTitle(f"{self.doc.display_name()}[*] — {self.doc.map.meta.name} ({kind}) — hexfort")
        self.setWindowModified(self.doc.dirty)

    def _show_hover(self, h: Hex | None) -> None:
        if h is None:
            self.hover_label.setText("")
            return
        m = self.doc.map
        c = m.cells.get(h)
        if c is None:
            self.hover_label.setText(f"  hex {h} · off the map (paint to add ground)  ")
            return
        terrain = {"open": "open", "wall": "wall", "low_obstacle": "low obstacle", "stairs": "stairs"}[c.terrain.value]
        if c.terrain is Terrain.STAIRS and c.stairs_up is not None:
            terrain += f" up toward {h.neighbor(c.stairs_up)}"
        feats = m.features_at(h)
        self.hover_label.setText(
            f"  hex {h} · height {c.height} · {terrain}{' · ' + ', '.join(feats) if feats else ''}  "
        )

    def _on_notice(self, message: str, hexes: tuple[Hex, ...], error: bool) -> None:
        self.statusBar().showMessage(("⚠ " if error else "") + message, 6000 if error else 3000)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.maybe_save():
            self.runner.shutdown()
            e.accept()
        else:
            e.ignore()

