"""Graphics items of the canvas: the map, hex highlights and engine overlays.

Each item paints only what overlaps the exposed rectangle. The map item listens
to the document's ``changed`` signal and updates just the rectangle of the hexes
that changed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from editor.document import MapDocument
from editor.render.painter import MapRenderer, RenderOptions
from engine.hexgrid import Hex
from engine.mapmodel import HexMap

__all__ = ["HexHighlightItem", "MapItem", "OverlayItem", "PieceItem", "SymmetryMarkItem"]

#: Margin (in hexes) of paintable ghost ground drawn around the map.
GHOST_MARGIN = 3
#: Overlay numbers: smallest and largest font size in screen pixels, and the smallest hex radius
#: (screen pixels) that still shows them.
LABEL_MIN_PX = 11
LABEL_MAX_PX = 18
LABEL_MIN_HEX_PX = 17
#: A label wider than this many hex radii is drawn smaller to fit (a hex is about 1.73 radii across) ...
LABEL_WIDTH = 1.7
#: ... down to this many pixels; smaller, it is left out and the hex's colour speaks alone.
LABEL_TIGHT_PX = 8
#: Seconds one paint may spend building ground paths not cached yet (see ``MapRenderer.paint``).
PAINT_BUDGET_S = 0.03


class MapItem(QGraphicsItem):
    """Draws the document's map through a :class:`MapRenderer`; repaints only changed hexes."""

    def __init__(self, doc: MapDocument, renderer: MapRenderer) -> None:
        super().__init__()
        self.doc = doc
        self.renderer = renderer
        self.options = RenderOptions(ghosts=True, ghost_margin=GHOST_MARGIN)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._map: HexMap = doc.map
        self._rect = renderer.map_rect(doc.map, GHOST_MARGIN)
        renderer.set_map(doc.map)
        self.last_paint_hexes = 0
        self.tint: dict[Hex, QColor] = {}
        self._rest = QRectF()  # ground the budgeted paints left out, built by _fill
        self._filling = False

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def set_options(self, options: RenderOptions) -> None:
        """Change what is drawn (coordinates, height numerals...)."""
        if options != self.options:
            self.options = options
            self.update()

    def map_changed(self, hexes: frozenset[Hex] | None) -> None:
        """Slot for ``MapDocument.changed``: refresh caches and repaint what changed."""
        old, new = self._map, self.doc.map
        self._map = new
        if hexes is None or self.renderer.map is not old:
            self.renderer.set_map(new)
            self._relayout()
            self.update()
            return
        self.renderer.set_map(new, hexes)
        if any((h in old.cells) != (h in new.cells) for h in hexes):
            self._relayout()
        self.update(self.renderer.hexes_rect(hexes, pad=0.3))

    def _relayout(self) -> None:
        rect = self.renderer.map_rect(self.doc.map, GHOST_MARGIN)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = option.exposedRect  # type: ignore[attr-defined]
        p.setRenderHint(QPainter.RenderHint.Antialiasing, self.renderer.wants_antialiasing(p))
        self.last_paint_hexes = self.renderer.paint(
            p, self.doc.map, rect, self.options, self.tint, budget_s=PAINT_BUDGET_S
        )
        if self.renderer.incomplete:  # a huge map's first view: build the rest between frames
            self._rest = self._rest.united(self.renderer.missing)
            if not self._filling:
                self._filling = True
                QTimer.singleShot(0, self._fill)

    @property
    def filling(self) -> bool:
        """True while ground a budgeted paint left out is still being built, slice by slice."""
        return self._filling

    def _fill(self) -> None:
        """Build one slice of the ground the last paints left out and repaint just that slice; nothing once the item
        is gone (its tab or window closed while a slice was due: the timer still fires, and Qt's side of the item
        no longer exists — a loaded machine's test run raised "Internal C++ object (MapItem) already deleted")."""
        if not isValid(self) or self.scene() is None:
            self._filling = False
            return
        built = self.renderer.build_missing(self._rest, PAINT_BUDGET_S or 0.0)
        if built.isEmpty():
            self._filling = False
            self._rest = QRectF()
            return
        self.update(built)
        QTimer.singleShot(0, self._fill)

    def set_tint(self, colors: Mapping[Hex, QColor]) -> None:
        """Colour hexes under the features (the overlay's heat map); repaints the affected area."""
        old = self.tint
        self.tint = dict(colors)
        touched = set(old) | set(self.tint)
        if touched:
            self.update(self.renderer.hexes_rect(touched, pad=0.1))


