"""Copying every tab's unsaved work for crash recovery, seconds after the edits stop, off the UI thread.

:class:`RecoveryWriter` watches the documents it is given. When a modified
document stops changing for :data:`DEBOUNCE_MS` (or has been changing for
:data:`MAX_WAIT_MS` without a pause) it takes the document's state -- frozen
values, so nothing is copied on the UI thread -- and a worker thread writes it to
the session's copy of that tab (:class:`editor.recovery.Session`), atomically. A
document whose map, scenario and path are the very objects last written, under the
same title, is not written again. A document that becomes clean (saved, undone to
its saved state, reloaded) or is closed loses its copy. All file work runs on the one worker
thread in the order it was asked for, so a late copy never outlives the removal
that followed it. A save drops the tab's copy synchronously just before its
file is replaced (:meth:`RecoveryWriter.remove_now`), so after a kill either the
copy or the saved file (or the save's whole temporary file) holds the work, never
a copy older than the file.

After a crash, a tab's copy holds its state of at most :data:`DEBOUNCE_MS` (while
pausing) or :data:`MAX_WAIT_MS` (while editing without a pause) before the crash,
plus the time the write takes.
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from editor.document import MapDocument
from editor.recovery import Session, TabState, copy_text

__all__ = ["DEBOUNCE_MS", "MAX_WAIT_MS", "RecoveryWriter"]

#: A tab's copy is written this long after its last change.
DEBOUNCE_MS: Final = 2000
#: ...or this long after its first change not yet copied, when changes never pause.
MAX_WAIT_MS: Final = 6000
_HEARTBEAT_MS: Final = 60_000

_Key = tuple[object, object, object, str]


@dataclass(eq=False)
class _Tab:
    number: int
    timer: QTimer
    pending_since: float | None = None
    written: _Key | None = None  # what the copy holds (identity of the values), None: no copy
    base_sha256: str | None = None
    disconnect: list[Callable[[], object]] = field(default_factory=list)


class RecoveryWriter(QObject):
    """Keeps a copy of each watched document's unsaved work in this session's recovery folder.

    Signals (on the UI thread): ``copied(doc, map)`` after a copy of ``doc``
    holding ``map`` reached the disk; ``failed(message)`` when a copy could not
    be written (the editor goes on; the next change tries again).
    """

    copied = Signal(object, object)
    failed = Signal(str)

    def __init__(self, root: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = Session(root)
        self.debounce_ms = DEBOUNCE_MS
        self.max_wait_ms = MAX_WAIT_MS
        self._tabs: dict[MapDocument, _Tab] = {}
        self._numbers = itertools.count(1)
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._io = threading.Lock()  # one tab file operation at a time (worker or a save on the UI thread)
        self._generation: dict[int, int] = {}  # per tab: bumped by remove_now, voids queued copies
        self._worker = threading.Thread(target=self._work, name="hexfort-recovery", daemon=True)
        self._worker.start()
        self._heartbeat = QTimer(self)
        self._heartbeat.setInterval(_HEARTBEAT_MS)
        self._heartbeat.timeout.connect(lambda: self._jobs.put(self.session.heartbeat))
        self._heartbeat.start()

    @property
    def root(self) -> Path:
        """The recovery folder (this session's copies are in a folder of their own inside it)."""
        return self.session.root

    # -- watching documents --------------------------------------------------------------

    def track(self, doc: MapDocument, base_sha256: str | None = None) -> None:
        """Watch ``doc``; ``base_sha256`` is the digest of its file as the document last matched it."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        # A coarse timer (Qt's default) may fire up to 5% early; the debounce promises a full pause.
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.timeout.connect(lambda d=doc: self.copy_now(d))
        tab = _Tab(next(self._numbers), timer, base_sha256=base_sha256)
        self._tabs[doc] = tab
        for sig in (doc.changed, doc.scenario_changed, doc.path_changed, doc.reset):
            slot = self._changed_slot(doc)
            sig.connect(slot)
            tab.disconnect.append(lambda s=sig, f=slot: s.disconnect(f))
        slot = self._dirty_slot(doc)
        doc.dirty_changed.connect(slot)
        tab.disconnect.append(lambda: doc.dirty_changed.disconnect(slot))

    def _changed_slot(self, doc: MapDocument) -> Callable[..., None]:
        return lambda *_: self._schedule(doc)

    def _dirty_slot(self, doc: MapDocument) -> Callable[[bool], None]:
        return lambda dirty: self._schedule(doc) if dirty else self._drop(doc)

    def set_base(self, doc: MapDocument, base_sha256: str | None) -> None:
        """``doc`` now matches its file, whose digest is ``base_sha256`` (after open or save)."""
        tab = self._tabs.get(doc)
        if tab is not None:
            tab.base_sha256 = base_sha256

    def forget(self, doc: MapDocument) -> None:
        """Stop watching ``doc`` (its tab closes) and delete its copy."""
        tab = self._tabs.pop(doc, None)
        if tab is None:
            return
        tab.timer.stop()
        tab.timer.deleteLater()
        for undo in tab.disconnect:
            undo()
        self._jobs.put(lambda n=tab.number: self._remove(n))

    def _schedule(self, doc: MapDocument) -> None:
        tab = self._tabs.get(doc)
        if tab is None or not doc.dirty:
            return
        now = time.monotonic()
        if tab.pending_since is None:
            tab.pending_since = now
        left_ms = self.max_wait_ms - (now - tab.pending_since) * 1000
        tab.timer.start(max(0, min(self.debounce_ms, int(left_ms))))

    def _drop(self, doc: MapDocument) -> None:
        tab = self._tabs.get(doc)
        if tab is None:
            return
        tab.timer.stop()
        tab.pending_since = None
        if tab.written is not None:
            tab.written = None
            self._jobs.put(lambda n=tab.number: self._remove(n))

    def remove_now(self, doc: MapDocument) -> None:
        """Delete ``doc``'s copy at once, on this thread; copies queued before it are not written.

        The editor calls it while saving, just before the file is replaced
        (:func:`engine.formats.jsonio.before_replace`). Raises OSError when the
        copy exists and cannot be deleted (the save then stops, the file untouched).
        """
        tab = self._tabs.get(doc)
        if tab is None:
            return
        tab.timer.stop()
        tab.pending_since = None
        tab.written = None
        with self._io:
            self._generation[tab.number] = self._generation.get(tab.number, 0) + 1
            self.session.path(tab.number).unlink(missing_ok=True)

    def copy_now(self, doc: MapDocument, then: Callable[[], None] | None = None) -> bool:
        """Queue a copy of ``doc`` now if it changed since its last copy; ``then`` runs on the worker after it.

        Returns False when nothing was queued (``doc`` is clean, unwatched or
        unchanged since its copy); ``then`` runs anyway, after whatever is queued.
        """
        tab = self._tabs.get(doc)
        queued = False
        if tab is not None:
            tab.timer.stop()
            tab.pending_since = None
            key: _Key = (doc.map, doc.scenario, doc.path, doc.display_name())
            if not doc.dirty:
                self._drop(doc)
            elif tab.written is None or any(a is not b for a, b in zip(key[:3], tab.written[:3], strict=True)) \
                    or key[3] != tab.written[3]:
                tab.written = key
                state = TabState(doc.display_name(), doc.map, doc.scenario, doc.path, tab.base_sha256)
                with self._io:
                    generation = self._generation.get(tab.number, 0)
                self._jobs.put(lambda n=tab.number, s=state, d=doc, g=generation: self._write(n, s, d, g))
                queued = True
        if then is not None:
            self._jobs.put(then)
        return queued

    def copy_all_now(self) -> None:
        """Queue a copy of every watched document that changed since its copy."""
        for doc in list(self._tabs):
            self.copy_now(doc)

    def copy_path(self, doc: MapDocument) -> Path | None:
        """Where ``doc``'s copy is (or will be) written; None when it is not watched."""
        tab = self._tabs.get(doc)
        return self.session.path(tab.number) if tab is not None else None

    # -- the worker ----------------------------------------------------------------------

    def _write(self, number: int, state: TabState, doc: MapDocument, generation: int) -> None:
        try:
            text = copy_text(state, time.time())
            with self._io:
                if self._generation.get(number, 0) != generation:
                    return  # the tab was saved meanwhile: this copy is older than its file
                self.session.write(number, text)
        except (OSError, ValueError) as e:
            self.failed.emit(f"Cannot write the recovery copy of {state.title}: {e}")
            return
        self.copied.emit(doc, state.map)

    def _remove(self, number: int) -> None:
        with self._io:
            self.session.remove(number)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                if job is None:
                    return
                job()
            except Exception as e:  # a job must never end the worker: the next copies still matter
                self.failed.emit(f"Recovery copy: {e}")
            finally:
                self._jobs.task_done()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued copy and removal is done (tests, shutdown); False on timeout."""
        done = threading.Event()
        self._jobs.put(done.set)
        return done.wait(timeout)

    def shutdown(self) -> None:
        """Finish queued work, stop the worker and end the session (its folder goes if no copy is left)."""
        self._heartbeat.stop()
        for tab in self._tabs.values():
            tab.timer.stop()
        if not self._worker.is_alive():
            return
        self._jobs.put(self.session.close)
        self._jobs.put(None)
        self._worker.join(10.0)
