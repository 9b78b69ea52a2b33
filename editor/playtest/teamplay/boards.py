"""Painted Team Play player boards and damage buffers, from the engine's frozen views.

:class:`PlayerBoards` draws one row per character of a team (a
:class:`~engine.games.teamplay.views.BoardView` each): its counter and name, who
controls it, the damage track with the killshot and overkill spaces (where the
adrenaline tile has put them), the damage waiting for it in the buffer, marks,
venom, skulls, what the next killshot scores, and its own weapon. :class:`BufferBar`
draws a team's buffer against its flush threshold. Both only paint what they are
given; hovering a row or the bar shows it in words.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from editor.playtest.teamplay.picture import letters
from editor.render.style import TEAM_COLORS
from engine.games.teamplay.views import BoardView, BufferView

__all__ = ["BufferBar", "PlayerBoards", "board_words", "buffer_words"]

_ROW = 42
_BOX = 12
_GAP = 2
_SPACES = 12  # the longest track: killshot space 11 and the overkill space
_DAMAGE = QColor("#b3261e")
_PENDING = QColor("#e8890c")
_MARK = QColor("#7b3fb5")


def board_words(v: BoardView) -> str:
    """A player board in words (the row's tooltip)."""
    weapon = v.own_weapon.replace("_", " ")
    lines = [f"{v.team.value} {v.name} — controlled by {v.controller}" + (" · acted this turn" if v.acted else ""),
             f"damage {v.damage}: killed at {v.killshot}, overkill at {v.killshot + 1}"
             + (f" (adrenaline tile slid {v.tile})" if v.tile else ""),
             f"waiting in the buffer: {v.pending} damage, {v.marks} mark(s)",
             f"adrenaline actions: {('none', 'dash', 'dash and step')[v.adrenaline]}",
             f"skulls {v.skulls}; the next killshot scores {v.value}",
             f"own weapon: {weapon} " + (f"(loaded by {v.loaded_by})" if v.loaded_by else "(unloaded)")]
    if v.venom:
        lines.append("carries a venom token")
    if v.hex is None:
        lines.append("not on the board (waiting to spawn)")
    return "\n".join(lines)


def buffer_words(b: BufferView, names: dict[str, str]) -> str:
    """A damage buffer in words: total against the threshold, then damage and marks by character."""
    dmg = ", ".join(f"{names.get(k, k)} {n}" for k, n in b.damage) or "no damage"
    marks = ", ".join(f"{names.get(k, k)} {n}" for k, n in b.marks)
    return (f"{b.team.value} buffer {b.total}/{b.flushes_at}: {dmg}" + (f" · marks: {marks}" if marks else "")
            + f" — flushed onto the boards at the end of {b.team.other.value}'s turn if it holds "
              f"{b.flushes_at} or more (the line across the bar)")


class PlayerBoards(QWidget):
    """One team's player boards, a row each (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.views: list[BoardView] = []
        self.weapon_titles: dict[str, str] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._font = QFont(self.font())
        self._bold = QFont(self.font())
        self._bold.setBold(True)
        self._small = QFont(self.font())
        self._small.setPointSizeF(self._small.pointSizeF() * 0.85)

    def show_boards(self, views: list[BoardView], weapon_titles: dict[str, str]) -> None:
        """Show ``views`` (one team's characters, in draft order); ``weapon_titles`` names their own weapons."""
        self.views = list(views)
        self.weapon_titles = weapon_titles
        self.setFixedHeight(self.sizeHint().height())
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(320, max(1, len(self.views)) * _ROW + 2)

    def row_at(self, y: float) -> BoardView | None:
        """The board under the point ``y`` pixels from the top (None between rows)."""
        k = int(y // _ROW)
        return self.views[k] if 0 <= k < len(self.views) else None

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ToolTip:
            assert isinstance(e, QHelpEvent)
            v = self.row_at(e.pos().y())
            if v is not None:
                QToolTip.showText(e.globalPos(), board_words(v), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(e)

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for k, v in enumerate(self.views):
            self._row(p, v, k * _ROW)
        p.end()

    def _row(self, p: QPainter, v: BoardView, y: int) -> None:
        w = self.width()
        col = TEAM_COLORS[v.team]
        on_board = v.hex is not None
        if v.acted:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 14))
            p.drawRoundedRect(QRectF(0, y + 1, w, _ROW - 2), 4, 4)
        p.setPen(QPen(QColor("white"), 1.2))
        p.setBrush(col if on_board else QColor("#9e9e9e"))
        p.drawEllipse(QRectF(3, y + 3, 18, 18))
        p.setFont(self._small)
        p.setPen(QColor("white"))
        p.drawText(QRectF(3, y + 3, 18, 18), Qt.AlignmentFlag.AlignCenter, letters(v.kind))
        p.setFont(self._bold)
        p.setPen(QColor("#202020"))
        name_w = QFontMetrics(self._bold).horizontalAdvance(v.name)
        p.drawText(QRectF(26, y + 2, name_w + 4, 20), Qt.AlignmentFlag.AlignVCenter, v.name)
        p.setFont(self._small)
        p.setPen(QColor("#5b6068"))
        who = f"{v.controller}" + (" · acted" if v.acted else "") + ("" if on_board else " · to spawn")
        right = f"☠{v.skulls} · next {v.value}" + (f" · A{v.adrenaline}" if v.adrenaline else "")
        fm = QFontMetrics(self._small)
        rw = fm.horizontalAdvance(right) + 6
        p.drawText(QRectF(30 + name_w, y + 2, max(10, w - rw - 34 - name_w), 20), Qt.AlignmentFlag.AlignVCenter,
                   fm.elidedText(who, Qt.TextElideMode.ElideRight, max(10, w - rw - 34 - name_w)))
        p.setPen(QColor("#303030"))
        p.drawText(QRectF(w - rw, y + 2, rw - 2, 20), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                   right)
        x = self._track(p, v, 6, y + 24)
        x += 6
        for _ in range(v.marks):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(_MARK)
            p.drawEllipse(QRectF(x, y + 26, 8, 8))
            x += 10
        if v.venom:
            p.setFont(self._bold)
            p.setPen(QColor("#2e8b3e"))
            p.drawText(QRectF(x, y + 22, 14, 16), Qt.AlignmentFlag.AlignCenter, "V")
            x += 16
        title = self.weapon_titles.get(v.own_weapon, v.own_weapon)
        text = f"{title} · {v.loaded_by}" if v.loaded_by else f"{title} (unloaded)"
        p.setFont(self._small)
        p.setPen(QColor("#303030") if v.loaded_by else QColor("#8a8a8a"))
        p.drawText(QRectF(x + 4, y + 22, max(10, w - x - 6), 16), Qt.AlignmentFlag.AlignVCenter,
                   fm.elidedText(text, Qt.TextElideMode.ElideRight, max(10, int(w - x - 6))))

    def _track(self, p: QPainter, v: BoardView, x0: int, y: int) -> int:
        """Paint the damage track from ``x0``; returns the x after it."""
        p.setFont(self._small)
        for i in range(1, _SPACES + 1):
            r = QRectF(x0 + (i - 1) * (_BOX + _GAP), y, _BOX, _BOX)
            gone = i > v.killshot + 1  # the adrenaline tile slid over it
            if i <= v.damage:
                fill = _DAMAGE
            elif i <= v.damage + v.pending:
                fill = QColor(_PENDING.red(), _PENDING.green(), _PENDING.blue(), 120)
            else:
                fill = QColor("#d7d7d7") if gone else QColor("#ffffff")
            pen = QPen(QColor("#555555"), 1)
            if i == v.killshot:
                pen = QPen(QColor("#000000"), 2)
            elif i == v.killshot + 1:
                pen = QPen(QColor("#000000"), 1.2, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(fill)
            p.drawRect(r)
            if i in (v.killshot, v.killshot + 1) and i > v.damage:
                p.setPen(QColor("#444444"))
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, "☠" if i == v.killshot else "+")
        return x0 + _SPACES * (_BOX + _GAP)


class BufferBar(QWidget):
    """A team's damage buffer: its total against the flush threshold, split by character."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: BufferView | None = None
        self.names: dict[str, str] = {}
        self.setFixedHeight(22)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def show_buffer(self, view: BufferView, names: dict[str, str]) -> None:
        """Show ``view``; ``names`` maps character kinds to their names."""
        self.view = view
        self.names = names
        self.setToolTip(buffer_words(view, names))
        self.update()

    def text(self) -> str:
        """The words painted on the bar."""
        b = self.view
        if b is None:
            return ""
        dmg = ", ".join(f"{self.names.get(k, k)} {n}" for k, n in b.damage)
        marks = sum(n for _, n in b.marks)
        return (f"buffer {b.total}/{b.flushes_at}" + (f": {dmg}" if dmg else "")
                + (f" · {marks} mark{'s' * (marks != 1)}" if marks else ""))

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        b = self.view
        if b is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w, h = self.width() - 2, self.height() - 2
        scale = max(b.flushes_at + 2, b.total)
        p.setPen(QPen(QColor("#6b6b6b"), 1))
        p.setBrush(QColor("#f3f3f3"))
        p.drawRoundedRect(QRectF(1, 1, w, h), 4, 4)
        fill = QColor("#e8890c") if b.total >= b.flushes_at else QColor(232, 137, 12, 130)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawRoundedRect(QRectF(1, 1, w * min(1.0, b.total / scale), h), 4, 4)
        tx = 1 + w * b.flushes_at / scale
        # the flush threshold, in neither team's colour: the other team's read as "this line is BLU's" on RED's bar
        # (a new-user audit)
        p.setPen(QPen(QColor("#3a3a3a"), 2))
        p.drawLine(int(tx), 0, int(tx), h + 2)
        p.setPen(QColor("#1d1d1d"))
        p.drawText(QRectF(6, 1, w - 10, h), Qt.AlignmentFlag.AlignVCenter,
                   QFontMetrics(self.font()).elidedText(self.text(), Qt.TextElideMode.ElideRight, w - 10))
        p.end()
