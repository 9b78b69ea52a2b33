"""The map canvas: a QGraphicsView that zooms, pans and turns pointer events into tool gestures.

Hit-testing is by hex maths (``Layout.pixel_to_hex``), never by item lookup.
Zoom: wheel (about the pointer), pinch, Ctrl+=/Ctrl+-; pan: middle drag,
Space+drag, scroll bars, arrow keys; fit with Ctrl+0.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QLabel, QWidget

from editor.canvas.items import HexHighlightItem, MapItem, OverlayItem, PieceItem, SymmetryMarkItem
from editor.canvas.units_item import StartingUnitsItem
from editor.document import MapDocument
from editor.playtest.presenters import presenter_for
from editor.render.painter import MapRenderer, layout_for
from editor.state import EditorState
from editor.tools.base import Gesture, Tool
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.scenario import TeamSetup

__all__ = ["MapView"]

MIN_ZOOM = 0.05
MAX_ZOOM = 8.0


def _pen(color: str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    p = QPen(QColor(color), width)
    p.setCosmetic(True)
    p.setStyle(style)
    p.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return p


class MapView(QGraphicsView):
    """Shows a :class:`MapDocument` and drives the current :class:`Tool`.

    Signals: ``hovered(object)`` with the hex under the pointer (or None);
    ``zoom_changed(float)``.
    """

    hovered = Signal(object)
    zoom_changed = Signal(float)

    def __init__(self, doc: MapDocument, state: EditorState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.state = state
        self.tool: Tool | None = None
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setBackgroundBrush(QBrush(QColor("#d9dde3")))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._build_items()
        #: the map keeps fitting the view as it is resized (a tab opened, the window laid out) until the
        #: user zooms
        self._fitting = True
        self._pan_from: QPoint | None = None
        self._space = False
        self._dragging = False
        self._hover: Hex | None = None
        self._toast = QLabel(self.viewport())
        self._toast.setStyleSheet(
            "QLabel { background: rgba(40,40,46,225); color: white; padding: 5px 9px; border-radius: 5px; }"
        )
        self._toast.hide()
        self._toast_timer = QTimer(self)
        self._toast_timer.setSingleShot(True)
        self._toast_timer.timeout.connect(self._toast.hide)
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(lambda: self.flash.set_hexes(()))
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self._on_reset)
        doc.scenario_changed.connect(self._refresh_units)
        # a bound method, not a lambda: Qt drops it when this view goes (a closed tab's view, kept by a lambda on the
        # window-wide state, raised on every later selection change and was never freed — a new-user audit)
        state.selection_changed.connect(self._refresh_selection)
        state.changed.connect(self._refresh_cursor)
        state.changed.connect(self._refresh_symmetry)
        state.notice.connect(self._on_notice)
        # the window's symmetry as it is now: a view made while it is on (a map reopened, a new tab) drew no centre
        # until the symmetry next changed (a new-user audit)
        self._refresh_symmetry()

    def _refresh_selection(self) -> None:
        self.selection.set_hexes(self.state.selection)

    def _build_items(self) -> None:
        self.renderer = MapRenderer(layout_for(self.doc.map.meta.orientation))
        self.map_item = MapItem(self.doc, self.renderer)
        self._scene.addItem(self.map_item)
        self.overlay = OverlayItem(self.renderer, self.map_item)
        self._scene.addItem(self.overlay)
        self.problem_marks = HexHighlightItem(
            self.renderer, _pen("#e8491d", 2.5), QBrush(QColor(232, 73, 29, 40)), z=8
        )
        self.selection = HexHighlightItem(
            self.renderer, _pen("#1565c0", 2.0, Qt.PenStyle.DashLine), QBrush(QColor(30, 120, 220, 45)), z=9
        )
        self.preview = HexHighlightItem(self.renderer, _pen("#202020", 1.5), QBrush(QColor(255, 255, 255, 70)), z=11)
        #: the preview of a gesture that would be refused where it is (a unit dragged onto a wall)
        self.refused_preview = HexHighlightItem(self.renderer, _pen("#d50000", 2.5, Qt.PenStyle.DashLine),
                                                QBrush(QColor(213, 0, 0, 70)), z=12.5)  # over the hover mark
        self.hover_mark = HexHighlightItem(self.renderer, _pen("#1a237e", 2.5), QBrush(QColor(255, 255, 255, 70)), z=12)
        self.flash = HexHighlightItem(self.renderer, _pen("#d50000", 3.0), QBrush(QColor(213, 0, 0, 60)), z=13)
        self.focus_mark = HexHighlightItem(self.renderer, _pen("#ff6f00", 4.0), QBrush(QColor(255, 160, 0, 70)), z=14)
        for item in (self.problem_marks, self.selection, self.preview, self.refused_preview, self.hover_mark, self.flash,
                     self.focus_mark):
            self._scene.addItem(item)
        self.units = StartingUnitsItem(self.renderer)
        self._scene.addItem(self.units)
        self._refresh_units()
        self.piece = PieceItem(self.renderer)
        self.piece.setFlag(self.piece.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._scene.addItem(self.piece)
        self.symmetry_mark = SymmetryMarkItem(self.renderer)
        self._scene.addItem(self.symmetry_mark)
        self._update_scene_rect()

    # -- document -----------------------------------------------------------------

    def _on_changed(self, hexes: frozenset[Hex] | None) -> None:
        self.map_item.map_changed(hexes)
        if hexes is None or any((h in self.doc.map.cells) for h in hexes):
            self._update_scene_rect()
        self._refresh_cursor()

    def _refresh_units(self) -> None:
        """Draw the starting units the document's scenario places on hexes (none for a plain map)."""
        setup = self.doc.scenario
        if setup is None:
            self.units.set_units(())
            return
        placed = [(u.hex, t, u.unit) for t in Team for u in setup.teams.get(t, TeamSetup()).starting
                  if u.hex is not None]
        self.units.set_units(placed, letters=presenter_for(setup.mode).letters)  # as the playtest's counters

    def _on_reset(self) -> None:
        """A different map was loaded: rebuild the items (orientation may differ) and fit."""
        if self.renderer.layout.orientation.name != self.doc.map.meta.orientation.value:
            self._scene.clear()
            self._build_items()
        self.overlay.set_data({})
        self._refresh_units()
        self.problem_marks.set_hexes(())
        self.state.set_selection(())
        self.selection.set_hexes(())
        self.focus_mark.set_hexes(())
        self._refresh_symmetry()
        QTimer.singleShot(0, self.fit)

    def _update_scene_rect(self) -> None:
        r = self.map_item.boundingRect()
        pad = 6 * self.renderer.layout.hex_width()
        self._scene.setSceneRect(r.adjusted(-pad, -pad, pad, pad))

    # -- tools --------------------------------------------------------------------

    def set_tool(self, tool: Tool | None) -> None:
        """Make ``tool`` receive the gestures (None: this canvas is not the current tab)."""
        if self.tool is not None and self.tool is not tool:
            self.tool.cancel()
        self.tool = tool
        self._dragging = False
        if tool is not None:
            tool.on_preview = self._refresh_preview
            tool.activate()
        self._refresh_preview()
        self._refresh_cursor()

    def _refresh_symmetry(self) -> None:
        self.symmetry_mark.set_mode(self.state.symmetry, self.renderer.map_rect(self.doc.map, 2))

    def _refresh_preview(self) -> None:
        hexes = tuple(self.tool.preview_hexes()) if self.tool else ()
        refused = bool(hexes) and self.tool is not None and self.tool.preview_refused()
        self.preview.set_hexes(() if refused else hexes)
        self.refused_preview.set_hexes(hexes if refused else ())

    def _refresh_cursor(self) -> None:
        if self._hover is None or self.tool is None:
            self.hover_mark.set_hexes(())
            self.piece.set_piece(None)
            return
        self.piece.set_piece(self.tool.cursor_piece(self._hover))
        hexes = set(self.tool.cursor_hexes(self._hover))
        sym = self.state.symmetry
        if sym.active:
            for h in list(hexes):
                hexes.update(img for img, _ in sym.images(h))
        self.hover_mark.set_hexes(hexes)

    # -- zoom and pan ----------------------------------------------------------------

    @property
    def zoom(self) -> float:
        """Current scale factor (1 = a hex of 32 px radius)."""
        return self.transform().m11()

    def set_zoom(self, z: float, user: bool = True) -> None:
        """Zoom to ``z`` (clamped) keeping the anchor point; a ``user`` zoom stops the view fitting the map."""
        if user:
            self._fitting = False
        z = max(MIN_ZOOM, min(MAX_ZOOM, z))
        f = z / self.zoom
        if abs(f - 1.0) > 1e-9:
            self.scale(f, f)
            self.zoom_changed.emit(self.zoom)

    def zoom_by(self, factor: float) -> None:
        """Multiply the zoom by ``factor`` (the user's zoom: the view stops fitting the map on resizes)."""
        self.set_zoom(self.zoom * factor)

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        if self._fitting and self.viewport().width() > 40:
            self.fit()

    def fit(self) -> None:
        """Show the whole map (a map opens fitted to its view)."""
        r = self.renderer.map_rect(self.doc.map, 1)
        if r.isEmpty():
            return
        self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom > 3.0:
            self.set_zoom(3.0, user=False)
        self.zoom_changed.emit(self.zoom)

    def center_on_hexes(self, hexes: list[Hex]) -> None:
        """Scroll (and zoom out if needed) so ``hexes`` are in view, and mark them."""
        if not hexes:
            return
        r = self.renderer.hexes_rect(hexes, pad=1.5)
        view = self.mapToScene(self.viewport().rect()).boundingRect()
        if r.width() > view.width() or r.height() > view.height():
            self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
            self.zoom_changed.emit(self.zoom)
        self.centerOn(r.center())
        self.focus_mark.set_hexes(hexes)

    def bring_into_view(self, hexes: list[Hex]) -> None:
        """Mark ``hexes`` and scroll only when some are out of view (:meth:`center_on_hexes` then): a preview of
        hexes already on screen leaves the map where the user put it."""
        if hexes and self.mapToScene(self.viewport().rect()).boundingRect().contains(
                self.renderer.hexes_rect(hexes, pad=0.5)):
            self.focus_mark.set_hexes(hexes)
            return
        self.center_on_hexes(hexes)

    def wheelEvent(self, e: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        if e.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            super().wheelEvent(e)  # scroll sideways/vertically
            return
        dy = e.angleDelta().y() or e.pixelDelta().y()
        if dy:
            self.zoom_by(1.0015 ** dy)
        e.accept()

    def viewportEvent(self, e: QEvent) -> bool:  # noqa: N802 - Qt's name
        if e.type() == QEvent.Type.Gesture:
            pinch = e.gesture(Qt.GestureType.PinchGesture)  # type: ignore[attr-defined]
            if pinch is not None:
                self.zoom_by(pinch.scaleFactor())
                e.accept()
                return True
        if e.type() == QEvent.Type.NativeGesture and e.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:  # type: ignore[attr-defined]
            self.zoom_by(1.0 + e.value())  # type: ignore[attr-defined]
            return True
        return super().viewportEvent(e)

    # -- pointer -----------------------------------------------------------------

    def _gesture(self, e: QMouseEvent) -> Gesture:
        sp = self.mapToScene(e.position().toPoint())
        h = self.renderer.hex_at(sp.x(), sp.y())
        mods = e.modifiers()
        return Gesture(
            h,
            sp.x(),
            sp.y(),
            right=bool(e.buttons() & Qt.MouseButton.RightButton) or e.button() == Qt.MouseButton.RightButton,
            shift=bool(mods & Qt.KeyboardModifier.ShiftModifier),
            ctrl=bool(mods & Qt.KeyboardModifier.ControlModifier),
        )

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if e.button() == Qt.MouseButton.MiddleButton or (self._space and e.button() == Qt.MouseButton.LeftButton):
            self._pan_from = e.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            e.accept()
            return
        if e.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton) and self.tool is not None:
            self.focus_mark.set_hexes(())
            self._dragging = True
            self.tool.press(self._gesture(e))
            e.accept()
            return
        super().mousePressEvent(e)

    def mouseMoveEvent(self, e: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if self._pan_from is not None:
            d = e.position().toPoint() - self._pan_from
            self._pan_from = e.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            e.accept()
            return
        g = self._gesture(e)
        if g.hex != self._hover:
            self._hover = g.hex
            self.hovered.emit(g.hex)
            self._refresh_cursor()
        if self._dragging and self.tool is not None:
            self.tool.move(g)
        e.accept()

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            e.accept()
            return
        if self._dragging and self.tool is not None:
            self._dragging = False
            self.tool.release(self._gesture(e))
            e.accept()
            return
        super().mouseReleaseEvent(e)

    def leaveEvent(self, e: QEvent) -> None:  # noqa: N802 - Qt's name
        self._hover = None
        self.hovered.emit(None)
        self._refresh_cursor()
        super().leaveEvent(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        k = e.key()
        if k == Qt.Key.Key_Space and not e.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if k == Qt.Key.Key_Escape:
            if self.tool is not None:
                self.tool.cancel()
            self._dragging = False
            self.state.set_selection(())
            return
        # "+" is Shift+= on many layouts, and the keypad's keys carry their own modifier: both zoom (a review)
        plain = not (e.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier))
        if k in (Qt.Key.Key_Plus, Qt.Key.Key_Equal) and plain:
            self.zoom_by(1.25)
            return
        if k == Qt.Key.Key_Minus and plain:
            self.zoom_by(0.8)
            return
        step = 40
        if k in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            bar = self.horizontalScrollBar() if k in (Qt.Key.Key_Left, Qt.Key.Key_Right) else self.verticalScrollBar()
            sign = -1 if k in (Qt.Key.Key_Left, Qt.Key.Key_Up) else 1
            bar.setValue(bar.value() + sign * step)
            return
        super().keyPressEvent(e)

    def keyReleaseEvent(self, e: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if e.key() == Qt.Key.Key_Space and not e.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(e)

    # -- notices -----------------------------------------------------------------------

    def _on_notice(self, message: str, hexes: tuple[Hex, ...], error: bool) -> None:
        if hexes:
            self.flash.set_hexes(hexes)
            self._flash_timer.start(1600)
        if not error:
            return
        self._toast.setText(message)
        self._toast.adjustSize()
        pos = self.viewport().mapFromGlobal(self.cursor_pos_global())
        vp = self.viewport().rect()
        x = min(max(8, pos.x() + 16), max(8, vp.width() - self._toast.width() - 8))
        y = min(max(8, pos.y() + 16), max(8, vp.height() - self._toast.height() - 8))
        self._toast.move(x, y)
        self._toast.show()
        self._toast.raise_()
        self._toast_timer.start(3500)

    @property
    def toast_text(self) -> str:
        """The refusal message currently shown on the canvas ('' when hidden)."""
        return self._toast.text() if self._toast.isVisible() else ""

    def cursor_pos_global(self) -> QPoint:
        """Where the pointer is (the hovered hex's centre if the pointer is elsewhere)."""
        from PySide6.QtGui import QCursor

        if self._hover is not None:
            c = self.renderer.center(self._hover)
            return self.viewport().mapToGlobal(self.mapFromScene(QPointF(c.x(), c.y())))
        return QCursor.pos()
