"""The open documents, one tab each, and everything the user does with files.

:class:`DocumentManager` (after Tiled's ``documentmanager.cpp``) owns the
documents, their canvases (one :class:`~editor.canvas.view.MapView` per tab),
their validators (one :class:`~editor.problem_runner.ProblemRunner` each) and the
undo group whose active stack is the current document's. It opens, saves, saves
as, closes (asking to save modified documents), remembers recent files, copies
unsaved work for recovery, and exports or prints the current map.

Bad files show a dialog and change nothing; a failed save keeps the document
modified. Opening a file that is already open shows its tab (offering to reload
it from disk when it has unsaved changes); opening a file while the only
document is an untouched unsaved one replaces that document.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QDialog, QMessageBox, QTabWidget, QWidget

from editor import filedialogs
from editor.canvas.view import MapView
from editor.dialogs import ExportDialog, NewMapDialog, PrintDialog
from editor.document import MapDocument, ScenarioSetup, read_document
from editor.problem_runner import ProblemRunner
from editor.recovery import write_recovery
from editor.render.painter import RenderOptions
from editor.state import EditorState
from engine.formats.errors import LoadError, printable
from engine.mapmodel import HexMap, MapEditError

__all__ = ["AUTOSAVE_MS", "MAP_FILTER", "MAX_RECENT", "DocumentManager"]

MAP_FILTER = "hexfort maps and scenarios (*.json);;All files (*)"
#: How often unsaved work is copied to the recovery folder.
AUTOSAVE_MS = 30_000
MAX_RECENT = 8


def _slug(name: str) -> str:
    return name.lower().replace(" ", "_")


class DocumentManager(QObject):
    """Owns the open documents and their tabs; the window asks it for the current one.

    Signals: ``current_changed(doc | None)`` when another tab (or none) becomes
    current; ``document_added(doc)``; ``document_closed(doc)`` (just before the
    document is deleted); ``recent_changed()``; ``message(text, ms)`` for the
    status bar.
    """

    current_changed = Signal(object)
    document_added = Signal(object)
    document_closed = Signal(object)
    recent_changed = Signal()
    message = Signal(str, int)

    def __init__(self, window: QWidget, settings: QSettings, state: EditorState,
                 recovery_folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.settings = settings
        self.state = state
        #: Where unsaved work is copied (None: the per-user recovery folder).
        self.recovery_folder = recovery_folder
        #: Debounce of each new document's validator (tests set 0).
        self.check_delay_ms = 250
        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("documents")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setElideMode(Qt.TextElideMode.ElideMiddle)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_document(self.document_at(i)))
        self.tabs.currentChanged.connect(self._on_current)
        self._runners: dict[MapDocument, ProblemRunner] = {}
        self._recovery: dict[MapDocument, Path] = {}
        self._render_options = RenderOptions(ghosts=True)
        self._current: MapDocument | None = None
        self._autosave = QTimer(self)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self.autosave)
        self._autosave.start()

    # -- the documents -------------------------------------------------------------

    def documents(self) -> list[MapDocument]:
        """The open documents in tab order."""
        return [self.document_at(i) for i in range(self.tabs.count())]

    def document_at(self, index: int) -> MapDocument:
        """The document of tab ``index``; raises IndexError outside the tabs."""
        w = self.tabs.widget(index)
        if not isinstance(w, MapView):
            raise IndexError(f"no document tab {index}")
        return w.doc

    @property
    def current(self) -> MapDocument | None:
        """The document of the current tab (None when none is open)."""
        return self._current

    def view(self, doc: MapDocument | None = None) -> MapView | None:
        """The canvas showing ``doc`` (default: the current document)."""
        doc = doc if doc is not None else self._current
        for i in range(self.tabs.count()):
            w = self.tabs.widget(i)
            if isinstance(w, MapView) and w.doc is doc:
                return w
        return None

    def runner(self, doc: MapDocument | None = None) -> ProblemRunner | None:
        """The validator of ``doc`` (default: the current document)."""
        doc = doc if doc is not None else self._current
        return self._runners.get(doc) if doc is not None else None

    def set_current(self, doc: MapDocument) -> None:
        """Show ``doc``'s tab."""
        view = self.view(doc)
        if view is not None:
            self.tabs.setCurrentWidget(view)

    def find(self, path: Path) -> MapDocument | None:
        """The open document saved at ``path``, if any."""
        target = path.resolve()
        return next((d for d in self.documents() if d.path is not None and d.path.resolve() == target), None)

    def add(self, m: HexMap, path: Path | None = None, scenario: ScenarioSetup | None = None) -> MapDocument:
        """Open ``m`` in a new tab and make it current."""
        doc = MapDocument(m, path, scenario, parent=self)
        view = MapView(doc, self.state)
        view.map_item.set_options(self._render_options)
        runner = ProblemRunner(doc, self.check_delay_ms, parent=doc)
        self._runners[doc] = runner
        self.undo_group.addStack(doc.undo_stack)
        for sig in (doc.dirty_changed, doc.path_changed, doc.changed, doc.reset):
            sig.connect(lambda *_, d=doc: self._refresh_tab(d))
        index = self.tabs.addTab(view, "")
        self._refresh_tab(doc)
        self.document_added.emit(doc)
        self.tabs.setCurrentIndex(index)
        runner.refresh_after_open()
        return doc

    def _refresh_tab(self, doc: MapDocument) -> None:
        view = self.view(doc)
        if view is None:
            return
        i = self.tabs.indexOf(view)
        self.tabs.setTabText(i, doc.display_name().replace("&", "&&") + (" *" if doc.dirty else ""))
        self.tabs.setTabToolTip(i, str(doc.path) if doc.path else f"{doc.map.meta.name} (not saved yet)")

    def _on_current(self, index: int) -> None:
        doc = self.document_at(index) if index >= 0 else None
        if doc is self._current:
            return
        self._current = doc
        # None clears the active stack (no document): Qt takes it, the stubs do not say so
        self.undo_group.setActiveStack(doc.undo_stack if doc is not None else None)  # type: ignore[arg-type]
        self.current_changed.emit(doc)

    def set_render_options(self, options: RenderOptions) -> None:
        """What every canvas draws besides the map (coordinates, heights)."""
        self._render_options = options
        for d in self.documents():
            view = self.view(d)
            if view is not None:
                view.map_item.set_options(options)

    def _pristine(self) -> MapDocument | None:
        """The only document, when it is an unsaved one nobody has touched (opening replaces it)."""
        docs = self.documents()
        if len(docs) == 1 and docs[0].path is None and docs[0].undo_stack.count() == 0:
            return docs[0]
        return None

    # -- opening -------------------------------------------------------------------

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open ``path`` in a tab (or show its tab); a bad file shows a dialog and opens nothing.

        With ``ask`` a file that is open with unsaved changes may be reloaded from
        disk after the user agrees to discard them.
        """
        path = Path(path)
        existing = self.find(path) if path.exists() else None
        if existing is not None:
            self.set_current(existing)
            if not (ask and existing.dirty):
                return True
            answer = QMessageBox.question(
                self.window, "Reload from disk",
                f"{existing.display_name()} is open with unsaved changes.\n"
                "Discard them and reload the file as it is on disk?",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Discard:
                return True
        try:
            m, setup = read_document(path)
        except LoadError as e:
            details = "\n".join(f"• {p}" for p in e.problems[:12])
            QMessageBox.critical(self.window, "Cannot open the file", f"{printable(str(path))}\n\n{details}")
            return False
        target = existing or self._pristine()
        if target is not None:
            self._drop_recovery(target)
            target.replace_all(m, path, setup)
            self.set_current(target)
        else:
            self.add(m, path, setup)
        self.remember(path)
        return True

    def open_paths(self, paths: Iterable[Path]) -> int:
        """Open several files (one tab each); returns how many opened."""
        return sum(self.open_path(Path(p), ask=False) for p in paths)

    def open_dialog(self) -> None:
        """Choose a file and open it."""
        cur = self._current
        start = str(cur.path.parent) if cur is not None and cur.path else ""
        path = filedialogs.open_file(self.window, "Open map or scenario", start, MAP_FILTER)
        if path:
            self.open_path(Path(path), ask=False)

    def new_map(self) -> MapDocument | None:
        """Ask for a size and shape and start a blank map in a new tab."""
        d = NewMapDialog(self.window)
        if d.exec() != QDialog.DialogCode.Accepted:
            return None
        try:
            m = d.result_map()
        except (ValueError, MapEditError) as e:
            QMessageBox.warning(self.window, "New map", str(e))
            return None
        return self.add(m)

    # -- saving --------------------------------------------------------------------

    def save(self, doc: MapDocument | None = None) -> bool:
        """Save ``doc`` (default: the current one) to its file, asking for one if it has none."""
        doc = doc if doc is not None else self._current
        if doc is None:
            return False
        if doc.path is None:
            return self.save_as(doc)
        return self.save_to(doc, doc.path)

    def save_as(self, doc: MapDocument | None = None) -> bool:
        """Choose a file and save ``doc`` (default: the current one) there."""
        doc = doc if doc is not None else self._current
        if doc is None:
            return False
        suffix = ".scenario.json" if doc.scenario is not None else ".map.json"
        start = str(doc.path) if doc.path else _slug(doc.map.meta.name) + suffix
        path = filedialogs.save_file(self.window, "Save as", start, MAP_FILTER)
        if not path:
            return False
        p = Path(path)
        if not p.name.endswith(".json"):
            p = p.with_name(p.name + suffix)
        return self.save_to(doc, p)

    def save_to(self, doc: MapDocument, path: Path) -> bool:
        """Write ``doc`` to ``path``; a failure shows a dialog and keeps the document modified."""
        try:
            doc.save(path)
        except (OSError, ValueError) as e:
            QMessageBox.critical(self.window, "Cannot save",
                                 f"{path}\n\n{e}\n\nYour changes are still open in the editor.")
            return False
        self.remember(path)
        self._drop_recovery(doc)
        self.message.emit(f"Saved {path}", 4000)
        return True

    def maybe_save(self, doc: MapDocument) -> bool:
        """Ask to save ``doc``'s unsaved changes; False when the user cancels (or saving fails)."""
        if not doc.dirty:
            return True
        self.set_current(doc)
        answer = QMessageBox.question(
            self.window, "Unsaved changes", f"Save the changes to {doc.display_name()}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save(doc)
        if answer == QMessageBox.StandardButton.Discard:
            self._drop_recovery(doc)
            return True
        return False

    # -- closing -------------------------------------------------------------------

    def close_document(self, doc: MapDocument | None = None, ask: bool = True) -> bool:
        """Close ``doc`` (default: the current one), asking to save it first; False if the user cancels.

        ``ask`` False closes without asking (the caller asked already).
        """
        doc = doc if doc is not None else self._current
        if doc is None:
            return True
        if ask and not self.maybe_save(doc):
            return False
        view = self.view(doc)
        runner = self._runners.pop(doc)
        runner.shutdown()
        self._recovery.pop(doc, None)
        self.undo_group.removeStack(doc.undo_stack)
        self.document_closed.emit(doc)
        if view is not None:
            self.tabs.removeTab(self.tabs.indexOf(view))
            view.deleteLater()
        doc.deleteLater()
        return True

    def close_all(self) -> bool:
        """Close every document, asking to save each modified one first; False (nothing closed) on cancel."""
        docs = self.documents()
        if not all(self.maybe_save(d) for d in docs):
            return False
        for d in docs:
            self.close_document(d, ask=False)
        return True

    def shutdown(self) -> None:
        """Stop every validator (the window is closing)."""
        self._autosave.stop()
        for runner in self._runners.values():
            runner.shutdown()

    # -- recent files --------------------------------------------------------------

    def remember(self, path: Path) -> None:
        """Put ``path`` first in the recent files."""
        p = str(Path(path).resolve())
        recent = [p] + [r for r in self.recent_files() if r != p]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self.recent_changed.emit()

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else []

    # -- recovery ------------------------------------------------------------------

    def autosave(self) -> list[Path]:
        """Copy every document's unsaved work to the recovery folder (never raises); returns the files written."""
        written: list[Path] = []
        for doc in self.documents():
            try:
                target = write_recovery(doc, self.recovery_folder)
            except OSError:
                continue
            if target is None:
                continue
            old = self._recovery.get(doc)
            if old is not None and old != target:
                old.unlink(missing_ok=True)
            self._recovery[doc] = target
            written.append(target)
        return written

    def recover(self, path: Path) -> MapDocument | None:
        """Open a recovery copy as an unsaved document; the copy is deleted once it is saved or discarded."""
        try:
            m, setup = read_document(path)
        except LoadError as e:
            QMessageBox.critical(self.window, "Cannot recover", f"{path}\n\n{e}")
            return None
        target = self._pristine()
        if target is not None:
            target.replace_all(m, None, setup)
        else:
            target = self.add(m, None, setup)
        self._recovery[target] = path
        return target

    def _drop_recovery(self, doc: MapDocument) -> None:
        old = self._recovery.pop(doc, None)
        if old is not None:
            old.unlink(missing_ok=True)

    # -- export and print ----------------------------------------------------------

    def export_dialog(self, kind: str, coords: bool = False, heights: bool = False) -> None:
        """Export the current map as PNG or SVG at a chosen hex size, with or without labels."""
        from editor.export import export_png, export_svg

        doc = self._current
        if doc is None:
            return
        d = ExportDialog(kind, coords, heights, self.window)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        name = _slug(doc.map.meta.name) + f".{kind}"
        path = filedialogs.save_file(self.window, f"Export {kind.upper()}", name, f"{kind.upper()} (*.{kind})")
        if not path:
            return
        try:
            fn = export_png if kind == "png" else export_svg
            fn(doc.map, path, d.hex_px.value(), d.coords.isChecked(), d.heights.isChecked())
        except OSError as e:
            QMessageBox.critical(self.window, "Export failed", str(e))
            return
        self.message.emit(f"Exported {path}", 4000)

    def print_dialog(self) -> None:
        """Print the current map to a PDF at true scale over several pages."""
        from editor.export import export_pdf

        doc = self._current
        if doc is None:
            return
        d = PrintDialog(self.window)
        if d.exec() != QDialog.DialogCode.Accepted:
            return
        name = _slug(doc.map.meta.name) + ".pdf"
        path = filedialogs.save_file(self.window, "Print to PDF", name, "PDF (*.pdf)")
        if not path:
            return
        try:
            plan = export_pdf(doc.map, path, d.hex_mm.value(), d.page.currentText(), d.overlap.value(),
                              coords=d.coords.isChecked(), landscape=d.landscape.isChecked())
        except (OSError, ValueError) as e:
            QMessageBox.critical(self.window, "Print failed", str(e))
            return
        self.message.emit(f"Printed {plan.pages} page(s) to {path}", 6000)
