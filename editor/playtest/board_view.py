"""The playtest board: the editor's map drawing plus units, markers and move/attack highlights.

:class:`BoardView` is a QGraphicsView with two items: the map, painted by the
editor's :class:`~editor.render.painter.MapRenderer` (so a game looks like the
map being edited), and a play layer painting a
:class:`~editor.playtest.picture.BoardPicture` and the current choices. It
knows nothing of the rules: the window gives it what to show and listens to
``hex_clicked`` / ``hex_hovered``. Hit-testing is by hex maths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QStyleOptionGraphicsItem,
    QToolButton,
    QWidget,
)

from editor.playtest import board_marks as marks
from editor.playtest.explain import Choice
from editor.playtest.picture import BoardPicture, UnitMark
from editor.render.painter import MapRenderer, RenderOptions, layout_for
from editor.render.style import TEAM_COLORS
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from engine.rules.actions import Verb

__all__ = ["BoardView"]

_MOVE_FILL = QColor(46, 160, 120, 70)
_MOVE_PEN = QColor(30, 120, 90)
_TARGET_FILL = QColor(220, 50, 40, 60)
_TARGET_PEN = QColor(200, 30, 20)
_SPECIAL_FILL = QColor(130, 80, 200, 60)
_SPECIAL_PEN = QColor(110, 60, 180)
_AREA_FILL = QColor(255, 140, 0, 95)
_FLASH_PEN = QColor(255, 196, 0)
_GOLD = QColor("#f2b600")


def _font(px: float, bold: bool = True) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    return f


class _MapLayer(QGraphicsItem):
    """The map, drawn exactly as the editor draws it (without the editor's ghosts)."""

    def __init__(self, renderer: MapRenderer, m: HexMap) -> None:
        super().__init__()
        self.renderer = renderer
        self.map = m
        self.options = RenderOptions()
        self._rect = renderer.map_rect(m, 1)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, self.renderer.wants_antialiasing(p))
        self.renderer.paint(p, self.map, option.exposedRect, self.options)  # type: ignore[attr-defined]


