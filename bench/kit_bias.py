"""Kit bias: does ``hexfort balance --compare`` see first-aid kits put on one side's route only?

The case is built by code from a bundled King of the Board scenario (maps/koth_*.scenario.json), so it is
reproducible: the *biased* version has the map's kits taken away and as many put on RED's route to the point
— the shortest walk the balance report's own races give for the first unit kind RED fields
(``engine.simulation.balance.races``), on the hexes ``--steps`` steps short of the point (default 3, 4, 5, 6:
on RED's way in, out of reach of a unit holding the point; none on the point, a wall or a spawn zone). BLU's
way has none. The version must stay playable (``engine.validation.playability``). Kits nearer the point
(``--steps 1,2,3,4``) serve whoever holds the point, BLU as much as RED (docs/balance.md).

Both versions are written to a temporary folder and compared exactly as a designer would: ``hexfort balance
BASE --compare BIASED --format json`` at default settings (``--games auto``, the default players and budget),
with ``--jobs`` (which never changes the answer). Printed per map and batch seed: the headline answer (did
the change move the balance, by how much, the interval), the games per version, the kit pickups each side
made on each version (the JSON's ``summary.pickups``), wall and CPU seconds beside the reference loop of
bench/_common.py. A small seeded slice (a fixed number of games) runs in tests/engine/test_kit_bias_slice.py.

Run: ``nice -n 10 python bench/kit_bias.py [--maps koth_ridge,...] [--seeds 1] [--steps 1,2,3,4]
[--jobs 2] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from _common import REPO, reference_rate

from engine.formats import load_scenario, save_map, save_scenario
from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain
from engine.scenario import Scenario
from engine.simulation.balance import races
from engine.validation.playability import blocking, playability

#: Steps short of the point where the biased version's kits lie, on RED's route (default).
STEPS = (3, 4, 5, 6)


def red_route(s: Scenario) -> tuple[Hex, ...]:
    """RED's shortest walk to the point (spawn first, a point hex last) for the first kind RED fields."""
    kinds = [u.unit for u in s.team(Team.RED).starting]
    found = [r for r in races(s)[1] if not kinds or r.kind == kinds[0]]
    if not found or not found[0].paths.get(Team.RED):
        raise ValueError(f"{s.name}: RED has no walk to the point")
    return tuple(found[0].paths[Team.RED])


def kits_on_red_route(s: Scenario, steps: tuple[int, ...] = STEPS) -> Scenario:
    """``s`` with its kits moved onto RED's route, ``steps`` steps short of the point (see the module docstring).

    Raises ValueError when a chosen hex is no place for a kit or the version is not playable."""
    route = red_route(s)
    point = {h for cp in s.map.control_points for h in cp}
    spawns = {h for z in s.map.spawns.values() for h in z}
    kits = []
    for k in steps:
        if not 0 < k < len(route):
            raise ValueError(f"{s.name}: RED's route is {len(route)} hexes long, no hex {k} steps short of the point")
        h = route[-1 - k]
        if h in point or h in spawns or s.map.cells[h].terrain is Terrain.WALL:
            raise ValueError(f"{s.name}: {h.q},{h.r} ({k} steps short of the point) cannot hold a kit")
        kits.append(h)
    biased = replace(s, name=f"{s.name} (kits on RED's route)", map=s.map.with_kits(kits))
    if blocking(playability(biased)):
        raise ValueError(f"{s.name}: the version with kits on RED's route is not playable")
    return biased


def write_pair(base: Scenario, biased: Scenario, folder: Path) -> tuple[Path, Path]:
    """Both versions as scenario files (each beside its own map file) in ``folder``."""
    out = []
    for tag, s in (("base", base), ("biased", biased)):
        map_path = folder / f"{tag}.map.json"
        save_map(s.map, map_path)
        path = folder / f"{tag}.scenario.json"
        save_scenario(replace(s, map_ref=map_path.name), path)
        out.append(path)
    return out[0], out[1]


