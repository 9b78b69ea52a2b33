"""Painting helpers the modes' board marks and decorations share (badges, pips), and the layer they paint on.

A mode's :class:`~editor.playtest.picture.BoardMark` and
:class:`~editor.playtest.picture.Decoration` values paint themselves on the
board's play layer (:class:`PlayLayer`: its renderer ``r``, hex size ``s`` and
fonts) with these helpers; no rules here.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from editor.playtest.picture import PlayLayer, UnitMark

__all__ = ["Charge", "PlayLayer", "badge", "paint_badges", "pips"]


def badge(layer: PlayLayer, p: QPainter, c: QPointF, text: str, color: QColor) -> None:
    """A small rounded tag with white ``text`` centred on ``c``."""
    s = layer.s
    p.setFont(layer.f_tiny)
    w = max(0.4 * s, 0.19 * s * len(text) + 0.12 * s)
    r = QRectF(c.x() - w / 2, c.y() - 0.18 * s, w, 0.36 * s)
    p.setPen(QPen(QColor("#ffffff"), s * 0.03))
    p.setBrush(color)
    p.drawRoundedRect(r, 0.1 * s, 0.1 * s)
    p.setPen(QColor("#ffffff"))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)


def pips(layer: PlayLayer, p: QPainter, c: QPointF, filled: int, total: int, on: QColor, edge: QColor) -> None:
    """A row of ``total`` small dots under the counter centred on ``c``, the first ``filled`` coloured ``on``."""
    s = layer.s
    for k in range(total):
        p.setPen(QPen(edge, s * 0.03))
        p.setBrush(on if k < filled else QColor("#dddddd"))
        p.drawEllipse(QPointF(c.x() - 0.1 * s * (total - 1) + k * 0.2 * s, c.y() + 0.82 * s), 0.08 * s, 0.08 * s)


def paint_badges(layer: PlayLayer, p: QPainter, u: UnitMark) -> None:
    """A counter's badges in a row above it."""
    if not u.badges:
        return
    s = layer.s
    c = layer.r.center(u.hex)
    n = len(u.badges)
    width = 0.48 * s
    x0 = c.x() - (n - 1) * width / 2
    for k, (text, colour) in enumerate(u.badges):
        badge(layer, p, QPointF(x0 + k * width, c.y() - 0.72 * s), text, QColor(colour))


@dataclass(frozen=True)
class Charge:
    """A charge building up on a counter (a Medic's UberCharge): ``charge`` of ``full`` pips under it."""

    charge: int
    full: int

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        pips(layer, p, c, self.charge, self.full, QColor("#39d98a"), QColor("#0f5132"))
