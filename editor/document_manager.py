"""The open documents, one tab each, and everything the user does with files.

:class:`DocumentManager` (after Tiled's ``documentmanager.cpp``) owns the
documents, their canvases (one :class:`~editor.canvas.view.MapView` per tab),
their validators (one :class:`~editor.problem_runner.ProblemRunner` each) and the
undo group whose active stack is the current document's. It opens, saves, saves
as, closes (asking to save modified documents), remembers recent files, copies
unsaved work for recovery (:class:`~editor.autosave.RecoveryWriter`), restores
it, and exports or prints the current map.

Bad files show a dialog and change nothing; a failed save keeps the document
modified. Opening a file that is already open shows its tab (offering to reload
it from disk when it has unsaved changes); opening a file while the only
document is an untouched unsaved one replaces that document. Saving over a file
that changed on disk since the document last matched it asks first. Opening a
file from a folder, or saving to one, clears the temporary files killed saves
left there (:meth:`DocumentManager.sweep`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QDialog, QMessageBox, QTabWidget, QWidget

from editor import filedialogs
from editor.autosave import RecoveryWriter
from editor.canvas.view import MapView
from editor.dialogs import ExportDialog, NewMapDialog, PrintDialog
from editor.document import MapDocument, ScenarioSetup, read_document
from editor.paths import file_slug
from editor.problem_runner import ProblemRunner
from editor.recovery import Recoverable, adopt_temp, discard, file_sha256
from editor.render.painter import RenderOptions
from editor.save_errors import save_error_words
from editor.state import EditorState
from engine.formats.errors import LoadError, printable
from engine.formats.jsonio import before_replace
from engine.formats.tempfiles import StaleVerdict, judge, remove_if_stale, stale_temps
from engine.mapmodel import HexMap, MapEditError

__all__ = ["MAP_FILTER", "MAX_RECENT", "DocumentManager"]

MAP_FILTER = "hexfort maps and scenarios (*.json);;All files (*)"
MAX_RECENT = 8


@dataclass(frozen=True)
class _Question:
    """One reason a save asks before it writes: the dialog's ``title``, ``what`` changed, and the question to
    ``ask`` when it is the only reason."""

    title: str
    what: str
    ask: str


class DocumentManager(QObject):
    """Owns the open documents and their tabs; the window asks it for the current one.

    Signals: ``current_changed(doc | None)`` when another tab (or none) becomes
    current; ``document_added(doc)``; ``document_closed(doc)`` (just before the
    document is deleted); ``recent_changed()``; ``message(text, ms)`` for the
    status bar; ``interrupted_saves(list[Recoverable])`` when :meth:`sweep`
    rescued work from killed saves (while :attr:`announce_rescues` is on).
    """

    current_changed = Signal(object)
    document_added = Signal(object)
    document_closed = Signal(object)
    recent_changed = Signal()
    message = Signal(str, int)
    interrupted_saves = Signal(list)

    def __init__(self, window: QWidget, settings: QSettings, state: EditorState,
                 recovery_folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.settings = settings
        self.state = state
        if recovery_folder is None:
            from editor.paths import EditorPaths

            recovery_folder = EditorPaths.standard().recovery
        #: Copies every tab's unsaved work to this session's recovery folder.
        self.recovery = RecoveryWriter(recovery_folder, self)
        self.recovery.failed.connect(lambda text: self.message.emit(text, 8000))
        #: Whether :meth:`sweep` announces rescued work (off while the editor starts: it offers all at once).
        self.announce_rescues = True
        self._disk: dict[MapDocument, str | None] = {}  # each file's digest as its document last matched it
        self._map_disk: dict[MapDocument, tuple[Path, str | None]] = {}  # a scenario's map file, likewise
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
        self._render_options = RenderOptions(ghosts=True)
        self._current: MapDocument | None = None

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
        if path is not None:
            self._disk[doc] = file_sha256(path)
            self._map_matches_disk(doc)
        self.recovery.track(doc, self._disk.get(doc))
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
            target.replace_all(m, path, setup)
            self._matches_disk(target)
            self.set_current(target)
        else:
            self.add(m, path, setup)
        self.remember(path)
        self.sweep(path.parent)
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
        """Ask for a size and shape and start a blank map in a new tab (in the untouched unsaved tab, if that is the
        only one)."""
        d = NewMapDialog(self.window)
        if d.exec() != QDialog.DialogCode.Accepted:
            return None
        try:
            m = d.result_map()
        except (ValueError, MapEditError) as e:
            QMessageBox.warning(self.window, "New map", str(e))
            return None
        return self._into_new_tab(m, None, None)  # an untouched blank tab is replaced, as opening a file does (audit)

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
        start = str(doc.path) if doc.path else str(self._save_folder() / (file_slug(doc.map.meta.name) + suffix))
        path = filedialogs.save_file(self.window, "Save as", start, MAP_FILTER)
        if not path:
            return False
        p = Path(path)
        if not p.name.endswith(".json"):
            p = p.with_name(p.name + suffix)
        elif doc.scenario is not None and p.name.endswith(".map.json"):  # a scenario written over a map file broke
            p = p.with_name(p.name.removesuffix(".map.json") + suffix)  # the scenario whose map it was (a review)
        return self.save_to(doc, p)

    def _save_folder(self) -> Path:
        """Where a map never saved is first offered to go: the folder of the file opened or saved last, else the
        home folder — not the folder hexfort was started from (its own checkout, for a new-user audit)."""
        for recent in self.recent_files():
            folder = Path(recent).parent
            if folder.is_dir():
                return folder
        return Path.home()

    def save_to(self, doc: MapDocument, path: Path) -> bool:
        """Write ``doc`` to ``path``; a failure shows a dialog and keeps the document modified.

        Saving a document to its own file asks first when the file changed on disk
        since the document last matched it (another program, or a copy restored
        after a crash whose file was changed meanwhile); False when the user keeps it.
        """
        asks = [q for q in (self._overwrite_question(doc, path), self._map_question(doc, path)) if q is not None]
        if asks and not self._save_anyway(asks):
            return False
        try:
            with before_replace(path, lambda: self.recovery.remove_now(doc)):
                doc.save(path)
        except (OSError, ValueError, LoadError) as e:
            self.recovery.copy_now(doc)  # its copy may have gone just before the save failed
            QMessageBox.critical(self.window, "Cannot save",
                                 f"{printable(str(path))}\n\n{save_error_words(path, e)}\n\nYour changes are still "
                                 "open in the editor: File ▸ Save As… saves them elsewhere.")
            return False
        self._matches_disk(doc)
        self.remember(path)
        self.sweep(path.parent)
        self.message.emit(f"Saved {path}", 4000)
        return True

    def _overwrite_question(self, doc: MapDocument, path: Path) -> _Question | None:
        """What to ask before saving ``doc`` at ``path`` when its own file changed on disk meanwhile; None: nothing."""
        if doc.path is None or path != doc.path or doc not in self._disk:
            return None  # a new file: Save As asked already when it exists
        if file_sha256(path) == self._disk[doc]:
            return None
        return _Question(
            "The file changed on disk",
            f"{printable(str(path))} changed on disk since {doc.display_name()} was opened or last saved "
            "(another program, or another hexfort, wrote it).",
            "Overwrite it with the version in the editor? (Cancel keeps the file; Save As… can keep both.)")

    def _map_question(self, doc: MapDocument, path: Path) -> _Question | None:
        """What to ask before saving scenario ``doc`` at ``path`` writes its map file (:meth:`MapDocument.map_file`):
        nothing when there is none yet or it is the one ``doc`` last matched, unchanged; else a question — another
        scenario may use that map (a new-user audit's variants all ended as the last one saved, with no word)."""
        target = doc.map_file(path)
        if target is None or not target.exists():
            return None
        known = self._map_disk.get(doc)
        if path == doc.path and known is not None and known[0] == target and file_sha256(target) == known[1]:
            return None  # on a Save As the opened map may be another scenario's too: asked (a review)
        if path != doc.path and _names_map(path, target):  # replacing a scenario with its map: Save As asked already
            return None
        if known is None or known[0] != target:
            why = "is already there and is not the map this scenario was opened with"
        elif path == doc.path:
            why = "changed on disk since it was opened or last saved (another tab, program or hexfort wrote it)"
        else:
            why = "is the map this scenario was opened with, which the scenario file it was opened from still names"
        return _Question(
            "Replace a map file?",
            f"Saving {path.name} also writes its map to\n{printable(str(target))}\nwhich {why}. Another scenario may "
            "use that map: replacing it changes that scenario too.",
            "Replace it? (Cancel writes nothing; Save As… under another name gives the scenario a map file of its "
            "own.)")

    def _save_anyway(self, asks: list[_Question]) -> bool:
        """Ask Save / Cancel (Cancel the default) once before a save replaces files: True to write. Two reasons (a
        scenario file and its map file both changed on disk) are one question, not two in a row (session 22)."""
        if len(asks) == 1:
            title, text = asks[0].title, f"{asks[0].what}\n\n{asks[0].ask}"
        else:
            title = "Replace files changed on disk?"
            text = ("\n\n".join(q.what for q in asks) + "\n\nSave writes both files; Cancel writes neither (Save As… "
                    "under another name keeps the files as they are).")
        answer = QMessageBox.question(self.window, title, text,
                                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Save

    def _map_matches_disk(self, doc: MapDocument) -> None:
        """Remember the digest of ``doc``'s map file as ``doc`` now matches it (a scenario with a map file only)."""
        target = doc.map_file()
        if target is None:
            self._map_disk.pop(doc, None)
        else:
            self._map_disk[doc] = (target, file_sha256(target))

    def _matches_disk(self, doc: MapDocument) -> None:
        """``doc`` now holds what its file holds (just opened or saved): remember the file's digest."""
        digest = file_sha256(doc.path)
        if doc.path is not None:
            self._disk[doc] = digest
            self._map_matches_disk(doc)
        self.recovery.set_base(doc, digest)

    def maybe_save(self, doc: MapDocument) -> bool:
        """Ask to save ``doc``'s unsaved changes; False when the user cancels (or saving fails)."""
        if not doc.dirty:
            return True
        self.set_current(doc)
        answer = QMessageBox.question(
            self.window, "Unsaved changes", f"Save the changes to {_named(doc)}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save(doc)
        return answer == QMessageBox.StandardButton.Discard  # its copy goes when the tab closes

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
        self.recovery.forget(doc)
        self._disk.pop(doc, None)
        self._map_disk.pop(doc, None)
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
        """Stop every validator and the recovery writer (the window is closing).

        Copies of documents still open stay for the next start (the window closes
        without asking only when something forced it).
        """
        for runner in self._runners.values():
            runner.shutdown()
        self.recovery.shutdown()

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

    @property
    def recovery_folder(self) -> Path:
        """Where copies of unsaved work are kept (this session's in a folder of its own)."""
        return self.recovery.root

    def autosave(self, timeout: float = 10.0) -> list[Path]:
        """Copy every modified document now and wait for the copies (tests); returns their files."""
        self.recovery.copy_all_now()
        self.recovery.flush(timeout)
        return [p for d in self.documents() if d.dirty and (p := self.recovery.copy_path(d)) is not None]

    def restore(self, copy: Recoverable, m: HexMap, setup: ScenarioSetup | None) -> MapDocument:
        """Open recovered work ``(m, setup)`` from ``copy`` as a modified document linked to its original file.

        When the original file can be read, the document starts from it and the
        recovered work is one undoable step on top (into the file's own tab when it
        is open and unmodified); otherwise it starts from the recovered work. Its
        copy is written into this session before ``copy`` is deleted.
        """
        original = copy.original
        base: tuple[HexMap, ScenarioSetup | None] | None = None
        if original is not None:
            try:
                base = read_document(original)
            except LoadError:
                base = None
        open_tab = self.find(original) if original is not None and original.exists() else None
        if base is not None:
            fm, fs = base
            doc = open_tab if open_tab is not None and not open_tab.dirty and (open_tab.map, open_tab.scenario) == (
                fm, fs) else None
            if doc is None:
                doc = self._into_new_tab(fm, original, fs)
            self._matches_disk(doc)
            doc.apply_with_scenario(m, setup, "Recovered unsaved work")
        else:
            doc = self._into_new_tab(m, original, setup)
            self._matches_disk(doc)
            doc.undo_stack.resetClean()  # modified, with no earlier state to go back to
        self.set_current(doc)
        self.recovery.copy_now(doc, then=lambda: discard(copy))
        return doc

    def _into_new_tab(self, m: HexMap, path: Path | None, setup: ScenarioSetup | None) -> MapDocument:
        target = self._pristine()
        if target is None:
            return self.add(m, path, setup)
        target.replace_all(m, path, setup)
        return target

    def sweep(self, folder: Path) -> list[Recoverable]:
        """Clear what killed saves left in ``folder``; returns the work rescued into the recovery folder.

        Only hexfort's own temporary files whose writing process is gone
        (:func:`engine.formats.tempfiles.stale_temps`) are touched: one holding a
        whole map or scenario that differs from the file beside it is moved into
        the recovery folder (it may be the newest work), the others are deleted.
        With :attr:`announce_rescues` on, ``interrupted_saves`` says what was rescued.
        """
        rescued: list[Recoverable] = []
        for temp in stale_temps(folder):
            verdict = judge(temp)
            if verdict is StaleVerdict.DIFFERS:
                try:
                    rescued.append(adopt_temp(self.recovery_folder, temp))
                except (OSError, ValueError, LoadError) as e:
                    self.message.emit(f"Cannot rescue {temp.path.name}: {e}", 8000)
                continue
            remove_if_stale(temp)
        if rescued and self.announce_rescues:
            self.interrupted_saves.emit(rescued)
        return rescued

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
        name = file_slug(doc.map.meta.name) + f".{kind}"
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
        name = file_slug(doc.map.meta.name) + ".pdf"
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


def _named(doc: MapDocument) -> str:
    """A document as a question names it: its file, or "the new map NAME" (the tab's "(unsaved)" suffix read
    oddly in "Save the changes to Audit KotB (unsaved)?", a new-user audit)."""
    return doc.path.name if doc.path is not None else f"the new map \u201c{doc.map.meta.name}\u201d"


def _names_map(scenario_file: Path, map_file: Path) -> bool:
    """Whether the scenario file at ``scenario_file`` (if any, and readable) names ``map_file`` as its map."""
    try:
        ref = json.loads(scenario_file.read_text(encoding="utf-8")).get("map")
    except (OSError, ValueError, AttributeError):
        return False
    return isinstance(ref, str) and (scenario_file.parent / ref).resolve() == map_file.resolve()
