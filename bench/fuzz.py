"""The hostile-input fuzz campaign (issue #13): every loader and ``hexfort validate`` on broken files.

Each input is one hostile file made reproducibly from a seed and its index
(``tests/fuzzing/mutate.py``): the bundled maps, scenarios, ruleset, a replay and a
validation report mutated as JSON trees, as text and as bytes; other encodings
(UTF-8 BOM, UTF-16 with and without BOM, UTF-32, Latin-1, invalid UTF-8); deep
nesting, huge numbers and coordinates, maps at and past the size limits, very
long strings, duplicate keys, NaN/Infinity; documents generated from the JSON
schemas by hypothesis (``tests/fuzzing/schema_docs.py``); and hostile paths:
folders, pipes, symlink loops, dangling links, devices, sockets, unreadable files
(simulated when running as root, who reads anything), files that vanish, change
kind or grow while read, a sparse 10 GB file, a name that is not UTF-8.

Every input goes to the loader meant for it, to ``load_any`` (what the editor
opens files with) and to ``hexfort validate`` (JSON or text report, sometimes
``--strict``); some go to every loader. Each must end in a value that survives
save and reload, or a LoadError naming the file and the place with a short,
printable message; the validator must exit 0 or 1 with a report that follows
``schemas/report.schema.json``. Anything else is a failure, counted by exception
type and the innermost hexfort frame (``tests/fuzzing/harness.py``).

Bounds, for each input with all its targets together: 10 s of CPU time, 60 s
of wall time, 1 GiB of address space. Inputs run in worker processes
(``tests/fuzzing/workers.py``): each limits its address space with
``resource.setrlimit(RLIMIT_AS)`` (past it a loader gets a MemoryError, a
failure) and arms a profiling timer that interrupts an input past its CPU time
(a failure naming the code it was stuck in); the parent kills a worker whose
input has run past the wall time (an input blocked in a system call uses no
CPU). A worker holding over 512 MB after an input is replaced, so what earlier
inputs left in caches does not count against the next. CPU time is the bound
that matters because this machine is shared: a busy neighbour triples wall
times. Measured: the costliest inputs are maximum-size (40,000-hex) maps and
scenarios embedding them, which go through up to six targets (load, save and
reload, load_any, validate) in 1.5-5 s of CPU. The costliest single target,
``validate --format json`` on such a map, takes about 1 s of CPU (and 5-17 s of
wall time when the machine is busy): validation itself is ~0.5-0.65 s, no
slower than ``bench/scaling.py``'s other 40,000-hex maps (its ``fuzz`` family is
this map), and the rest is the report of its ~9,000 warnings (stairs climbing
nowhere) and the harness checking that report against its schema. Everything
else takes milliseconds. Per target, wall and CPU times are printed (``--show``).

Prints the inputs tried, the distinct failures, the slowest input (by CPU and by
wall time) and target call, the workers' peak memory, and a reference figure from
this process -- the time to ``json.loads`` the bundled Crossroads map -- so the
times read as ratios.
Exit status 1 when there are failures.

With ``--atheris RUNS`` a coverage-guided stage follows (atheris, an optional
package: ``.venv/bin/python -m pip install -e '.[fuzz]'``): libFuzzer mutates bytes toward code the other
inputs did not reach, starting from the seed documents, under its own bounds
(30 s and 1 GiB per input); its failures are counted the same way.

Run:  .venv/bin/python bench/fuzz.py [--inputs 100000] [--seed 1] [--jobs 2] [--atheris 20000]
      .venv/bin/python bench/fuzz.py --show INDEX   (make one input again, save it, run it here)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzzing.workers import Bounds, Result, cpu_count, run_cases  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def _reference(n: int = 5000) -> tuple[float, float]:
    """CPU and wall seconds for one ``json.loads`` of the bundled Crossroads map (best of 3 runs of ``n``)."""
    text = (MAPS / "koth_crossroads.map.json").read_text(encoding="utf-8")
    best_cpu = best_wall = float("inf")
    for _ in range(3):
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            json.loads(text)
        best_cpu = min(best_cpu, (time.process_time() - cpu) / n)
        best_wall = min(best_wall, (time.perf_counter() - wall) / n)
    return best_cpu, best_wall


def _pool(per_kind: int, seed: int) -> dict[str, list[str]]:
    from tests.fuzzing.schema_docs import documents
    from tests.fuzzing.seeds import KINDS

    return {kind: documents(kind, per_kind, seed) for kind in KINDS} if per_kind else {}


def _show(index: int, seed: int, per_kind: int, out: Path) -> int:
    """Make input ``index`` again, write it to ``out``, run it in this process and print what happened."""
    import tempfile

    from tests.fuzzing.harness import prepare_folder, run_case_timed
    from tests.fuzzing.mutate import make_case

    case = make_case(seed, index, _pool(per_kind, seed))
    out.write_bytes(case.data)
    print(f"input {index}: {case.how}\n  kind {case.kind}, {len(case.data):,} bytes"
          f"{', filesystem case ' + case.fs if case.fs else ''}; bytes written to {out}")
    with tempfile.TemporaryDirectory() as tmp:
        prepare_folder(Path(tmp))
        failures, times = run_case_timed(case, Path(tmp))
    for name, seconds, cpu in times:
        print(f"  {name:<24} {seconds * 1000:9.1f} ms wall {cpu * 1000:9.1f} ms CPU")
    for f in failures:
        print(f"FAILURE {f.target}: {f.signature}\n{f.detail}")
    return 1 if failures else 0


def _atheris_child(runs: int, seed: int, failures: Path) -> None:
    """The coverage-guided stage, in its own process: atheris (libFuzzer) mutates bytes to reach new code.

    Its first byte picks the kind of file, the rest is the file; the corpus starts
    from the seed documents. Failures go to ``failures`` as JSON lines (the input
    goes on); libFuzzer's own bounds (-timeout, -rss_limit_mb) end the run on a
    hang or a memory blow-up, which the parent counts as a failure.
    """
    import tempfile

    import atheris  # optional: the "fuzz" extra

    with atheris.instrument_imports(include=["engine"]):
        import engine.formats.detect  # noqa: F401 - instrumented for coverage
        import engine.replay  # noqa: F401
        import engine.validation.checks  # noqa: F401
        import engine.validation.cli  # noqa: F401
    from tests.fuzzing.harness import prepare_folder, run_case
    from tests.fuzzing.mutate import Case
    from tests.fuzzing.seeds import KINDS, seeds

    folder = Path(tempfile.mkdtemp(prefix="hexfort-atheris-"))
    prepare_folder(folder)
    corpus = folder / "corpus"
    corpus.mkdir()
    for i, s in enumerate(seeds()):
        (corpus / f"seed{i}").write_bytes(bytes([KINDS.index(s.kind)]) + s.text.encode())
    out = failures.open("a", encoding="utf-8")

    def one(data: bytes) -> None:
        kind = KINDS[data[0] % len(KINDS)] if data else None
        case = Case(0, kind, f"atheris: {len(data)} bytes", bytes(data[1:]))
        for f in run_case(case, folder):
            out.write(json.dumps({"target": f.target, "signature": f.signature, "detail": f.detail,
                                  "input": data[:2000].hex()}) + "\n")
            out.flush()

    atheris.Setup([sys.argv[0], f"-runs={runs}", f"-seed={seed}", "-rss_limit_mb=1024", "-timeout=30",
                   "-max_len=65536", "-print_final_stats=1", str(corpus)], one)
    atheris.Fuzz()


def _atheris(runs: int, seed: int) -> dict[str, list[str]] | None:
    """Run the coverage-guided stage; its failures by signature (None when atheris is not installed)."""
    import importlib.util
    import subprocess
    import tempfile

    if importlib.util.find_spec("atheris") is None:
        print("coverage-guided stage: skipped, atheris is not installed "
              "(.venv/bin/python -m pip install -e '.[fuzz]')")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        failures = Path(tmp) / "failures.jsonl"
        failures.touch()
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--atheris-child", str(runs), "--seed", str(seed),
                               "--out", str(failures)], capture_output=True, text=True)
        wall = time.perf_counter() - start
        found: dict[str, list[str]] = {}
        for line in failures.read_text(encoding="utf-8").splitlines():
            f = json.loads(line)
            found.setdefault(f["signature"], []).append(f"{f['target']}: {f['detail'][-600:]}")
        stats = [ln for ln in proc.stderr.splitlines() if ln.startswith(("stat::number_of_executed_units",
                                                                         "#", "Done"))]
        if proc.returncode != 0:
            tail = "\n".join(proc.stderr.splitlines()[-8:])
            found.setdefault(f"atheris ended with status {proc.returncode}", []).append(tail)
        executed = next((ln.split(":")[-1].strip() for ln in stats if "executed_units" in ln), "?")
        cov = next((ln.split("cov: ")[1].split()[0] for ln in reversed(stats) if "cov: " in ln), "?")
        print(f"coverage-guided stage (atheris): {executed} inputs in {wall:,.0f} s, {cov} edges covered, "
              f"{len(found)} distinct failures")
        return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="inputs to try (default 100,000)")
    ap.add_argument("--seed", type=int, default=1, help="campaign seed: the same seed makes the same inputs")
    ap.add_argument("--jobs", type=int, default=cpu_count(), help="worker processes (default: all cores)")
    ap.add_argument("--cpu-seconds", type=float, default=Bounds.cpu_seconds, help="CPU-time bound per input")
    ap.add_argument("--wall-seconds", type=float, default=Bounds.wall_seconds, help="wall-time bound per input")
    ap.add_argument("--memory-mb", type=int, default=Bounds.memory // 2**20, help="address-space bound per worker")
    ap.add_argument("--pool", type=int, default=400, help="schema-generated documents per kind (0: none)")
    ap.add_argument("--show", type=int, metavar="INDEX", help="make one input again and run it in this process")
    ap.add_argument("--out", type=Path, default=Path("fuzz-input.bin"), help="where --show writes the input")
    ap.add_argument("--atheris", type=int, default=0, metavar="RUNS",
                    help="also run RUNS inputs of coverage-guided fuzzing with atheris (optional package)")
    ap.add_argument("--atheris-child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.atheris_child is not None:
        _atheris_child(args.atheris_child, args.seed, args.out)
        return 0
    if args.show is not None:
        return _show(args.show, args.seed, args.pool, args.out)

    bounds = Bounds(args.cpu_seconds, args.wall_seconds, args.memory_mb * 2**20)
    reference = _reference()
    start = time.perf_counter()
    pool = _pool(args.pool, args.seed)
    pool_seconds = time.perf_counter() - start
    print(f"hexfort fuzz campaign: seed {args.seed}, {args.inputs:,} inputs on {args.jobs} worker(s); "
          f"bounds per input: {bounds.cpu_seconds:g} s CPU, {bounds.wall_seconds:g} s wall, "
          f"{bounds.memory // 2**20} MB address space")
    print(f"schema-generated pool: {sum(map(len, pool.values())):,} documents in {pool_seconds:.1f} s")

    families: Counter[str] = Counter()
    failures: dict[str, list[tuple[Result, str, str]]] = {}
    slowest_cpu: Result | None = None
    slowest_wall: Result | None = None
    slowest_target = ("", 0.0, 0.0, 0)  # by wall: (target, wall seconds, CPU seconds, input)
    slowest_target_cpu = ("", 0.0, 0.0, 0)  # by CPU
    peak_rss = 0
    hungriest: Result | None = None
    total_cpu = 0.0
    done = 0
    start = time.perf_counter()
    last = start
    for r in run_cases(range(args.inputs), args.seed, args.jobs, bounds, pool):
        done += 1
        families[r.how.split(" ", 1)[0]] += 1
        total_cpu += r.cpu_seconds
        peak_rss = max(peak_rss, r.peak_rss)
        if hungriest is None or r.rss_growth > hungriest.rss_growth:
            hungriest = r
        if slowest_cpu is None or r.cpu_seconds > slowest_cpu.cpu_seconds:
            slowest_cpu = r
        if slowest_wall is None or r.seconds > slowest_wall.seconds:
            slowest_wall = r
        for name, seconds, cpu in r.target_seconds:
            if seconds > slowest_target[1]:
                slowest_target = (name, seconds, cpu, r.index)
            if cpu > slowest_target_cpu[2]:
                slowest_target_cpu = (name, seconds, cpu, r.index)
        for target, signature, detail in r.failures:
            failures.setdefault(signature, []).append((r, target, detail))
        now = time.perf_counter()
        if now - last > 30:
            rate = done / (now - start)
            print(f"  ... {done:,} inputs, {len(failures)} distinct failures, {rate:,.0f}/s", file=sys.stderr)
            last = now
    wall = time.perf_counter() - start

    print(f"inputs tried:        {done:,} in {wall:,.0f} s ({done / max(wall, 1e-9):,.0f}/s); by family: "
          + ", ".join(f"{k} {v:,}" for k, v in families.most_common()))
    print(f"distinct failures:   {len(failures)} (by exception type + innermost hexfort frame)")
    for signature, hits in sorted(failures.items(), key=lambda kv: -len(kv[1])):
        r, target, detail = hits[0]
        print(f"  {len(hits):>6} x {signature}\n         first: input {r.index} ({r.how[:100]}) in {target}\n"
              + "\n".join("         | " + line for line in detail.strip().splitlines()[-6:]))
    cpu_ref, wall_ref = reference
    if slowest_cpu is not None and slowest_wall is not None:
        print(f"slowest input (CPU): {slowest_cpu.cpu_seconds:.2f} s CPU ({slowest_cpu.seconds:.2f} s wall) "
              f"= {slowest_cpu.cpu_seconds / cpu_ref:,.0f}x reference; input {slowest_cpu.index}: "
              f"{slowest_cpu.how[:80]}")
        print(f"slowest input (wall): {slowest_wall.seconds:.2f} s wall ({slowest_wall.cpu_seconds:.2f} s CPU); "
              f"input {slowest_wall.index}: {slowest_wall.how[:80]}")
        for by, (name, seconds, cpu, index) in (("wall", slowest_target), ("CPU", slowest_target_cpu)):
            print(f"slowest target call ({by}): {seconds:.2f} s wall, {cpu:.2f} s CPU ({name}, input {index})")
        mean = total_cpu / max(done, 1)
        print(f"mean input:          {mean * 1000:.2f} ms CPU = {mean / cpu_ref:,.0f}x reference")
    print(f"peak worker memory:  {peak_rss / 2**20:,.0f} MB (max RSS of any worker)"
          + (f"; the input that raised it most: {hungriest.index} (+{hungriest.rss_growth / 2**20:,.0f} MB, "
             f"{hungriest.how[:70]})" if hungriest is not None and hungriest.rss_growth else ""))
    print(f"reference:           json.loads of the bundled Crossroads map "
          f"({(MAPS / 'koth_crossroads.map.json').stat().st_size:,} bytes), in this process: "
          f"{cpu_ref * 1e6:.1f} µs CPU ({wall_ref * 1e6:.1f} µs wall)")
    guided = _atheris(args.atheris, args.seed) if args.atheris else None
    for signature, details in (guided or {}).items():
        print(f"  {len(details):>6} x {signature}\n"
              + "\n".join("         | " + line for line in details[0].strip().splitlines()[-6:]))
    return 1 if failures or guided else 0


if __name__ == "__main__":
    raise SystemExit(main())
