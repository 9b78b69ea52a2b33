"""Where the work of a long run happens: in this process, in local worker processes, or elsewhere.

Every backend offers one operation, :meth:`Backend.map_ordered`: apply a
function to each item and return the results *in item order*. Because the
caller only ever sees that ordered list, its output is the same for every
backend and every number of workers, provided the function is pure (its result
depends on its argument alone, as :func:`engine.simulation.batch.play_one` and
:func:`engine.validation.runner.validate_file` do).

The pool and the cluster keep a sliding window of tasks in flight: new tasks are
submitted as others finish (whichever finishes first), results are buffered
until every earlier one is in, so a cancel or Ctrl-C takes effect after the
tasks already running, not after the whole run.
"""

from __future__ import annotations

import signal
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from typing import Any, Generic, Protocol, Self, TypeVar

__all__ = [
    "Backend",
    "BackendError",
    "Cancelled",
    "InProcess",
    "Interrupted",
    "Progress",
    "ProcessPool",
    "apply_chunk",
    "chunk_size",
    "local_backend",
    "ordered_chunks",
    "ordered_window",
]

T = TypeVar("T")
R = TypeVar("R")
F = TypeVar("F")
H = TypeVar("H")

#: ``progress(done, total)``: called after each result, in item order.
Progress = Callable[[int, int], None]
#: ``cancelled()``: asked after each result; True stops the run there.
Cancelled = Callable[[], bool]


