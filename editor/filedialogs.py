"""Open and Save file dialogs that are big enough to read.

Qt's own (non-native) file dialog opens at about 630 × 410 pixels, where the
detail view cuts its columns to "JS…ma" and "22 11 2…6 00:46". These helpers
open it at :data:`DEFAULT_SIZE` with the size, type and date columns fitted to
their contents (a native dialog, where the platform has one, keeps its own look).
Every editor window asks for file names through :func:`open_file` and
:func:`save_file`, so tests replace just these two.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFileDialog, QHeaderView, QSplitter, QTreeView, QWidget

__all__ = ["DEFAULT_SIZE", "SIDEBAR_WIDTH", "make_dialog", "open_file", "save_file"]

#: The size Qt's file dialog opens at (it is never made smaller than its contents need).
DEFAULT_SIZE = QSize(960, 600)
#: Width of the places sidebar ("Computer", home...), so its names show whole.
SIDEBAR_WIDTH = 170


def make_dialog(parent: QWidget | None, caption: str, start: str, filters: str, save: bool) -> QFileDialog:
    """A file dialog to choose an existing file (``save`` False) or a file to write, not yet shown."""
    d = QFileDialog(parent, caption, start, filters)
    d.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    d.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    d.setViewMode(QFileDialog.ViewMode.Detail)
    d.resize(d.sizeHint().expandedTo(DEFAULT_SIZE))
    view = d.findChild(QTreeView, "treeView")  # only in Qt's own dialog
    if view is not None:
        header = view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, header.count()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    splitter = d.findChild(QSplitter, "splitter")  # the places sidebar beside the files
    if splitter is not None and splitter.count() == 2:
        splitter.setSizes([SIDEBAR_WIDTH, d.width() - SIDEBAR_WIDTH])
    return d


def _run(d: QFileDialog) -> str:
    if d.exec() != QFileDialog.DialogCode.Accepted:
        return ""
    files = d.selectedFiles()
    return files[0] if files else ""


def open_file(parent: QWidget | None, caption: str, start: str, filters: str) -> str:
    """Ask for an existing file to open; "" when cancelled."""
    return _run(make_dialog(parent, caption, start, filters, save=False))


def save_file(parent: QWidget | None, caption: str, start: str, filters: str) -> str:
    """Ask for a file to write (the dialog confirms overwriting); "" when cancelled."""
    return _run(make_dialog(parent, caption, start, filters, save=True))
