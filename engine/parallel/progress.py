"""One progress display for every long command: done/total, rate and time left, on stderr.

On a terminal a bar is redrawn in place; otherwise (a log, CI) a line is written
every few seconds. Runs that end within a moment show nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["ProgressBar", "format_duration"]


def format_duration(seconds: float) -> str:
    """``0:07``, ``12:30``, ``1:02:03``: minutes and seconds, with hours when there are some."""
    s = max(0, round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m}:{s:02}"


class ProgressBar:
    """Callable as ``bar(done, total)`` after each finished item; writes to ``err``.

    ``verb`` and ``noun`` make the words: ``simulating [####......] 37/100 games
    12.3 games/s ETA 0:05``. Nothing is shown before ``after`` seconds have
    passed; without a terminal a line is written at most every ``every`` seconds,
    plus a last one at the end if any was shown. Call :meth:`close` when the run
    stops early so a terminal line is ended.
    """

    WIDTH = 24
    #: Terminal redraws per second, at most.
    REDRAWS_PER_S = 10

    def __init__(self, err: TextIO, total: int, verb: str, noun: str, after: float = 0.75, every: float = 5.0,
                 clock: Callable[[], float] = time.monotonic, limit: float | None = None) -> None:
        self.err, self.total, self.verb, self.noun = err, total, verb, noun
        #: seconds the run may take at most (``--minutes``): the ETA never goes past it (it said 14:46 on a run
        #: that stopped at 4 minutes: a new-user audit)
        self.limit = limit
        self.after, self.every, self.clock = after, every, clock
        self.tty = err.isatty()
        self.start = clock()
        self.last: float | None = None
        self.open_line = False
        #: (time, done) at the first report: the rate is measured from there, leaving out start-up
        #: (starting workers, connecting to a cluster), which would make the first ETAs far too long.
        self.first: tuple[float, int] | None = None

    def text(self, done: int, now: float) -> str:
        """The words for ``done`` items at time ``now`` (without the bar)."""
        head = f"{done}/{self.total} {self.noun}"
        if done >= self.total and now > self.start:
            return f"{head}  {self._speed(done / (now - self.start))}  in {format_duration(now - self.start)}"
        if self.first is None or done <= self.first[1] or now <= self.first[0]:
            return head
        rate = (done - self.first[1]) / (now - self.first[0])
        eta = (self.total - done) / rate
        if self.limit is not None and self.limit - (now - self.start) < eta:
            return f"{head}  {self._speed(rate)}  ETA {format_duration(self.limit - (now - self.start))} (--minutes)"
        return f"{head}  {self._speed(rate)}  ETA {format_duration(eta)}"

    def _speed(self, rate: float) -> str:
        return f"{rate:.1f} {self.noun}/s" if rate >= 1 else f"{1 / rate:.1f} s each"

    def __call__(self, done: int, total: int | None = None) -> None:
        if total is not None:
            self.total = total
        now = self.clock()
        if self.first is None:
            self.first = (now, done)
        final = done >= self.total
        if now - self.start < self.after and not (final and self.last is not None):
            return
        if self.tty:
            if not final and self.last is not None and now - self.last < 1 / self.REDRAWS_PER_S:
                return
            fill = self.WIDTH * done // max(1, self.total)
            self.err.write(f"\r{self.verb} [{'#' * fill}{'.' * (self.WIDTH - fill)}] {self.text(done, now)}\x1b[K")
            self.open_line = not final
            if final:
                self.err.write("\n")
        else:
            if not final and self.last is not None and now - self.last < self.every:
                return
            self.err.write(f"{self.verb}: {self.text(done, now)}\n")
        self.err.flush()
        self.last = now

    def close(self) -> None:
        """End a bar line left open on a terminal (after a cancel or Ctrl-C)."""
        if self.open_line:
            self.err.write("\n")
            self.err.flush()
            self.open_line = False
