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

Two map families: ``rolling`` (the 60×60 map of ``bench_validate.py`` at each
size: rolling heights, ~15% walls) and ``open`` (flat, 3% walls: nearly every
hex sees the point, the worst case for exposure).
Targets: 40,000 hexes in <= 2 s and <= 300 MB peak.

Run: ``.venv/bin/python bench/scaling.py [--pairwise] [--sizes 30 60 100 200]``.
"""

from __future__ import annotations

import argparse
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


FAMILIES = {"rolling": big_map, "open": open_map}


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
    from engine.mapmodel import Team
    from engine.rules.board import Board
    from engine.rules.fov import seers, seers_pairwise
    from engine.rules.sight import Sight
    from engine.validation.fairness import exposure_counts
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
    out = {"n": n, "wall": wall, "cpu": cpu, "ref_wall": ref_wall, "ref_cpu": ref_cpu, "rss": rss,
           "rss_imports": rss_imports, "traced": traced, "exposure": exp_wall}
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
                save_map(FAMILIES[family](size), paths[family, size])
        # first, while no other child has run: the children's peak RSS is this run's own
        biggest = (args.families[0], max(args.sizes))
        wall, cpu, rss = _cli_run(paths[biggest])
        print(f"hexfort validate on the {biggest[0]} {biggest[1]}x{biggest[1]} map, a whole fresh process "
              f"(interpreter, imports, report): {wall:.2f} s wall, {cpu:.2f} s CPU, peak RSS {rss:.0f} MB\n")
        print(f"ref: validating the {REFERENCE_SIZE}x{REFERENCE_SIZE} ({REFERENCE_SIZE ** 2}-hex) 'rolling' map "
              "in the same worker (CPU); x ref = CPU / ref CPU; n, nlogn: growth from the reference size\n")
        print(f"{'map':>8} {'hexes':>7} | {'wall':>8} {'CPU':>8} {'ref':>7} {'x ref':>6} | "
              f"{'n':>5} {'nlogn':>6} | {'RSS':>6} {'imports':>7} {'traced':>7} | {'exposure':>9}"
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
          f"{r['exposure'] * 1000:7.1f}ms{pw}", flush=True)


def _cli_run(path: Path) -> tuple[float, float, float]:
    """Wall and CPU seconds and peak RSS (MB) of ``hexfort validate PATH`` in a new process.

    The figures are those of all finished child processes, so call this before any other.
    """
    exe = Path(sys.executable).with_name("hexfort")
    t = time.perf_counter()
    subprocess.run([str(exe), "validate", "-q", str(path)], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, use.ru_utime + use.ru_stime, use.ru_maxrss / 1024


if __name__ == "__main__":
    main()
