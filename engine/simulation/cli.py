"""``hexfort simulate``: AI-vs-AI games on a map or scenario, summarised.

Exit status: 0 after a completed batch, 1 when the file cannot be loaded or
played or the cluster fails, 2 for usage errors, 130 after Ctrl-C (the games
that finished are reported, marked partial). The JSON output is identical for
the same file, seed and games whatever ``--jobs`` is, locally or on a Dask
cluster (``--backend dask --scheduler ADDRESS``, docs/cluster.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from engine.formats import LoadError, load_any
from engine.games.game import base_scenario
from engine.games.modes import GAMES
from engine.parallel.backends import BackendError, local_backend
from engine.parallel.options import UsageError, add_backend_arguments, backend_from_args, run_on
from engine.parallel.progress import ProgressBar
from engine.ruleset import RulesetError
from engine.scenario import Scenario
from engine.simulation.batch import AI_PLAYERS, run_batch, summarise
from engine.simulation.report import summary_text
from engine.simulation.verdict import spawnpoint_caveat, unit_names
from engine.validation.construction import construction_reason, fixed_first_team
from engine.validation.fixes import FIXABLE
from engine.validation.playability import blocking, playability
from engine.validation.problem import Severity
from engine.validation.runner import scenario_problems

__all__ = ["add_arguments", "load_playable", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``simulate`` options on ``p``."""
    p.add_argument("path", metavar="SCENARIO_OR_MAP", help="a scenario or map file")
    p.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", "-s", type=int, default=1, help="batch seed (default 1)")
    p.add_argument("--jobs", "-j", type=int, default=None, help="worker processes (default 1)")
    add_backend_arguments(p)
    p.add_argument("--players", default="heuristic,heuristic", metavar="A,B",
                   help=f"the two AI players ({', '.join(AI_PLAYERS)}); they swap sides every other pair of games")
    p.add_argument("--format", choices=("text", "json"), default="text", help="report format (default text)")


def load_playable(path: str, prog: str, err: TextIO, check: bool = True) -> Scenario | int:
    """The scenario of map or scenario file ``path`` (:func:`~engine.games.game.base_scenario`) when it can
    be played, or the exit status after saying on ``err`` why not (1: the file cannot be read, or
    :func:`~engine.validation.playability.playability` finds what stops a game, such as a mode hexfort
    does not play yet; 2: another kind of file). ``prog`` starts each message ("hexfort simulate").
    ``check=False`` leaves playability to the caller (the rebalancer asks the whole validator)."""
    try:
        kind, value = load_any(path)
    except LoadError as e:
        print(f"{prog}: {e}", file=err)
        return 1
    if kind not in ("map", "scenario"):
        print(f"{prog}: {path} is a {kind}, not a map or scenario; give a map or scenario file", file=err)
        return 2
    scenario = base_scenario(value, path)  # type: ignore[arg-type]
    problems = blocking(playability(scenario)) if check else []
    if problems:
        print(f"{prog}: {path} cannot be played:", file=err)
        for p in problems:
            print(f"  - {p}", file=err)
        safe = sorted({p.code for p in problems if FIXABLE.get(p.code) == "safe"})
        if safe:  # the repair is one command away (a new-user audit looked for it), on the file that holds the map
            target = Path(path).parent / scenario.map_ref if kind == "scenario" and scenario.map_ref else path
            print(f"  hexfort fix --only {','.join(safe)} {target} repairs {'it' if len(safe) == 1 else 'them'} "
                  "where one repair is plain", file=err)
        return 1
    if check:
        _warn_errors(scenario, path, prog, err)
    return scenario


def _warn_errors(scenario: Scenario, path: str, prog: str, err: TextIO) -> None:
    """Say on ``err`` which validator errors a playable map still has (a kit on a wall: HF101): the games play the
    map as the engine reads it, so its figures describe that map, not the one drawn (a new-user audit saw a map with
    an unusable kit measured without a word)."""
    errors = [p for p in scenario_problems(scenario) if p.severity is Severity.ERROR]
    if not errors:
        return
    n = len(errors)
    print(f"{prog}: warning: {path} has {n} validator error{'s' if n != 1 else ''}; the games play the map as the "
          "engine reads it, so the figures describe that map — fix first (hexfort validate lists every problem):",
          file=err)
    for p in errors[:5]:
        print(f"  - {p}", file=err)
    if n > 5:
        print(f"  - … and {n - 5} more", file=err)


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Play the batch and print the report; returns the exit status.

    Ctrl-C stops the batch: the games that finished are reported, marked
    partial, and the status is 130.
    """
    players = tuple(x.strip() for x in args.players.split(","))
    if len(players) != 2 or any(p not in AI_PLAYERS for p in players):
        print(f"hexfort simulate: --players needs two of {', '.join(AI_PLAYERS)}, e.g. heuristic,random", file=err)
        return 2
    for option, value in (("--games", args.games), ("--jobs", args.jobs)):  # each named alone (a new-user audit)
        if value is not None and value < 1:
            print(f"hexfort simulate: {option} {value}: must be 1 or more", file=err)
            return 2
    try:
        backend = backend_from_args(args, lambda jobs: local_backend(jobs or 1, args.games))
    except UsageError as e:
        print(f"hexfort simulate: {e}", file=err)
        return 2
    scenario = load_playable(args.path, "hexfort simulate", err)
    if isinstance(scenario, int):
        return scenario
    bar = ProgressBar(err, args.games, "simulating", "games")
    try:
        results, interrupted = run_on(
            backend, lambda b: run_batch(scenario, args.games, args.seed, players=players,  # type: ignore[arg-type]
                                         progress=bar, backend=b),
            bar, "hexfort simulate", err)
    except RulesetError as e:
        print(f"hexfort simulate: {args.path}: cannot start a game: {e}", file=err)
        return 1
    except BackendError as e:
        print(f"hexfort simulate: {e}", file=err)
        return 1
    summary = summarise(results, unit_names(scenario))
    reason = construction_reason(scenario)
    caveat = spawnpoint_caveat(scenario)
    first = fixed_first_team(scenario)  # whose edge a decided first-mover answer is, played as the scenario sets it
    if args.format == "json":
        doc = {"file": str(args.path), "scenario": scenario.name, "mode": scenario.mode.value,
               "seed": args.seed, "players": list(players), **summary.to_json(reason, caveat, first), "by_construction": reason}
        if interrupted:
            doc["partial"] = {"reason": "interrupted", "finished": len(results), "planned": args.games}
        out.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(summary_text(summary, scenario.name, players, partial_of=args.games if interrupted else None,
                               construction=reason, caveat=caveat, pickups=GAMES[scenario.mode].pickups,
                               first_team=first) + "\n")
    return 130 if interrupted else 0
