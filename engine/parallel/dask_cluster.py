"""The Dask backend: tasks on an existing ``dask.distributed`` cluster, results back in item order.

Dask is optional (``pip install 'hexfort[cluster]'``); this module imports it
only when a cluster is used, so hexfort runs without it and
:func:`require_distributed` says how to install it.

What goes to the workers: the function *by reference* (its module and name, so
every worker must have hexfort installed — the same code as here, which
:meth:`DaskCluster.__enter__` checks) and the items, pickled, a chunk of
consecutive items per task. Results come back pickled and are re-ordered here.
See docs/cluster.md.
"""

from __future__ import annotations

import hashlib
import platform
import time
import uuid
from collections.abc import Callable, Collection, Generator, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import engine
from engine.parallel.backends import Backend, BackendError, chunk_size, ordered_chunks

if TYPE_CHECKING:
    from distributed import Client, Future

__all__ = ["INSTALL_HINT", "DaskCluster", "MissingDask", "check_fingerprints", "code_fingerprint",
           "require_distributed"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "pip install 'hexfort[cluster]'  (or: pip install 'dask[distributed]')"


class MissingDask(BackendError):
    """``dask.distributed`` is not installed here; the message says how to install it."""


def require_distributed() -> None:
    """Raise :class:`MissingDask` unless ``dask.distributed`` can be imported."""
    try:
        import distributed  # noqa: F401
    except ImportError as e:
        raise MissingDask(
            f"--backend dask needs Dask's distributed scheduler, which is not installed here ({e}). "
            f"Install it with: {INSTALL_HINT}"
        ) from None


def code_fingerprint() -> str:
    """A short hash of the hexfort engine's code and data plus the Python version it runs on.

    Two machines with the same fingerprint compute the same results from the
    same items; the cluster backend compares the workers' with this machine's.
    """
    from engine.formats.schemas import schema_dir

    h = hashlib.sha256(f"python {'.'.join(platform.python_version_tuple()[:2])}".encode())
    code, schemas = Path(engine.__file__).resolve().parent, schema_dir().resolve()
    files = [(f"schemas/{f.name}", f) for f in sorted(schemas.glob("*.json"))]
    files += [(f.relative_to(code).as_posix(), f) for f in sorted(code.rglob("*"))
              if f.suffix in (".py", ".json") and "__pycache__" not in f.parts and schemas not in f.parents]
    for name, f in files:
        h.update(name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def check_fingerprints(here: str, workers: dict[str, str]) -> None:
    """Raise BackendError naming the workers whose :func:`code_fingerprint` differs from ``here``."""
    odd = sorted(w for w, fp in workers.items() if fp != here)
    if odd:
        raise BackendError(
            f"{len(odd)} of {len(workers)} Dask workers run different hexfort code or Python than this "
            f"machine (e.g. {odd[0]}: {workers[odd[0]]}, here: {here}), so their results could differ "
            "from a local run. Install the same hexfort version and Python minor version on every "
            "worker and restart them (docs/cluster.md)."
        )


def threads(client: Client) -> int:
    """Worker threads in the cluster now (tasks it can run at once)."""
    return sum(client.nthreads().values())


class _DaskRunner:
    #: Ask the scheduler how many threads the cluster has at most this often (seconds).
    RECOUNT_S = 2.0

    def __init__(self, client: Client, run: str) -> None:
        from distributed import as_completed

        self.client = client
        self.run = run
        self.completed = as_completed(loop=client.loop)
        self.counted_at = -self.RECOUNT_S
        self.window = 1

    def capacity(self) -> int:
        """Two tasks per worker thread and two more: workers that join mid-run get work too."""
        now = time.monotonic()
        if now - self.counted_at >= self.RECOUNT_S:
            self.window = 2 * threads(self.client) + 2
            self.counted_at = now
        return self.window

    def submit(self, fn: Callable[[Any], Any], arg: Any, index: int) -> Future:
        future = self.client.submit(fn, arg, key=f"{self.run}-{index}", pure=False)
        self.completed.add(future)
        return future

    def finished(self, running: Collection[Future]) -> Iterable[Future]:
        return self.completed.next_batch(block=True)

    def result(self, future: Future) -> Any:
        from distributed import KilledWorker

        try:
            return future.result()
        except KilledWorker as e:
            raise BackendError(
                f"a task killed Dask workers repeatedly and was given up ({e}); check the workers' logs "
                "(memory limit? hexfort installed there?)"
            ) from None
        except Exception as e:
            if future.status == "error":
                raise  # the function itself raised: the caller handles it as in a local run
            raise BackendError(
                f"the Dask cluster lost a task ({type(e).__name__}: {e}); is the scheduler still running?"
            ) from None

    def cancel(self, futures: Collection[Future]) -> None:
        self.client.cancel(list(futures))


class DaskCluster(Backend["Client"]):
    """Tasks on the Dask cluster whose scheduler listens at ``address`` (``tcp://host:8786``).

    ``chunk`` items go in each task (default: :func:`chunk_size` from the run's
    size and the cluster's threads, so tasks are few enough for the scheduler
    yet many enough to keep every thread busy). Entering the backend connects and checks the
    workers; :meth:`map_ordered` without ``with`` does that for each call.
    Raises BackendError (MissingDask when Dask is not installed).
    """

    name = "dask"
    #: Items per task at most when ``chunk`` is automatic: more than locally, as each task costs the
    #: scheduler a round trip over the network.
    MOST_PER_TASK = 16

    def __init__(self, address: str, chunk: int | None = None, timeout: float = 10.0) -> None:
        self.address = address
        self.chunk = chunk
        self.timeout = timeout

    def _open(self) -> Client:
        return self.connect()

    def _release(self, handle: Client) -> None:
        handle.close()

    def connect(self) -> Client:
        """A client of the scheduler at ``address``, its workers checked; raises BackendError."""
        require_distributed()
        from distributed import Client

        try:
            client = Client(self.address, timeout=self.timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise BackendError(
                f"cannot reach the Dask scheduler at {self.address} ({type(e).__name__}: {e}). Is "
                "`dask scheduler` running there, and is its port open from this machine? (docs/cluster.md)"
            ) from None
        try:
            self._check_workers(client)
        except BaseException:
            client.close()
            raise
        return client

    def _check_workers(self, client: Client) -> None:
        try:
            prints = client.run(code_fingerprint)
        except Exception as e:
            raise BackendError(
                f"the Dask workers cannot run hexfort ({type(e).__name__}: {e}). Install hexfort, the same "
                "version as here, on every worker (pip install 'hexfort[cluster]') and restart them "
                "(docs/cluster.md)."
            ) from None
        check_fingerprints(code_fingerprint(), prints)

    def ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Generator[R, None, None]:
        with self._session() as client:
            size = self.chunk or chunk_size(len(items), threads(client), self.MOST_PER_TASK)
            run = f"hexfort-{getattr(fn, '__name__', 'task')}-{uuid.uuid4().hex[:8]}"
            yield from ordered_chunks(_DaskRunner(client, run), fn, items, size)

    def describe(self) -> str:
        if self._held is None:
            return f"Dask cluster at {self.address}"
        workers = self._held.nthreads()
        n = len(workers)
        return (f"Dask cluster at {self.address}: {n} worker{'s' if n != 1 else ''}, "
                f"{sum(workers.values())} threads")
