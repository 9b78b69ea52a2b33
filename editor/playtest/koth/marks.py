"""King of the Board on the playtest board: control points, used kits, grenades, sentry lines, and what hangs
on a counter (burn flames, scope, UberCharge, charge pips, a carried sentry).

Frozen values that paint themselves (:class:`~editor.playtest.picture.BoardMark`,
:class:`~editor.playtest.picture.Decoration`); :mod:`.picture` makes them from a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from editor.playtest.board_marks import Charge, PlayLayer, badge
from editor.render.style import TEAM_COLORS
from engine.hexgrid import Hex
from engine.mapmodel import Team

__all__ = ["Burn", "Carrying", "Charge", "GrenadeMark", "PointMark", "Scope", "SentryLine", "Uber", "UsedKit"]


@dataclass(frozen=True)
class PointMark:
    """A control point's state: ``holder`` is the team alone on it, ``contested`` when both are."""

    index: int
    hexes: frozenset[Hex]
    holder: Team | None
    contested: bool
    under: bool = True

    def words(self) -> str:
        """"RED holds" / "contested" / "empty"."""
        if self.contested:
            return "contested"
        return f"{self.holder.value} holds" if self.holder else "empty"

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        if self.contested:
            brush = QBrush(QColor(120, 40, 160, 120), Qt.BrushStyle.BDiagPattern)
        elif self.holder is not None:
            c = QColor(TEAM_COLORS[self.holder])
            c.setAlpha(70)
            brush = QBrush(c)
        else:
            return
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(brush)
        for h in self.hexes:
            p.drawConvexPolygon(layer.r.polygon(h))


@dataclass(frozen=True)
class UsedKit:
    """A first-aid kit used up: back in ``turns`` turns."""

    hex: Hex
    turns: int
    under: bool = True

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        s = layer.s
        c = layer.r.center(self.hex)
        p.setPen(QPen(QColor("#6b6b6b"), s * 0.05))
        p.setBrush(QColor(235, 235, 235, 225))
        p.drawEllipse(c, 0.42 * s, 0.42 * s)
        p.setFont(layer.f_small)
        p.setPen(QColor("#444444"))
        p.drawText(QRectF(c.x() - s, c.y() - s / 2, 2 * s, s), Qt.AlignmentFlag.AlignCenter, f"{self.turns}")


@dataclass(frozen=True)
class GrenadeMark:
    """A Demoman's grenade waiting on a hex; it goes off at the start of his next turn."""

    hex: Hex
    team: Team
    owner_hex: Hex | None
    under: bool = False

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        s = layer.s
        c = layer.r.center(self.hex)
        col = TEAM_COLORS[self.team]
        if self.owner_hex is not None:
            p.setPen(QPen(col, s * 0.05, Qt.PenStyle.DotLine))
            p.drawLine(layer.r.center(self.owner_hex), c)
        r = QRectF(c.x() + 0.22 * s, c.y() - 0.62 * s, 0.4 * s, 0.4 * s)
        p.setPen(QPen(QColor("#111111"), s * 0.05))
        p.setBrush(col)
        p.drawRect(r)
        p.setFont(layer.f_tiny)
        p.setPen(QColor("white"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, "G")


@dataclass(frozen=True)
class SentryLine:
    """A sentry keeping its aim on a unit: a dashed line from the gun to its target."""

    sentry: Hex
    target: Hex
    team: Team
    under: bool = False

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        p.setPen(QPen(TEAM_COLORS[self.team].darker(120), layer.s * 0.07, Qt.PenStyle.DashLine))
        p.drawLine(layer.r.center(self.sentry), layer.r.center(self.target))


@dataclass(frozen=True)
class Burn:
    """Burn markers: a flame each, over the counter's top left."""

    markers: int

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        s = layer.s
        r = 0.16 * s
        for k in range(self.markers):
            x, y = c.x() - 0.62 * s + k * 0.26 * s, c.y() - 0.58 * s
            path = QPainterPath()
            path.moveTo(x, y - 1.4 * r)
            path.cubicTo(x + 1.1 * r, y - 0.2 * r, x + 0.9 * r, y + r, x, y + r)
            path.cubicTo(x - 0.9 * r, y + r, x - 1.1 * r, y - 0.2 * r, x, y - 1.4 * r)
            p.setPen(QPen(QColor("#7a1d00"), r * 0.25))
            p.setBrush(QColor("#ff6a00"))
            p.drawPath(path)


@dataclass(frozen=True)
class Scope:
    """The Sniper's scope stacks."""

    stacks: int

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        badge(layer, p, QPointF(c.x() + 0.55 * layer.s, c.y() - 0.55 * layer.s), f"◎{self.stacks}", QColor("#263238"))


@dataclass(frozen=True)
class Uber:
    """Own turns of UberCharge left."""

    turns: int

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        badge(layer, p, QPointF(c.x() + 0.55 * layer.s, c.y() + 0.2 * layer.s), f"U{self.turns}", QColor("#1b8a4b"))


@dataclass(frozen=True)
class Carrying:
    """An Engineer carrying his sentry gun."""

    team: Team

    def paint(self, layer: PlayLayer, p: QPainter, c: QPointF) -> None:
        badge(layer, p, QPointF(c.x() - 0.58 * layer.s, c.y() + 0.2 * layer.s), "SG", TEAM_COLORS[self.team].darker(140))
