"""The Stamps panel: the stamp library as pictures; save the selection as a stamp, pick one to paint.

Picking a stamp puts it in hand (``EditorState.set_stamp``) and asks for the
stamp tool (``stamp_chosen``); the stamp tool then paints it with a click.
Stamps are files of :class:`~editor.stamps.StampLibrary`; a file that cannot be
read is named in the panel with the reason instead of being dropped silently.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.document import MapDocument
from editor.edit_result import EditRefused
from editor.edits import fragment_of
from editor.render.thumbnail import render_thumbnail
from editor.stamps import Stamp, StampLibrary, fragment_to_map
from editor.state import EditorState
from engine.mapmodel import MapEditError

__all__ = ["StampsPanel"]

ICON = QSize(96, 72)
_ROLE = Qt.ItemDataRole.UserRole


class StampsPanel(QWidget):
    """Lists the stamps of ``library``; ``stamp_chosen(name)`` after one is put in hand."""

    stamp_chosen = Signal(str)

    def __init__(self, library: StampLibrary, state: EditorState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.state = state
        self.doc: MapDocument | None = None
        self.list = QListWidget()
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setIconSize(ICON)
        self.list.setGridSize(QSize(ICON.width() + 24, ICON.height() + 34))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMovement(QListView.Movement.Static)
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._picked)
        self.list.itemActivated.connect(self._picked)
        self.act_save = QAction("Save selection as &stamp…", self)
        self.act_save.setShortcut(QKeySequence("Ctrl+Alt+S"))
        self.act_save.setStatusTip("Keep the selected hexes (ground, features, track steps) as a stamp to paint again")
        self.act_save.triggered.connect(lambda: self.save_selection())
        self.save_button = QPushButton("Save selection…")
        self.save_button.clicked.connect(self.act_save.trigger)
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the chosen stamp's file")
        self.delete_button.clicked.connect(self.delete_current)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #b26a00")
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.delete_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(buttons)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.note)
        state.selection_changed.connect(self._update_enabled)
        self.reload()

    def set_document(self, doc: MapDocument | None) -> None:
        """Save selections from ``doc`` (None: no document open)."""
        self.doc = doc
        self._update_enabled()

    def _update_enabled(self) -> None:
        can = self.doc is not None and bool(self.state.selection)
        self.act_save.setEnabled(can)
        self.save_button.setEnabled(can)
        self.delete_button.setEnabled(self.list.currentItem() is not None)

    # -- the list -----------------------------------------------------------------------

    def reload(self, select: str | None = None) -> None:
        """Read the library folder again (and select the stamp named ``select``)."""
        self.list.clear()
        for stamp in self.library.stamps():
            item = QListWidgetItem(self._icon(stamp), stamp.name)
            item.setData(_ROLE, stamp)
            item.setToolTip(f"{stamp.name}: {len(stamp.fragment.cells)} hexes\n{stamp.path}")
            self.list.addItem(item)
            if stamp.name == select:
                self.list.setCurrentItem(item)
        broken = self.library.broken()
        self.note.setText("\n".join(f"Cannot read {p.name}: {why}" for p, why in broken))
        self.note.setVisible(bool(broken))
        if not self.list.count():
            self.note.setText("No stamps yet: select some hexes and save them as a stamp.")
            self.note.setVisible(True)
        self._update_enabled()

    def stamps(self) -> list[Stamp]:
        """The stamps listed, in order."""
        return [self.list.item(i).data(_ROLE) for i in range(self.list.count())]

    @staticmethod
    def _icon(stamp: Stamp) -> QIcon:
        try:
            img = render_thumbnail(fragment_to_map(stamp.fragment, stamp.name), ICON.width(), ICON.height())
        except MapEditError:
            return QIcon()
        return QIcon(QPixmap.fromImage(img))

    def choose(self, name: str) -> bool:
        """Put the stamp called ``name`` in hand; False when there is none."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(_ROLE).name == name:
                self.list.setCurrentItem(item)
                self._picked(item)
                return True
        return False

    def _picked(self, item: QListWidgetItem) -> None:
        stamp: Stamp = item.data(_ROLE)
        self.state.set_stamp(stamp.fragment, stamp.name)
        self._update_enabled()
        self.stamp_chosen.emit(stamp.name)

    # -- saving and deleting ---------------------------------------------------------------

    def save_selection(self, name: str | None = None) -> Stamp | None:
        """Save the current selection as a stamp (asking for its name unless given); None if not saved."""
        doc = self.doc
        if doc is None:
            return None
        try:
            frag = fragment_of(doc.map, self.state.selection)
        except EditRefused as e:
            self.state.tell(str(e), e.hexes, error=True)
            return None
        if name is None:
            name, ok = QInputDialog.getText(self, "Save as stamp", "Stamp name:", QLineEdit.EchoMode.Normal,
                                            f"{doc.map.meta.name} piece")
            if not ok:
                return None
        existing = self.library.path_for(name)
        if existing.exists() and QMessageBox.question(
                self, "Save as stamp", f"A stamp is already saved as {existing.name}. Replace it?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            return None
        try:
            stamp = self.library.save(name, frag)
        except EditRefused as e:
            self.state.tell(str(e), error=True)
            return None
        except OSError as e:
            QMessageBox.critical(self, "Cannot save the stamp", f"{existing}\n\n{e}")
            return None
        self.reload(select=stamp.name)
        self.state.tell(f"saved stamp {stamp.name!r} ({len(frag.cells)} hexes)")
        return stamp

    def delete_current(self) -> None:
        """Delete the chosen stamp's file (after asking)."""
        item = self.list.currentItem()
        if item is None:
            return
        stamp: Stamp = item.data(_ROLE)
        if QMessageBox.question(self, "Delete stamp", f"Delete the stamp {stamp.name!r} ({stamp.path.name})?",
                                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
                                ) != QMessageBox.StandardButton.Yes:
            return
        try:
            self.library.delete(stamp)
        except OSError as e:
            QMessageBox.critical(self, "Cannot delete the stamp", f"{stamp.path}\n\n{e}")
            return
        if self.state.stamp_name == stamp.name:
            self.state.set_stamp(None, "")
        self.reload()
