"""Every split of Team Play's six characters into two teams of three, played on one map: is any split even?

    python bench/teamplay_splits.py [--map teamplay_bunker] [--games 1000] [--seed 777] [--jobs 1]

Team Play gives no team a place of its own (both spawn at the same spawnpoints), so a side favoured by the
characters it fields is favoured on any ground (docs/balance.md, Balance fixer: the roster cases). For each of
the ten splits (the side fielding the first character is called RED; its swap is the other side's share) it
plays heuristic games under the mode's own rules, as the bench's roster cases are built, and prints RED's share
of the score (a win 1, a draw half). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.formats import load_map  # noqa: E402
from engine.games.game import base_scenario, ruleset_of  # noqa: E402
from engine.mapmodel import Team  # noqa: E402
from engine.scenario import TeamSetup, UnitStart  # noqa: E402
from engine.simulation.batch import run_batch  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="teamplay_bunker", help="a bundled Team Play map's name (default Bunker)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    path = MAPS / f"{args.map}.map.json"
    base = base_scenario(load_map(path), path)
    rules = ruleset_of(base)
    six = [k for k, u in rules.units.items() if u.pickable]
    print(f"{args.map}: {args.games} heuristic games a split, batch seed {args.seed}")
    print("| RED fields | BLU fields | RED's share |\n|---|---|---|")
    for red in itertools.combinations(six, 3):
        if six[0] not in red:  # each split once
            continue
        blu = tuple(k for k in six if k not in red)
        s = replace(base, teams=MappingProxyType({
            Team.RED: TeamSetup(starting=tuple(UnitStart(u) for u in red)),
            Team.BLU: TeamSetup(starting=tuple(UnitStart(u) for u in blu))}))
        games = run_batch(s, args.games, seed=args.seed, jobs=args.jobs)
        share = sum(1.0 if g.winner is Team.RED else 0.5 if g.winner is None else 0.0 for g in games) / len(games)
        names = [", ".join(rules.units[k].name for k in side) for side in (red, blu)]
        print(f"| {names[0]} | {names[1]} | {share:.1%} |", flush=True)


if __name__ == "__main__":
    main()
