"""The playtest's action bar: one button per slot of the mode, in fixed places for the whole game.

:class:`ActionBar` lays out the mode's :class:`~editor.playtest.presenters.Slot`
values three to a row once (:meth:`ActionBar.set_slots`) and afterwards only
changes each button's state (:meth:`ActionBar.show_states`), so no button ever
moves. A button whose action is not possible now looks disabled but still takes
the pointer: hovering it shows why, and clicking it shows the reason next to it
(:attr:`ActionBar.note`) instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSizePolicy, QWidget

from editor.playtest.buttons import SlotState
from editor.playtest.presenters import Slot

__all__ = ["ActionBar", "SlotButton"]

_ACROSS = 3
#: One look in every state, so a button's size never changes with it; a refused one is greyed.
_STYLE = """
QPushButton { padding: 2px 6px; border: 1px solid #a9adb3; border-radius: 4px; background: #f7f7f7; }
QPushButton:hover { border-color: #5b86c9; }
QPushButton:checked { background: #d9dde3; border-color: #6f7680; font-weight: bold; }
QPushButton[refused="true"] { color: #9a9a9a; background: #efefef; border-color: #d4d4d4; font-weight: normal; }
"""
#: The height of every slot button.
_HEIGHT = 26


class SlotButton(QPushButton):
    """A slot's button: :meth:`set_state` enables it or shows it refused (greyed, with the reason as its tip)."""

    def __init__(self, slot: Slot, parent: QWidget | None = None) -> None:
        super().__init__(slot.label.replace("&", "&&"), parent)
        self.slot = slot
        self.state: SlotState | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(_HEIGHT)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setStyleSheet(_STYLE)
        if slot.shortcut:
            self.setShortcut(QKeySequence(slot.shortcut))

    @property
    def refused(self) -> bool:
        """Whether its action is not possible now (it looks disabled; a click says why)."""
        return self.state is not None and not self.state.enabled

    def set_state(self, s: SlotState) -> None:
        """Show ``s``: enabled with its tip, or refused with the reason first."""
        self.state = s
        key = f" ({self.slot.shortcut})" if self.slot.shortcut else ""
        self.setProperty("refused", not s.enabled)
        self.setCheckable(s.enabled and self.slot.board)
        self.setChecked(s.enabled and s.checked)
        self.setToolTip(f"Not possible now: {s.reason}.\n{s.tip}" if not s.enabled else s.tip + key)
        self.style().unpolish(self)
        self.style().polish(self)


class ActionBar(QWidget):
    """The slots' buttons in a fixed grid (see the module docstring).

    Signals: ``chosen(SlotState)`` when a possible slot is clicked; ``refused(str)``
    with the reason when a refused one is.
    """

    chosen = Signal(object)
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(4)
        for c in range(_ACROSS):
            self.grid.setColumnStretch(c, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.buttons: dict[str, SlotButton] = {}
        self.slots: tuple[Slot, ...] = ()
        #: the reason a refused button gave, shown next to it
        self.note = QLabel(self.window())
        self.note.setWordWrap(True)
        self.note.setStyleSheet("QLabel { background: rgba(40,40,46,235); color: white; padding: 5px 8px; "
                                "border-radius: 5px; }")
        self.note.hide()
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.timeout.connect(self.note.hide)
        self.noted: SlotButton | None = None

    def set_slots(self, slots: Sequence[Slot]) -> None:
        """Lay out a button per slot (three a row); nothing happens when the slots are the same."""
        if tuple(slots) == self.slots:
            return
        for b in self.buttons.values():
            self.grid.removeWidget(b)
            b.deleteLater()
        self.buttons = {}
        self.slots = tuple(slots)
        for k, slot in enumerate(self.slots):
            b = SlotButton(slot, self)
            b.clicked.connect(lambda _=False, b=b: self._clicked(b))
            self.grid.addWidget(b, k // _ACROSS, k % _ACROSS)
            self.buttons[slot.key] = b
        self.grid.activate()
        self.setFixedHeight(self.grid.sizeHint().height())  # the same for the whole game: nothing under it moves

    def show_states(self, states: Sequence[SlotState]) -> None:
        """Show each slot's state now (in the order of the slots)."""
        for s in states:
            self.buttons[s.slot.key].set_state(s)
        if self.noted is not None and not self.noted.refused:
            self.note.hide()

    def _clicked(self, b: SlotButton) -> None:
        s = b.state
        if s is None:
            return
        if not s.enabled:
            b.setChecked(False)
            self.tell(b, s.reason)
            self.refused.emit(s.reason)
            return
        self.chosen.emit(s)

    def tell(self, b: SlotButton, text: str, msec: int = 5000) -> None:
        """Show ``text`` in a small box right under button ``b``."""
        top = self.window()
        if self.note.parent() is not top:
            self.note.setParent(top)
        self.note.setText(text)
        self.note.setMaximumWidth(max(200, self.width()))
        self.note.adjustSize()
        at = b.mapTo(top, QPoint(0, b.height() + 2))
        x = min(at.x(), max(0, top.width() - self.note.width() - 4))
        self.note.move(x, at.y())
        self.note.show()
        self.note.raise_()
        self.noted = b
        self._note_timer.start(msec)
