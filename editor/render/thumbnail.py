"""Small pictures of whole maps (library rows, stamps) drawn by the editor's own painter.

Only QImage and QPainter are used, so thumbnails may be drawn in worker threads.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from editor.render.painter import MapRenderer, layout_for
from engine.mapmodel import HexMap

__all__ = ["render_thumbnail"]

#: Space left free around the map, in pixels.
PAD = 2


def render_thumbnail(m: HexMap, width: int, height: int, background: QColor | None = None) -> QImage:
    """``m`` drawn as large as fits in ``width`` × ``height`` pixels, centred (transparent around it)."""
    img = QImage(max(1, width), max(1, height), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(background if background is not None else QColor(Qt.GlobalColor.transparent))
    unit = MapRenderer(layout_for(m.meta.orientation, 1.0)).map_rect(m, 0)
    if unit.width() <= 0 or unit.height() <= 0:
        return img
    size = min((width - 2 * PAD) / unit.width(), (height - 2 * PAD) / unit.height())
    r = MapRenderer(layout_for(m.meta.orientation, max(size, 0.05)))
    rect = r.map_rect(m, 0)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.translate((width - rect.width()) / 2 - rect.left(), (height - rect.height()) / 2 - rect.top())
    r.paint(p, m, rect)
    p.end()
    return img
