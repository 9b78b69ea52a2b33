"""The action log: one readable line per decision, dice included; clicking a line highlights its hexes.

An entry with ``steps`` (Team Play: each end-of-turn step, flush, killshot and
respawn the engine reports) shows them under its line, one indented line each.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.playtest.journal import LogEntry
from editor.render.style import TEAM_COLORS

__all__ = ["ActionLog"]


class ActionLog(QListWidget):
    """A scrollable list of :class:`~editor.playtest.journal.LogEntry` lines.

    Signal ``entry_chosen(LogEntry)`` when the user clicks (or keys to) a line.

    The log follows the newest line — after new entries, a rebuild (undo) and
    whenever its lines wrap again (a resize) — until the user scrolls up; scrolling
    back to the bottom follows again. :attr:`following` tells which.
    """

    entry_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.setUniformItemSizes(False)
        self.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.currentItemChanged.connect(self._chosen)
        self.itemClicked.connect(lambda it: self._chosen(it, None))
        #: True while the newest line is kept in view.
        self.following = True
        #: the entries shown, and the row of each one's first line
        self._entries: list[LogEntry] = []
        self._rows: list[int] = []
        self._rebuilding = False
        bar = self.verticalScrollBar()
        # Word-wrapped rows are measured after the list is laid out, so the scroll range
        # grows later than the rows are added: follow it whenever it changes.
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(self._scrolled)

    def set_entries(self, entries: list[LogEntry]) -> None:
        """Show exactly ``entries`` (after undo, a new game or a replay step back).

        Lines shared with what is shown stay (an undo only takes lines off the end),
        so a user who scrolled up keeps their place.
        """
        follow = self.following
        shown = self._entries
        keep = 0
        while keep < min(len(shown), len(entries)) and shown[keep] == entries[keep]:
            keep += 1
        first = self._rows[keep] if keep < len(self._rows) else self.count()
        self._rebuilding = True
        self.blockSignals(True)
        try:
            for i in range(self.count() - 1, first - 1, -1):
                self.takeItem(i)  # Python owns the taken item now and frees it
            del self._entries[keep:]
            del self._rows[keep:]
            for e in entries[keep:]:
                self._add(e)
        finally:
            self.blockSignals(False)
            self._rebuilding = False
        self.following = follow
        self._follow()

    def add_entry(self, e: LogEntry) -> None:
        """Append one entry; it is scrolled into view unless the user has scrolled up."""
        self._add(e)
        self._follow()

    def _follow(self) -> None:
        if self.following:
            self.scrollToBottom()

    def _range_changed(self, _low: int, high: int) -> None:
        if self.following:
            self.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int) -> None:
        if not self._rebuilding:
            self.following = value >= self.verticalScrollBar().maximum()

    def _add(self, e: LogEntry) -> None:
        self._entries.append(e)
        self._rows.append(self.count())
        it = QListWidgetItem(e.line())
        it.setData(Qt.ItemDataRole.UserRole, e)
        who = "" if e.by in ("", "human") else f" ({e.by})"
        it.setToolTip(f"{e.text}{who}\n" + "\n".join(e.details))
        it.setForeground(QBrush(TEAM_COLORS[e.team].darker(150)))
        if any("critical" in r for r in e.rolls) or any("wins" in d or "dies" in d for d in e.details):
            f = it.font()
            f.setBold(True)
            it.setFont(f)
        if any("wins" in d for d in e.details):
            it.setBackground(QBrush(QColor(255, 230, 150)))
        self.addItem(it)
        for step in e.steps:
            sub = QListWidgetItem(f"    ↳ {step}")
            sub.setData(Qt.ItemDataRole.UserRole, e)
            sub.setToolTip(step)
            sub.setForeground(QBrush(QColor("#4a4a4a")))
            if step.startswith(("game over", "end of turn 4/5, killshot:", "leftover damage")):
                f = sub.font()
                f.setBold(True)
                sub.setFont(f)
            self.addItem(sub)

    def lines(self) -> list[str]:
        """The text of every line, steps included (for tests)."""
        return [self.item(i).text() for i in range(self.count())]

    def _chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self.entry_chosen.emit(item.data(Qt.ItemDataRole.UserRole))
