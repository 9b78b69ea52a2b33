"""What each mode puts on the playtest board besides units and choices, painted over the map.

Plain functions on the board's play layer (:class:`~editor.playtest.board_view.BoardView`'s
item, ``layer``: its renderer ``r``, hex size ``s`` and fonts): control points and
used kits (King of the Board), grenades and sentry lines, carts (Payload Race),
ammo tiles and racks as they are now (Team Play), and the small badges on
counters. They paint exactly what the :class:`~editor.playtest.picture.BoardPicture`
says; no rules here.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen

from editor.playtest.picture import BoardPicture, UnitMark
from editor.render.painter import MapRenderer
from editor.render.style import CUBE_COLORS, TEAM_COLORS
from engine.mapmodel import Colour

__all__ = ["PlayLayer", "badge", "flame", "paint_badges", "paint_carts", "paint_grenades", "paint_kits", "paint_points",
           "paint_sentry_lines", "paint_tiles"]

class PlayLayer(Protocol):
    """What these functions use of the board's play layer: its renderer, hex size and fonts."""

    r: MapRenderer
    s: float
    f_small: QFont
    f_tiny: QFont


#: The colour of each letter of an ammo tile (P: a powerup, drawn as a small white card).
_LETTER = {c.letter: CUBE_COLORS[c] for c in Colour}


def paint_points(layer: PlayLayer, p: QPainter, pic: BoardPicture) -> None:
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
            p.drawConvexPolygon(layer.r.polygon(h))


def paint_kits(layer: PlayLayer, p: QPainter, pic: BoardPicture) -> None:
    s = layer.s
    for h, turns in pic.used_kits.items():
        c = layer.r.center(h)
        p.setPen(QPen(QColor("#6b6b6b"), s * 0.05))
        p.setBrush(QColor(235, 235, 235, 225))
        p.drawEllipse(c, 0.42 * s, 0.42 * s)
        p.setFont(layer.f_small)
        p.setPen(QColor("#444444"))
        p.drawText(QRectF(c.x() - s, c.y() - s / 2, 2 * s, s), Qt.AlignmentFlag.AlignCenter, f"{turns}")


