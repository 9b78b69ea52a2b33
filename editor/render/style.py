"""Colours, pens and brushes of the map drawing, built once and shared.

Heights read at a glance by lightness (0 pale, 2 dark) and are separated by dark
"cliff" edges; team features use RED/BLU; kits are a green disc with a white
cross, the control point a gold ring. Needs a QGuiApplication (QFont metrics).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

from engine import palette
from engine.mapmodel import Colour, Team, Terrain

__all__ = ["CUBE_COLORS", "MapStyle", "TEAM_COLORS"]

TEAM_COLORS: dict[Team, QColor] = {Team.RED: QColor("#c8373a"), Team.BLU: QColor("#2f6fc4")}
#: Team Play's colours: spawnpoints, cubes and powerups. Kept apart from the teams' colours (a vermilion
#: and a sky blue, drawn as diamonds), so a red spawnpoint never reads as RED's ground.
CUBE_COLORS: dict[Colour, QColor] = {Colour.RED: QColor("#f26a1b"), Colour.BLUE: QColor("#35b5e5"),
                                     Colour.YELLOW: QColor("#e8b400")}


def _pen(color: str | QColor, width: float, cosmetic: bool = False, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    p = QPen(QColor(color), width)
    p.setCosmetic(cosmetic)
    p.setCapStyle(cap)
    p.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return p


def _font(pixels: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    return f


@dataclass
class MapStyle:
    """Every pen, brush and font the painter uses, sized for a hex of ``size`` units."""

    size: float = 32.0
    ground: dict[tuple[int, Terrain], QBrush] = field(default_factory=dict)

    def __post_init__(self) -> None:
        s = self.size
        for h in range(len(palette.HEIGHT_FILL)):
            for t in Terrain:
                self.ground[(h, t)] = QBrush(QColor(palette.ground_fill(h, t)))
        self.grid_pen = _pen(palette.GRID_LINE, max(0.6, s * 0.03))
        self.cliff_pen = _pen("#2d2a24", max(1.4, s * 0.09))
        self.ghost_pen = _pen("#c9cdd3", 0.0, cosmetic=True)
        self.ghost_pen.setStyle(Qt.PenStyle.DotLine)
        self.wall_edge_pen = _pen(palette.WALL_EDGE, max(1.0, s * 0.05))
        self.low_brush = QBrush(QColor(palette.LOW_FILL))
        self.low_pen = _pen(palette.LOW_EDGE, max(0.8, s * 0.04))
        self.stairs_pen = _pen(palette.STAIRS, max(1.0, s * 0.06), cap=Qt.PenCapStyle.FlatCap)
        self.stairs_arrow = QBrush(QColor(palette.STAIRS))
        self.team_fill = {t: QBrush(QColor(c.red(), c.green(), c.blue(), 120)) for t, c in TEAM_COLORS.items()}
        self.team_pen = {t: _pen(c.darker(115), max(1.2, s * 0.08)) for t, c in TEAM_COLORS.items()}
        self.track_pen = {t: _pen(c.darker(135), max(2.0, s * 0.2)) for t, c in TEAM_COLORS.items()}
        self.track_brush = {t: QBrush(c.darker(135)) for t, c in TEAM_COLORS.items()}
        self.kit_brush = QBrush(QColor("#2f9a52"))
        self.kit_pen = _pen("#ffffff", max(1.0, s * 0.12), cap=Qt.PenCapStyle.FlatCap)
        self.kit_outline = _pen("#1b5e32", max(0.8, s * 0.04))
        self.cp_pen = _pen("#d9a400", max(1.5, s * 0.12))
        self.cp_fill = QBrush(QColor(240, 190, 30, 45))  # light: the height under it still reads (a new-user audit)
        self.cp_text_pen = _pen("#6b5000", 1.0)
        self.point_brush = {c: QBrush(col) for c, col in CUBE_COLORS.items()}
        self.point_pen = {c: _pen(col.darker(150), max(1.0, s * 0.07)) for c, col in CUBE_COLORS.items()}
        self.ammo_brush = QBrush(QColor("#f4efe0"))
        self.ammo_pen = _pen("#5a4a30", max(0.8, s * 0.05))
        self.rack_brush = QBrush(QColor("#4b4f57"))
        self.rack_pen = _pen("#22252b", max(0.8, s * 0.05))
        self.rack_bar = _pen("#d8dce2", max(1.0, s * 0.09), cap=Qt.PenCapStyle.FlatCap)
        self.text_pen = _pen("#3b3630", 1.0)
        self.text_pen_light = _pen("#e8e8e8", 1.0)
        self.marker_text_pen = _pen("#ffffff", 1.0)
        self.coord_font = _font(s * 0.24)
        self.num_font = _font(s * 0.34, bold=True)
        self.marker_font = _font(s * 0.40, bold=True)
        for f in (self.coord_font, self.num_font, self.marker_font):
            f.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
