"""``hexfort simulate``: AI-vs-AI games on a map or scenario, summarised.

Exit status: 0 after a completed batch, 1 when the file cannot be loaded or
played, 2 for usage errors. The JSON output is identical for the same file,
seed and games whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from engine.formats import LoadError, load_any
from engine.games.modes import GAMES, playable_modes
from engine.mapmodel import HexMap
from engine.ruleset import RulesetError
from engine.scenario import Scenario
from engine.simulation.batch import AI_PLAYERS, run_batch, summarise
from engine.simulation.report import summary_text

__all__ = ["add_arguments", "run", "scenario_for"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``simulate`` options on ``p``."""
    p.add_argument("path", metavar="SCENARIO_OR_MAP", help="a scenario or map file")
    p.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", "-s", type=int, default=1, help="batch seed (default 1)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--players", default="heuristic,heuristic", metavar="A,B",
                   help=f"the two AI players ({', '.join(AI_PLAYERS)}); they swap sides every other pair of games")
    p.add_argument("--format", choices=("text", "json"), default="text", help="report format (default text)")


def scenario_for(value: HexMap | Scenario, path: str) -> Scenario:
    """The scenario to simulate: the file's own, or a default one on a map (units picked by the AI)."""
    if isinstance(value, Scenario):
        return value
    mode = next((m for m in value.meta.modes if GAMES[m].playable), value.meta.modes[0])
    return Scenario(name=value.meta.name, mode=mode, map=value, map_ref=Path(path).name)


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Play the batch and print the report; returns the exit status."""
    players = tuple(x.strip() for x in args.players.split(","))
    if len(players) != 2 or any(p not in AI_PLAYERS for p in players):
        print(f"hexfort simulate: --players needs two of {', '.join(AI_PLAYERS)}, e.g. heuristic,random", file=err)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("hexfort simulate: --games and --jobs must be 1 or more", file=err)
        return 2
    try:
        kind, value = load_any(args.path)
    except LoadError as e:
        print(f"hexfort simulate: {e}", file=err)
        return 1
    if kind not in ("map", "scenario"):
        print(f"hexfort simulate: {args.path} is a {kind}, not a map or scenario", file=err)
        return 2
    scenario = scenario_for(value, args.path)  # type: ignore[arg-type]
    if not GAMES[scenario.mode].playable:
        print(f"hexfort simulate: {args.path}: simulating {GAMES[scenario.mode].name} is not available yet "
              f"(hexfort plays {', '.join(GAMES[m].name for m in playable_modes())})", file=err)
        return 1
    bar = _Bar(err, args.games)
    try:
        results = run_batch(scenario, args.games, args.seed, args.jobs, players, bar)  # type: ignore[arg-type]
    except RulesetError as e:
        print(f"hexfort simulate: {args.path}: cannot start a game: {e}", file=err)
        return 1
    summary = summarise(results)
    if args.format == "json":
        doc = {"file": str(args.path), "scenario": scenario.name, "mode": scenario.mode.value,
               "seed": args.seed, "players": list(players), **summary.to_json()}
        out.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(summary_text(summary, scenario.name, players) + "\n")
    return 0


class _Bar:
    """A progress bar on stderr (a line every few seconds when stderr is not a terminal)."""

    def __init__(self, err: TextIO, total: int) -> None:
        self.err, self.total = err, total
        self.tty = err.isatty()
        self.start = self.last = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.tty:
            width = 30
            fill = width * done // total
            self.err.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} games")
            if done == total:
                self.err.write("\n")
            self.err.flush()
        elif now - self.last >= 2.0 or (done == total and now - self.start >= 2.0):
            self.err.write(f"simulating: {done}/{total} games\n")
            self.err.flush()
            self.last = now
