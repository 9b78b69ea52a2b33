"""Help ▸ Keyboard shortcuts: every key the editor answers, read from its actions, and the canvas's own gestures.

The list is made from the window's actions at the moment it is shown (their
menus and their current keys), so it never drifts from what the keys do; the
canvas's gestures, which are no actions, are listed from :data:`GESTURES`. A new
user found the keys only in menus and tooltips (an audit, session 12).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

__all__ = ["GESTURES", "ShortcutsDialog", "shortcut_rows"]

#: What the canvas does with keys and the mouse besides its actions: (where, keys, what).
GESTURES: Final[tuple[tuple[str, str, str], ...]] = (
    ("Canvas", "Middle-drag, or Space + drag", "Pan the map"),
    ("Canvas", "Arrow keys", "Pan the map"),
    ("Canvas", "Wheel, or + and −", "Zoom about the pointer"),
    ("Canvas", "Shift + wheel", "Scroll"),
    ("Canvas", "Esc", "Cancel the gesture in progress and clear the selection"),
    ("Canvas", "Right-click (cart-track tool)", "Drop the track's step at that end"),
    ("Canvas", "Shift + click (cart-track tool)", "Cut the track back from its start"),
    ("Canvas", "Drag a unit (starting-units tool)", "Move a scenario's starting unit to another hex"),
    ("Canvas", "Right-click a unit (starting-units tool)", "Take the unit off: it starts anywhere in its spawn zone"),
    ("Problems", "Click / double-click a problem", "Show its hexes / centre the map on them"),
)


def _name(a: QAction) -> str:
    return a.text().replace("&", "").removesuffix("…").strip()


def _keys(a: QAction) -> str:
    return ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in a.shortcuts())


def _walk(menu: QMenu) -> list[QAction]:
    out: list[QAction] = []
    for a in menu.actions():
        sub = a.menu()
        if isinstance(sub, QMenu):
            out += _walk(sub)
        elif not a.isSeparator():
            out.append(a)
    return out


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(where, keys, what) for every action of ``window`` that has keys — under the menu that holds it, else
    "Canvas" — then :data:`GESTURES`."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()
    for top in window.menuBar().actions():
        menu = top.menu()
        if not isinstance(menu, QMenu):
            continue
        where = menu.title().replace("&", "")
        for a in _walk(menu):
            if a.shortcuts() and id(a) not in seen:
                seen.add(id(a))
                rows.append((where, _keys(a), _name(a)))
    for a in window.findChildren(QAction):
        if a.shortcuts() and id(a) not in seen and _name(a):
            seen.add(id(a))
            rows.append(("Canvas", _keys(a), _name(a)))
    return rows + list(GESTURES)


class ShortcutsDialog(QDialog):
    """The rows of :func:`shortcut_rows` in a table, with a filter on any column."""

    def __init__(self, window: QMainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Keyboard shortcuts")
        self.rows = shortcut_rows(window)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter: a key, a command or a menu")
        self.filter.setClearButtonEnabled(True)
        self.table = QTableWidget(len(self.rows), 3)
        self.table.setHorizontalHeaderLabels(["Where", "Keys", "What"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setAlternatingRowColors(True)
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.filter.textChanged.connect(self._filter)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.filter)
        lay.addWidget(self.table)
        lay.addWidget(buttons)
        self.resize(640, 560)

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for r, row in enumerate(self.rows):
            hay = " ".join(row).lower()
            self.table.setRowHidden(r, not all(w in hay for w in words))

    def shown(self) -> list[tuple[str, str, str]]:
        """The rows the filter leaves."""
        return [row for r, row in enumerate(self.rows) if not self.table.isRowHidden(r)]
