"""Scanning library files in the background: summary, problems and thumbnail, visible rows first.

:class:`LibraryScanner` keeps a queue of files and runs at most ``threads``
:class:`QRunnable` tasks at a time on its own :class:`QThreadPool`; each task
reads the disk cache or else validates the file (the engine's Qt-free runner) and
draws its thumbnail on a QImage, then hands the result back to the UI thread
through a queued signal. The window never waits: :meth:`LibraryScanner.prioritize`
moves the rows on screen to the front of the queue, and results of a folder that
was replaced in the meantime are dropped.

With ``processes`` > 0 the validation itself runs in that many worker processes
(started with ``spawn``, so nothing of Qt is forked): the checks then use every
core, and the engine's per-map caches grow there, not in the editor, whose
garbage collector would otherwise pause the window while sweeping them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage

from editor.library.cache import ThumbnailCache
from editor.library.summary import THUMB_SIZE, MapSummary, file_stamp, make_summary, read_map
from editor.render.thumbnail import render_thumbnail
from engine.validation.runner import FileResult, validate_file

__all__ = ["LibraryScanner", "scan_one"]


def scan_one(path: Path, cache: ThumbnailCache | None,
             validation: Callable[[Path], Callable[[], FileResult]] | None = None) -> tuple[MapSummary, QImage | None]:
    """Summary and thumbnail of ``path``: from ``cache`` when this version is there, else made and cached.

    ``validation(path)`` starts checking the file elsewhere and returns how to
    wait for the result, so the checks overlap drawing the thumbnail here
    (default: check here, after drawing). Raises CancelledError when the
    validation was cancelled (the scanner stopped).
    """
    stamp = file_stamp(path)
    if cache is not None:
        hit = cache.load(path, *stamp)
        if hit is not None:
            return hit
    wait = validation(path) if validation is not None else None
    read = read_map(path)
    image = render_thumbnail(read.map, *THUMB_SIZE) if read.map is not None else None
    result = wait() if wait is not None else validate_file(path)
    summary = make_summary(path, stamp, read, result)
    if cache is not None:
        cache.store(summary, image)
    return summary, image


class _Relay(QObject):
    """Carries a task's result to the UI thread (it lives there; workers only emit)."""

    done = Signal(int, object, object, object)  # generation, path, summary, image


class _Task(QRunnable):
    def __init__(self, relay: _Relay, generation: int, path: Path, cache: ThumbnailCache | None,
                 validation: Callable[[Path], Callable[[], FileResult]] | None) -> None:
        super().__init__()
        self.relay, self.generation, self.path, self.cache, self.validation = relay, generation, path, cache, validation
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            summary, image = scan_one(self.path, self.cache, self.validation)
        except CancelledError:
            self.relay.done.emit(-1, self.path, None, None)  # stopped: nothing to report
            return
        except Exception as e:  # noqa: BLE001 - a bug on one file must not stop the library
            from engine.validation.problem import internal_error

            mtime, size = file_stamp(self.path)
            summary = MapSummary(self.path, mtime, size, None, self.path.name,
                                 problems=(internal_error("while reading this file", e),))
            image = None
        self.relay.done.emit(self.generation, self.path, summary, image)


class LibraryScanner(QObject):
    """Scans files in the background; ``scanned(path, summary, image)`` for each, ``idle()`` when done.

    ``pending`` counts the files not yet reported.
    """

    scanned = Signal(object, object, object)
    idle = Signal()

    def __init__(self, cache: ThumbnailCache | None, threads: int = 1, processes: int = 0,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cache = cache
        self.processes = processes
        self._executor: Executor | None = None
        self._ready: Future[int] | None = None
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(max(1, threads))
        self._relay = _Relay(self)
        self._relay.done.connect(self._done)
        self._generation = 0
        self._todo: dict[Path, None] = {}  # ordered: the queue
        self._urgent: list[Path] = []
        self._running: set[Path] = set()
        self._again: set[Path] = set()  # changed while being scanned: scan once more
        self._in_flight = 0

    @property
    def pending(self) -> int:
        """Files queued or being scanned for the current folder."""
        return len(self._todo) + len(self._running)

    def start(self, paths: Iterable[Path]) -> None:
        """Scan ``paths`` in order (forgetting any earlier queue)."""
        self._generation += 1
        self._todo = dict.fromkeys(paths)
        self._urgent = []
        self._running, self._again = set(), set()
        self._dispatch()

    def add(self, paths: Iterable[Path], first: bool = False) -> None:
        """Queue more files (``first``: before everything else); a file being scanned is scanned again."""
        paths = list(paths)
        self._again |= {p for p in paths if p in self._running}
        new = [p for p in paths if p not in self._running]
        if first:
            self._urgent = new + [p for p in self._urgent if p not in new]
        for p in new:
            self._todo[p] = None
        self._dispatch()

    def prioritize(self, paths: Iterable[Path]) -> None:
        """Scan these (the rows on screen) before the rest of the queue."""
        self._urgent = [p for p in paths if p in self._todo]
        self._dispatch()

    def stop(self) -> None:
        """Forget the queue; results of tasks already running are dropped."""
        self._generation += 1
        self._todo, self._urgent, self._running, self._again = {}, [], set(), set()

    def shutdown(self) -> None:
        """Stop, and end the worker processes (they start again when needed)."""
        self.stop()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def _validation(self) -> Callable[[Path], Callable[[], FileResult]] | None:
        """How tasks validate: None (in their thread) or by starting it in a worker process."""
        if self.processes <= 0:
            return None
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"))
            self._ready = self._executor.submit(os.getpid)  # starts the workers now
        executor, ready = self._executor, self._ready
        assert ready is not None

        def start(path: Path) -> Callable[[], FileResult]:
            if not ready.done():  # the workers are still starting: check the first screen here
                return lambda: validate_file(path)
            try:
                future = executor.submit(validate_file, path)
            except BrokenProcessPool:
                return self._here_instead(executor, path)

            def result() -> FileResult:
                try:
                    return future.result()
                except BrokenProcessPool:
                    return self._here_instead(executor, path)()
            return result

        return start

    def _here_instead(self, broken: Executor, path: Path) -> Callable[[], FileResult]:
        """A worker process died (killed, out of memory): ``path`` is checked in this thread, and the next files in
        new workers. Before, every file after it was marked "internal error … please report this file" (an audit
        whose script broke the pool saw all 17 blamed)."""
        if self._executor is broken:
            self._executor = None
            broken.shutdown(wait=False, cancel_futures=True)
        return lambda: validate_file(path)

    def _next(self) -> Path | None:
        while self._urgent:
            p = self._urgent.pop(0)
            if p in self._todo:
                del self._todo[p]
                return p
        if self._todo:
            p = next(iter(self._todo))
            del self._todo[p]
            return p
        return None

    def _dispatch(self) -> None:
        while self._in_flight < self.pool.maxThreadCount():
            p = self._next()
            if p is None:
                return
            self._in_flight += 1
            self._running.add(p)
            self.pool.start(_Task(self._relay, self._generation, p, self.cache, self._validation()))

    def _done(self, generation: int, path: Path, summary: MapSummary | None, image: QImage | None) -> None:
        self._in_flight -= 1
        if generation == self._generation and summary is not None:
            self._running.discard(path)
            self.scanned.emit(path, summary, image)
            if path in self._again:
                self._again.discard(path)
                self._todo[path] = None
                self._urgent.insert(0, path)
        self._dispatch()
        if not self._todo and not self._running:
            self.idle.emit()
