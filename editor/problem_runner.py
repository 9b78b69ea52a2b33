"""Runs the validator on the document, debounced, off the UI thread when it is slow.

After each change the runner waits :attr:`ProblemRunner.delay_ms`; then it checks
the map directly if the last run took under a frame (16 ms), else in a worker
thread. A document with a scenario is checked as the command line checks a
scenario file: the map in the scenario's mode plus the scenario's playability
(HF6xx, :func:`engine.validation.runner.scenario_problems`). Maps and scenarios
are immutable, so the worker needs no locking; results for a map that is no
longer current are dropped.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QObject, QTimer, Signal

from editor.document import MapDocument
from engine.mapmodel import HexMap, Mode
from engine.scenario import Scenario
from engine.validation.checks import check_map
from engine.validation.problem import Problem, guarded
from engine.validation.runner import scenario_problems

__all__ = ["ProblemRunner", "run_checks"]


def run_checks(m: HexMap, mode: Mode | None = None, scenario: Scenario | None = None) -> list[Problem]:
    """The validator's problems for ``m`` (in ``mode``), or for ``scenario`` when given; never raises.

    A crash of the validator becomes one HF999 problem (:func:`~engine.validation.problem.guarded`).
    """
    if scenario is not None:
        return guarded("the validator", lambda: scenario_problems(scenario))
    return guarded("the validator", lambda: check_map(m, mode))


class ProblemRunner(QObject):
    """Keeps ``problems`` up to date with the document; emits ``updated(list)`` after each run."""

    updated = Signal(list)
    _done = Signal(object, list, float)

    FRAME_S = 0.016

    def __init__(self, doc: MapDocument, delay_ms: int = 250, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.delay_ms = delay_ms
        self.problems: list[Problem] = []
        self.last_seconds = 0.0
        self.threaded_runs = 0
        #: True while a worker run for the current map is awaited (the dock says "Checking…").
        self.pending = False
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexfort-check")
        self._pending: Future[None] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start)
        self._done.connect(self._finish)
        doc.changed.connect(self.schedule)
        doc.scenario_changed.connect(self.schedule)
        doc.reset.connect(self.refresh_after_open)

    def mode(self) -> Mode | None:
        """The mode checked: the scenario's, else every mode the map is made for."""
        return self.doc.scenario.mode if self.doc.scenario is not None else None

    def scenario(self) -> Scenario | None:
        """The document's scenario on its current map, or None for a plain map."""
        setup = self.doc.scenario
        return setup.scenario(self.doc.map) if setup is not None else None

    def schedule(self, *_: object) -> None:
        """Re-check after the debounce delay (restarts the delay on every change)."""
        self._timer.start(self.delay_ms)

    #: Maps up to this many hexes are checked synchronously when opened; bigger ones in the worker.
    SYNC_OPEN_LIMIT = 2000

    def refresh_after_open(self) -> None:
        """Check a newly opened map: at once when small, else in the worker (the window opens meanwhile)."""
        if len(self.doc.map) <= self.SYNC_OPEN_LIMIT:
            self.run_now()
            return
        self.problems = []
        self.pending = True
        self.updated.emit([])
        self.last_seconds = max(self.last_seconds, 2 * self.FRAME_S)  # go straight to the worker
        self._timer.start(0)

    def run_now(self) -> list[Problem]:
        """Check synchronously (tests, first open) and publish the result."""
        self._timer.stop()
        m = self.doc.map
        t = time.perf_counter()
        problems = run_checks(m, self.mode(), self.scenario())
        self._finish(m, problems, time.perf_counter() - t)
        return problems

    def _start(self) -> None:
        m, mode, scenario = self.doc.map, self.mode(), self.scenario()
        if self.last_seconds < self.FRAME_S:
            t = time.perf_counter()
            problems = run_checks(m, mode, scenario)
            self._finish(m, problems, time.perf_counter() - t)
            return
        if self._pending is not None and not self._pending.done():
            self._timer.start(self.delay_ms)  # one run at a time; try again shortly
            return
        self.threaded_runs += 1
        self.pending = True

        def work() -> None:
            t = time.perf_counter()
            problems = run_checks(m, mode, scenario)
            self._done.emit(m, problems, time.perf_counter() - t)

        self._pending = self._pool.submit(work)

    def _finish(self, m: HexMap, problems: list[Problem], seconds: float) -> None:
        self.last_seconds = seconds
        if m is not self.doc.map:
            return  # stale: a newer run is scheduled
        self.pending = False
        self.problems = problems
        self.updated.emit(problems)

    def shutdown(self) -> None:
        """Stop the worker (on window close)."""
        self._timer.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
