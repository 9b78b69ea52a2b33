"""Two small widgets of the playtest's side panel: the buttons' scrolling area and a button that hints its hexes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Signal
from PySide6.QtWidgets import QPushButton, QScrollArea, QWidget

from engine.hexgrid import Hex

__all__ = ["ButtonsArea", "HintButton"]


class HintButton(QPushButton):
    """A button that outlines its action's hexes on the board while the pointer is on it."""

    hint = Signal(object)

    def __init__(self, text: str, hexes: tuple[Hex, ...] = ()) -> None:
        super().__init__(text)
        self.hexes = hexes

    def event(self, e: QEvent) -> bool:
        if self.hexes and e.type() in (QEvent.Type.Enter, QEvent.Type.Leave):
            self.hint.emit(self.hexes if e.type() == QEvent.Type.Enter else ())
        return super().event(e)


class ButtonsArea(QScrollArea):
    """The buttons of the decision: as tall as they are, up to ``cap`` pixels (then they scroll)."""

    cap = 330

    def setWidget(self, w: QWidget) -> None:  # noqa: N802 - Qt's name
        super().setWidget(w)
        w.installEventFilter(self)

    def eventFilter(self, obj: QObject, e: QEvent) -> bool:  # noqa: N802 - Qt's name
        if e.type() == QEvent.Type.LayoutRequest:  # the buttons changed: ask the panel for a new height
            self.updateGeometry()
        return False

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        w = self.widget()
        hint = w.sizeHint() if w is not None else QSize(0, 0)
        return QSize(hint.width(), min(hint.height(), self.cap))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()