class BackendError(Exception):
    """The backend itself failed (a cluster cannot be reached, its workers cannot run hexfort...).

    The message is complete and says what to do; it is meant to be shown as is.
    """


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped :meth:`Backend.map_ordered`.

    ``done`` holds the results that had finished, in item order and without gaps:
    exactly the first ``len(done)`` results of the full run. It is a
    KeyboardInterrupt, so a caller that does not look at ``done`` still stops as
    on any Ctrl-C.
    """

    def __init__(self, done: list[Any]) -> None:
        super().__init__(f"interrupted after {len(done)} results")
        self.done = done


def _close_quietly(results: Generator[Any, None, None]) -> None:
    """Close a run's generator after Ctrl-C or a failure, whatever its clean-up raises: on a Dask cluster, cancelling
    the queued tasks could raise again (or meet a second Ctrl-C), and the finished games were lost to a bare
    "interrupted" (a new-user audit, 2 Ctrl-Cs in 12). A second Ctrl-C during the clean-up is swallowed too: the
    results finished so far are still reported."""
    with suppress(BaseException):  # the interruption or failure being reported matters more
        results.close()


class Backend(ABC, Generic[H]):
    """Runs one function over many items; subclasses say how tasks are submitted and awaited.

    A backend may be used as a context manager to hold its resource ``H`` (a
    worker pool, a cluster connection) across several :meth:`map_ordered` calls;
    used without ``with`` it opens and releases it in each call.
    """

    #: What ``--backend`` calls it.
    name: str = ""
    _held: H | None = None

    def map_ordered(
        self,
        fn: Callable[[T], R],
        items: Sequence[T],
        progress: Progress | None = None,
        cancelled: Cancelled | None = None,
    ) -> list[R]:
        """``[fn(item) for item in items]``, computed on this backend.

        The caller guarantees that ``fn`` is a module-level function and the items
        can be pickled (both are sent to other processes), and that ``fn(item)``
        depends on ``item`` alone. ``progress(done, total)`` is called after each
        result in item order; when ``cancelled()`` returns True (it is asked before
        the first item and after each result) the run stops and the results so far
        are returned (the first ones, without gaps).

        Raises what ``fn`` raised for the first failing item in item order, as a
        run in one process would (the tasks still queued are cancelled); :class:`Interrupted`
        (carrying the finished results) on Ctrl-C; :class:`BackendError` when the
        backend itself fails.
        """
        total = len(items)
        done: list[R] = []
        if cancelled and cancelled():
            return done
        results = self.ordered(fn, items)
        try:
            for r in results:
                done.append(r)
                if progress:
                    progress(len(done), total)
                if cancelled and cancelled():
                    break
            results.close()  # a Ctrl-C held back during the run comes out here (see _sigint_at_safe_points)
        except KeyboardInterrupt:
            _close_quietly(results)
            raise Interrupted(done) from None
        except BaseException:
            _close_quietly(results)
            raise
        return done

    @abstractmethod
    def ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Generator[R, None, None]:
        """Yield ``fn(item)`` for each item, in item order.

        Closing the generator early cancels the tasks that have not run and
        releases what it opened; the map runs lazily as results are taken.
        """

    def describe(self) -> str:
        """One line on where the work runs (shown on stderr by the commands)."""
        return self.name

    def _open(self) -> H:
        """Open the resource the tasks run on; raises BackendError."""
        raise NotImplementedError

    def _release(self, handle: H) -> None:
        """Release what :meth:`_open` opened (queued tasks are already cancelled)."""

    @contextmanager
    def _session(self) -> Iterator[H]:
        """The held resource, or one opened for the duration of the block."""
        if self._held is not None:
            yield self._held
            return
        handle = self._open()
        try:
            yield handle
        finally:
            self._release(handle)

    def __enter__(self) -> Self:
        if self._held is None:
            self._held = self._open()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._held is not None:
            held, self._held = self._held, None
            self._release(held)


class InProcess(Backend[None]):
    """Runs every item here, one after the other: no pickling, no extra process."""

    name = "local"

    def ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Generator[R, None, None]:
        for item in items:
            yield fn(item)

    def describe(self) -> str:
        return "this process"

    def _open(self) -> None:
        return None


class _Runner(Protocol[F]):
    """How :func:`ordered_window` talks to a pool or a cluster."""

    def capacity(self) -> int:
        """How many tasks to keep in flight now (asked before each refill; a cluster may grow)."""
        ...

    def submit(self, fn: Callable[[Any], Any], arg: Any, index: int) -> F: ...

    def finished(self, running: Collection[F]) -> Iterable[F]:
        """Block until at least one of ``running`` has finished; return the finished ones."""
        ...

    def result(self, future: F) -> Any: ...

    def cancel(self, futures: Collection[F]) -> None: ...


def ordered_window(runner: _Runner[F], fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
    """Yield ``fn(item)`` in item order with at most ``runner.capacity()`` tasks in flight.

    Tasks are submitted in item order; whichever finishes first makes room for
    the next. Finished results wait in a buffer until every earlier one is in,
    and so do errors: what a task raised is raised in its turn, so the error
    that ends a run is the first in item order, as in a run in one process. On
    exit (finished, closed early, or an exception) the tasks still in flight are
    cancelled.
    """
    running: dict[F, int] = {}
    ready: dict[int, tuple[Any, Exception | None]] = {}
    submitted = emitted = 0
    try:
        while emitted < len(items):
            window = max(1, runner.capacity())
            while submitted < len(items) and len(running) < window:
                running[runner.submit(fn, items[submitted], submitted)] = submitted
                submitted += 1
            while emitted not in ready:
                for f in runner.finished(running.keys()):
                    index = running.pop(f)
                    try:
                        ready[index] = (runner.result(f), None)
                    except Exception as e:  # noqa: BLE001 - raised in its turn, below
                        ready[index] = (None, e)
            while emitted in ready:
                value, error = ready.pop(emitted)
                if error is not None:
                    raise error
                yield value
                emitted += 1
    finally:
        if running:
            runner.cancel(running.keys())


def apply_chunk(job: tuple[Callable[[T], R], list[T]]) -> list[R]:
    """``[fn(x) for x in chunk]`` for ``job = (fn, chunk)``: one task's work in a worker."""
    fn, chunk = job
    return [fn(x) for x in chunk]


