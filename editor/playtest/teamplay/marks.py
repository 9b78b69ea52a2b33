"""Team Play on the playtest board: ammo tiles and weapon racks as they are now.

Frozen values that paint themselves (:class:`~editor.playtest.picture.BoardMark`);
:mod:`.picture` makes them from a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from editor.playtest.board_marks import PlayLayer
from editor.render.style import CUBE_COLORS
from engine.hexgrid import Hex
from engine.mapmodel import Colour

__all__ = ["TileMark"]

#: The colour of each letter of an ammo tile (P: a powerup, drawn as a small white card).
_LETTER = {c.letter: CUBE_COLORS[c] for c in Colour}


@dataclass(frozen=True)
class TileMark:
    """A card on the map now: an ammo tile (``kind`` "ammo", ``text`` its letters, "" once grabbed)
    or a weapon rack (``kind`` "rack", ``text`` how many weapons it holds, ``tip`` their names)."""

    hex: Hex
    kind: str
    text: str
    tip: str = ""
    under: bool = True

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        s = layer.s
        c = layer.r.center(self.hex)
        if self.kind == "rack":
            r = QRectF(c.x() + 0.14 * s, c.y() + 0.1 * s, 0.44 * s, 0.38 * s)
            p.setPen(QPen(QColor("#ffffff"), s * 0.03))
            p.setBrush(QColor("#37474f") if self.text != "0" else QColor("#9e9e9e"))
            p.drawRoundedRect(r, 0.08 * s, 0.08 * s)
            p.setFont(layer.f_tiny)
            p.setPen(QColor("#ffffff"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, self.text)
            return
        if not self.text:
            p.setPen(QPen(QColor(90, 90, 90, 200), s * 0.06))
            a = 0.22 * s
            p.drawLine(QPointF(c.x() - a, c.y() - a), QPointF(c.x() + a, c.y() + a))
            p.drawLine(QPointF(c.x() - a, c.y() + a), QPointF(c.x() + a, c.y() - a))
            return
        p.setPen(QPen(QColor("#ffffff"), s * 0.025))
        p.setBrush(QColor(40, 40, 40, 170))
        w = 0.24 * s * len(self.text) + 0.1 * s
        p.drawRoundedRect(QRectF(c.x() - w / 2, c.y() - 0.17 * s, w, 0.34 * s), 0.1 * s, 0.1 * s)
        for k, letter in enumerate(self.text):
            x = c.x() - w / 2 + 0.17 * s + k * 0.24 * s
            if letter in _LETTER:
                p.setPen(QPen(QColor("#ffffff"), s * 0.02))
                p.setBrush(_LETTER[letter])
                p.drawEllipse(QPointF(x, c.y()), 0.09 * s, 0.09 * s)
            else:
                p.setPen(QPen(QColor("#333333"), s * 0.02))
                p.setBrush(QColor("#ffffff"))
                p.drawRect(QRectF(x - 0.07 * s, c.y() - 0.11 * s, 0.14 * s, 0.22 * s))
