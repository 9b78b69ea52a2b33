"""What each backend costs: the same batch and the same folder in-process, in a pool, on a local Dask cluster.

The reference is the in-process run (one core, no pickling). Beside it: a
ProcessPool of 2, and a two-worker ``LocalCluster`` (processes, one thread each)
reached over TCP like a remote cluster, with one game per task and with the
automatic chunk size. Every run must give the same results as the reference
(checked). Figures: wall seconds and the speed-up over the reference (on a
2-core machine 2 workers can at best halve the time, and only if nothing else
runs), and CPU seconds spent by all processes involved (this one, the pool's,
the cluster's workers) over the reference's: the overhead each backend adds,
which other work on the machine does not blur as much. Connecting to the
cluster is timed apart. Asserts nothing else.

Run: ``.venv/bin/python bench/backends.py [games] [files]`` (needs the cluster extra).
"""

from __future__ import annotations

import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _common import REPO, koth_scenarios

from engine.parallel.backends import Backend, InProcess, ProcessPool
from engine.parallel.dask_cluster import DaskCluster
from engine.simulation.batch import play_one
from engine.validation.runner import FileJob, validate_job


def cpu_seconds() -> float:
    """CPU time of this process, plus that of its finished children (a pool's workers, once shut down)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def worker_cpu_seconds() -> float:
    """CPU time of the process it runs in (sent to each Dask worker)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def timed(backend: Backend, fn, items) -> tuple[float, float, list]:  # type: ignore[no-untyped-def]
    """(wall seconds, CPU seconds of every process involved, results)."""
    cpu0 = cpu_seconds()
    with backend:
        client = getattr(backend, "_held", None) if isinstance(backend, DaskCluster) else None
        workers0 = sum(client.run(worker_cpu_seconds).values()) if client else 0.0
        t = time.perf_counter()
        out = backend.map_ordered(fn, items)
        wall = time.perf_counter() - t
        workers = sum(client.run(worker_cpu_seconds).values()) - workers0 if client else 0.0
    return wall, cpu_seconds() - cpu0 + workers, out


def compare(title: str, fn, items, backends: dict[str, Backend]) -> None:  # type: ignore[no-untyped-def]
    print(title)
    ref_wall, ref_cpu, ref = timed(InProcess(), fn, items)
    print(f"  {'in-process (reference)':34} {ref_wall:7.2f} s wall  1.00x    {ref_cpu:7.2f} s CPU  1.00x")
    for name, backend in backends.items():
        wall, cpu, out = timed(backend, fn, items)
        same = out == ref if fn is play_one else [(r.path, r.problems) for r in out] == [
            (r.path, r.problems) for r in ref]
        print(f"  {name:34} {wall:7.2f} s wall  {ref_wall / wall:4.2f}x faster  {cpu:7.2f} s CPU  "
              f"{cpu / ref_cpu:4.2f}x{'' if same else '   RESULTS DIFFER'}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    files = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address="127.0.0.1:0",
                           host="127.0.0.1")
    try:
        address = cluster.scheduler_address
        t = time.perf_counter()
        with DaskCluster(address):
            pass
        print(f"connecting to the local cluster and checking its workers: {time.perf_counter() - t:.2f} s")
        backends: dict[str, Backend] = {
            "process pool, 2 workers": ProcessPool(2),
            "dask, 2 workers, 1 item per task": DaskCluster(address, chunk=1),
            "dask, 2 workers, automatic chunks": DaskCluster(address),
        }
        scenario = koth_scenarios()["koth_crossroads"]
        work = [(scenario, 1, i, ("heuristic", "heuristic")) for i in range(games)]
        compare(f"{games} games on koth_crossroads (heuristic vs heuristic):", play_one, work, backends)
        maps = sorted((REPO / "maps").glob("*.map.json"))
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(files):
                shutil.copy(maps[i % len(maps)], Path(tmp) / f"{i:04}_{maps[i % len(maps)].name}")
            jobs = [FileJob(p, str(Path.cwd()), True) for p in sorted(Path(tmp).iterdir())]
            compare(f"validating {files} bundled maps:", validate_job, jobs, backends)
    finally:
        cluster.close()


if __name__ == "__main__":
    main()
