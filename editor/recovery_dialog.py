"""The start-up dialog that lists unsaved work left by editors that did not close, and what to do with it.

:func:`prepare` reads each copy (:class:`editor.recovery.Recoverable`) and compares
it with its file as it is on disk now; :class:`RecoveryDialog` lists them -- map,
original file, when, how it differs from the file, where it came from -- each with
a check box, and the user restores all, restores or discards the checked ones, or
decides later (the copies stay).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import read_document
from editor.edits import changed_hexes
from editor.paths import shown_path
from editor.recovery import Recoverable, file_sha256, load_copy
from editor.scenario_setup import ScenarioSetup
from engine.formats.errors import LoadError, printable
from engine.mapmodel import HexMap

__all__ = ["Offer", "RecoveryDialog", "prepare"]


@dataclass(frozen=True, eq=False)
class Offer:
    """One copy as the dialog shows it: what it holds and how it differs from its file on disk."""

    copy: Recoverable
    map: HexMap | None  # None: the copy cannot be read (``changes`` says why)
    setup: ScenarioSetup | None
    changes: str
    #: the file on disk holds exactly this work (nothing to restore)
    same_as_file: bool = False
    #: the file changed on disk after the copy was taken
    file_changed: bool = False

    @property
    def name(self) -> str:
        """The map's (or scenario's) name."""
        if self.map is None:
            return self.copy.title
        return self.setup.name if self.setup is not None else self.map.meta.name


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('x') else 's'}"


def prepare(copy: Recoverable) -> Offer:
    """Read ``copy`` and compare it with its original file as the disk holds it now."""
    try:
        m, setup = load_copy(copy)
    except LoadError as e:
        return Offer(copy, None, None, f"cannot be read: {e.problems[0] if e.problems else e}")
    if copy.original is None:
        return Offer(copy, m, setup, f"never saved ({_plural(len(m.cells), 'hex')})")
    if not copy.original.exists():
        return Offer(copy, m, setup, "its file is gone; restoring saves it anew")
    digest = file_sha256(copy.original)
    changed_on_disk = copy.base_sha256 is not None and digest != copy.base_sha256
    try:
        fm, fs = read_document(copy.original)
    except LoadError:
        return Offer(copy, m, setup, "its file cannot be read now", file_changed=changed_on_disk)
    parts = []
    hexes = changed_hexes(fm, m)
    if hexes:
        parts.append(f"{_plural(len(hexes), 'hex')} changed")
    if fm.meta != m.meta:
        parts.append("map properties changed")
    if fs != setup:
        parts.append("scenario changed" if fs is not None and setup is not None else "made a scenario"
                     if setup is not None else "no longer a scenario")
    if not parts:
        return Offer(copy, m, setup, "same as the file", same_as_file=True, file_changed=changed_on_disk)
    return Offer(copy, m, setup, ", ".join(parts), file_changed=changed_on_disk)


def when(t: float, now: float | None = None) -> str:
    """``today 14:02:03``, ``yesterday 09:10:00`` or ``2025-03-01 14:02``."""
    now = time.time() if now is None else now
    day = time.strftime("%Y-%m-%d", time.localtime(t))
    if day == time.strftime("%Y-%m-%d", time.localtime(now)):
        return time.strftime("today %H:%M:%S", time.localtime(t))
    if day == time.strftime("%Y-%m-%d", time.localtime(now - 86400)):
        return time.strftime("yesterday %H:%M:%S", time.localtime(t))
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


#: Where a copy came from: the words of the From column and of its tooltip.
_SOURCES = {"tab": ("open tab", "a tab of an editor that did not close"),
            "interrupted save": ("save cut short", "a save that was cut short (its temporary file)"),
            "earlier version": ("earlier hexfort", "an earlier version of hexfort")}
COLUMNS = ("Map", "File", "Saved", "Changes", "From")


class RecoveryDialog(QDialog):
    """Lists the offers; after ``exec()``, :attr:`restore` and :attr:`discard` hold what the user chose.

    *Restore all* restores every readable copy; *Restore checked* and *Discard
    checked…* act on the checked rows and keep the others for later; *Later*
    keeps them all. Discarding asks once more (it cannot be undone).
    """

    def __init__(self, offers: list[Offer], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work — hexfort")
        self.offers = offers
        self.restore: list[Offer] = []
        self.discard: list[Offer] = []
        n = len(offers)
        intro = QLabel(
            f"<b>hexfort found {n} cop{'y' if n == 1 else 'ies'} of unsaved work.</b><br>"
            "An editor was closed before saving (a crash, a power cut, or a save cut short). "
            "A restored tab opens modified and linked to its file: Save writes there, and Undo goes back "
            "to the file as it is on disk. Copies you do not restore or discard stay for the next start.")
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setObjectName("recoverable")
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels(list(COLUMNS))
        self.table.setAlternatingRowColors(True)
        for offer in offers:
            self.table.addTopLevelItem(self._row(offer))
        header = self.table.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox()
        self.restore_all = buttons.addButton("Restore all", QDialogButtonBox.ButtonRole.AcceptRole)
        self.restore_checked = buttons.addButton("Restore checked", QDialogButtonBox.ButtonRole.AcceptRole)
        self.discard_checked = buttons.addButton("Discard checked…", QDialogButtonBox.ButtonRole.DestructiveRole)
        self.later = buttons.addButton("Later", QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_all.setDefault(True)
        self.restore_all.clicked.connect(lambda: self._finish([o for o in offers if o.map is not None], []))
        self.restore_checked.clicked.connect(lambda: self._finish(self._checked(readable=True), []))
        self.discard_checked.clicked.connect(self._discard_checked)
        self.later.clicked.connect(self.reject)
        self.later.setToolTip("Keep every copy; this list comes back at the next start")
        self.discard_checked.setToolTip("Delete the checked copies for good")
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addWidget(self.table, 1)
        lay.addWidget(buttons)
        self.resize(980, 160 + 34 * min(n, 10))

    def _row(self, offer: Offer) -> QTreeWidgetItem:
        c = offer.copy
        original = printable(shown_path(c.original)) if c.original is not None else "(not saved yet)"
        changes = offer.changes + (" — the file changed on disk after this copy" if offer.file_changed else "")
        short, long = _SOURCES.get(c.source, (c.source, c.source))
        item = QTreeWidgetItem([f"{offer.name} ({c.kind})", original, when(c.saved_at), changes, short])
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(0, Qt.CheckState.Checked)
        item.setToolTip(1, printable(str(c.original)) if c.original is not None else original)
        item.setToolTip(4, f"From {long}; the copy is {printable(str(c.file))}")
        if offer.map is None:
            item.setForeground(3, Qt.GlobalColor.darkRed)
        return item

    def _checked(self, readable: bool = False) -> list[Offer]:
        return [offer for i, offer in enumerate(self.offers)
                if self.table.topLevelItem(i).checkState(0) == Qt.CheckState.Checked
                and (offer.map is not None or not readable)]

    def set_checked(self, indices: set[int]) -> None:
        """Check exactly the rows ``indices`` (as the user would with the boxes)."""
        for i in range(self.table.topLevelItemCount()):
            self.table.topLevelItem(i).setCheckState(0, Qt.CheckState.Checked if i in indices else
                                                     Qt.CheckState.Unchecked)

    def _discard_checked(self) -> None:
        chosen = self._checked()
        if not chosen:
            return
        answer = QMessageBox.question(
            self, "Discard unsaved work",
            f"Delete {len(chosen)} cop{'y' if len(chosen) == 1 else 'ies'} of unsaved work for good?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Discard:
            self._finish([], chosen)

    def _finish(self, restore: list[Offer], discard: list[Offer]) -> None:
        self.restore, self.discard = restore, discard
        self.accept()

    def button(self, text: str) -> QPushButton:
        """The button labelled ``text`` (tests and the test control press it)."""
        for b in (self.restore_all, self.restore_checked, self.discard_checked, self.later):
            if b.text() == text:
                return b
        raise KeyError(text)
