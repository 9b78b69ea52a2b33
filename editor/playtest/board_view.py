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
    QLabel,
    QStyleOptionGraphicsItem,
    QWidget,
)

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
        pic = self.picture
        if pic is not None:
            self._paint_points(p, pic)
            self._paint_kits(p, pic)
        self._paint_choices(p)
        self._paint_area(p)
        self._paint_flash(p)
        self._paint_path(p)
        if pic is not None:
            self._paint_carts(p, pic)
            self._paint_grenades(p, pic)
            self._paint_sentry_lines(p, pic)
            for u in pic.units:
                self._paint_unit(p, u)
        self._paint_labels(p)
        self._paint_hover(p)

    def _poly(self, h: Hex) -> QPolygonF:
        return self.r.polygon(h)

    def _paint_points(self, p: QPainter, pic: BoardPicture) -> None:
        for cp in pic.points:
            if cp.contested:
                brush = QBrush(QColor(120, 40, 160, 120), Qt.BrushStyle.BDiagPattern)
            elif cp.holder is not None:
                c = QColor(TEAM_COLORS[cp.holder])
                c.setAlpha(70)
                brush = QBrush(c)
            else:
                continue
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(brush)
            for h in cp.hexes:
                p.drawConvexPolygon(self._poly(h))

    def _paint_kits(self, p: QPainter, pic: BoardPicture) -> None:
        s = self.s
        for h, turns in pic.used_kits.items():
            c = self.r.center(h)
            p.setPen(QPen(QColor("#6b6b6b"), s * 0.05))
            p.setBrush(QColor(235, 235, 235, 225))
            p.drawEllipse(c, 0.42 * s, 0.42 * s)
            p.setFont(self.f_small)
            p.setPen(QColor("#444444"))
            p.drawText(QRectF(c.x() - s, c.y() - s / 2, 2 * s, s), Qt.AlignmentFlag.AlignCenter, f"{turns}")

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

    def _paint_grenades(self, p: QPainter, pic: BoardPicture) -> None:
        s = self.s
        for g in pic.grenades:
            c = self.r.center(g.hex)
            col = TEAM_COLORS[g.team]
            if g.owner_hex is not None:
                o = self.r.center(g.owner_hex)
                pen = QPen(col, s * 0.05, Qt.PenStyle.DotLine)
                p.setPen(pen)
                p.drawLine(o, c)
            r = QRectF(c.x() + 0.22 * s, c.y() - 0.62 * s, 0.4 * s, 0.4 * s)
            p.setPen(QPen(QColor("#111111"), s * 0.05))
            p.setBrush(col)
            p.drawRect(r)
            p.setFont(self.f_tiny)
            p.setPen(QColor("white"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, "G")

    def _paint_carts(self, p: QPainter, pic: BoardPicture) -> None:
        """Each cart (a team-coloured block with its pushes so far) and the track still ahead of it."""
        s = self.s
        for cart in pic.carts:
            col = QColor(TEAM_COLORS[cart.team])
            ahead = [self.r.center(h) for h in (cart.hex, *cart.ahead)]
            if len(ahead) > 1:
                pen = QPen(col.lighter(130), s * 0.12, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolyline(ahead)
                end = ahead[-1]
                p.setPen(QPen(col.darker(130), s * 0.08))
                p.setBrush(QColor(255, 255, 255, 200))
                p.drawEllipse(end, 0.3 * s, 0.3 * s)
            c = self.r.center(cart.hex)
            box = QRectF(c.x() - 0.62 * s, c.y() - 0.5 * s, 1.24 * s, 1.0 * s)
            p.setPen(QPen(QColor("#e23b2e") if cart.blocked_by else QColor("#1b1b1b"), s * (0.14 if cart.blocked_by else 0.07)))
            p.setBrush(col.darker(115))
            p.drawRoundedRect(box, 0.18 * s, 0.18 * s)
            p.setFont(self.f_small)
            p.setPen(QColor("#ffffff"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{cart.pushes}/{cart.total}")

    def _paint_sentry_lines(self, p: QPainter, pic: BoardPicture) -> None:
        s = self.s
        for u in pic.units:
            if u.sentry and u.target is not None and not u.inactive:
                pen = QPen(TEAM_COLORS[u.team].darker(120), s * 0.07, Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.drawLine(self.r.center(u.hex), self.r.center(u.target))

    def _paint_unit(self, p: QPainter, u: UnitMark) -> None:
        s = self.s
        c = self.r.center(u.hex)
        col = QColor(TEAM_COLORS[u.team])
        if u.inactive:
            col = QColor("#8a8a8a")
        rad = 0.56 * s
        if u.active:  # a gold halo marks the unit acting now
            p.setPen(QPen(_GOLD, s * 0.16))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, rad + 0.13 * s, rad + 0.13 * s)
        if u.uber:
            p.setPen(QPen(QColor(40, 220, 120), s * 0.1, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, rad + 0.05 * s, rad + 0.05 * s)
        p.setPen(QPen(QColor("#ffffff"), s * 0.07))
        p.setBrush(col)
        if u.sentry:
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
        # markers: burn (flames, top left), scope (top right), charge pips, carried sentry
        if u.burn:
            for k in range(u.burn):
                self._flame(p, QPointF(c.x() - 0.62 * s + k * 0.26 * s, c.y() - 0.58 * s), 0.16 * s)
        if u.scope:
            self._badge(p, QPointF(c.x() + 0.55 * s, c.y() - 0.55 * s), f"◎{u.scope}", QColor("#263238"))
        if u.uber:
            self._badge(p, QPointF(c.x() + 0.55 * s, c.y() + 0.2 * s), f"U{u.uber}" if not u.weapon else "Ü",
                        QColor("#1b8a4b"))
        if u.kritz:
            self._badge(p, QPointF(c.x() - 0.55 * s, c.y() - 0.55 * s), "K", QColor("#1f5fbf"))
        if u.max_charge:
            for k in range(u.max_charge):
                on = k < u.charge
                p.setPen(QPen(QColor("#0f5132"), s * 0.03))
                p.setBrush(QColor("#39d98a") if on else QColor("#dddddd"))
                p.drawEllipse(QPointF(c.x() - 0.2 * s + k * 0.2 * s, c.y() + 0.82 * s), 0.08 * s, 0.08 * s)
        if u.carrying:
            self._badge(p, QPointF(c.x() - 0.58 * s, c.y() + 0.2 * s), "SG", col.darker(140))

    def _flame(self, p: QPainter, c: QPointF, r: float) -> None:
        path = QPainterPath()
        path.moveTo(c.x(), c.y() - 1.4 * r)
        path.cubicTo(c.x() + 1.1 * r, c.y() - 0.2 * r, c.x() + 0.9 * r, c.y() + r, c.x(), c.y() + r)
        path.cubicTo(c.x() - 0.9 * r, c.y() + r, c.x() - 1.1 * r, c.y() - 0.2 * r, c.x(), c.y() - 1.4 * r)
        p.setPen(QPen(QColor("#7a1d00"), r * 0.25))
        p.setBrush(QColor("#ff6a00"))
        p.drawPath(path)

    def _badge(self, p: QPainter, c: QPointF, text: str, color: QColor) -> None:
        s = self.s
        p.setFont(self.f_tiny)
        w = max(0.36 * s, 0.17 * s * len(text) + 0.1 * s)
        r = QRectF(c.x() - w / 2, c.y() - 0.16 * s, w, 0.32 * s)
        p.setPen(QPen(QColor("#ffffff"), s * 0.03))
        p.setBrush(color)
        p.drawRoundedRect(r, 0.1 * s, 0.1 * s)
        p.setPen(QColor("#ffffff"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_labels(self, p: QPainter) -> None:
        """Hit chances (and heal amounts) on attack targets, damage numbers in a hovered area."""
        s = self.s
        p.setFont(self.f_small)
        for h, ch in [*self.targets.items(), *self.choices.items()]:
            text = ch.label()
            if not text:
                continue
            c = self.r.center(h)
            w = 0.22 * s * len(text) + 0.2 * s
            r = QRectF(c.x() - w / 2, c.y() - 1.0 * s, w, 0.4 * s)
            p.setPen(QPen(_TARGET_PEN if (ch.damage or 0) >= 0 else QColor("#1b8a4b"), s * 0.05))
            p.setBrush(QColor(255, 255, 255, 240))
            p.drawRoundedRect(r, 0.12 * s, 0.12 * s)
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
        self._fitted = False
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
        self._fitted = False
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

    def flash(self, hexes: Iterable[Hex]) -> None:
        """Outline ``hexes`` in gold (the log's highlight) until the next call; empty clears."""
        self.play.flash = frozenset(hexes)
        self.play.update()
        hs = [h for h in self.play.flash if h in self.map.cells]
        if hs:
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

    def tell(self, text: str, msec: int = 4000) -> None:
        """Show a short message over the board near the pointer (why a click did nothing)."""
        self._toast.setText(text)
        self._toast.adjustSize()
        vp = self.viewport().rect()
        x, y = 12, 12
        if self._hover is not None:
            pt = self.mapFromScene(self.renderer.center(self._hover))
            x = min(max(8, pt.x() + 18), max(8, vp.width() - self._toast.width() - 8))
            y = min(max(8, pt.y() + 18), max(8, vp.height() - self._toast.height() - 8))
        self._toast.move(x, y)
        self._toast.show()
        self._toast.raise_()
        self._toast_timer.start(msec)

    @property
    def toast_text(self) -> str:
        """The message shown over the board ('' when hidden)."""
        return self._toast.text() if self._toast.isVisible() else ""

    # -- geometry --------------------------------------------------------------------------

    def focus(self, hexes: Iterable[Hex], zoom: float) -> None:
        """Zoom to ``zoom`` (1 = hexes of 32 px) centred on ``hexes``."""
        self._fitted = True
        self.resetTransform()
        self.scale(zoom, zoom)
        hs = list(hexes)
        if hs:
            self.centerOn(self.renderer.hexes_rect(hs, pad=0.5).center())

    def fit(self) -> None:
        """Show the whole map."""
        r = self.renderer.map_rect(self.map, 1)
        if not r.isEmpty():
            self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
            if self.transform().m11() > 2.5:
                self.resetTransform()
                self.scale(2.5, 2.5)

    def point_of(self, h: Hex) -> QPointF:
        """The viewport position of the centre of ``h`` (for tests and tooltips)."""
        return QPointF(self.mapFromScene(self.renderer.center(h)))

    def _hex_at(self, e: QMouseEvent) -> Hex:
        sp = self.mapToScene(e.position().toPoint())
        return self.renderer.hex_at(sp.x(), sp.y())

    # -- events ------------------------------------------------------------------------------

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        if not self._fitted:
            self.fit()

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if e.button() == Qt.MouseButton.LeftButton:
            self._fitted = True
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
                self._fitted = True
                self.scale(f, f)
        e.accept()

    def keyPressEvent(self, e) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 - Qt's name
        if e.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            return
        super().keyPressEvent(e)

