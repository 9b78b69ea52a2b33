"""The balance fixer's campaign (issue #20): deliberately unbalanced maps brought to "no side favoured".

    python bench/rebalance.py [--games koth,teamplay,payload] [--only NAME|MAP:bundled ...] [--minutes 10] [--jobs 2]
                              [--reference-budget] [--fair] [--json OUT] [--carry EARLIER.json ...] [--list]

For each case of :mod:`rebalance_cases` (a bundled map, or an asymmetric
variant of one, made unfair by an edit of known effect) it runs the
rebalancer as ``hexfort rebalance`` does, then plays an *independent* batch
of 1,000 games on fresh seeds (a seed the rebalancer never uses) on the map it
wrote, judged by the fixer's fixed-sample rule (RED's score's 95% interval, a draw
counting half, must hold 50%; without draws it is the Wilson interval of RED's
wins). ``--fair`` runs the bundled maps themselves, which must come back
"already fair" and unchanged.

Time: the rebalancer's budget is measured in *two-core minutes* — the CPU
time of the games and of the search itself, over two — so a case gets the same
work on a quiet machine and on one shared with other jobs (the wall time is
printed beside it, with the reference loop of ``bench/_common.py``, measured before each case). Each case's
minutes are also given *at the reference speed* of a quick day (:data:`QUICK_RATE`): two-core minutes times
the case's reference rate over it, the work of the case in a quick day's minutes, since these machines run
the same games several times slower on a slow day. ``--reference-budget`` makes ``--minutes`` count in those
units (a slow day's case then runs longer on the clock and does the same work); the default counts two-core
minutes as they pass. The target:
at least 90% of the cases fixed and confirmed, each within 10 minutes on 2
cores, a median of at most 4 hexes changed, every fair map left alone. A case
counts as fixed only when the rebalancer says "fixed" *and* the independent
check finds no side favoured; the summary also counts the maps the check finds
even whatever the rebalancer said (it may say "improved, not fixed" of a map its
own confirmation could not tell from 52%), and the fixes the check refused.

``--carry A.json B.json`` reuses earlier runs' rows (their ``--json`` files; a later file's row wins) for the
selected cases instead of playing them, so a table put together from several runs is printed by this script; a
row played on an older commit than the newest in the table is marked † (carried across a change), with its commit
below the table. Carry a row only when no change since can alter what that case's
run did: one that never reached the code a change touched. (The search is deterministic while the time limit
never binds — thirteen cases replayed byte-identical, docs/notes/fixer-campaigns.md — so such a case would play
the same again; one that met the limit would differ only by how the time fell, as any run of it does.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import commit, commit_age, reference_rate  # noqa: E402
from rebalance_cases import CASES, FAIR, MAPS, Case  # noqa: E402

from engine.formats import load_map  # noqa: E402
from engine.formats.map_file import map_to_document  # noqa: E402
from engine.formats.scenario_file import scenario_to_document  # noqa: E402
from engine.games.game import base_scenario  # noqa: E402
from engine.parallel.backends import ProcessPool  # noqa: E402
from engine.rebalance.evidence import Tally, confirmed_fair  # noqa: E402
from engine.rebalance.play import Runner  # noqa: E402
from engine.rebalance.result import ALREADY_FAIR, Outcome  # noqa: E402
from engine.rebalance.search import Listener, Settings, batch_seed, rebalance  # noqa: E402
from engine.scenario import Scenario  # noqa: E402

#: The independent check's batch seed comes from this word, never used by the rebalancer.
CHECK = "bench independent check"
CHECK_GAMES = 1000
#: The reference loop's rate on a quick day of these machines (14–15 M iterations/s in sessions 7–11 and 19; a
#: slow day's is 6–9): the speed the table's "at 15 M/s" minutes are counted at.
QUICK_RATE = 15e6


def _pct(t: Tally) -> str:
    return f"{100 * t.score:.0f}% ({t.games})" if t.games else "—"


def case_rate() -> float:
    """The reference loop's rate now (the median of three runs), measured with no games running."""
    return statistics.median(reference_rate() for _ in range(3))


