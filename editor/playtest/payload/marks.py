"""Payload Race on the playtest board: each cart with its progress and the track ahead, and what hangs on a
token (kritz, UberCharge, charge pips).

Frozen values that paint themselves (:class:`~editor.playtest.picture.BoardMark`,
:class:`~editor.playtest.picture.Decoration`); :mod:`.picture` makes them from a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from editor.playtest.board_marks import Charge, PlayLayer, badge
from editor.render.style import TEAM_COLORS
from engine.hexgrid import Hex
from engine.mapmodel import Team

__all__ = ["CartMark", "Charge", "Kritz", "Uber"]


@dataclass(frozen=True)
class CartMark:
    """A cart: where it stands, how far along its track, who stops it now and the track still ahead."""

    team: Team
    hex: Hex
    pushes: int
    total: int
    blocked_by: tuple[Hex, ...] = ()
    ahead: tuple[Hex, ...] = ()
    under: bool = False

    def words(self) -> str:
        """"RED cart 3/23 (blocked)"."""
        return f"{self.team.value} cart {self.pushes}/{self.total}" + (" (blocked)" if self.blocked_by else "")

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        s = layer.s
        col = QColor(TEAM_COLORS[self.team])
        ahead = [layer.r.center(h) for h in (self.hex, *self.ahead)]
        if len(ahead) > 1:
            p.setPen(QPen(col.lighter(130), s * 0.12, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(ahead)
            p.setPen(QPen(col.darker(130), s * 0.08))
            p.setBrush(QColor(255, 255, 255, 200))
            p.drawEllipse(ahead[-1], 0.3 * s, 0.3 * s)
        c = layer.r.center(self.hex)
        box = QRectF(c.x() - 0.62 * s, c.y() - 0.5 * s, 1.24 * s, 1.0 * s)
        blocked = bool(self.blocked_by)
        p.setPen(QPen(QColor("#e23b2e") if blocked else QColor("#1b1b1b"), s * (0.14 if blocked else 0.07)))
        p.setBrush(col.darker(115))
        p.drawRoundedRect(box, 0.18 * s, 0.18 * s)
        p.setFont(layer.f_small)
        p.setPen(QColor("#ffffff"))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{self.pushes}/{self.total}")


@dataclass(frozen=True)
class Kritz:
    """Kritzed: every hit adds the kritz die this turn."""

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        badge(layer, p, QPointF(c.x() - 0.55 * layer.s, c.y() - 0.55 * layer.s), "K", QColor("#1f5fbf"))


@dataclass(frozen=True)
class Uber:
    """ÜberCharged until the turn ends."""

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        badge(layer, p, QPointF(c.x() + 0.55 * layer.s, c.y() + 0.2 * layer.s), "Ü", QColor("#1b8a4b"))
