"""The blueprint side panel: each team's units in turn order, health, respawn timers, whose turn.

It paints the rows its mode's presenter gives (:meth:`~editor.playtest.presenters.Presenter.panel_rows`);
it holds no game logic.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor.playtest.picture import SlotRow
from editor.render.style import TEAM_COLORS
from engine.mapmodel import Team

__all__ = ["BlueprintPanel"]

_ROW = 30


class BlueprintPanel(QWidget):
    """Two blueprints (RED then BLU): one row per slot with a counter, name, health bar or timer.

    The acting slot has a gold marker (the "active unit chip"); the slot up next
    for the other team has a hollow one.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: dict[Team, list[SlotRow]] = {}
        self.title = "blueprint"
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._font = QFont(self.font())
        self._bold = QFont(self.font())
        self._bold.setBold(True)
        self._small = QFont(self.font())
        self._small.setPointSizeF(self._small.pointSizeF() * 0.8)

    def show_rows(self, rows: dict[Team, list[SlotRow]], title: str) -> None:
        """Show each team's ``rows`` (a presenter's :meth:`~editor.playtest.presenters.Presenter.panel_rows`)
        under ``title`` ("blueprint", or "tokens" in modes where every token acts)."""
        self.rows = rows
        self.title = title
        self.updateGeometry()
        self.setFixedHeight(self.sizeHint().height())
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        n = sum(len(r) for r in self.rows.values())
        return QSize(300, 8 + n * _ROW + len(self.rows) * 22)

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w = self.width()
        y = 4
        for team, rows in self.rows.items():
            col = TEAM_COLORS[team]
            p.setFont(self._bold)
            p.setPen(col.darker(120))
            p.drawText(QRectF(6, y, w - 12, 18), Qt.AlignmentFlag.AlignVCenter, f"{team.value} {self.title}")
            y += 22
            for r in rows:
                self._row(p, r, y, w, col)
                y += _ROW
        p.end()

    def _row(self, p: QPainter, r: SlotRow, y: int, w: int, col: QColor) -> None:
        if r.acting:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(242, 182, 0, 60))
            p.drawRoundedRect(QRectF(2, y, w - 4, _ROW - 2), 5, 5)
        # active-unit chip
        cx = 12
        if r.acting or r.next_up:
            p.setPen(QPen(QColor("#b58800"), 2))
            p.setBrush(QColor("#f2b600") if r.acting else Qt.BrushStyle.NoBrush)
            p.drawEllipse(QRectF(cx - 5, y + _ROW / 2 - 6, 10, 10))
        # counter
        x = 26
        p.setPen(QPen(QColor("white"), 1.5))
        p.setBrush(col if r.alive else QColor("#9e9e9e"))
        p.drawEllipse(QRectF(x, y + 2, _ROW - 6, _ROW - 6))
        p.setFont(self._bold)
        p.setPen(QColor("white"))
        p.drawText(QRectF(x, y + 2, _ROW - 6, _ROW - 6), Qt.AlignmentFlag.AlignCenter,
                   r.letters or "?")
        x += _ROW + 2
        p.setFont(self._font)
        p.setPen(QColor("#202020") if r.alive else QColor("#707070"))
        label = r.name if r.kind else "(open slot)"
        if r.note and r.alive:
            p.setFont(self._small)
            note = QFontMetrics(self._small).elidedText(r.note, Qt.TextElideMode.ElideRight, 90)
            p.drawText(QRectF(x, y + _ROW / 2 - 1, 90, _ROW / 2), Qt.AlignmentFlag.AlignTop, note)
            p.setFont(self._font)
            p.drawText(QRectF(x, y, 90, _ROW / 2 + 2), Qt.AlignmentFlag.AlignBottom, label)
        else:
            p.drawText(QRectF(x, y, 90, _ROW - 2), Qt.AlignmentFlag.AlignVCenter, label)
        x += 92
        right = w - 8
        if r.alive:
            bar = QRectF(x, y + _ROW / 2 - 5, max(20, right - x - 62), 9)
            p.setPen(QPen(QColor("#333333"), 1))
            p.setBrush(QColor("#2b2b2b"))
            p.drawRect(bar)
            f = r.health / r.max_health if r.max_health else 0
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#3cb44b") if f > 0.6 else QColor("#f0b400") if f > 0.3 else QColor("#e23b2e"))
            p.drawRect(QRectF(bar.left(), bar.top(), bar.width() * f, bar.height()))
            p.setPen(QColor("#303030"))
            p.drawText(QRectF(bar.right() + 4, y, right - bar.right() - 4, _ROW - 2),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, f"{r.health}/{r.max_health}")
        else:
            p.setPen(QColor("#8a2d2d") if r.timer else QColor("#2d6a2d"))
            p.drawText(QRectF(x, y, right - x, _ROW - 2), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                       r.status())
