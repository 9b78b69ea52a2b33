"""The editor's main window: document tabs, tool and option bars, docks and menus.

The window wires the pieces together. Files belong to the
:class:`~editor.document_manager.DocumentManager` (one tab per document), the
Edit and View actions to the
:class:`~editor.action_handler.MapDocumentActionHandler`; both act on the current
tab. When the tab changes, the tools, the docks (problems, overlays, scenario,
history), the window title and every action follow the new current document.
"""

from __future__ import annotations

import math
import weakref
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QToolBar,
    QToolButton,
    QUndoView,
    QWidget,
)

from editor import tiled_actions
from editor.action_handler import MapDocumentActionHandler, make_action
from editor.balance_fixes import install_balance_fixes
from editor.canvas.view import MapView
from editor.docks.overlays import OverlayPanel
from editor.docks.problems import ProblemsPanel
from editor.docks.scenario import ScenarioPanel
from editor.docks.stamps import StampsPanel
from editor.document import MapDocument
from editor.document_manager import DocumentManager
from editor.geometry import BRUSH_SIZES, SymmetryKind, best_center, mirror_for
from editor.icons import swatch_icon, tool_icon
from editor.library.window import LibraryWindow
from editor.menu_words import in_editor_words
from editor.paths import EditorPaths
from editor.playtest.hooks import install_playtest_actions
from editor.problem_runner import ProblemRunner
from editor.recovery_offer import offer_recovery
from editor.screen_fit import fit_to_screen
from editor.shortcuts import ShortcutsDialog
from editor.stamps import StampLibrary
from editor.state import EditorState
from editor.tools.base import Tool
from editor.tools.features import (
    AmmoTool,
    ControlPointTool,
    KitTool,
    RackTool,
    SpawnpointTool,
    SpawnTool,
    TrackTool,
)
from editor.tools.paint import EraserTool, FillTool, HeightBrushTool, LineTool, TerrainBrushTool
from editor.tools.place import PasteTool, StampTool
from editor.tools.select import RectSelectTool, SymmetryCenterTool, WandTool
from editor.tools.units import StartingUnitsTool
from engine import palette
from engine.hexgrid import DIRECTIONS, Hex
from engine.layout import Layout
from engine.mapmodel import Colour, HexMap, Orientation, Team, Terrain
from engine.validation.problem import Problem

__all__ = ["MainWindow", "direction_arrow"]

_TERRAIN_KEYS = [
    (Terrain.OPEN, "Open ground", "Alt+1", palette.HEIGHT_FILL[0]),
    (Terrain.WALL, "Wall", "Alt+2", palette.WALL_FILL[0]),
    (Terrain.LOW, "Low obstacle", "Alt+3", palette.LOW_FILL),
    (Terrain.STAIRS, "Stairs", "Alt+4", palette.HEIGHT_FILL[1]),
]
#: The window's size on a first start, when the screen has room for it.
_DEFAULT_SIZE = (1500, 950)
#: Where the window's place and size are kept between sessions.
_GEOMETRY_KEY = "window/geometry"
#: Screens at least this tall (available pixels) get the tools column's larger icons; shorter ones would hide
#: its last tools behind a » button.
_TALL_SCREEN = 1000
_ARROWS_8 = "→↗↑↖←↙↓↘"  # by screen angle, counter-clockwise from east in 45° steps
_SYMMETRY_LABELS = {
    SymmetryKind.OFF: "No symmetry",
    SymmetryKind.MIRROR_LR: "Mirror left ↔ right",
    SymmetryKind.MIRROR_TB: "Mirror top ↕ bottom",
    SymmetryKind.ROT180: "Rotate 180°",
    SymmetryKind.ROT120: "Rotate 120° (three-fold)",
}


def direction_arrow(direction: int, orientation: Orientation) -> str:
    """The arrow character closest to hex ``direction`` (0..5) on screen for the orientation."""
    p = Layout.named(orientation.value, 1.0).hex_to_pixel(DIRECTIONS[direction % 6])
    angle = math.degrees(math.atan2(-p.y, p.x)) % 360  # screen y grows downward
    return _ARROWS_8[round(angle / 45) % 8]