def chunk_size(items: int, workers: int, most: int) -> int:
    """Items per task: about eight tasks per worker, so all stay busy to the end, and at most ``most``.

    Several items per task send what they share (a scenario) once per task and
    let the worker's caches stay warm between them; ``most`` bounds how long a
    cancelled run waits for the tasks already running.
    """
    return max(1, min(most, items // (8 * max(1, workers))))


def ordered_chunks(runner: _Runner[F], fn: Callable[[T], R], items: Sequence[T], size: int) -> Iterator[R]:
    """:func:`ordered_window` over tasks of ``size`` consecutive items; yields single results in item order."""
    chunks = [(fn, list(items[i:i + size])) for i in range(0, len(items), size)]
    for part in ordered_window(runner, apply_chunk, chunks):
        yield from part


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl-C to the main process, which cancels the run and reports what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: How often (seconds) a pool run waiting for results looks whether Ctrl-C was pressed.
_SIGINT_POLL = 0.2


@contextmanager
def _sigint_at_safe_points() -> Iterator[list[int]]:
    """Hold Ctrl-C back while a pool run talks to its executor, to be raised at a safe point instead.

    A KeyboardInterrupt raised at any bytecode can land inside ``concurrent.futures``' own locking (in ``wait``,
    between taking one future's lock and the next), leaving a lock taken that the executor's manager thread then
    waits for: the run hung on Ctrl-C (seen once in CI, twice in 60 interrupted runs on a loaded machine). Within
    this block SIGINT only marks the returned list; :meth:`_PoolRunner.finished` raises KeyboardInterrupt when it
    sees the mark, between waits, and the block raises it again on the way out, however it ends. Only the main thread of
    a process whose SIGINT raises KeyboardInterrupt (Python's default) does this; elsewhere (the editor's worker
    threads, a caller with its own handler) nothing changes.
    """
    hit: list[int] = []
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield hit
        return
    signal.signal(signal.SIGINT, lambda signum, frame: hit.append(signum))
    try:
        yield hit
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if hit:  # whatever the exit (exhausted, closed early by a cancel, an error): the Ctrl-C is not lost (a review)
            signal.raise_signal(signal.SIGINT)


class _PoolRunner(Generic[R]):
    def __init__(self, pool: ProcessPoolExecutor, window: int, interrupted: list[int] | None = None) -> None:
        self.pool = pool
        self.window = window
        #: marked by :func:`_sigint_at_safe_points` when Ctrl-C was pressed
        self.interrupted = interrupted if interrupted is not None else []

    def capacity(self) -> int:
        return self.window

    def submit(self, fn: Callable[[Any], R], arg: Any, index: int) -> Future[R]:
        return self.pool.submit(fn, arg)

    def finished(self, running: Collection[Future[R]]) -> Iterable[Future[R]]:
        while True:
            done = wait(running, timeout=_SIGINT_POLL, return_when=FIRST_COMPLETED).done
            if self.interrupted:
                raise KeyboardInterrupt  # here, not inside wait's locking: see _sigint_at_safe_points
            if done:
                return done

    def result(self, future: Future[R]) -> R:
        return future.result()

    def cancel(self, futures: Collection[Future[R]]) -> None:
        for f in futures:
            f.cancel()


class ProcessPool(Backend[ProcessPoolExecutor]):
    """``jobs`` worker processes on this machine (a ProcessPoolExecutor).

    Workers ignore SIGINT, so a Ctrl-C in a terminal (sent to the whole process
    group) reaches only the main process, which cancels the queued tasks and
    waits for the few running ones.
    """

    name = "local"

    #: Items per task at most when ``chunk`` is automatic: a few short games or files.
    MOST_PER_TASK = 4

    def __init__(self, jobs: int, window: int | None = None, chunk: int | None = None) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be 1 or more, got {jobs}")
        self.jobs = jobs
        #: Tasks in flight; two per worker keeps every worker busy while results come back.
        self.window = window or 2 * jobs
        #: Items per task (None: :func:`chunk_size` picks it for each run).
        self.chunk = chunk

    def _open(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.jobs, initializer=_ignore_sigint)

    def _release(self, handle: ProcessPoolExecutor) -> None:
        handle.shutdown(wait=True, cancel_futures=True)

    def ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Generator[R, None, None]:
        size = self.chunk or chunk_size(len(items), self.jobs, self.MOST_PER_TASK)
        with self._session() as pool, _sigint_at_safe_points() as interrupted:
            yield from ordered_chunks(_PoolRunner(pool, self.window, interrupted), fn, items, size)

    def describe(self) -> str:
        return f"{self.jobs} worker process{'es' if self.jobs != 1 else ''} on this machine"


def local_backend(jobs: int, items: int, min_items: int = 4) -> Backend:
    """The backend for ``--jobs``: this process for one job or few items, else a pool of ``jobs`` workers.

    ``min_items`` is the run size below which starting processes costs more than it saves.
    """
    if jobs <= 1 or items < min_items:
        return InProcess()
    return ProcessPool(min(jobs, items))