def run_one(name: str, scenario: Scenario, minutes: float, jobs: int, seed: int, log: bool,
            check_fair: bool = True, reference_budget: bool = False) -> dict[str, object]:
    """Rebalance ``scenario`` and check the result on an independent batch; one table row.

    The check runs on the map the rebalancer leaves — changed, or unchanged when it
    calls the map already fair — unless ``check_fair`` is off (a bundled map that
    came back already fair). With ``reference_budget`` the rebalancer's clock runs in
    minutes at :data:`QUICK_RATE` (module docstring).
    """
    rate = case_rate()
    scale = rate / QUICK_RATE if reference_budget else 1.0
    start_wall, start_cpu = time.monotonic(), time.process_time()
    with ProcessPool(jobs) as pool:
        runner = Runner(pool, ("heuristic", "heuristic"))

        def two_core_clock() -> float:
            return (runner.cpu + time.process_time() - start_cpu) / 2 * scale

        def note(text: str) -> None:
            if log:
                print(f"    [{two_core_clock() / 60:4.1f} min] {text}", file=sys.stderr, flush=True)

        out: Outcome = rebalance(scenario, Settings(minutes=minutes, seed=seed), runner, Listener(note=note),
                                 clock=two_core_clock)
        search_minutes = two_core_clock() / scale / 60
        search_wall = (time.monotonic() - start_wall) / 60
        check = Tally()
        after = out.after or scenario
        if out.status != ALREADY_FAIR or check_fair:
            checker = Runner(pool, ("heuristic", "heuristic"))
            check = checker.round([after], batch_seed(seed, CHECK), 0, CHECK_GAMES).tallies[0]
    fair = confirmed_fair(check) if check.games else out.status == ALREADY_FAIR
    changed = out.status != ALREADY_FAIR
    return {"case": name, "map": scenario.name, "mode": scenario.mode.value, "status": out.status,
            "before": _pct(out.baseline), "after": (_pct(check) if changed else f"unchanged, {_pct(check)}") if check.games
            else "unchanged",
            "hexes": len(out.hexes), "change": out.words, "steps": [t.words for t in out.chosen],
            "minutes": round(search_minutes, 1),
            "reference_rate": round(rate / 1e6, 1), "quick_minutes": round(search_minutes * rate / QUICK_RATE, 1),
            "wall_minutes": round(search_wall, 1), "games": out.games, "ok": fair and out.status in ("fixed", ALREADY_FAIR),
            "check_fair": fair,
            "check": check.to_json() if check.games else None,
            # every proposal that played, with its race (and confirmation) figures: why the search went where it did
            "played": [{"step": t.step, "words": t.words, "status": t.status, "race": _pct(t.tally),
                        "confirm": _pct(t.confirm) if t.confirm is not None else None}
                       for t in out.trials if t.tally.games],
            # the scenario the fixer left, its map inside (scenario_from_document reads it back), so that more games
            # can be played on it later without running the case again
            "left": None if out.after is None else dict(scenario_to_document(out.after),
                                                        map=map_to_document(out.after.map))}


def carried_rows(paths: list[str]) -> dict[str, dict[str, object]]:
    """The rows of earlier runs' ``--json`` files by case, each marked with the commit it was played on (a later
    file's row for a case replaces an earlier one's). Rows from before session 20 have no reference rate or
    quick-day minutes: the table shows "—" there."""
    rows: dict[str, dict[str, object]] = {}
    for path in paths:
        try:
            doc = json.loads(Path(path).read_text())
            for row in doc["rows"]:
                rows[str(row["case"])] = dict(row, carried=doc.get("commit", "?"))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise SystemExit(f"--carry {path}: not a rows file written by --json ({exc})") from None
    return rows


def _marked(rows: list[dict[str, object]], played_on: str) -> set[int]:
    """The indices of the carried rows to mark †: those played on a commit older than the newest in the table (this
    run's, when it played any), i.e. carried across a change; every carried row when the commits cannot be ordered
    (git does not know one). A table assembled wholly from runs leaves its newest run's rows unmarked."""
    carried = {k: str(r["carried"]) for k, r in enumerate(rows) if r.get("carried")}
    commits = set(carried.values()) | ({played_on} if len(carried) < len(rows) else set())
    ages = {c: commit_age(c) for c in commits}
    if any(a is None for a in ages.values()):
        return set(carried)
    newest = max(ages.values(), default=0)
    return {k for k, c in carried.items() if ages[c] != newest}