def compare(base: Path, biased: Path, seed: int, jobs: int) -> tuple[dict[str, Any], float, float]:
    """(``hexfort balance BASE --compare BIASED --format json``'s document, wall seconds, CPU seconds)."""
    cmd = [sys.executable, "-m", "editor.cli", "balance", str(base), "--compare", str(biased), "--format", "json",
           "--seed", str(seed), "--jobs", str(jobs)]
    t0, c0 = time.perf_counter(), os.times()
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)
    c1 = os.times()
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr[-2000:]}")
    cpu = c1.children_user + c1.children_system - c0.children_user - c0.children_system
    return json.loads(done.stdout), time.perf_counter() - t0, cpu


def kit_pickups(study: dict[str, Any]) -> dict[str, int]:
    """Kit pickups per team over a version's pairings (the JSON's ``summary.pickups``)."""
    out = {t.value: 0 for t in Team}
    for p in study["pairings"]:
        for team, got in p["summary"]["pickups"].items():
            out[team] += got["by_kind"].get("kit", 0)
    return out


def summary(doc: dict[str, Any]) -> dict[str, Any]:
    """The figures this bench reports from one comparison's document."""
    cmp = doc["compare"]
    test = cmp["questions"][0]["test"] if cmp["questions"] else None
    change, interval = (test and test["estimate"]), (test and test["interval"])
    if doc["map"]["verdict"]["by_construction"] and not cmp["map"]["verdict"]["by_construction"]:
        # the base is even by construction: the headline rests on the biased version's own side answer against the
        # known half (session 16), so the change shown is that answer's, not the paired test's
        side = cmp["map"]["pairings"][0]["summary"]["headlines"]["sides"]
        change, interval = side["estimate"] - 0.5, [end - 0.5 for end in side["interval"]]
    return {"changed": cmp["changed"], "decided": cmp["decided"], "headline": cmp["headline"],
            "change": change, "interval": interval,
            "games_per_version": doc["map"]["pairings"][0]["games"], "stopping": doc["stopping"],
            "players": doc["players"], "kit_pickups": {"base": kit_pickups(doc["map"]),
                                                       "biased": kit_pickups(cmp["map"])}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", default="koth_ridge", help="bundled King of the Board scenarios")
    ap.add_argument("--seeds", type=int, default=1, help="batch seeds per map, from 1")
    ap.add_argument("--steps", default=",".join(map(str, STEPS)), help="steps short of the point of the kits")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    args = ap.parse_args()
    steps = tuple(int(x) for x in args.steps.split(","))
    ref = reference_rate()
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s", flush=True)
    out: dict[str, Any] = {"reference_rate": ref, "steps": steps, "runs": []}
    for name in args.maps.split(","):
        base = load_scenario(REPO / "maps" / f"{name}.scenario.json")
        biased = kits_on_red_route(base, steps)
        kits = " ".join(f"{h.q},{h.r}" for h in sorted(biased.map.kits, key=lambda h: (h.q, h.r)))
        print(f"{name}: kits {' '.join(f'{h.q},{h.r}' for h in sorted(base.map.kits, key=lambda h: (h.q, h.r)))}"
              f" -> {kits} (RED's route)", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            a, b = write_pair(base, biased, Path(tmp))
            for seed in range(1, args.seeds + 1):
                doc, wall, cpu = compare(a, b, seed, args.jobs)
                if args.json:  # the whole document too: a comparison costs minutes
                    Path(args.json).with_suffix(f".{name}.{seed}.balance.json").write_text(json.dumps(doc), "utf-8")
                fig = {"map": name, "seed": seed, "kits": kits, **summary(doc), "wall_s": wall, "cpu_s": cpu,
                       "ref_iterations": cpu * ref}
                out["runs"].append(fig)
                k = fig["kit_pickups"]
                print(f"  seed {seed}: {fig['headline']} | {fig['games_per_version']} games a version "
                      f"({fig['stopping'].get('reason', fig['stopping'])}); kit pickups RED/BLU: "
                      f"base {k['base']['RED']}/{k['base']['BLU']}, biased {k['biased']['RED']}/{k['biased']['BLU']}; "
                      f"{wall:.0f} s wall, {cpu:.0f} s CPU ({cpu * ref / 1e6:.0f} M ref iterations)", flush=True)
                if args.json:
                    Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