def paint_grenades(layer: PlayLayer, p: QPainter, pic: BoardPicture) -> None:
    s = layer.s
    for g in pic.grenades:
        c = layer.r.center(g.hex)
        col = TEAM_COLORS[g.team]
        if g.owner_hex is not None:
            o = layer.r.center(g.owner_hex)
            pen = QPen(col, s * 0.05, Qt.PenStyle.DotLine)
            p.setPen(pen)
            p.drawLine(o, c)
        r = QRectF(c.x() + 0.22 * s, c.y() - 0.62 * s, 0.4 * s, 0.4 * s)
        p.setPen(QPen(QColor("#111111"), s * 0.05))
        p.setBrush(col)
        p.drawRect(r)
        p.setFont(layer.f_tiny)
        p.setPen(QColor("white"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, "G")


def paint_carts(layer: PlayLayer, p: QPainter, pic: BoardPicture) -> None:
    """Each cart (a team-coloured block with its pushes so far) and the track still ahead of it."""
    s = layer.s
    for cart in pic.carts:
        col = QColor(TEAM_COLORS[cart.team])
        ahead = [layer.r.center(h) for h in (cart.hex, *cart.ahead)]
        if len(ahead) > 1:
            pen = QPen(col.lighter(130), s * 0.12, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(ahead)
            end = ahead[-1]
            p.setPen(QPen(col.darker(130), s * 0.08))
            p.setBrush(QColor(255, 255, 255, 200))
            p.drawEllipse(end, 0.3 * s, 0.3 * s)
        c = layer.r.center(cart.hex)
        box = QRectF(c.x() - 0.62 * s, c.y() - 0.5 * s, 1.24 * s, 1.0 * s)
        p.setPen(QPen(QColor("#e23b2e") if cart.blocked_by else QColor("#1b1b1b"), s * (0.14 if cart.blocked_by else 0.07)))
        p.setBrush(col.darker(115))
        p.drawRoundedRect(box, 0.18 * s, 0.18 * s)
        p.setFont(layer.f_small)
        p.setPen(QColor("#ffffff"))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{cart.pushes}/{cart.total}")


def paint_sentry_lines(layer: PlayLayer, p: QPainter, pic: BoardPicture) -> None:
    s = layer.s
    for u in pic.units:
        if u.sentry and u.target is not None and not u.inactive:
            pen = QPen(TEAM_COLORS[u.team].darker(120), s * 0.07, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(layer.r.center(u.hex), layer.r.center(u.target))


def flame(layer: PlayLayer, p: QPainter, c: QPointF, r: float) -> None:
    path = QPainterPath()
    path.moveTo(c.x(), c.y() - 1.4 * r)
    path.cubicTo(c.x() + 1.1 * r, c.y() - 0.2 * r, c.x() + 0.9 * r, c.y() + r, c.x(), c.y() + r)
    path.cubicTo(c.x() - 0.9 * r, c.y() + r, c.x() - 1.1 * r, c.y() - 0.2 * r, c.x(), c.y() - 1.4 * r)
    p.setPen(QPen(QColor("#7a1d00"), r * 0.25))
    p.setBrush(QColor("#ff6a00"))
    p.drawPath(path)


def badge(layer: PlayLayer, p: QPainter, c: QPointF, text: str, color: QColor) -> None:
    s = layer.s
    p.setFont(layer.f_tiny)
    w = max(0.36 * s, 0.17 * s * len(text) + 0.1 * s)
    r = QRectF(c.x() - w / 2, c.y() - 0.16 * s, w, 0.32 * s)
    p.setPen(QPen(QColor("#ffffff"), s * 0.03))
    p.setBrush(color)
    p.drawRoundedRect(r, 0.1 * s, 0.1 * s)
    p.setPen(QColor("#ffffff"))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)


def paint_badges(layer: PlayLayer, p: QPainter, u: UnitMark) -> None:
    """A counter's badges in a row above it (Team Play: buffered damage, marks, venom, acted)."""
    if not u.badges:
        return
    s = layer.s
    c = layer.r.center(u.hex)
    n = len(u.badges)
    width = 0.44 * s
    x0 = c.x() - (n - 1) * width / 2
    for k, (text, colour) in enumerate(u.badges):
        badge(layer, p, QPointF(x0 + k * width, c.y() - 0.7 * s), text, QColor(colour))


def paint_tiles(layer: PlayLayer, p: QPainter, pic: BoardPicture) -> None:
    """Team Play's ammo tiles as they are now (a dot per cube, a card for a powerup; crossed out once
    grabbed) and each rack's count of weapons."""
    s = layer.s
    for t in pic.tiles:
        c = layer.r.center(t.hex)
        if t.kind == "rack":
            r = QRectF(c.x() + 0.18 * s, c.y() + 0.12 * s, 0.36 * s, 0.32 * s)
            p.setPen(QPen(QColor("#ffffff"), s * 0.03))
            p.setBrush(QColor("#37474f") if t.text != "0" else QColor("#9e9e9e"))
            p.drawRoundedRect(r, 0.08 * s, 0.08 * s)
            p.setFont(layer.f_tiny)
            p.setPen(QColor("#ffffff"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, t.text)
            continue
        if not t.text:
            pen = QPen(QColor(90, 90, 90, 200), s * 0.06)
            p.setPen(pen)
            a = 0.22 * s
            p.drawLine(QPointF(c.x() - a, c.y() - a), QPointF(c.x() + a, c.y() + a))
            p.drawLine(QPointF(c.x() - a, c.y() + a), QPointF(c.x() + a, c.y() - a))
            continue
        p.setPen(QPen(QColor("#ffffff"), s * 0.025))
        p.setBrush(QColor(40, 40, 40, 170))
        w = 0.2 * s * len(t.text) + 0.08 * s
        p.drawRoundedRect(QRectF(c.x() - w / 2, c.y() - 0.14 * s, w, 0.28 * s), 0.1 * s, 0.1 * s)
        for k, letter in enumerate(t.text):
            x = c.x() - w / 2 + 0.14 * s + k * 0.2 * s
            if letter in _LETTER:
                p.setPen(QPen(QColor("#ffffff"), s * 0.02))
                p.setBrush(_LETTER[letter])
                p.drawEllipse(QPointF(x, c.y()), 0.075 * s, 0.075 * s)
            else:
                p.setPen(QPen(QColor("#333333"), s * 0.02))
                p.setBrush(QColor("#ffffff"))
                p.drawRect(QRectF(x - 0.06 * s, c.y() - 0.09 * s, 0.12 * s, 0.18 * s))