class _PlayLayer(QGraphicsItem):
    """Units, markers, choices, paths and highlights over the map (see :meth:`BoardView.show`)."""

    def __init__(self, renderer: MapRenderer, rect: QRectF) -> None:
        super().__init__()
        self.r = renderer
        self._rect = rect
        self.picture: BoardPicture | None = None
        self.choices: Mapping[Hex, Choice] = {}
        self.targets: Mapping[Hex, Choice] = {}
        self.mode: Verb | None = None
        self.path: tuple[Hex, ...] = ()
        self.area: Mapping[Hex, int] = {}
        self.flash: frozenset[Hex] = frozenset()
        self.hover: Hex | None = None
        self.team_to_act: Team | None = None
        s = renderer.layout.size.x
        self.s = s
        self.f_unit = _font(s * 0.46)
        self.f_small = _font(s * 0.34)
        self.f_tiny = _font(s * 0.24)
        self.setZValue(5)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    # -- painting -------------------------------------------------------------------------

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._size_fonts(p)
        pic = self.picture
        if pic is not None:
            for m in pic.marks:
                if m.under:
                    m.paint(self, p)
        self._paint_choices(p)
        self._paint_area(p)
        self._paint_flash(p)
        self._paint_path(p)
        if pic is not None:
            for m in pic.marks:
                if not m.under:
                    m.paint(self, p)
            for u in pic.units:
                self._paint_unit(p, u)
        self._paint_labels(p)
        self._paint_hover(p)

    def _size_fonts(self, p: QPainter) -> None:
        """Fonts sized to the hex, but never under a readable size on screen when the board is shown small."""
        scale = max(1e-6, abs(p.worldTransform().m11()))
        s = self.s
        self.f_unit = _font(max(s * 0.46, 12 / scale))
        self.f_small = _font(max(s * 0.34, 10 / scale))
        self.f_tiny = _font(max(s * 0.26, 9 / scale))

    def _poly(self, h: Hex) -> QPolygonF:
        return self.r.polygon(h)

    def _colors(self) -> tuple[QColor, QColor]:
        if self.mode is Verb.MOVE:
            return _MOVE_FILL, _MOVE_PEN
        if self.mode in (Verb.ATTACK, Verb.HEAL):
            return _TARGET_FILL, _TARGET_PEN
        if self.mode is Verb.SPAWN and self.team_to_act is not None:
            c = QColor(TEAM_COLORS[self.team_to_act])
            fill = QColor(c)
            fill.setAlpha(70)
            return fill, c.darker(130)
        return _SPECIAL_FILL, _SPECIAL_PEN

    def _paint_choices(self, p: QPainter) -> None:
        if self.targets:
            self._paint_set(p, self.targets, _TARGET_FILL, _TARGET_PEN)
        if self.choices:
            fill, pen_c = self._colors()
            self._paint_set(p, self.choices, fill, pen_c)

    def _paint_set(self, p: QPainter, hexes: Iterable[Hex], fill: QColor, pen_c: QColor) -> None:
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(self._poly(h))
            path.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawPath(path)
        pen = QPen(pen_c, self.s * 0.07)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path.simplified())

    def _paint_area(self, p: QPainter) -> None:
        if not self.area:
            return
        s = self.s
        p.setPen(QPen(QColor(200, 90, 0), s * 0.05, Qt.PenStyle.DashLine))
        p.setBrush(_AREA_FILL)
        for h in self.area:
            p.drawConvexPolygon(self._poly(h))

    def _paint_flash(self, p: QPainter) -> None:
        if not self.flash:
            return
        pen = QPen(_FLASH_PEN, self.s * 0.14)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(QColor(255, 210, 0, 60))
        for h in self.flash:
            p.drawConvexPolygon(self._poly(h))

    def _paint_path(self, p: QPainter) -> None:
        if len(self.path) < 2:
            return
        s = self.s
        pts = [self.r.center(h) for h in self.path]
        pen = QPen(QColor(20, 90, 60, 230), s * 0.13)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolyline(QPolygonF(pts))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(20, 90, 60))
        for c in pts[1:-1]:
            p.drawEllipse(c, 0.12 * s, 0.12 * s)
        end = pts[-1]
        p.setBrush(QColor(255, 255, 255, 230))
        p.setPen(QPen(QColor(20, 90, 60), s * 0.08))
        p.drawEllipse(end, 0.26 * s, 0.26 * s)
        p.setFont(self.f_small)
        p.drawText(QRectF(end.x() - s, end.y() - s / 2, 2 * s, s), Qt.AlignmentFlag.AlignCenter, str(len(pts) - 1))

    def _paint_unit(self, p: QPainter, u: UnitMark) -> None:
        s = self.s
        c = self.r.center(u.hex)
        col = QColor("#8a8a8a") if u.dimmed else QColor(TEAM_COLORS[u.team])
        rad = 0.56 * s
        if u.active:  # a gold halo marks the unit acting now
            p.setPen(QPen(_GOLD, s * 0.16))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, rad + 0.13 * s, rad + 0.13 * s)
        if u.ring:
            p.setPen(QPen(QColor(u.ring), s * 0.1, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, rad + 0.05 * s, rad + 0.05 * s)
        p.setPen(QPen(QColor("#ffffff"), s * 0.07))
        p.setBrush(col)
        if u.square:
            p.drawRoundedRect(QRectF(c.x() - rad, c.y() - rad, 2 * rad, 2 * rad), 0.15 * s, 0.15 * s)
        else:
            p.drawEllipse(c, rad, rad)
        p.setFont(self.f_unit)
        p.setPen(QColor("#ffffff"))
        p.drawText(QRectF(c.x() - rad, c.y() - rad * 0.95, 2 * rad, 2 * rad * 0.8), Qt.AlignmentFlag.AlignCenter,
                   u.letters)
        # health bar
        w, hgt = 1.1 * s, 0.17 * s
        bar = QRectF(c.x() - w / 2, c.y() + 0.48 * s, w, hgt)
        p.setPen(QPen(QColor("#1a1a1a"), s * 0.035))
        p.setBrush(QColor("#2b2b2b"))
        p.drawRect(bar)
        f = u.health_fraction
        hc = QColor("#3cb44b") if f > 0.6 else QColor("#f0b400") if f > 0.3 else QColor("#e23b2e")
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(hc)
        p.drawRect(QRectF(bar.left(), bar.top(), bar.width() * f, bar.height()))
        for d in u.decor:  # what the mode hangs on the counter (burn, scope, charge...)
            d.paint(self, p, c)
        marks.paint_badges(self, p, u)

    def _paint_labels(self, p: QPainter) -> None:
        """Hit chances (and heal amounts) on attack targets, damage numbers in a hovered area."""
        s = self.s
        labels = [(h, ch, text) for h, ch in [*self.targets.items(), *self.choices.items()] if (text := ch.label())]
        if labels:
            scale = max(1e-6, abs(p.worldTransform().m11()))
            size = float(self.f_small.pixelSize())
            room = marks.label_room(self.r.center, max(0.5 * s, 1.3 * size))

            def width(text: str, px: float) -> float:
                return QFontMetricsF(_font(px)).horizontalAdvance(text) + 0.5 * px

            for h, ch, text in labels:  # shrunk to fit between its neighbours' labels (a new-user look, session 12)
                text, px = marks.fit_label(text, room, size, marks.LABEL_MIN_PX / scale, width)
                font = _font(px)
                p.setFont(font)
                c = self.r.center(h)
                w, hgt = width(text, font.pixelSize()), max(0.4 * s, 1.3 * font.pixelSize())
                r = QRectF(c.x() - w / 2, c.y() - 0.8 * s - hgt / 2, w, hgt)
                p.setPen(QPen(_TARGET_PEN if (ch.damage or 0) >= 0 else QColor("#1b8a4b"), s * 0.05))
                p.setBrush(QColor(255, 255, 255, 240))
                p.drawRoundedRect(r, 0.3 * hgt, 0.3 * hgt)
                p.setPen(QColor("#1d1d1d"))
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
        if self.area and len(self.area) > 1:
            p.setFont(self.f_tiny)
            for h, dmg in self.area.items():
                c = self.r.center(h)
                r = QRectF(c.x() - 0.5 * s, c.y() + 0.22 * s, s, 0.3 * s)
                if self.picture is not None and self.picture.unit_at(h) is not None:
                    continue
                p.setPen(QColor("#5a2a00"))
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"−{dmg}")

    def _paint_hover(self, p: QPainter) -> None:
        if self.hover is None:
            return
        p.setPen(QPen(QColor("#111111"), self.s * 0.06))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawConvexPolygon(self._poly(self.hover))