class HexHighlightItem(QGraphicsItem):
    """Outlines (and optionally tints) a set of hexes: selection, tool preview, problem hexes."""

    def __init__(self, renderer: MapRenderer, pen: QPen, brush: QBrush | None = None, z: float = 10) -> None:
        super().__init__()
        self.renderer = renderer
        self.pen = pen
        self.brush = brush or QBrush(Qt.BrushStyle.NoBrush)
        self._hexes: frozenset[Hex] = frozenset()
        self._path = QPainterPath()
        self._rect = QRectF()
        self.setZValue(z)

    @property
    def hexes(self) -> frozenset[Hex]:
        """The highlighted hexes."""
        return self._hexes

    def set_hexes(self, hexes: Iterable[Hex]) -> None:
        """Highlight ``hexes`` (repaints the old and the new area only)."""
        hs = frozenset(hexes)
        if hs == self._hexes:
            return
        self.prepareGeometryChange()
        self._hexes = hs
        path = QPainterPath()
        for h in hs:
            path.addPolygon(self.renderer.polygon(h))
            path.closeSubpath()
        self._path = path.simplified() if len(hs) < 4000 else path
        self._rect = self.renderer.hexes_rect(hs, pad=0.2) if hs else QRectF()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self._hexes:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(self.pen)
        p.setBrush(self.brush)
        p.drawPath(self._path)


class PieceItem(QGraphicsItem):
    """A piece of map (the stamp or paste in hand) drawn faintly where it would land.

    It has its own renderer (the piece is a small map of its own) sharing the
    canvas layout, so it lines up with the hexes below.
    """

    OPACITY = 0.8

    def __init__(self, renderer: MapRenderer) -> None:
        super().__init__()
        self.renderer = MapRenderer(renderer.layout)
        self.piece: HexMap | None = None
        self._rect = QRectF()
        self.setZValue(10.5)
        self.setOpacity(self.OPACITY)

    def set_piece(self, piece: HexMap | None) -> None:
        """Draw ``piece`` (None hides it)."""
        if piece is self.piece:
            return
        self.prepareGeometryChange()
        self.piece = piece
        if piece is not None:
            self.renderer.set_map(piece)
            self._rect = self.renderer.map_rect(piece, 0).adjusted(-4, -4, 4, 4)
        else:
            self._rect = QRectF()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.piece is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.renderer.paint(p, self.piece, option.exposedRect)  # type: ignore[attr-defined]


class OverlayItem(QGraphicsItem):
    """A per-hex colour (and optional short label) for heat maps, sight and mismatches.

    The colours are handed to the map item, which paints them under the features;
    this item draws only the labels, low in each hex, at a readable size in screen
    pixels (see :meth:`label_pixels`); they are hidden when the hexes are too small.
    """

    def __init__(self, renderer: MapRenderer, map_item: MapItem) -> None:
        super().__init__()
        self.renderer = renderer
        self.map_item = map_item
        self._colors: dict[Hex, QColor] = {}
        self._labels: dict[Hex, str] = {}
        self._rect = QRectF()
        self._font = QFont("DejaVu Sans")
        self._font.setBold(True)
        self.setZValue(5)

    def set_data(self, colors: Mapping[Hex, QColor], labels: Mapping[Hex, str] | None = None) -> None:
        """Show ``colors`` (and ``labels``) per hex; empty mappings clear the overlay."""
        self.prepareGeometryChange()
        self._colors = dict(colors)
        self._labels = dict(labels or {})
        self._rect = self.renderer.hexes_rect(self._colors, 0.1) if self._colors else QRectF()
        self.map_item.set_tint(self._colors)
        self.update()

    @property
    def colors(self) -> dict[Hex, QColor]:
        """The hexes and colours shown."""
        return self._colors

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def label_pixels(self, scale: float) -> int | None:
        """Label font size in screen pixels at view ``scale``, or None when the hexes are too small for it.

        Labels grow with the hex between :data:`LABEL_MIN_PX` and :data:`LABEL_MAX_PX`; below a hex radius
        of :data:`LABEL_MIN_HEX_PX` screen pixels they are hidden (the colours still show).
        """
        radius = self.renderer.layout.size.x * scale
        if radius < LABEL_MIN_HEX_PX:
            return None
        return max(LABEL_MIN_PX, min(LABEL_MAX_PX, round(0.42 * radius)))

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self._labels:
            return
        to_device = p.worldTransform()
        scale = to_device.m11()
        px = self.label_pixels(scale)
        if px is None:
            return
        rect = option.exposedRect  # type: ignore[attr-defined]
        visible = self.renderer.visible_hexes(rect) if len(self._labels) > 300 else list(self._labels)
        font = QFont(self._font)
        font.setPixelSize(px)
        metrics = QFontMetricsF(font)
        radius = self.renderer.layout.size.x * scale
        p.save()
        p.resetTransform()  # labels are drawn in screen pixels, so they stay readable at any zoom
        p.setFont(font)
        for h in visible:
            text = self._labels.get(h)
            if not text:
                continue
            c = to_device.map(self.renderer.center(h))
            size, w = px, max(metrics.horizontalAdvance(text) + 0.5 * px, 1.2 * px)
            if w > LABEL_WIDTH * radius:  # wider than its hex: smaller, so labels side by side do not run together
                size = math.floor(px * LABEL_WIDTH * radius / w)
                if size < LABEL_TIGHT_PX:
                    continue  # too small to read: the hex's colour still shows
                font.setPixelSize(size)
                p.setFont(font)
                w = max(QFontMetricsF(font).horizontalAdvance(text) + 0.5 * size, 1.2 * size)
            hgt = 1.25 * size
            box = QRectF(c.x() - w / 2, c.y() + min(0.18 * radius, radius * 0.92 - hgt), w, hgt)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 200))
            p.drawRoundedRect(box, 0.25 * size, 0.25 * size)
            p.setPen(QPen(QColor("#1d1d1d")))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            if size != px:
                font.setPixelSize(px)
                p.setFont(font)
        p.restore()


