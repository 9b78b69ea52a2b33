"""How full validation grows with the map: 900, 3,600, 10,000 and 40,000 hexes. Prints figures; asserts nothing.

Each size runs in its own fresh worker process, so its peak memory is its own.
A worker validates a map file as ``hexfort validate`` does (read, parse, schema,
model, every check) and prints:

- time: the best of a few runs, wall clock and CPU; beside it, in the same
  process, the same validation of the 900-hex map (the *reference run*). The
  ratio of the two CPU times is what to compare across sizes and machines (CPU
  time suffers less than wall clock from other work on a shared machine): for
  growth no worse than n log n it stays at or below the n log n column.
- memory: peak resident set size of the process (imports included; the
  figure after imports alone is printed too) and the peak of Python
  allocations during one validation (tracemalloc).
- exposure: the control-point exposure check alone, by field-of-view sweeps,
  beside the pair-by-pair sight checks it replaced (``--pairwise``; at 40,000
  hexes that reference takes seconds and hundreds of MB, so it runs last and
  its memory is reported as the process peak after it).

- with report: ``hexfort validate --format json`` in the same worker (its
  ``run``, the report written to memory), CPU: validation plus the report, which
  for a map with thousands of problems costs as much as the checks.

Three map families: ``rolling`` (the 60×60 map of ``bench_validate.py`` at each
size: rolling heights, ~15% walls), ``open`` (flat, 3% walls: nearly every
hex sees the point, the worst case for exposure) and ``fuzz`` (the big map of
the fuzz campaign, ``tests/fuzzing/mutate.py``'s ``huge_map_document``: one row
of random tokens repeated, so columns of walls and holes cut it into ~100 strips
a Soldier reaches only by rocket jumps, an eighth of the hexes holes, and
thousands of stairs climbing nowhere, each an HF110 warning).
Targets: 40,000 hexes in <= 2 s and <= 300 MB peak.

Run: ``.venv/bin/python bench/scaling.py [--pairwise] [--sizes 30 60 100 200] [--families rolling open fuzz]``.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import big_map  # noqa: E402

from engine.formats import save_map  # noqa: E402
from engine.mapmodel import Cell, HexMap, Terrain  # noqa: E402
from tests.fuzzing.mutate import huge_map_document  # noqa: E402

REFERENCE_SIZE = 30


def open_map(size: int, seed: int = 1) -> HexMap:
    """``big_map``'s layout, flattened to height 0 with 3% walls; the point and spawns kept open."""
    m = big_map(size, seed)
    rng = random.Random(seed)
    cells = {h: Cell(0, Terrain.WALL) if rng.random() < 0.03 else Cell(0) for h in m.cells}
    for h in [*m.control_points[0], *m.spawns.values()]:
        for x in (h if isinstance(h, frozenset) else (h,)):
            cells[x] = Cell(0)
    return HexMap.create(m.meta, cells, m.spawns, m.kits, m.control_points)


def fuzz_map(size: int, seed: int = 1) -> dict[str, object]:
    """The fuzz campaign's big map, ``size`` x ``size`` (a document: its rows are what the campaign writes)."""
    return huge_map_document(random.Random(f"scaling:{seed}"), size, size)


FAMILIES = {"rolling": big_map, "open": open_map, "fuzz": fuzz_map}


def write_family(family: str, size: int, path: Path) -> None:
    """Write the ``family`` map of side ``size`` to ``path``."""
    made = FAMILIES[family](size)
    if isinstance(made, HexMap):
        save_map(made, path)
    else:
        path.write_text(json.dumps(made), encoding="utf-8")


def _rss_mb() -> float:
    """Peak resident set size of this process so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _best(fn, runs: int) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds of ``runs`` calls."""
    walls, cpus = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return min(walls), min(cpus)


