"""Painting helpers the modes' board marks and decorations share (badges, pips), and the layer they paint on.

A mode's :class:`~editor.playtest.picture.BoardMark` and
:class:`~editor.playtest.picture.Decoration` values paint themselves on the
board's play layer (:class:`PlayLayer`: its renderer ``r``, hex size ``s`` and
fonts) with these helpers; no rules here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from editor.playtest.picture import PlayLayer, UnitMark
from engine.hexgrid import Hex

__all__ = ["Charge", "PlayLayer", "badge", "fit_label", "label_room", "paint_badges", "pips"]

#: The smallest text a target's label is shrunk to, in screen pixels (below it the short form, then this size anyway).
LABEL_MIN_PX = 7.0


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


def label_room(centre: Callable[[Hex], QPointF], height: float) -> float:
    """How wide a label over a hex may be (scene units) without running into another's on the same row: the least
    horizontal distance to a hex within two steps whose label's row it shares (vertical offset under ``height``),
    less a tenth (pointy hexes: the neighbour, √3 sizes; flat-topped: the hex two columns on, 3 sizes)."""
    c = centre(Hex(0, 0))
    spans, rows = [], []
    ring = set(Hex(0, 0).neighbors())
    for n in ring | {m for h in ring for m in h.neighbors()} - {Hex(0, 0)}:  # two rings: flat rows skip one
        d = centre(n) - c
        spans.append(math.hypot(d.x(), d.y()))
        if abs(d.y()) < height:
            rows.append(abs(d.x()))
    return 0.9 * (min(rows) if rows else max(spans))


def fit_label(text: str, room: float, size: float, least: float, width: Callable[[str, float], float]) -> tuple[str, float]:
    """``text`` and its font size (scene units) so that ``width(text, size)`` fits ``room``: the size shrunk in
    proportion down to ``least`` (the smallest readable size on screen), then the short form (the label's first
    word: "72%" of "72% −100") at the size that fits, at ``least`` when even that does not: a hit chance is
    drawn over its neighbour's edge rather than not at all."""
    for t in dict.fromkeys((text, text.split(" ")[0])):
        w = width(t, size)
        if w <= room:
            return t, size
        fitted = math.floor(size * room / w)
        if fitted >= least:
            return t, float(fitted)
    return text.split(" ")[0], least


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
