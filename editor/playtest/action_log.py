"""The action log: one readable line per decision, dice included; clicking a line highlights its hexes."""

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
    New entries scroll into view.
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

    def set_entries(self, entries: list[LogEntry]) -> None:
        """Show exactly ``entries`` (after undo, a new game or a replay step back)."""
        self.blockSignals(True)
        self.clear()
        for e in entries:
            self._add(e)
        self.blockSignals(False)
        self.scrollToBottom()

    def add_entry(self, e: LogEntry) -> None:
        """Append one entry and scroll to it."""
        self._add(e)
        self.scrollToBottom()

    def _add(self, e: LogEntry) -> None:
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

    def lines(self) -> list[str]:
        """The text of every line (for tests)."""
        return [self.item(i).text() for i in range(self.count())]

    def _chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self.entry_chosen.emit(item.data(Qt.ItemDataRole.UserRole))
