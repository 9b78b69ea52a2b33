"""A searching AI thinks in a worker thread, so the playtest window never freezes.

:class:`Thinker` runs one decision's search at a time: the game is copied
(:meth:`~engine.games.protocol.GameState.clone`) in the UI thread, the search
runs on the copy in a Python thread, and its answer comes back through a
queue that a timer in the UI thread empties (the worker never calls Qt, so a
window closed mid-thought cannot be touched from the thread). :meth:`Thinker.play_now` stops the search
between two play-outs and plays the best found so far (Skip » in the window);
:meth:`Thinker.cancel` forgets the decision (undo, restart, pause), and an
answer that arrives after that is dropped. The thread never touches the game
the window shows.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.rules.actions import Action

__all__ = ["Thinker", "searches"]


class _Search(Protocol):
    budget: int
    iterations: int

    def run(self, iterations: int | None = None, stop: Any = None) -> Action: ...


def searches(player: object) -> bool:
    """Whether ``player`` thinks by searching (has ``start(state)``): such players think off the UI thread."""
    return callable(getattr(player, "start", None))


class Thinker(QObject):
    """One searching decision at a time, off the UI thread (see the module docstring).

    Signals (delivered in the UI thread): ``decided(Action, str)`` the answer and
    the player's name; ``failed(str, str, str)`` player, team and error;
    ``progressed(int, int)`` play-outs done and the budget, a few times a second.
    """

    decided = Signal(object, str)
    failed = Signal(str, str, str)
    progressed = Signal(int, int)

    #: Play-outs between two looks at the stop flag.
    REPORT_EVERY = 4
    #: Seconds between two progress reports (fast play-outs must not flood the UI thread's inbox).
    REPORT_SECONDS = 0.1
    #: How often the UI thread looks for the worker's news, in milliseconds.
    POLL_MS = 25

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ticket = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last: threading.Thread | None = None
        self._inbox: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._read_inbox)
        # the current decision's stop flag, reachable after this object is gone: a window closed
        # mid-thought stops its search (the slot must not need ``self``)
        current = self._current = [self._stop]
        self.destroyed.connect(lambda *_: current[0].set())

    @property
    def busy(self) -> bool:
        """True while a decision is being thought about (and not cancelled)."""
        return self._thread is not None

    def think(self, player: Any, state: GameState, team: Team, stop_now: bool = False) -> None:
        """Start thinking about ``state``'s decision for ``player`` (which plays ``team``).

        The state is copied here; the search runs on the copy. ``stop_now`` plays
        the best action before any play-out (skipping). A decision already being
        thought about is cancelled first.
        """
        self.cancel()
        self._ticket += 1
        ticket = self._ticket
        stop = self._stop = threading.Event()
        self._current[0] = stop
        if stop_now:
            stop.set()
        copy = state.clone(keep_undo=False)
        thread = threading.Thread(target=self._run, args=(player, copy, team, ticket, stop),
                                  name="hexfort-ai", daemon=True)
        self._thread = self._last = thread
        thread.start()
        self._poll.start()

    def _run(self, player: Any, state: GameState, team: Team, ticket: int, stop: threading.Event) -> None:
        """The worker thread: search, then post the answer for the UI thread (no Qt call here)."""
        name = str(getattr(player, "name", "AI"))
        post = self._inbox.put
        try:
            search: _Search = player.start(state)
            budget = int(search.budget)
            post(("progress", ticket, search.iterations, budget))
            reported = time.monotonic()
            while search.iterations < budget and not stop.is_set():
                search.run(iterations=min(self.REPORT_EVERY, budget - search.iterations), stop=stop.is_set)
                if time.monotonic() - reported >= self.REPORT_SECONDS:
                    post(("progress", ticket, search.iterations, budget))
                    reported = time.monotonic()
            action = search.run(iterations=0)
        except Exception as e:  # noqa: BLE001 - the failure is shown to the user, not lost in a thread
            post(("failed", ticket, name, team.value, str(e)))
            return
        post(("decided", ticket, action, name))

    def _read_inbox(self) -> None:
        """In the UI thread: pass on the news of the decision still awaited; drop the rest.

        Only the news already there when the timer fires is read (the worker may post while this
        runs: reading until the inbox is empty could never end), and of several progress reports
        only the newest is passed on.
        """
        progress: list[Any] | None = None
        for _ in range(self._inbox.qsize()):
            try:
                what, ticket, *rest = self._inbox.get_nowait()
            except queue.Empty:
                break
            if ticket != self._ticket or self._thread is None:
                continue  # a cancelled decision's news
            if what == "progress":
                progress = rest
                continue
            self._thread = None
            self._poll.stop()
            (self.decided if what == "decided" else self.failed).emit(*rest)
            return
        if progress is not None:
            self.progressed.emit(*progress)

    def play_now(self) -> None:
        """Stop searching and play the best action found so far (the answer still comes through ``decided``)."""
        self._stop.set()

    def cancel(self) -> None:
        """Forget the decision being thought about (an answer that still comes is dropped); the thread stops soon."""
        self._stop.set()
        self._ticket += 1
        self._thread = None
        self._poll.stop()

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the worker thread (if any, cancelled or not) has ended: for closing a window cleanly."""
        t = self._last
        if t is not None:
            t.join(timeout)
