"""How fast is validation? Prints figures; asserts nothing.

1. Full validation (parse, schema, structure, reachability, fairness, symmetry,
   sight) of a 60×60 (3,600-hex) King of the Board map. Target: <= 150 ms.
   Each run loads the map again, so boards and movement tables are rebuilt;
   only process-wide geometry caches are warm. Figures before the speed work
   (same machine): median ~245 ms.
2. The same validation in a fresh process (nothing cached, imports timed
   apart). Before: ~1.7 s for the validation, the sight geometry dominating.
3. A folder of 200 bundled-size maps (the bundled maps, copied) with two worker
   processes. Target: <= 10 s on 2 cores.

Run: .venv/bin/python bench/bench_validate.py
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import reference_rate  # noqa: E402

from engine.formats import dumps_map, loads_map  # noqa: E402
from engine.hexgrid import ODD, Hex, OffsetCoord, Symmetry, roffset_to_cube  # noqa: E402
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain  # noqa: E402
from engine.validation.checks import check_map  # noqa: E402
from engine.validation.runner import find_files, validate_files  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def big_map(size: int = 60, seed: int = 1) -> HexMap:
    """A point-symmetric size×size map: rolling heights, ~15% walls, some low obstacles."""
    rng = random.Random(seed)
    hexes = [roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(size) for c in range(size)]
    half = Symmetry(3, False)
    qs = [h.q for h in hexes]
    rs = [h.r for h in hexes]
    c2 = (min(qs) + max(qs), min(rs) + max(rs))
    hexset = set(hexes)
    cells: dict[Hex, Cell] = {}
    for h in hexes:
        if h in cells:
            continue
        x = rng.random()
        cell = Cell(0, Terrain.WALL) if x < 0.15 else Cell(0, Terrain.LOW) if x < 0.2 else Cell(rng.choice((0, 0, 1, 1, 2)))
        cells[h] = cell
        twin = half.apply_about(h, c2)
        if twin is not None and twin in hexset:
            cells[twin] = cell
    center = hexes[len(hexes) // 2 + size // 2]
    cp = [center] + [n for n in center.neighbors() if n in hexset][:2]
    for h in cp:
        cells[h] = Cell(2)
        for n in h.neighbors():
            if n in hexset and n not in cp:
                cells[n] = Cell(1)
    red = [roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(2, 6) for c in range(1, 4)]
    for h in red:
        cells[h] = Cell(0)
    blu = [half.apply_about(h, c2) for h in red]
    for h in blu:
        cells[h] = Cell(0)
    kits = [roffset_to_cube(ODD, OffsetCoord(size // 4, size // 4))]
    return HexMap.create(MapMeta("bench 60x60"), cells, {Team.RED: red, Team.BLU: blu}, kits, [cp])


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def timed_against_reference(fn, repeat: int) -> tuple[list[float], list[float]]:
    """CPU ms of each of ``repeat`` runs of ``fn``, and each run's CPU time in reference-loop iterations, the
    loop's rate timed just before the run (this machine's speed swings within seconds, so a rate taken once
    at the start mislabels later runs)."""
    ms, iters = [], []
    for _ in range(repeat):
        rate = reference_rate(500_000)
        t = time.process_time()
        fn()
        dt = time.process_time() - t
        ms.append(dt * 1000)
        iters.append(dt * rate)
    return ms, iters


def main() -> None:
    m = big_map()
    text = dumps_map(m)
    print(f"map: {len(m)} hexes, {len(text):,} bytes of JSON")
    load = timed(lambda: loads_map(text), 7)
    check, in_ref = timed_against_reference(lambda: check_map(loads_map(text)), 7)
    problems = check_map(m)
    print(f"parse + schema + model: median {statistics.median(load):.1f} ms")
    print(f"full validation (load + all checks): median {statistics.median(check):.1f} ms CPU, "
          f"best {min(check):.1f} ms   [target <= 150 ms]")
    print(f"  in reference-loop iterations (the loop timed just before each run): median "
          f"{statistics.median(in_ref) / 1e6:.2f} M, best {min(in_ref) / 1e6:.2f} M — a machine twice as fast halves "
          f"the ms, not this")
    print(f"  ({len(problems)} problems: {', '.join(sorted({p.code for p in problems}))})")

    fresh_process(text)

    bundled = [p for p in find_files([MAPS]) if p.name.endswith(".map.json")]
    if not bundled:
        print("no bundled maps found; skipping the folder benchmark")
        return
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(200):
            src = bundled[i % len(bundled)]
            shutil.copy(src, Path(tmp) / f"{i:03}_{src.name}")
        files = list(find_files([tmp]))
        for jobs in (1, 2):
            t = time.perf_counter()
            results = validate_files(files, jobs=jobs)
            dt = time.perf_counter() - t
            print(f"folder of {len(files)} bundled-size maps, --jobs {jobs}: {dt:.2f} s "
                  f"({sum(r.errors for r in results)} errors)   [target <= 10 s on 2 cores]")


_FRESH = """
import sys, time
t0 = time.perf_counter()
from engine.formats import loads_map
from engine.validation.checks import check_map
t1 = time.perf_counter()
check_map(loads_map(open(sys.argv[1]).read()))
print((t1 - t0) * 1000, (time.perf_counter() - t1) * 1000)
"""


def fresh_process(text: str, runs: int = 5) -> None:
    """Validate the map once in each of ``runs`` new interpreters; print median import and check times."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.map.json"
        path.write_text(text)
        root = str(Path(__file__).resolve().parents[1])
        times = []
        for _ in range(runs):
            out = subprocess.run([sys.executable, "-c", _FRESH, str(path)], capture_output=True, text=True,
                                 check=True, cwd=root)
            times.append(tuple(float(x) for x in out.stdout.split()))
    imports = statistics.median(t[0] for t in times)
    check = statistics.median(t[1] for t in times)
    print(f"fresh process: imports {imports:.0f} ms, first validation {check:.0f} ms (median of {runs}; "
          "was ~1,700 ms with shapely sight geometry)")


if __name__ == "__main__":
    main()
