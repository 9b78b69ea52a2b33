"""The ``--backend`` / ``--scheduler`` options every long-running command shares, and the backend they pick.

A command declares ``--jobs`` itself (its default differs) and these with
:func:`add_backend_arguments`, builds its backend with :func:`backend_from_args`
and runs its work there with :func:`run_on`, which turns Ctrl-C into a partial
result.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Final, TextIO, TypeVar

from engine.parallel.backends import Backend, Interrupted
from engine.parallel.progress import ProgressBar

__all__ = ["BACKENDS", "UsageError", "add_backend_arguments", "backend_from_args", "run_on"]

R = TypeVar("R")

BACKENDS = ("local", "dask")


class UsageError(Exception):
    """The options do not fit together, or what they need is not installed; exit status 2."""


def add_backend_arguments(p: argparse.ArgumentParser) -> None:
    """Declare ``--backend`` and ``--scheduler`` on ``p``."""
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="where the work runs: 'local' (this machine, --jobs processes; the default) or 'dask' "
                        "(an existing Dask cluster, see --scheduler and docs/cluster.md)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --backend dask: the Dask scheduler's address, e.g. tcp://10.0.0.5:8786")


#: A scheduler address: an optional protocol, a host (a name, an IPv4 address or a bracketed IPv6 one) and a port.
_ADDRESS: Final = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?(?:\[[0-9a-f:.]+\]|[^/:\s\[\]]+):\d{1,5}$", re.IGNORECASE)


def backend_from_args(args: argparse.Namespace, local: Callable[[int | None], Backend]) -> Backend:
    """The backend the options ask for; ``local(jobs)`` builds the command's local one.

    ``args`` has ``backend``, ``scheduler`` and ``jobs`` (None when not given).
    Raises UsageError when the options contradict each other or when
    ``--backend dask`` is asked for without Dask installed (the message says how
    to install it).
    """
    if args.backend == "dask":
        from engine.parallel.dask_cluster import DaskCluster, MissingDask, require_distributed

        if not args.scheduler:
            raise UsageError("--backend dask needs --scheduler ADDRESS (the Dask scheduler, e.g. "
                             "tcp://10.0.0.5:8786; see docs/cluster.md)")
        if not _ADDRESS.match(args.scheduler):  # without a port it waited 20 s and ended in a traceback (an audit)
            raise UsageError(f"--scheduler {args.scheduler}: give the scheduler's address with its port, e.g. "
                             "tcp://10.0.0.5:8786 (see docs/cluster.md)")
        if args.jobs is not None:
            raise UsageError("--jobs is for --backend local; on a Dask cluster the workers' threads "
                             "decide how many tasks run at once")
        try:
            require_distributed()
        except MissingDask as e:
            raise UsageError(str(e)) from None
        return DaskCluster(args.scheduler)
    if args.scheduler:
        raise UsageError("--scheduler is for --backend dask (add --backend dask to run on that cluster)")
    return local(args.jobs)


def run_on(backend: Backend, work: Callable[[Backend], list[R]], bar: ProgressBar, prog: str,
           err: TextIO) -> tuple[list[R], bool]:
    """Open ``backend``, run ``work(backend)`` and return (its results, whether Ctrl-C cut it short).

    On Ctrl-C the results finished so far come back (see Interrupted) and a line on
    ``err`` says how many of the planned ``bar.total`` there are; a cluster is
    named on ``err`` before the work starts. BackendError, and whatever ``work``
    raises, propagate (the progress line is ended first).
    """
    try:
        with backend:
            if backend.name != "local":
                print(f"{prog}: running on {backend.describe()}", file=err)
            return work(backend), False
    except Interrupted as e:
        bar.close()
        print(f"{prog}: interrupted; reporting the {len(e.done)} of {bar.total} {bar.noun} that finished",
              file=err)
        return e.done, True
    finally:
        bar.close()
