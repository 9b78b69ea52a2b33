"""Scanning library files in the background: summary, problems and thumbnail, visible rows first.

:class:`LibraryScanner` keeps a queue of files and runs at most ``threads``
:class:`QRunnable` tasks at a time on its own :class:`QThreadPool`; each task
reads the disk cache or else validates the file (the engine's Qt-free runner) and
draws its thumbnail on a QImage, then hands the result back to the UI thread
through a queued signal. The window never waits: :meth:`LibraryScanner.prioritize`
moves the rows on screen to the front of the queue, and results of a folder that
was replaced in the meantime are dropped.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage

from editor.library.cache import ThumbnailCache
from editor.library.summary import THUMB_SIZE, MapSummary, file_stamp, summarize
from editor.render.thumbnail import render_thumbnail

__all__ = ["LibraryScanner", "scan_one"]


def scan_one(path: Path, cache: ThumbnailCache | None) -> tuple[MapSummary, QImage | None]:
    """Summary and thumbnail of ``path``: from ``cache`` when this version is there, else made and cached."""
    mtime, size = file_stamp(path)
    if cache is not None:
        hit = cache.load(path, mtime, size)
        if hit is not None:
            return hit
    summary, m = summarize(path)
    image = render_thumbnail(m, *THUMB_SIZE) if m is not None else None
    if cache is not None:
        cache.store(summary, image)
    return summary, image


class _Relay(QObject):
    """Carries a task's result to the UI thread (it lives there; workers only emit)."""

    done = Signal(int, object, object, object)  # generation, path, summary, image


class _Task(QRunnable):
    def __init__(self, relay: _Relay, generation: int, path: Path, cache: ThumbnailCache | None) -> None:
        super().__init__()
        self.relay, self.generation, self.path, self.cache = relay, generation, path, cache
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            summary, image = scan_one(self.path, self.cache)
        except Exception as e:  # noqa: BLE001 - a bug on one file must not stop the library
            from engine.validation.problem import Problem, Severity

            mtime, size = file_stamp(self.path)
            summary = MapSummary(self.path, mtime, size, None, self.path.name, problems=(
                Problem("HF999", Severity.ERROR, f"internal error while reading this file ({type(e).__name__}: {e})"),))
            image = None
        self.relay.done.emit(self.generation, self.path, summary, image)


class LibraryScanner(QObject):
    """Scans files in the background; ``scanned(path, summary, image)`` for each, ``idle()`` when done.

    ``pending`` counts the files not yet reported.
    """

    scanned = Signal(object, object, object)
    idle = Signal()

    def __init__(self, cache: ThumbnailCache | None, threads: int = 1, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cache = cache
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

    def wait(self, ms: int = -1) -> bool:
        """Block until running tasks end (tests, shutdown); True when they did."""
        return self.pool.waitForDone(ms)

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
            self.pool.start(_Task(self._relay, self._generation, p, self.cache))

    def _done(self, generation: int, path: Path, summary: MapSummary, image: QImage | None) -> None:
        self._in_flight -= 1
        if generation == self._generation:
            self._running.discard(path)
            self.scanned.emit(path, summary, image)
            if path in self._again:
                self._again.discard(path)
                self._todo[path] = None
                self._urgent.insert(0, path)
        self._dispatch()
        if not self._todo and not self._running:
            self.idle.emit()
