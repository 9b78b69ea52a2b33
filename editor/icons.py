"""Toolbar icons drawn with QPainter (no image files): each shows what the tool puts on the map."""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from editor.render.style import TEAM_COLORS
from engine import palette

__all__ = ["tool_icon"]

_SIZE = 64


def _hex(cx: float, cy: float, r: float) -> QPolygonF:
    return QPolygonF([QPointF(cx + r * math.cos(math.radians(60 * i + 30)), cy + r * math.sin(math.radians(60 * i + 30))) for i in range(6)])


def _pen(c: str, w: float) -> QPen:
    p = QPen(QColor(c), w)
    p.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setCapStyle(Qt.PenCapStyle.RoundCap)
    return p


def _text(p: QPainter, rect: QRectF, text: str, color: str = "#1f1f1f", px: int = 26) -> None:
    f = QFont("DejaVu Sans")
    f.setPixelSize(px)
    f.setBold(True)
    p.setFont(f)
    p.setPen(QColor(color))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _draw(p: QPainter, glyph: str) -> None:
    from engine.mapmodel import Team

    c = _SIZE / 2
    outline = _pen("#3a3a3a", 3)
    if glyph == "height":
        for i, shade in enumerate(palette.HEIGHT_FILL):
            p.setPen(outline)
            p.setBrush(QColor(shade))
            p.drawPolygon(_hex(c - 12 + 12 * i, c + 10 - 10 * i, 15))
    elif glyph == "terrain":
        p.setPen(_pen(palette.WALL_EDGE, 3))
        p.setBrush(QColor(palette.WALL_FILL[0]))
        p.drawPolygon(_hex(c - 6, c - 4, 20))
        p.setBrush(QColor(palette.LOW_FILL))
        p.drawPolygon(_hex(c + 14, c + 14, 11))
    elif glyph == "eraser":
        p.translate(c, c)
        p.rotate(-35)
        p.setPen(outline)
        p.setBrush(QColor("#f48fb1"))
        p.drawRoundedRect(QRectF(-24, -11, 48, 22), 5, 5)
        p.setBrush(QColor("#90caf9"))
        p.drawRoundedRect(QRectF(-24, -11, 18, 22), 5, 5)
        p.resetTransform()
    elif glyph == "fill":
        p.setPen(outline)
        p.setBrush(QColor(palette.HEIGHT_FILL[1]))
        p.drawPolygon(_hex(c - 4, c + 4, 22))
        path = QPainterPath()
        path.moveTo(c + 20, c - 26)
        path.cubicTo(c + 34, c - 6, c + 30, c + 4, c + 20, c + 4)
        path.cubicTo(c + 10, c + 4, c + 6, c - 6, c + 20, c - 26)
        p.setBrush(QColor("#1e88e5"))
        p.drawPath(path)
    elif glyph == "line":
        for i in range(4):
            p.setPen(_pen("#5a5a5a", 2))
            p.setBrush(QColor("#cdbf9c"))
            p.drawPolygon(_hex(12 + 13.5 * i, 52 - 13.5 * i, 8.5))
        p.setPen(_pen("#1f1f1f", 4))
        p.drawLine(QPointF(8, 56), QPointF(56, 8))
    elif glyph.startswith("spawn-"):
        team = Team(glyph.split("-")[1])
        col = TEAM_COLORS[team]
        p.setPen(_pen(col.darker(130).name(), 3))
        p.setBrush(col)
        p.drawPolygon(_hex(c, c, 27))
        _text(p, QRectF(0, 0, _SIZE, _SIZE), team.value[0], "white", 28)
    elif glyph.startswith("spawnpoint-"):
        from editor.render.style import CUBE_COLORS
        from engine.mapmodel import Colour

        colour = Colour(glyph.split("-")[1])
        col = CUBE_COLORS[colour]
        p.setPen(_pen(col.name(), 5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolygon(_hex(c, c, 27))
        # the diamond with the colour's letter the map draws (an "S" circle matched nothing on it: an audit)
        p.setPen(_pen(col.darker(150).name(), 3))
        p.setBrush(col)
        r = 19
        p.drawPolygon(QPolygonF([QPointF(c, c - r), QPointF(c + r, c), QPointF(c, c + r), QPointF(c - r, c)]))
        _text(p, QRectF(0, 0, _SIZE, _SIZE), colour.letter, "white", 20)
    elif glyph == "ammo":
        from editor.render.style import CUBE_COLORS

        p.setPen(_pen("#5a4a30", 3))
        p.setBrush(QColor("#f4efe0"))
        p.drawRoundedRect(QRectF(c - 22, c - 22, 44, 44), 8, 8)
        p.setPen(Qt.PenStyle.NoPen)
        for k, col in enumerate(CUBE_COLORS.values()):
            p.setBrush(col)
            p.drawRect(QRectF(c - 18 + 13 * k, c - 5, 10, 10))
    elif glyph == "rack":
        p.setPen(_pen("#22252b", 3))
        p.setBrush(QColor("#4b4f57"))
        p.drawRoundedRect(QRectF(c - 26, c - 18, 52, 36), 6, 6)
        p.setPen(_pen("#d8dce2", 5))
        for dy in (-9, 0, 9):
            p.drawLine(QPointF(c - 18, c + dy), QPointF(c + 18, c + dy))
    elif glyph.startswith("track-"):
        team = Team(glyph.split("-")[1])
        col = TEAM_COLORS[team].darker(120)
        p.setPen(_pen(col.name(), 6))
        p.drawLine(QPointF(10, 50), QPointF(46, 18))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(col)
        p.drawPolygon(QPolygonF([QPointF(58, 8), QPointF(36, 14), QPointF(52, 30)]))
        p.drawEllipse(QPointF(12, 50), 9, 9)
        _text(p, QRectF(3, 41, 18, 18), "S", "white", 12)
    elif glyph == "units":  # two starting-unit discs, as the canvas draws them (units_item)
        for team, dx, dy in ((Team.RED, -11, -9), (Team.BLU, 11, 9)):
            col = TEAM_COLORS[team]
            p.setPen(_pen(col.darker(140).name(), 3))
            p.setBrush(col)
            p.drawEllipse(QPointF(c + dx, c + dy), 17, 17)
    elif glyph == "kit":
        p.setPen(_pen("#1b5e32", 3))
        p.setBrush(QColor("#2f9a52"))
        p.drawEllipse(QPointF(c, c), 26, 26)
        p.setPen(_pen("#ffffff", 9))
        p.drawLine(QPointF(c - 14, c), QPointF(c + 14, c))
        p.drawLine(QPointF(c, c - 14), QPointF(c, c + 14))
    elif glyph == "control":
        p.setPen(_pen("#d9a400", 5))
        p.setBrush(QColor(240, 190, 30, 90))
        p.drawPolygon(_hex(c, c, 27))
        pts = []
        for k in range(10):
            r = 17 if k % 2 == 0 else 7
            a = -math.pi / 2 + k * math.pi / 5
            pts.append(QPointF(c + r * math.cos(a), c + 2 + r * math.sin(a)))
        p.setPen(_pen("#6b5000", 2))
        p.setBrush(QColor("#d9a400"))
        p.drawPolygon(QPolygonF(pts))
    elif glyph == "select":
        pen = _pen("#1565c0", 4)
        pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(QColor(30, 120, 220, 50))
        p.drawRect(QRectF(8, 12, 48, 40))
    elif glyph == "wand":
        p.setPen(_pen("#4e342e", 6))
        p.drawLine(QPointF(10, 56), QPointF(40, 26))
        pts = []
        for k in range(10):
            r = 16 if k % 2 == 0 else 6
            a = -math.pi / 2 + k * math.pi / 5
            pts.append(QPointF(44 + r * math.cos(a), 20 + r * math.sin(a)))
        p.setPen(_pen("#b28704", 2))
        p.setBrush(QColor("#ffd54f"))
        p.drawPolygon(QPolygonF(pts))
    elif glyph == "paste":
        p.setPen(outline)
        p.setBrush(QColor("#bcaaa4"))
        p.drawRoundedRect(QRectF(12, 10, 40, 48), 4, 4)
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(18, 18, 28, 34))
    elif glyph == "stamp":
        p.setPen(outline)
        p.setBrush(QColor("#8d6e63"))
        p.drawRoundedRect(QRectF(c - 7, 6, 14, 20), 5, 5)
        p.setBrush(QColor("#5d4037"))
        p.drawRoundedRect(QRectF(c - 20, 24, 40, 10), 3, 3)
        p.setPen(_pen("#3a3a3a", 2))
        for i, shade in enumerate(("#9f8a63", "#cdbf9c", "#3d424c")):
            p.setBrush(QColor(shade))
            p.drawPolygon(_hex(c - 13 + 13 * i, 48, 8))
    elif glyph == "center":
        p.setPen(_pen("#6a1b9a", 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolygon(_hex(c, c, 24))
        p.drawLine(QPointF(c, 4), QPointF(c, 60))
        p.drawLine(QPointF(4, c), QPointF(60, c))
        p.setBrush(QColor("#6a1b9a"))
        p.drawEllipse(QPointF(c, c), 5, 5)
    else:
        _text(p, QRectF(0, 0, _SIZE, _SIZE), glyph[:2])


@cache
def tool_icon(glyph: str) -> QIcon:
    """The icon for a tool's ``glyph`` (cached)."""
    pm = QPixmap(_SIZE, _SIZE)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _draw(p, glyph)
    p.end()
    return QIcon(pm)


def swatch_icon(color: str, label: str = "", text_color: str = "#1f1f1f") -> QIcon:
    """A hex-shaped colour swatch with an optional letter (ink buttons)."""
    pm = QPixmap(_SIZE, _SIZE)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(_pen("#3a3a3a", 3))
    p.setBrush(QBrush(QColor(color)))
    p.drawPolygon(_hex(_SIZE / 2, _SIZE / 2, 28))
    if label:
        _text(p, QRectF(0, 0, _SIZE, _SIZE), label, text_color, 28)
    p.end()
    return QIcon(pm)