class BoardView(QGraphicsView):
    """Shows one game's map and what the window asks (units, choices, paths, highlights).

    Signals: ``hex_clicked(Hex)`` on a left click on or off the map;
    ``hex_hovered(object)`` with the hex under the pointer (None when it leaves).
    Right click and Escape emit ``cancelled()``.
    """

    hex_clicked = Signal(object)
    hex_hovered = Signal(object)
    cancelled = Signal()

    def __init__(self, m: HexMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setBackgroundBrush(QBrush(QColor("#d9dde3")))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._hover: Hex | None = None
        #: the user zoomed (or a caller focused): resizing keeps that zoom; until then the map is fitted
        self._zoomed = False
        self._zoom_box = self._zoom_buttons()
        self._toast = QLabel(self.viewport())
        self._toast.setWordWrap(True)
        self._toast.setMaximumWidth(420)
        self._toast.setStyleSheet(
            "QLabel { background: rgba(40,40,46,230); color: white; padding: 6px 10px; border-radius: 6px; }")
        self._toast.hide()
        self._toast_timer = QTimer(self)
        self._toast_timer.setSingleShot(True)
        self._toast_timer.timeout.connect(self._toast.hide)
        self.set_map(m)

    def set_map(self, m: HexMap) -> None:
        """Show map ``m`` (a new game or a replay on another map); clears everything drawn on it."""
        self._scene.clear()
        self.map = m
        self.renderer = MapRenderer(layout_for(m.meta.orientation))
        self.map_layer = _MapLayer(self.renderer, m)
        self._scene.addItem(self.map_layer)
        rect = self.renderer.map_rect(m, 1)
        self.play = _PlayLayer(self.renderer, rect)
        self._scene.addItem(self.play)
        self._scene.setSceneRect(rect)
        self._zoomed = False
        self.fit()

    # -- what to show ------------------------------------------------------------------

    def show_picture(self, picture: BoardPicture, team_to_act: Team | None) -> None:
        """Draw the units and markers of ``picture``."""
        self.play.picture = picture
        self.play.team_to_act = team_to_act
        self.play.update()

    def show_choices(self, mode: Verb | None, choices: Mapping[Hex, Choice],
                     targets: Mapping[Hex, Choice] | None = None) -> None:
        """Highlight the hexes a click would act on in ``mode`` (and attack ``targets`` besides); clears path and area."""
        self.play.mode = mode
        self.play.choices = dict(choices)
        self.play.targets = dict(targets or {})
        self.play.path = ()
        self.play.area = {}
        self.play.update()

    def show_path(self, path: Iterable[Hex]) -> None:
        """Draw a move's path (empty to clear)."""
        self.play.path = tuple(path)
        self.play.update()

    def show_area(self, area: Mapping[Hex, int]) -> None:
        """Tint the hexes an area attack would hit, with the damage on each (empty to clear)."""
        self.play.area = dict(area)
        self.play.update()

    def flash(self, hexes: Iterable[Hex], scroll: bool = True) -> None:
        """Outline ``hexes`` in gold (the log's highlight, a button's hexes) until the next call; empty clears.
        With ``scroll`` the view scrolls to show them."""
        self.play.flash = frozenset(hexes)
        self.play.update()
        hs = [h for h in self.play.flash if h in self.map.cells]
        if hs and scroll:
            self.ensureVisible(self.renderer.hexes_rect(hs, pad=0.5), 20, 20)

    @property
    def choices(self) -> Mapping[Hex, Choice]:
        """The hexes currently highlighted as clickable in the current mode."""
        return self.play.choices

    @property
    def targets(self) -> Mapping[Hex, Choice]:
        """Attack targets shown besides the current mode's choices (in move mode)."""
        return self.play.targets

    @property
    def flashed(self) -> frozenset[Hex]:
        """The hexes outlined by :meth:`flash`."""
        return self.play.flash

    def tell(self, text: str, msec: int = 4000, at: Hex | None = None) -> None:
        """Show a short message over the board near the pointer (why a click did nothing), or beside hex ``at``
        when given (a message about a unit, after a button click: the pointer is off the board); with neither,
        at the board's top centre."""
        self._toast.setText(text)
        self._toast.adjustSize()
        vp = self.viewport().rect()
        x, y = max(8, (vp.width() - self._toast.width()) // 2), 12
        near = at if at is not None else self._hover
        if near is not None:
            pt = self.mapFromScene(self.renderer.center(near))
            x = min(max(8, pt.x() + 18), max(8, vp.width() - self._toast.width() - 8))
            y = min(max(8, pt.y() + 18), max(8, vp.height() - self._toast.height() - 8))
        self._toast.move(x, y)
        self._toast.show()
        self._toast.raise_()
        self._toast_timer.start(msec)

    def untell(self) -> None:
        """Take down the message :meth:`tell` showed."""
        self._toast_timer.stop()
        self._toast.hide()

    @property
    def toast_text(self) -> str:
        """The message shown over the board ('' when hidden)."""
        return self._toast.text() if self._toast.isVisible() else ""

    # -- geometry --------------------------------------------------------------------------

    def _zoom_buttons(self) -> QWidget:
        """Small +, − and Fit buttons in the board's top right corner (also Ctrl +, Ctrl −, Ctrl 0)."""
        box = QWidget(self)
        lay = QHBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        for text, tip, key, slot in (("−", "Zoom out", "Ctrl+-", lambda: self.zoom_by(1 / 1.25)),
                                     ("+", "Zoom in", "Ctrl++", lambda: self.zoom_by(1.25)),
                                     ("Fit", "Show the whole map", "Ctrl+0", self.refit)):
            b = QToolButton(box)
            b.setText(text)
            b.setToolTip(f"{tip} ({key}; the mouse wheel zooms too)")
            b.setShortcut(QKeySequence(key))
            b.clicked.connect(slot)
            b.setAutoRaise(False)
            lay.addWidget(b)
        box.setStyleSheet("QToolButton { background: rgba(255,255,255,220); border: 1px solid #9aa0a8; "
                          "border-radius: 4px; padding: 2px 7px; font-weight: bold; }")
        box.adjustSize()
        return box

    def zoom_by(self, factor: float) -> None:
        """Zoom in (``factor`` > 1) or out around the view's centre, within 0.1× and 6×."""
        z = self.transform().m11() * factor
        if 0.1 <= z <= 6.0:
            self._zoomed = True
            anchor = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(anchor)

    def refit(self) -> None:
        """Show the whole map again and keep it fitted as the view is resized."""
        self._zoomed = False
        self.fit()

    @property
    def zoom(self) -> float:
        """The view's scale (1 = hexes of 32 px)."""
        return self.transform().m11()

    def focus(self, hexes: Iterable[Hex], zoom: float) -> None:
        """Zoom to ``zoom`` (1 = hexes of 32 px) centred on ``hexes``."""
        self._zoomed = True
        self.resetTransform()
        self.scale(zoom, zoom)
        hs = list(hexes)
        if hs:
            self.centerOn(self.renderer.hexes_rect(hs, pad=0.5).center())

    def fit(self) -> None:
        """Show the whole map, as large as the view allows (at most 2.5×), centred."""
        r = self.renderer.map_rect(self.map, 1)
        if not r.isEmpty():
            self.fitInView(r.adjusted(-6, -6, 6, 6), Qt.AspectRatioMode.KeepAspectRatio)
            if self.transform().m11() > 2.5:
                self.resetTransform()
                self.scale(2.5, 2.5)
            self.centerOn(r.center())

    def point_of(self, h: Hex) -> QPointF:
        """The viewport position of the centre of ``h`` (for tests and tooltips)."""
        return QPointF(self.mapFromScene(self.renderer.center(h)))

    def _hex_at(self, e: QMouseEvent) -> Hex:
        sp = self.mapToScene(e.position().toPoint())
        return self.renderer.hex_at(sp.x(), sp.y())

    # -- events ------------------------------------------------------------------------------

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        self._zoom_box.move(self.viewport().width() - self._zoom_box.width() - 8, 8)
        if not self._zoomed:
            self.fit()

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if e.button() == Qt.MouseButton.LeftButton:
            self.hex_clicked.emit(self._hex_at(e))
            e.accept()
            return
        if e.button() == Qt.MouseButton.RightButton:
            self.cancelled.emit()
            e.accept()
            return
        super().mousePressEvent(e)

    def mouseMoveEvent(self, e: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        h = self._hex_at(e)
        if h not in self.map.cells:
            h = None  # type: ignore[assignment]
        if h != self._hover:
            self._hover = h
            self.play.hover = h
            self.play.update()
            self.hex_hovered.emit(h)
        super().mouseMoveEvent(e)

    def leaveEvent(self, e) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 - Qt's name
        if self._hover is not None:
            self._hover = None
            self.play.hover = None
            self.play.update()
            self.hex_hovered.emit(None)
        super().leaveEvent(e)

    def wheelEvent(self, e: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        dy = e.angleDelta().y() or e.pixelDelta().y()
        if dy:
            f = 1.0015 ** dy
            z = self.transform().m11() * f
            if 0.1 <= z <= 6.0:
                self._zoomed = True
                self.scale(f, f)
        e.accept()

    def keyPressEvent(self, e) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 - Qt's name
        if e.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            return
        super().keyPressEvent(e)

