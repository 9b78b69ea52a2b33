"""Long work off the UI thread: one function run in a QThread, its news back as queued signals.

:class:`BackgroundRun` owns at most one running job. :meth:`BackgroundRun.start`
runs ``work(note, progress)`` in a fresh QThread; whatever ``work`` passes to
``note(text)`` and ``progress(done, total)`` arrives on the UI thread as the
run's ``noted`` and ``progressed`` signals, and its return value as ``done`` —
or, when it raises, a one-line message as ``failed`` (a failure must reach the
window, never kill the thread silently). Cancelling is the work's own business
(a flag it checks between games); :meth:`BackgroundRun.stop` only ends the
thread once the work has returned.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, Signal

__all__ = ["BackgroundRun", "Work"]

#: ``work(note, progress)``: the job, run in the worker thread; returns what ``done`` carries.
Work = Callable[[Callable[[str], None], Callable[[int, int], None]], object]


class _Job(QObject):
    """Runs one ``work``; lives in the worker thread."""

    noted = Signal(str)
    progressed = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, work: Work, describe: Callable[[Exception], str]) -> None:
        super().__init__()
        self.work, self.describe = work, describe

    def run(self) -> None:
        try:
            out = self.work(self.noted.emit, self.progressed.emit)
        except Exception as e:  # noqa: BLE001 - any failure must reach the window, never kill the thread silently
            self.failed.emit(self.describe(e))
            return
        self.done.emit(out)


def _describe(e: Exception) -> str:
    return f"{type(e).__name__}: {e}"


class BackgroundRun(QObject):
    """At most one job at a time in its own QThread (module docstring). Signals arrive on the owner's thread."""

    noted = Signal(str)
    progressed = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._job: _Job | None = None

    @property
    def running(self) -> bool:
        """True from :meth:`start` until :meth:`stop`."""
        return self._thread is not None

    def start(self, work: Work, describe: Callable[[Exception], str] = _describe) -> None:
        """Run ``work`` in a new thread; ``describe`` turns what it raised into the ``failed`` message.

        Raises RuntimeError when a job is still running (callers check :attr:`running`).
        """
        if self.running:
            raise RuntimeError("a job is still running")
        thread = QThread(self)
        job = _Job(work, describe)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.noted.connect(self.noted)
        job.progressed.connect(self.progressed)
        job.done.connect(self.done)
        job.failed.connect(self.failed)
        self._thread, self._job = thread, job
        thread.start()

    def stop(self, wait_ms: int = 30_000) -> None:
        """End the thread (after its work returned: call from the ``done``/``failed`` slot, or after cancelling)."""
        thread = self._thread
        self._thread, self._job = None, None
        if thread is not None:
            thread.quit()
            if thread.wait(wait_ms):
                thread.deleteLater()
            else:  # the work has not returned yet: the thread goes when it does, never while it runs
                thread.finished.connect(thread.deleteLater)