def _print(rows: list[dict[str, object]], played_on: str) -> None:
    marked = _marked(rows, played_on)
    print(f"| {'map':36} | before (RED) | after, 1,000 fresh games | hexes changed | minutes (2 cores) "
          f"| at {QUICK_RATE / 1e6:.0f} M/s | wall | result |")
    print(f"|{'-' * 38}|---|---|---|---|---|---|---|")
    for k, r in enumerate(rows):
        print(f"| {str(r['map']) + (' †' if k in marked else ''):36} | {r['before']} | {r['after']} | {r['hexes']} | {r['minutes']} "
              f"| {r.get('quick_minutes', '—')} ({r.get('reference_rate', '—')}) | {r.get('wall_minutes', '—')} "
              f"| {r['status']}{'' if r['ok'] else ' ✗'} |")
    carried = sorted({str(rows[k]["carried"]) for k in marked})
    if carried:
        print(f"\n† carried over, not played by this run: its row as played on commit {', '.join(carried)}")
    unmarked = [r for k, r in enumerate(rows) if k not in marked]
    if any(r.get("carried") for r in unmarked):
        newest = sorted({str(r.get("carried") or played_on) for r in unmarked})
        print(f"rows without †: played on commit {', '.join(newest)} (the newest in the table)")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="koth,teamplay,payload", help="which games' cases (default all three)")
    p.add_argument("--only", nargs="*", default=(),
                   help="case names (source:name or name) to run; MAP:bundled runs a bundled map (as --fair does)")
    p.add_argument("--minutes", type=float, default=10.0, help="two-core minutes per case (default 10)")
    p.add_argument("--reference-budget", action="store_true",
                   help=f"count --minutes at the reference speed of a quick day ({QUICK_RATE / 1e6:.0f} M it/s): the "
                        "same work for a case on any day (module docstring)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fair", action="store_true", help="run the bundled maps themselves (must stay unchanged)")
    p.add_argument("--json", metavar="OUT", help="also write the rows as JSON")
    p.add_argument("--list", action="store_true", help="list the cases and stop")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.add_argument("--carry", nargs="+", metavar="JSON", default=(),
                   help="earlier runs' --json files: their rows are reused (marked † when older than the table's newest) for "
                        "the cases selected, not "
                        "played again; only for cases whose path a change since cannot alter (module docstring)")
    args = p.parse_args()
    games = set(args.games.split(","))
    cases: list[Case] = [c for c in CASES if c.game in games and
                         (not args.only or c.name in args.only or f"{c.source}:{c.name}" in args.only)]
    bundled = {f"{n}:bundled" for n in FAIR}
    known = {c.name for c in CASES} | {f"{c.source}:{c.name}" for c in CASES} | bundled
    unknown = [n for n in args.only if n not in known]
    if unknown:
        p.error(f"no case named {', '.join(unknown)}; --list shows the names (source:name or name)")
    if args.list:
        for c in CASES:
            print(f"{c.source}:{c.name:20} {c.effect}")
        return 0
    ref, played_on = reference_rate(), commit()
    print(f"reference loop: {ref / 1e6:.1f} M iterations per CPU second; commit {played_on}", file=sys.stderr)
    rows = []
    jobs: list[tuple[str, Scenario]] = []
    if args.fair or bundled & set(args.only):
        jobs += [(f"{n}:bundled", base_scenario(load_map(MAPS / f"{n}.map.json"), MAPS / f"{n}.map.json"))
                 for n in FAIR if n.split("_", 1)[0] in games and (not args.only or f"{n}:bundled" in args.only)]
    jobs += [(f"{c.source}:{c.name}", c.build()) for c in cases]
    carry = carried_rows(list(args.carry))
    for name, scenario in jobs:
        print(f"{name}: {scenario.name}", file=sys.stderr, flush=True)
        row = carry.get(name) or run_one(name, scenario, args.minutes, args.jobs, args.seed, not args.quiet,
                                         check_fair=not name.endswith(":bundled"), reference_budget=args.reference_budget)
        rows.append(row)
        print(f"  -> {'carried from ' + str(row['carried']) + ': ' if row.get('carried') else ''}"
              f"{row['status']}: {row['change'] or 'nothing changed'}; before {row['before']}, after "
              f"{row['after']}, {row['minutes']} min (wall {row.get('wall_minutes', '—')})", file=sys.stderr, flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps({"reference": ref, "commit": played_on, "quick_rate": QUICK_RATE,
                                                  "reference_budget": args.reference_budget, "rows": rows}, indent=2)
                                      + "\n")
    _print(rows, played_on)
    unfair = [r for r in rows if not str(r["case"]).endswith(":bundled")]
    fixed = [r for r in unfair if r["ok"]]
    if unfair:
        hexes = [int(r["hexes"]) for r in fixed] or [0]  # type: ignore[call-overload]
        print(f"\nfixed and confirmed: {len(fixed)}/{len(unfair)} = {100 * len(fixed) / len(unfair):.0f}%; median hexes "
              f"changed {statistics.median(hexes)}; longest {max(float(r['minutes']) for r in unfair)} two-core minutes, "
              f"{max((float(r['quick_minutes']) for r in unfair if 'quick_minutes' in r), default='—')} at "
              f"{QUICK_RATE / 1e6:.0f} M/s"
              f"{' (the budget counted at that speed)' if args.reference_budget else ''}")
        left = [str(r["map"]) for r in fixed if r["status"] == ALREADY_FAIR]
        if left:  # counted above (the map ends with no side favoured), but nothing was fixed: say which
            print(f"of them called already fair, not fixed (its edit did not make the map unfair in these games, and "
                  f"the check agrees): {', '.join(left)}")
        even = [r for r in unfair if r.get("check_fair") and r["status"] != ALREADY_FAIR]
        print(f"left with no side favoured by the independent check, whatever the fixer said: {len(even)}/{len(unfair)} "
              f"(the fixer claimed a fix the check refused: {sum(r['status'] == 'fixed' and not r['ok'] for r in unfair)})")
    fair = [r for r in rows if str(r["case"]).endswith(":bundled")]
    if fair:
        print(f"bundled maps left alone: {sum(r['status'] == ALREADY_FAIR for r in fair)}/{len(fair)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
