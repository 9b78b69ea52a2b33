"""The dice panel: the latest throw (or the throw of a clicked log line) with die faces."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from editor.playtest.journal import LogEntry

__all__ = ["DicePanel"]

_DIE_FACES = "⚀⚁⚂⚃⚄⚅"


class DicePanel(QLabel):
    """Shows the dice of one log entry: each throw's faces, its purpose and its result.

    ``six_sided`` draws faces as d6 pips (King of the Board's 2d6); otherwise (Payload Race's d8
    and d4) each face is its number in a box, never a d6 face for a d8's 3.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.six_sided = True
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
            dice = " ".join(self._face(f) for f in faces)
            parts.append(f"<span style='font-size:20px'>{dice}</span> {purpose}: {rest}")
        self.setText(f"<b>{e.text}</b><br>" + "<br>".join(parts))

    def _face(self, face: str) -> str:
        if self.six_sided and face.isdigit() and 1 <= int(face) <= 6:
            return _DIE_FACES[int(face) - 1]
        return f"<span style='border:1px solid #f0f0f0; font-size:14px'>&nbsp;{face}&nbsp;</span>"
