"""The dice panel: the latest throw (or the throw of a clicked log line) with die faces."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from editor.playtest.journal import LogEntry

__all__ = ["DicePanel"]

_DIE_FACES = "⚀⚁⚂⚃⚄⚅"


class DicePanel(QLabel):
    """Shows the dice of one log entry: each throw's faces, its purpose and its result."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setMinimumHeight(44)
        self.setStyleSheet("QLabel { background: #23262b; color: #f0f0f0; border-radius: 6px; padding: 6px; }")

    def show_entry(self, e: LogEntry | None) -> None:
        """Show the dice of ``e`` (the latest throw, or a clicked log line); its text when it threw none."""
        if e is None or not e.rolls:
            text = e.text if e is not None else "No dice thrown yet"
            self.setText(f"<span style='color:#9aa0a6'>{text}</span>")
            return
        parts = []
        for r in e.rolls:
            purpose, _, rest = r.partition(": ")
            faces = rest.split(" = ")[0].split(" + ")
            dice = " ".join(_DIE_FACES[int(f) - 1] if f.isdigit() and 1 <= int(f) <= 6 else f for f in faces)
            parts.append(f"<span style='font-size:20px'>{dice}</span> {purpose}: {rest}")
        self.setText(f"<b>{e.text}</b><br>" + "<br>".join(parts))