class MainWindow(QMainWindow):
    """The map editor window: any number of documents, one tab each.

    ``m`` (with ``path``) is opened as the first document; ``paths`` says where
    recovery copies, stamps and thumbnails are kept (the user's folders by default).
    """

    def __init__(self, m: HexMap | None = None, path: Path | None = None, settings: QSettings | None = None,
                 parent: QWidget | None = None, paths: EditorPaths | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("hexfort", "editor")
        self.paths = paths if paths is not None else EditorPaths.standard()
        self.state = EditorState(self)
        self.documents = DocumentManager(self, self.settings, self.state, self.paths.recovery, parent=self)
        self._selections: dict[MapDocument, frozenset[Hex]] = {}
        #: Scenario documents whose set-up was shown when they first became current.
        self._set_up_shown: weakref.WeakSet[MapDocument] = weakref.WeakSet()
        self._doc: MapDocument | None = None
        self._view: MapView | None = None
        self._hovered: Hex | None = None  # the hex under the pointer, for the status bar
        self._tool: Tool | None = None
        self.library_window: LibraryWindow | None = None
        self._build_central()
        self._build_tools()
        self.action_handler = MapDocumentActionHandler(self, self.state, self.documents, lambda: self._tool)
        self._build_actions()
        self._build_docks()
        self._build_menus()
        self._build_toolbars()
        self._build_status()
        self.documents.current_changed.connect(self._on_current_changed)
        self.documents.document_closed.connect(self._on_document_closed)
        self.documents.message.connect(self.say)
        self.documents.recent_changed.connect(self._refresh_recent)
        # work rescued from a save cut short (found on open, save or listing a folder) is offered at once
        self.documents.interrupted_saves.connect(
            lambda copies: QTimer.singleShot(0, lambda: offer_recovery(self.documents, self, copies)))
        self.action_handler.message.connect(self.say)
        self.action_handler.tool_requested.connect(self.set_tool)
        self.state.notice.connect(self._on_notice)
        self.state.changed.connect(self._sync_options)
        self._place_window()
        self.set_tool("height")
        self._on_current_changed(None)
        if m is not None:
            self.documents.add(m, path)
        install_playtest_actions(self, lambda: self._doc)  # Play menu: Playtest (F5) and Simulate…
        install_balance_fixes(self, self.documents, self.settings)  # Map ▸ Suggest balance fixes… and its dock
        self._sync_document_actions()

    # -- the current document ------------------------------------------------------

    @property
    def doc(self) -> MapDocument | None:
        """The current tab's document (None when no document is open)."""
        return self._doc

    @property
    def view(self) -> MapView | None:
        """The current tab's canvas."""
        return self._view

    @property
    def runner(self) -> ProblemRunner | None:
        """The current document's validator."""
        return self.documents.runner()

    @property
    def tool(self) -> Tool | None:
        """The current tool."""
        return self._tool

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open ``path`` in a tab (see :meth:`DocumentManager.open_path`)."""
        return self.documents.open_path(path, ask)

    def _on_current_changed(self, doc: MapDocument | None) -> None:
        old_doc, old_view = self._doc, self._view
        if old_doc is not None and old_view is not None:
            self._selections[old_doc] = self.state.selection
            old_view.hovered.disconnect(self._show_hover)
            old_view.zoom_changed.disconnect(self._show_zoom)
            for sig in (old_doc.dirty_changed, old_doc.path_changed, old_doc.changed):
                sig.disconnect(self._update_title)
            old_doc.changed.disconnect(self._refresh_hover)
            old_doc.reset.disconnect(self._on_reset)
        self._doc = doc
        self._hovered = None
        self._view = self.documents.view(doc) if doc is not None else None
        for t in self.tools.values():
            t.set_document(doc)
        if old_view is not None and old_view is not self._view:
            old_view.set_tool(None)
        self.state.set_selection(self._selections.get(doc, frozenset()) if doc is not None else ())
        self.problems.set_document(doc, self.documents.runner(doc))
        self.overlays.set_document(doc, self._view)
        self.scenario_panel.set_document(doc)
        if doc is not None and doc.scenario is not None and doc not in self._set_up_shown:
            self._set_up_shown.add(doc)  # a scenario opens on its set-up (it opened on Overlays: a new-user audit)
            self.docks["scenario"].raise_()
        self.stamps_panel.set_document(doc)
        self.central.setCurrentIndex(0 if doc is not None else 1)
        self._sync_document_actions()
        if doc is not None:
            assert self._view is not None
            self._view.hovered.connect(self._show_hover)
            self._view.zoom_changed.connect(self._show_zoom)
            for sig in (doc.dirty_changed, doc.path_changed, doc.changed):
                sig.connect(self._update_title)
            doc.changed.connect(self._refresh_hover)
            doc.reset.connect(self._on_reset)
            self._view.set_tool(self._tool)
            self._show_zoom(self._view.zoom)
            self._follow_orientation()
        else:
            self.hover_label.setText("")
            self.zoom_label.setText("")
        self._update_title()

    def _sync_document_actions(self) -> None:
        """The window's own actions that need a document are enabled only while one is open."""
        has = self._doc is not None
        for a in (self.act_save, self.act_save_as, self.act_close, self.act_export_png, self.act_export_svg,
                  self.act_export_tiled,
                  self.act_print, *self.tool_actions.values(), getattr(self, "act_playtest", None),
                  getattr(self, "act_simulate", None)):
            if a is not None:
                a.setEnabled(has)

    def _on_document_closed(self, doc: MapDocument) -> None:
        self._selections.pop(doc, None)
        self.overlays.forget(doc)

    def _follow_orientation(self) -> None:
        """The symmetry uses the current map's orientation (and centre, when it is on)."""
        doc = self._doc
        if doc is None:
            return
        self.state.set_symmetry(self.state.symmetry.kind, orientation=doc.map.meta.orientation)
        if self.state.symmetry.active:
            self.auto_center()

    def _on_reset(self) -> None:
        self._follow_orientation()
        self._update_title()

    def _update_title(self, *_: object) -> None:
        doc = self._doc
        if doc is None:
            self.setWindowTitle("hexfort")
            self.setWindowModified(False)
            return
        kind = "scenario" if doc.scenario is not None else "map"
        self.setWindowTitle(f"{doc.display_name()}[*] — {doc.map.meta.name} ({kind}) — hexfort")
        self.setWindowModified(doc.dirty)

    # -- construction --------------------------------------------------------------

    def _build_central(self) -> None:
        empty = QLabel("No map open.\n\nFile ▸ New map (Ctrl+N), Open (Ctrl+O) or Open folder (Ctrl+Shift+O).")
        empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        empty.setStyleSheet("color: #555; font-size: 15px; background: #d9dde3;")
        self.central = QStackedWidget()
        self.central.addWidget(self.documents.tabs)
        self.central.addWidget(empty)
        self.setCentralWidget(self.central)

    def _build_tools(self) -> None:
        d, s = None, self.state
        tools: list[Tool] = [
            HeightBrushTool(d, s), TerrainBrushTool(d, s), EraserTool(d, s), FillTool(d, s), LineTool(d, s),
            SpawnTool(d, s, Team.RED), SpawnTool(d, s, Team.BLU), KitTool(d, s), ControlPointTool(d, s),
            TrackTool(d, s, Team.RED), TrackTool(d, s, Team.BLU),
            *(SpawnpointTool(d, s, c) for c in Colour), AmmoTool(d, s), RackTool(d, s),
            StartingUnitsTool(d, s), RectSelectTool(d, s), WandTool(d, s), SymmetryCenterTool(d, s), StampTool(d, s),
        ]
        self.paste_tool = PasteTool(d, s)
        self.paste_tool.on_done = lambda: self.set_tool("select")
        self.tools: dict[str, Tool] = {t.key: t for t in [*tools, self.paste_tool]}
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        group.setExclusive(True)
        for t in self.tools.values():
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
        return make_action(self, text, slot, shortcut, tip, checkable)

    def _build_actions(self) -> None:
        SK = QKeySequence.StandardKey
        docs = self.documents
        self.act_new = self._act("&New map…", docs.new_map, SK.New)
        self.act_open = self._act("&Open…", docs.open_dialog, SK.Open)
        self.act_open_folder = self._act("Open &folder…", self.open_folder_dialog, "Ctrl+Shift+O",
                                         "Show every map of a folder with a picture, its modes and its problems")
        self.act_save = self._act("&Save", lambda: docs.save(), SK.Save)
        self.act_save_as = self._act("Save &as…", lambda: docs.save_as(), SK.SaveAs)
        self.act_close = self._act("&Close tab", lambda: docs.close_document(), None,
                                   "Close the current map (asks to save changes)")
        self.act_close.setShortcuts([QKeySequence("Ctrl+W"), QKeySequence("Ctrl+F4")])
        self.act_next_tab = self._act("Next tab", lambda: self._step_tab(1), "Ctrl+Tab")
        self.act_prev_tab = self._act("Previous tab", lambda: self._step_tab(-1), "Ctrl+Shift+Tab")
        self.addActions([self.act_next_tab, self.act_prev_tab])
        self.act_export_png = self._act("Export &PNG…", lambda: self._export("png"))
        self.act_export_svg = self._act("Export S&VG…", lambda: self._export("svg"))
        self.act_print = self._act("&Print to PDF…", docs.print_dialog, SK.Print)
        self.act_import_tiled = self._act("&Import from Tiled…", lambda: tiled_actions.import_from_tiled(self, docs),
                                          None, "Open a Tiled hexagonal map (.tmx or .tmj) as a new map")
        self.act_export_tiled = self._act("Export to &Tiled…", lambda: tiled_actions.export_to_tiled(self, docs),
                                          None, "Write this map as a Tiled map (.tmx or .tmj)")
        self.act_quit = self._act("&Quit", self.close, SK.Quit)
        self.height_actions = []
        for h in range(3):
            a = self._act(f"Height {h}", lambda _=False, h=h: self.choose_height(h), str(h),
                          f"Paint height {h} (key {h})", checkable=True)
            a.setIcon(swatch_icon(palette.HEIGHT_FILL[h], str(h), "#ffffff" if h == 2 else "#1f1f1f"))
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
        # The Edit and View actions live in the handler; the old names stay for scripts and tests.
        handler = self.action_handler
        self.act_undo, self.act_redo = handler.act_undo, handler.act_redo
        self.act_props, self.act_reverse = handler.act_props, handler.act_reverse
        self.act_coords, self.act_heights = handler.act_coords, handler.act_heights

    def _build_menus(self) -> None:
        mb = self.menuBar()
        h = self.action_handler
        f = mb.addMenu("&File")
        f.addActions([self.act_new, self.act_open, self.act_open_folder])
        self.recent_menu = f.addMenu("Open &recent")
        f.addSeparator()
        f.addActions([self.act_save, self.act_save_as, self.act_close])
        f.addSeparator()
        f.addActions([self.act_export_png, self.act_export_svg, self.act_print])
        f.addSeparator()
        f.addActions([self.act_import_tiled, self.act_export_tiled])
        f.addSeparator()
        f.addAction(self.act_quit)
        e = mb.addMenu("&Edit")
        e.addActions([h.act_undo, h.act_redo])
        e.addSeparator()
        e.addActions([h.act_cut, h.act_copy, h.act_paste, h.act_delete, h.act_select_all, h.act_select_none])
        e.addSeparator()
        e.addActions([h.act_rotate, h.act_mirror])
        e.addSeparator()
        e.addActions([self.stamps_panel.act_save, self.tool_actions["stamp"]])
        m = mb.addMenu("&Map")
        m.addActions([h.act_props, h.act_resize, h.act_crop])
        m.addSeparator()
        m.addActions(list(h.act_reverse.values()))
        v = mb.addMenu("&View")
        v.addActions([h.act_zoom_in, h.act_zoom_out, h.act_fit])
        v.addSeparator()
        v.addActions([h.act_coords, h.act_heights])
        v.addSeparator()
        for d in self.docks.values():
            v.addAction(d.toggleViewAction())
        v.addSeparator()
        v.addActions([self.act_next_tab, self.act_prev_tab])
        t = mb.addMenu("&Tools")
        for key, a in self.tool_actions.items():
            if key != "paste":
                t.addAction(a)
        s = mb.addMenu("&Symmetry")
        s.addActions(list(self.symmetry_actions.values()))
        s.addSeparator()
        s.addAction(self.tool_actions["symmetry-center"])
        s.addAction(self.act_auto_center)
        hm = mb.addMenu("&Help")
        hm.addAction(self._act("&Keyboard shortcuts…", self.show_shortcuts, "F1",
                               "Every key the editor answers, and the canvas's gestures"))
        self._refresh_recent()

    def _build_toolbars(self) -> None:
        tb = QToolBar("Tools", self)
        tb.setObjectName("tools")
        tb.setOrientation(Qt.Orientation.Vertical)
        # 21 tools in one column (the Starting units tool is in the Tools menu and the Scenario panel): larger icons only where the screen is tall enough to show them all
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is not None and screen.availableGeometry().height() >= _TALL_SCREEN:
            tb.setIconSize(tb.iconSize() * 1.25)
        groups = [["height", "terrain", "eraser", "fill", "line"],
                  ["spawn-red", "spawn-blu", "kit", "control", "track-red", "track-blu"],
                  ["spawnpoint-red", "spawnpoint-blue", "spawnpoint-yellow", "ammo", "rack"],
                  ["select", "wand", "paste", "stamp", "symmetry-center"]]
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
            button = ob.widgetForAction(a)  # the swatch shows the level: no "Height 1" text beside it
            if isinstance(button, QToolButton):
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
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
        self.symmetry_combo.currentIndexChanged.connect(
            lambda *_: self.set_symmetry(SymmetryKind(self.symmetry_combo.currentData())))
        ob.addWidget(self.symmetry_combo)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, ob)

    def _build_docks(self) -> None:
        self.problems = ProblemsPanel()
        self.problems.activated.connect(self.show_problem)
        self.problems.clicked.connect(self._bring_problem)
        self.problems.selected.connect(self._mark_problem)
        self.overlays = OverlayPanel(None, self.state, None)
        self.scenario_panel = ScenarioPanel(None)
        self.scenario_panel.place_requested.connect(lambda: self.set_tool("units"))
        self.stamps_panel = StampsPanel(StampLibrary(self.paths.stamps), self.state)
        self.stamps_panel.stamp_chosen.connect(lambda _name: self.set_tool("stamp"))
        self.history = QUndoView(self.documents.undo_group)
        self.history.setEmptyLabel("<opened>")
        docks = []
        for title, widget, name in (("Problems", self.problems, "problems"), ("Overlays", self.overlays, "overlays"),
                                    ("Scenario", self.scenario_panel, "scenario"), ("Stamps", self.stamps_panel, "stamps"),
                                    ("History", self.history, "history")):
            d = QDockWidget(title, self)
            d.setObjectName(name)
            d.setWidget(widget)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d)
            docks.append(d)
        for a, b in zip(docks[1:], docks[2:], strict=False):
            self.tabifyDockWidget(a, b)
        docks[1].raise_()
        self.resizeDocks([docks[0], docks[1]], [520, 330], Qt.Orientation.Vertical)
        self.resizeDocks([docks[0]], [430], Qt.Orientation.Horizontal)
        self.docks = {d.objectName(): d for d in docks}

    def _mark_problem(self, p: Problem | None) -> None:
        """Outline the selected problem's hexes; with none selected (a quick fix made it go) also the orange focus
        wash a click on it left (it stayed on a fixed hex: a new-user audit)."""
        if self._view is None:
            return
        self._view.problem_marks.set_hexes(p.hexes if p is not None else ())
        if p is None:
            self._view.focus_mark.set_hexes(())

    def _build_status(self) -> None:
        self.hover_label = QLabel()
        self.zoom_label = QLabel()
        self.ink_label = QLabel()
        sb = self.statusBar()
        sb.addPermanentWidget(self.ink_label)
        sb.addPermanentWidget(self.hover_label)
        sb.addPermanentWidget(self.zoom_label)
        sb.messageChanged.connect(lambda text: sb.setToolTip("") if not text else None)  # no stale whole text

    def say(self, text: str, ms: int = 0) -> None:
        """Show ``text`` in the status bar for ``ms`` (0: until the next), cut with "…" to the room the ink, hex and
        zoom labels leave (a long tool hint ran under "ink:", a new-user audit); the whole text is its tooltip."""
        sb = self.statusBar()
        if not sb.isVisible():  # its width is not known yet
            sb.setToolTip("")
            sb.showMessage(text, ms)
            return
        room = sb.width() - sum(w.sizeHint().width() for w in (self.ink_label, self.hover_label, self.zoom_label)) - 40
        shown = sb.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, max(80, room))
        sb.setToolTip(text if shown != text else "")
        sb.showMessage(shown, ms)

    def _show_zoom(self, z: float) -> None:
        self.zoom_label.setText(f"  {z * 100:.0f}%  ")

    # -- files and tabs ----------------------------------------------------------------

    def _export(self, kind: str) -> None:
        self.documents.export_dialog(kind, self.act_coords.isChecked(), self.act_heights.isChecked())

    def _step_tab(self, step: int) -> None:
        tabs = self.documents.tabs
        if tabs.count():
            tabs.setCurrentIndex((tabs.currentIndex() + step) % tabs.count())

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        files = self.documents.recent_files()
        for p in files:
            a = self.recent_menu.addAction(Path(p).name)
            a.setToolTip(p)
            a.triggered.connect(lambda _=False, p=p: self.documents.open_path(Path(p)))
        self.recent_menu.setEnabled(bool(files))

    def open_folder_dialog(self) -> None:
        """Choose a folder and show its maps in the library window."""
        start = str(self._doc.path.parent) if self._doc is not None and self._doc.path else ""
        folder = QFileDialog.getExistingDirectory(self, "Open folder of maps", start)
        if folder:
            self.show_library(Path(folder))

    def show_library(self, folder: Path) -> LibraryWindow:
        """Show the maps of ``folder`` in the library window (one window, reused)."""
        if self.library_window is None:
            self.library_window = LibraryWindow(self.paths.thumbnails, self)
            self.library_window.open_requested.connect(self._open_from_library)
            self.library_window.folders_listed.connect(lambda folders: [self.documents.sweep(f) for f in folders])
        self.library_window.set_folder(folder)
        self.library_window.show()
        self.library_window.raise_()
        return self.library_window

    def _open_from_library(self, paths: list[Path]) -> None:
        self.documents.open_paths(paths)
        self.raise_()
        self.activateWindow()

    # -- tools and options -------------------------------------------------------------

    def set_tool(self, key: str) -> None:
        """Make the tool named ``key`` current (and check its button)."""
        tool = self.tools[key]
        self.tool_actions[key].setChecked(True)
        if self._view is not None:
            self._view.set_tool(tool)
        self._tool = tool
        self.say(tool.tip, 4000)
        self._sync_options()

    def choose_height(self, h: int) -> None:
        """Pick height ``h`` and switch to the height brush (unless fill or line is current)."""
        self.state.set_height(h)
        if self._tool is None or self._tool.key not in ("fill", "line"):
            self.set_tool("height")
        self.state.use_ink_kind("height")

    def choose_terrain(self, t: Terrain) -> None:
        """Pick terrain ``t`` and switch to the terrain brush (unless fill or line is current)."""
        self.state.set_terrain(t)
        if self._tool is None or self._tool.key not in ("fill", "line"):
            self.set_tool("terrain")
        self.state.use_ink_kind("terrain")

    def _orientation(self) -> Orientation:
        return self._doc.map.meta.orientation if self._doc is not None else self.state.symmetry.orientation

    def set_symmetry(self, kind: SymmetryKind) -> None:
        """Turn live symmetry painting on or off; a new symmetry is centred on the map automatically."""
        st = self.state
        if kind is not SymmetryKind.OFF and st.symmetry.kind is SymmetryKind.OFF:
            st.set_symmetry(kind, orientation=self._orientation())
            self.auto_center()
        else:
            st.set_symmetry(kind, orientation=self._orientation())
        self._tell_unmatched()

    def _tell_unmatched(self) -> None:
        """Say when the chosen symmetry leaves hexes of the map without an image on it (painting there is not
        mirrored): a new-user audit mirrored a pointy-top rectangle left ↔ right, which its offset rows never allow,
        and learnt it only from the mismatches overlay."""
        sym, doc = self.state.symmetry, self._doc
        if doc is None or not sym.active:
            return
        cells = doc.map.cells
        lost = [h for h in cells if any(img not in cells for img, _ in sym.images(h))]
        if lost:
            self.state.tell(f"{len(lost)} of the map's {len(cells)} hexes have no image on it under this symmetry, so "
                            "painting them is not mirrored (try another symmetry, or Symmetry ▸ Centre on the map's "
                            "middle; a pointy-top rectangle's rows are offset, so left ↔ right cannot cover it whole, "
                            "while a half turn does with an even number of rows)", lost[:40])

    def auto_center(self) -> None:
        """Centre the symmetry where the map best matches its image."""
        if self._doc is None:
            return
        st, o = self.state, self._orientation()
        sym = st.symmetry.primary() or mirror_for(o, "left-right")
        st.set_symmetry(st.symmetry.kind, best_center(self._doc.map.cells, sym), o)

    def _sync_options(self) -> None:
        st = self.state
        for h, a in enumerate(self.height_actions):
            a.setChecked(st.last_ink_kind == "height" and st.height == h)
        for t, a in self.terrain_actions.items():
            a.setChecked(st.last_ink_kind == "terrain" and st.terrain == t)
        arrow = direction_arrow(st.stairs_up, self._orientation())
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

    # -- reactions -------------------------------------------------------------------------

    def show_problem(self, p) -> None:  # type: ignore[no-untyped-def]
        """Jump to a problem's hexes and highlight them."""
        if self._doc is None or self._view is None:
            return
        hexes = self._problem_hexes(p)
        if hexes:
            self._view.center_on_hexes(hexes)
        self.say(f"{p.code}: {in_editor_words(p.message)}", 8000)

    def _problem_hexes(self, p) -> list[Hex]:  # type: ignore[no-untyped-def]
        """A problem's hexes on the map (all of them when none is: a hex the problem names off the map)."""
        assert self._doc is not None
        return [h for h in p.hexes if h in self._doc.map.cells] or list(p.hexes)

    def show_shortcuts(self) -> None:
        """Help ▸ Keyboard shortcuts (F1): read from the actions themselves (:mod:`editor.shortcuts`)."""
        ShortcutsDialog(self).exec()

    def _bring_problem(self, p) -> None:  # type: ignore[no-untyped-def]
        """A problem clicked once: its hexes marked and, when some are off screen, scrolled into view (a new-user
        audit clicked a row with the map zoomed in elsewhere and saw nothing happen; a double-click centres)."""
        if self._view is not None and self._doc is not None:
            hexes = self._problem_hexes(p)
            if hexes:
                self._view.bring_into_view(hexes)

    def _refresh_hover(self, *_: object) -> None:
        """The hovered hex's words again after an edit: painted or erased under a still pointer, the status bar
        kept the hex as it was (a new-user audit)."""
        self._show_hover(self._hovered)

    def _show_hover(self, h: Hex | None) -> None:
        self._hovered = h
        if h is None or self._doc is None:
            self.hover_label.setText("")
            return
        m = self._doc.map
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
        self.say(("⚠ " if error else "") + message, 6000 if error else 3000)

    def _place_window(self) -> None:
        """Where the window was last closed, when that is still on a screen; else 1500×950 or as much of the
        screen as there is (a window wider than the screen hides the docks on the right)."""
        saved = self.settings.value(_GEOMETRY_KEY)
        if isinstance(saved, QByteArray) and self.restoreGeometry(saved):
            # never under what the toolbars and docks need (restoring clamps to the screen, not to them)
            self.resize(self.size().expandedTo(self.minimumSizeHint()))
            return
        fit_to_screen(self, *_DEFAULT_SIZE, centre=True)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.documents.close_all():
            self.settings.setValue(_GEOMETRY_KEY, self.saveGeometry())
            self.documents.shutdown()
            if self.library_window is not None:
                self.library_window.close()
            e.accept()
        else:
            e.ignore()
