"""The map library window (File ▸ Open folder…): a sortable, filterable table of a folder's maps.

Each row shows the map's picture (drawn by hexfort's own painter), name,
author, modes, size and validation status with its worst problem. Listing the
folder is instant; the :class:`~editor.library.scanner.LibraryScanner` fills the
rows in the background, rows on screen first, with a progress bar. A
:class:`QFileSystemWatcher` rescans files that change and adds or drops files
that appear or go. Double-click (or Enter, or *Open*) asks the editor to open the
chosen files, one tab each (``open_requested``). Each time it lists a folder it
says which folders it listed (``folders_listed``), so the editor can clear what
saves cut short left there.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.library.cache import ThumbnailCache
from editor.library.model import MODE_NAMES, PATH_ROLE, LibraryFilter, LibraryModel
from editor.library.scanner import LibraryScanner
from editor.library.summary import THUMB_SIZE, MapSummary, file_stamp, library_files
from editor.paths import shown_path
from editor.screen_fit import fit_to_screen
from engine.mapmodel import Mode

__all__ = ["LibraryWindow", "shown_path"]


class LibraryWindow(QMainWindow):
    """Shows one folder's maps; ``open_requested(list[Path])`` when the user opens some.

    ``folders_listed(list[Path])`` after it listed the folder (and its folders that hold maps) again.

    ``cache_folder`` keeps thumbnails and summaries between sessions (None: no
    disk cache). ``threads`` is how many files are scanned at once and
    ``processes`` how many worker processes validate them (0: in this process).
    """

    open_requested = Signal(list)
    folders_listed = Signal(list)

    def __init__(self, cache_folder: Path | None, parent: QWidget | None = None, threads: int = 1,
                 processes: int = 1) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle("Map library — hexfort")
        self.model = LibraryModel(self)
        self.proxy = LibraryFilter(self)
        self.proxy.setSourceModel(self.model)
        cache = ThumbnailCache(cache_folder) if cache_folder is not None else None
        self.scanner = LibraryScanner(cache, threads, processes, self)
        self.scanner.scanned.connect(self._scanned)
        self.scanner.idle.connect(self._update_progress)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.watcher.directoryChanged.connect(self._folder_changed)
        self._requested: dict[Path, tuple[int, int]] = {}  # rescans asked for: file version
        self._visible_timer = QTimer(self)
        self._visible_timer.setSingleShot(True)
        self._visible_timer.setInterval(30)
        self._visible_timer.timeout.connect(self.prioritize_visible)
        self._build()
        fit_to_screen(self, 1180, 760)

    def _build(self) -> None:
        self.folder_label = QLabel()
        self.folder_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter: name, author, file or problem code (e.g. HF107)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter_changed)
        self.only_broken = QCheckBox("Only broken")
        self.only_broken.setToolTip("Show only files with errors (they cannot be played as they are)")
        self.only_broken.toggled.connect(self._filter_changed)
        self.mode = QComboBox()
        self.mode.addItem("All modes", None)
        for m, name in MODE_NAMES.items():
            self.mode.addItem(f"{name} only", m)
        self.mode.currentIndexChanged.connect(self._filter_changed)
        self.open_button = QPushButton("Open")
        self.open_button.setToolTip("Open the selected maps, one tab each (Enter, or double-click a row)")
        self.open_button.clicked.connect(self.open_selected)
        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.only_broken)
        bar.addWidget(self.mode)
        bar.addWidget(self.open_button)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(6, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setIconSize(QSize(*THUMB_SIZE))
        self.table.setWordWrap(True)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(THUMB_SIZE[1] + 8)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for col, width in enumerate((300, 95, 135, 90, 125, 280)):
            self.table.setColumnWidth(col, width)
        header.setStretchLastSection(True)
        self.table.doubleClicked.connect(lambda index: self.open_requested.emit([index.data(PATH_ROLE)]))
        self.table.verticalScrollBar().valueChanged.connect(lambda *_: self._visible_timer.start())
        self.table.selectionModel().selectionChanged.connect(self._update_open_button)
        enter = QAction("Open selected", self)
        enter.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
        enter.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        enter.triggered.connect(self.open_selected)
        self.table.addAction(enter)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(260)
        self.progress.setFormat("checked %v of %m")
        self.counts = QLabel()
        self.statusBar().addPermanentWidget(self.counts)
        self.statusBar().addPermanentWidget(self.progress)
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.addWidget(self.folder_label)
        lay.addLayout(bar)
        lay.addWidget(self.table, 1)
        self.setCentralWidget(central)
        self._update_open_button()

    # -- the folder ---------------------------------------------------------------------

    def set_folder(self, folder: Path) -> None:
        """List ``folder``'s maps at once and start scanning them (rows on screen first)."""
        folder = Path(folder).resolve()
        self._stop_watching()
        files = library_files(folder)
        self._requested = {}
        self.model.set_files(folder, files)
        self.setWindowTitle(f"Map library — {folder.name} — hexfort")
        self.folder_label.setText(f"<b>{html.escape(shown_path(folder))}</b> — {len(files)} file{'s' * (len(files) != 1)}")
        self.folder_label.setToolTip(str(folder))
        dirs = [str(folder)] + sorted({str(f.parent) for f in files if f.parent != folder})
        self.watcher.addPaths(dirs)
        if files:
            self.watcher.addPaths([str(f) for f in files])
        self.scanner.start(files)
        self._update_progress()
        self._visible_timer.start()
        self.folders_listed.emit([Path(d) for d in dirs])

    @property
    def folder(self) -> Path | None:
        """The folder shown."""
        return self.model.folder

    def prioritize_visible(self) -> None:
        """Move the files whose rows are on screen to the front of the scan queue."""
        vp = self.table.viewport().rect()
        top = self.table.rowAt(vp.top())
        bottom = self.table.rowAt(vp.bottom())
        if top < 0:
            return
        if bottom < 0:
            bottom = self.proxy.rowCount() - 1
        paths = [self.proxy.index(r, 0).data(PATH_ROLE) for r in range(top, bottom + 1)]
        self.scanner.prioritize(p for p in paths if p is not None)

    def resizeEvent(self, e) -> None:  # type: ignore[no-untyped-def] # noqa: N802 - Qt's name
        super().resizeEvent(e)
        self._visible_timer.start()

    # -- results --------------------------------------------------------------------------

    def _scanned(self, path: Path, summary: MapSummary, image) -> None:  # type: ignore[no-untyped-def]
        self.model.update(path, summary, image)
        self._update_progress()

    def _update_progress(self) -> None:
        total = self.model.rowCount()
        done = self.model.scanned()
        self.progress.setMaximum(max(1, total))
        self.progress.setValue(done)
        self.progress.setVisible(done < total)
        broken = sum(1 for i in range(total) if (s := self.model.entry(i).summary) is not None and s.broken)
        shown = self.proxy.rowCount()
        self.counts.setText(f"{shown} of {total} shown · {broken} broken" + ("" if done == total else " so far"))

    # -- filtering and opening ----------------------------------------------------------------

    def _filter_changed(self, *_: object) -> None:
        self.proxy.set_text(self.search.text())
        self.proxy.set_only_broken(self.only_broken.isChecked())
        mode = self.mode.currentData()
        self.proxy.set_mode(Mode(mode) if mode is not None else None)
        self._update_progress()
        self._visible_timer.start()

    def set_filter(self, text: str = "", only_broken: bool = False, mode: Mode | None = None) -> None:
        """Set every filter at once (as the user would with the controls)."""
        self.search.setText(text)
        self.only_broken.setChecked(only_broken)
        self.mode.setCurrentIndex(self.mode.findData(mode))

    def visible_paths(self) -> list[Path]:
        """The files the filter lets through, in the table's order."""
        return [self.proxy.index(r, 0).data(PATH_ROLE) for r in range(self.proxy.rowCount())]

    def selected_paths(self) -> list[Path]:
        """The files of the selected rows, in the table's order."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.proxy.index(r, 0).data(PATH_ROLE) for r in rows]

    def select_paths(self, paths: list[Path]) -> None:
        """Select the rows of ``paths`` (those the filter shows)."""
        sm = self.table.selectionModel()
        sm.clearSelection()
        wanted = set(paths)
        for r in range(self.proxy.rowCount()):
            if self.proxy.index(r, 0).data(PATH_ROLE) in wanted:
                sm.select(self.proxy.index(r, 0), sm.SelectionFlag.Select | sm.SelectionFlag.Rows)

    def open_selected(self) -> None:
        """Ask the editor to open the selected files."""
        paths = self.selected_paths()
        if paths:
            self.open_requested.emit(paths)

    def _update_open_button(self, *_: object) -> None:
        n = len(self.table.selectionModel().selectedRows())
        self.open_button.setEnabled(n > 0)
        self.open_button.setText(f"Open {n}" if n > 1 else "Open")

    # -- the disk changed -------------------------------------------------------------------------

    def _file_changed(self, name: str) -> None:
        path = Path(name)
        if not path.exists():
            self.model.remove(path)
            self._update_progress()
            return
        if name not in self.watcher.files():
            self.watcher.addPath(name)  # a file replaced by an atomic save is no longer watched
        row = self.model.row_of(path)
        summary = self.model.entry(row).summary if row is not None else None
        stamp = file_stamp(path)
        if (summary is not None and (summary.mtime_ns, summary.size) == stamp) or self._requested.get(path) == stamp:
            return  # this version is shown already, or its scan is on the way
        self._requested[path] = stamp
        self.model.mark_stale(path)
        self.scanner.add([path], first=True)
        self._update_progress()

    def _folder_changed(self, name: str) -> None:
        folder = self.model.folder
        if folder is None:
            return
        now = set(library_files(folder))
        before = set(self.model.paths())
        for gone in before - now:
            self.model.remove(gone)
        added = sorted(now - before)
        for new in added:
            self.model.add(new)
        if added:
            self.watcher.addPaths([str(p) for p in added])
            self.scanner.add(added)
        # files replaced in place (atomic saves) come back here too
        for p in now & before:
            if str(p) not in self.watcher.files():
                self._file_changed(str(p))
        self._update_progress()
        self.folders_listed.emit([Path(name)])

    def _stop_watching(self) -> None:
        self.scanner.stop()
        for paths in (self.watcher.files(), self.watcher.directories()):
            if paths:
                self.watcher.removePaths(paths)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """A closed library stops scanning and watching (opening a folder again starts afresh)."""
        self._stop_watching()
        self.scanner.shutdown()
        super().closeEvent(e)
