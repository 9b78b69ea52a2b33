"""Running cases in worker processes under time and memory bounds.

Each worker is a fresh Python process (spawned, not forked) that limits its own
address space with ``resource.setrlimit(RLIMIT_AS)`` and works in its own folder
(:func:`tests.fuzzing.harness.prepare_folder`). Three bounds hold for every case:

- CPU time: a profiling timer (``ITIMER_PROF``) interrupts a case that has used
  more than ``Bounds.cpu_seconds`` of processor time; the failure names the code
  it was stuck in. CPU time, not wall time, because the machine is shared and a
  busy neighbour can triple wall times.
- wall time: the parent kills a worker whose case has run ``Bounds.wall_seconds``
  (a case blocked in a system call uses no CPU, so only this catches it).
- memory: past ``Bounds.memory`` bytes of address space the loader gets a
  MemoryError, which the harness reports like any other exception. So that
  memory earlier inputs left behind (caches, the allocator's free lists) does
  not count against the next input, a worker holding more than half the bound
  after an input retires and a fresh one takes its place.

A killed or dead worker is replaced and its case counted as a failure; a worker
still busy at 80% of the wall time prints where it is (faulthandler) first.
"""

from __future__ import annotations

import contextlib
import faulthandler
import multiprocessing as mp
import os
import resource
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

__all__ = ["Bounds", "Result", "run_cases"]


@dataclass(frozen=True)
class Bounds:
    """What one input may use, for all its targets together: CPU and wall seconds, bytes of address space."""

    cpu_seconds: float = 10.0
    wall_seconds: float = 60.0
    memory: int = 1024 * 1024 * 1024

    @property
    def retire_at(self) -> int:
        """Resident bytes after which a worker is replaced: what earlier inputs left in caches and
        the allocator must not count against the next input's bound."""
        return self.memory // 2


class CpuLimit(BaseException):
    """A case used more than its CPU time (a BaseException, so no loader's handler catches it)."""


def _on_cpu_limit(signum: int, frame: Any) -> None:
    raise CpuLimit()


@dataclass(frozen=True)
class Result:
    """What happened to one input: wall and CPU time, per-target times, failures, the worker's peak memory."""

    index: int
    how: str
    seconds: float
    cpu_seconds: float
    target_seconds: tuple[tuple[str, float, float], ...]  # (target, wall seconds, CPU seconds)
    failures: tuple[tuple[str, str, str], ...]  # (target, signature, detail)
    peak_rss: int = 0
    #: How much this input raised the worker's peak memory (0 when it stayed under an earlier peak).
    rss_growth: int = 0
    #: The worker holds more than Bounds.retire_at after this input and ends; a fresh one replaces it.
    retiring: bool = False


def _worker(conn: Connection, seed: int, pool: dict[str, list[str]] | None, bounds: Bounds) -> None:
    """Run cases sent by index until None arrives; answer each with a Result."""
    from tests.fuzzing.harness import prepare_folder, run_case_timed, signature_of
    from tests.fuzzing.mutate import make_case
    from tests.fuzzing.seeds import seeds

    seeds()  # build the seed documents before the memory bound, once
    import engine.replay  # noqa: F401 - load the rules engine before the bound too
    import engine.validation.checks  # noqa: F401

    resource.setrlimit(resource.RLIMIT_AS, (bounds.memory, bounds.memory))
    signal.signal(signal.SIGPROF, _on_cpu_limit)
    with tempfile.TemporaryDirectory(prefix="hexfort-fuzz-") as tmp:
        folder = Path(tmp)
        prepare_folder(folder)
        while True:
            index = conn.recv()
            if index is None:
                break
            case = make_case(seed, index, pool)
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
            start, cpu = time.perf_counter(), time.process_time()
            faulthandler.dump_traceback_later(bounds.wall_seconds * 0.8)  # where a hang hangs, before the kill
            try:
                signal.setitimer(signal.ITIMER_PROF, bounds.cpu_seconds)
                failures, times = run_case_timed(case, folder)
                found = tuple((f.target, f.signature, f.detail) for f in failures)
            except CpuLimit as e:
                times = []
                where = signature_of(e).removeprefix("CpuLimit")
                found = (("cpu", f"CPU limit (over {bounds.cpu_seconds:g} s){where}",
                          "".join(traceback.format_exception(e))[-3000:]),)
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
                faulthandler.cancel_dump_traceback_later()
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
            retiring = _resident() > bounds.retire_at
            conn.send(Result(index, case.how, seconds, cpu, tuple(times), found, rss, rss - rss_before, retiring))
            if retiring:
                break


def _resident() -> int:
    """Bytes this process has in memory now (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0


class _Slot:
    """One worker process and the case it is busy with."""

    def __init__(self, ctx: Any, seed: int, pool: dict[str, list[str]] | None, bounds: Bounds) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker, args=(child, seed, pool, bounds), daemon=True)
        self.process.start()
        child.close()
        self.index: int | None = None
        self.started = 0.0

    def give(self, index: int) -> None:
        self.conn.send(index)
        self.index = index
        self.started = time.monotonic()

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()

    def kill(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


def run_cases(indices: Iterable[int], seed: int, jobs: int, bounds: Bounds,
              pool: dict[str, list[str]] | None = None,
              describe: Callable[[int], str] | None = None) -> Iterator[Result]:
    """Run the cases ``indices`` of campaign ``seed`` on ``jobs`` workers; yield each Result as it ends.

    A case past ``bounds.wall_seconds`` is killed and yields a Result with a
    wall-time failure; a worker that dies yields a "worker died" failure.
    ``describe(index)`` names such a case (by default its index).
    """
    ctx = mp.get_context("spawn")
    todo = iter(indices)
    slots = [_Slot(ctx, seed, pool, bounds) for _ in range(max(1, jobs))]
    idle = list(slots)
    busy: list[_Slot] = []
    describe = describe or (lambda i: f"input {i}")
    try:
        while True:
            while idle:
                index = next(todo, None)
                if index is None:
                    break
                slot = idle.pop()
                slot.give(index)
                busy.append(slot)
            if not busy:
                return
            now = time.monotonic()
            deadline = min(s.started for s in busy) + bounds.wall_seconds
            ready = wait([s.conn for s in busy], timeout=max(0.0, deadline - now))
            for slot in list(busy):
                if slot.conn in ready:
                    try:
                        result = slot.conn.recv()
                    except (EOFError, OSError):
                        slot.process.join(timeout=2)
                        code = slot.process.exitcode
                        yield _lost(slot, f"worker died (exit {code})", describe, bounds)
                        busy.remove(slot)
                        slot.kill()
                        idle.append(_Slot(ctx, seed, pool, bounds))
                        continue
                    busy.remove(slot)
                    if result.retiring:
                        slot.stop()
                        slot = _Slot(ctx, seed, pool, bounds)
                    idle.append(slot)
                    yield result
                elif time.monotonic() - slot.started > bounds.wall_seconds:
                    yield _lost(slot, f"wall-time limit (over {bounds.wall_seconds:g} s)", describe, bounds)
                    busy.remove(slot)
                    slot.kill()
                    idle.append(_Slot(ctx, seed, pool, bounds))
    finally:
        for slot in busy:
            slot.kill()
        for slot in idle:
            slot.stop()


def _lost(slot: _Slot, why: str, describe: Callable[[int], str], bounds: Bounds) -> Result:
    assert slot.index is not None
    spent = time.monotonic() - slot.started
    return Result(slot.index, describe(slot.index), spent, 0.0, (), (("worker", why, f"{describe(slot.index)}: {why}"),))


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