class SymmetryMarkItem(QGraphicsItem):
    """Shows where live symmetry pivots: a mark at the centre and, for mirrors, the axis."""

    def __init__(self, renderer: MapRenderer) -> None:
        super().__init__()
        self.renderer = renderer
        self._center: tuple[float, float] | None = None
        self._axis: str | None = None
        self._span = QRectF()
        self.setZValue(7)

    def set_mode(self, mode, span: QRectF) -> None:  # type: ignore[no-untyped-def]
        """Follow a :class:`~editor.geometry.SymmetryMode` (hidden when off); ``span`` bounds the axis line."""
        from editor.geometry import SymmetryKind

        self.prepareGeometryChange()
        if not mode.active:
            self._center = None
        else:
            o = self.renderer.layout.orientation
            s = self.renderer.layout.size
            q, r = mode.center2[0] / 2, mode.center2[1] / 2
            x = (o.f0 * q + o.f1 * r) * s.x + self.renderer.layout.origin.x
            y = (o.f2 * q + o.f3 * r) * s.y + self.renderer.layout.origin.y
            self._center = (x, y)
            self._axis = {SymmetryKind.MIRROR_LR: "vertical", SymmetryKind.MIRROR_TB: "horizontal"}.get(mode.kind)
        self._span = span
        self.update()

    @property
    def center(self) -> tuple[float, float] | None:
        """Scene position of the symmetry centre (None when symmetry is off)."""
        return self._center

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        if self._center is None:
            return QRectF()
        s = self.renderer.layout.size.x
        x, y = self._center
        return QRectF(x - s, y - s, 2 * s, 2 * s).united(self._span)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self._center is None:
            return
        x, y = self._center
        s = self.renderer.layout.size.x
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(QColor(106, 27, 154, 200), 2.0)
        pen.setCosmetic(True)
        if self._axis is not None:
            dashed = QPen(pen)
            dashed.setStyle(Qt.PenStyle.DashLine)
            p.setPen(dashed)
            if self._axis == "vertical":
                p.drawLine(QPointF(x, self._span.top()), QPointF(x, self._span.bottom()))
            else:
                p.drawLine(QPointF(self._span.left(), y), QPointF(self._span.right(), y))
        p.setPen(pen)
        p.setBrush(QColor(106, 27, 154, 60))
        p.drawEllipse(QPointF(x, y), 0.35 * s, 0.35 * s)
        p.drawLine(QPointF(x - 0.55 * s, y), QPointF(x + 0.55 * s, y))
        p.drawLine(QPointF(x, y - 0.55 * s), QPointF(x, y + 0.55 * s))
