"""Graphics items of the canvas: the map, hex highlights and engine overlays.

Each item paints only what overlaps the exposed rectangle. The map item listens
to the document's ``changed`` signal and updates just the rectangle of the hexes
that changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.document import MapDocument
from editor.render.painter import MapRenderer, RenderOptions
from engine.hexgrid import Hex
from engine.mapmodel import HexMap

__all__ = ["HexHighlightItem", "MapItem", "OverlayItem"]

#: Margin (in hexes) of paintable ghost ground drawn around the map.
GHOST_MARGIN = 3


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
        self.last_paint_hexes = self.renderer.paint(p, self.doc.map, rect, self.options, self.tint)

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


class OverlayItem(QGraphicsItem):
    """A per-hex colour (and optional short label) for heat maps, sight and mismatches.

    The colours are handed to the map item, which paints them under the features;
    this item draws only the labels, small and low in each hex.
    """

    def __init__(self, renderer: MapRenderer, map_item: MapItem) -> None:
        super().__init__()
        self.renderer = renderer
        self.map_item = map_item
        self._colors: dict[Hex, QColor] = {}
        self._labels: dict[Hex, str] = {}
        self._rect = QRectF()
        self._font = QFont("DejaVu Sans")
        self._font.setPixelSize(max(1, round(renderer.layout.size.x * 0.36)))
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

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self._labels:
            return
        scale = p.worldTransform().m11()
        if self.renderer.layout.size.x * scale < 12:
            return
        rect = option.exposedRect  # type: ignore[attr-defined]
        visible = self.renderer.visible_hexes(rect) if len(self._labels) > 300 else list(self._labels)
        p.setFont(self._font)
        s = self.renderer.layout.size.x
        for h in visible:
            text = self._labels.get(h)
            if not text:
                continue
            c = self.renderer.center(h)
            box = QRectF(c.x() - 0.42 * s, c.y() + 0.22 * s, 0.84 * s, 0.5 * s)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 190))
            p.drawRoundedRect(box, 0.12 * s, 0.12 * s)
            p.setPen(QPen(QColor("#1d1d1d")))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