def worker(path: Path, reference: Path, pairwise: bool) -> dict[str, float]:
    """Measure one map in this (fresh) process; return the figures."""
    rss_imports = _rss_mb()
    from engine.formats import load_map
    from engine.games.koth.map_checks import exposure_counts
    from engine.mapmodel import Team
    from engine.rules.board import Board
    from engine.rules.fov import seers, seers_pairwise
    from engine.rules.sight import Sight
    from engine.validation.cli import add_arguments, run
    from engine.validation.registry import CheckContext
    from engine.validation.runner import validate_file
    from engine.validation.terrain import reach

    rss_imports = max(rss_imports, _rss_mb())
    n = len(load_map(path))
    runs = 3 if n > 5000 else 5
    ref_wall, ref_cpu = _best(lambda: validate_file(reference), 5)
    wall, cpu = _best(lambda: validate_file(path), runs)
    rss = _rss_mb()
    tracemalloc.start()
    validate_file(path)
    traced = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()

    m = load_map(path)
    ctx = CheckContext(m)
    b = Board.for_map(m)
    sight = Sight.for_board(b)
    cp = [b.index[h] for h in m.control_points[0] if not b.wall[b.index[h]]]
    cells = {t: reach(ctx, t).indices() for t in Team}
    exp_wall, _ = _best(lambda: exposure_counts(sight, cells, cp, seers), runs)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    cli = parser.parse_args(["--jobs", "1", "--format", "json", str(path)])
    _, report_cpu = _best(lambda: run(cli, io.StringIO(), io.StringIO()), runs)
    out = {"n": n, "wall": wall, "cpu": cpu, "ref_wall": ref_wall, "ref_cpu": ref_cpu, "rss": rss,
           "rss_imports": rss_imports, "traced": traced, "exposure": exp_wall, "report_cpu": report_cpu}
    if pairwise:
        fresh = Sight(b)  # no offsets cached yet, as in a fresh process
        w = time.perf_counter()
        want = exposure_counts(fresh, cells, cp, seers_pairwise)
        out["pairwise"] = time.perf_counter() - w
        out["pairwise_rss"] = _rss_mb()
        assert want == exposure_counts(sight, cells, cp, seers)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[30, 60, 100, 200], help="map sides (size x size)")
    ap.add_argument("--families", nargs="+", default=list(FAMILIES), choices=list(FAMILIES))
    ap.add_argument("--pairwise", action="store_true", help="also time the pair-by-pair exposure reference")
    ap.add_argument("--worker", nargs=2, metavar=("MAP", "REFERENCE"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(Path(args.worker[0]), Path(args.worker[1]), args.pairwise)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        reference = Path(tmp) / "reference.map.json"
        save_map(big_map(REFERENCE_SIZE), reference)
        paths = {}
        for family in args.families:
            for size in args.sizes:
                paths[family, size] = Path(tmp) / f"{family}{size}.map.json"
                write_family(family, size, paths[family, size])
        side = max(args.sizes)
        for family in args.families:
            wall, cpu, rss = _cli_run(paths[family, side])
            print(f"hexfort validate -q on the {family} {side}x{side} map, a whole fresh process "
                  f"(interpreter, imports, report): {wall:.2f} s wall, {cpu:.2f} s CPU, peak RSS {rss:.0f} MB")
        print()
        print(f"ref: validating the {REFERENCE_SIZE}x{REFERENCE_SIZE} ({REFERENCE_SIZE ** 2}-hex) 'rolling' map "
              "in the same worker (CPU); x ref = CPU / ref CPU; n, nlogn: growth from the reference size\n")
        print(f"{'map':>8} {'hexes':>7} | {'wall':>8} {'CPU':>8} {'ref':>7} {'x ref':>6} | "
              f"{'n':>5} {'nlogn':>6} | {'RSS':>6} {'imports':>7} {'traced':>7} | {'w/ report':>9} {'x ref':>6} | "
              f"{'exposure':>9}"
              + (f" {'pairwise':>9} {'its RSS':>7}" if args.pairwise else ""))
        for family, size in paths:
            cmd = [sys.executable, __file__, "--worker", str(paths[family, size]), str(reference)]
            cmd += ["--pairwise"] if args.pairwise else []
            done = subprocess.run(cmd, capture_output=True, text=True, check=True)
            _print_row(family, json.loads(done.stdout))


def _nlogn(n: float) -> float:
    return n * math.log(n)


def _print_row(family: str, r: dict[str, float]) -> None:
    n0 = REFERENCE_SIZE ** 2
    pw = f" {r['pairwise'] * 1000:7.0f}ms {r['pairwise_rss']:5.0f}MB" if "pairwise" in r else ""
    print(f"{family:>8} {r['n']:>7,} | {r['wall'] * 1000:6.0f}ms {r['cpu'] * 1000:6.0f}ms "
          f"{r['ref_cpu'] * 1000:5.0f}ms {r['cpu'] / r['ref_cpu']:6.1f} | "
          f"{r['n'] / n0:5.1f} {_nlogn(r['n']) / _nlogn(n0):6.1f} | "
          f"{r['rss']:4.0f}MB {r['rss_imports']:5.0f}MB {r['traced']:5.0f}MB | "
          f"{r['report_cpu'] * 1000:7.0f}ms {r['report_cpu'] / r['ref_cpu']:6.1f} | "
          f"{r['exposure'] * 1000:7.1f}ms{pw}", flush=True)


#: Run in a new interpreter: run the command given and print its wall and CPU seconds and peak RSS (MB).
_MEASURE_CHILD = ("import resource, subprocess, sys, time\n"
                  "t = time.perf_counter()\n"
                  "subprocess.run(sys.argv[1:], capture_output=True, check=False)\n"
                  "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
                  "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss / 1024)\n")


def _cli_run(path: Path) -> tuple[float, float, float]:
    """Wall and CPU seconds and peak RSS (MB) of ``hexfort validate -q PATH`` as a whole new process.

    A go-between process runs it and reads its resource use, so the figures are that
    run's alone, whatever else this process has run.
    """
    exe = Path(sys.executable).with_name("hexfort")
    done = subprocess.run([sys.executable, "-c", _MEASURE_CHILD, str(exe), "validate", "-q", str(path)],
                          capture_output=True, text=True, check=True)
    wall, cpu, rss = (float(x) for x in done.stdout.split())
    return wall, cpu, rss


if __name__ == "__main__":
    main()
