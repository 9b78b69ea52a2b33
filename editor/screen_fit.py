"""Windows sized to the screen they open on: the size a window wants, or as much of the screen as there is.

A fixed ``resize(1360, 860)`` runs past a 1280×800 or 1366×768 screen, and the
controls at the window's right and bottom edges are then out of reach (a new-user
audit: the playtest's End turn button). :func:`fit_to_screen` keeps room for the
window manager's frame and a taskbar and never goes under the window's own
minimum size (Qt clamps to it anyway).
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

__all__ = ["FRAME", "fit_to_screen"]

#: Room left around a window for the window manager's frame (width) and frame plus a taskbar (height).
FRAME = (16, 40)


def fit_to_screen(w: QWidget, width: int, height: int, centre: bool = False) -> None:
    """Resize ``w`` to ``width`` × ``height``, or to the available part of its screen less :data:`FRAME` when that
    is smaller; ``centre``: also place it in the middle of that screen (a third of the way down)."""
    screen = w.screen() or QGuiApplication.primaryScreen()
    room = screen.availableGeometry() if screen is not None else None
    if room is None or room.width() <= 0 or room.height() <= 0:
        w.resize(width, height)
        return
    w.resize(min(width, room.width() - FRAME[0]), min(height, room.height() - FRAME[1]))
    if centre:
        w.move(room.x() + (room.width() - w.width()) // 2, room.y() + (room.height() - w.height()) // 3)
