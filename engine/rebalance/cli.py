"""``hexfort rebalance``: find the smallest map edit that makes a map fair, and write the fixed map.

Writes into OUT_FOLDER, under the input's own file names, the fixed map (and
the scenario, when given one; its map file too when the scenario names one),
plus ``rebalance.txt`` and ``rebalance.json`` (``schemas/rebalance.schema.json``).
An already fair map is left alone: only the reports are written. Progress (what
is tried, the best so far) goes to stderr; Ctrl-C keeps the best found.

Exit status: 0 fixed or already fair; 1 a file cannot be read or played, the map
has validator errors, the cluster fails or no fair edit was found; 2 usage; 130
after Ctrl-C (the best found so far is written, marked interrupted).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from engine.ai.heuristic import HeuristicPlayer
from engine.formats import save_map, save_scenario
from engine.formats.writable import cannot_write_into
from engine.games.modes import GAMES
from engine.parallel.backends import BackendError, local_backend
from engine.parallel.options import UsageError, add_backend_arguments, backend_from_args
from engine.parallel.progress import ProgressBar
from engine.rebalance.play import Runner
from engine.rebalance.report import document, text
from engine.rebalance.result import ALREADY_FAIR, Outcome
from engine.rebalance.screen import NotValid
from engine.rebalance.search import Listener, Settings, rebalance
from engine.ruleset import RulesetError
from engine.simulation.batch import AI_PLAYERS
from engine.simulation.cli import load_playable

__all__ = ["add_arguments", "run", "write_result"]

_PROG = "hexfort rebalance"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``rebalance`` options on ``p``."""
    p.add_argument("path", metavar="MAP_OR_SCENARIO", help="a map or scenario file")
    p.add_argument("-o", "--output", metavar="OUT_FOLDER", required=True,
                   help="folder for the fixed files (same names as the input) and the reports; not the input's own")
    p.add_argument("--minutes", type=float, default=10.0, help="time to search, confirmation included (default 10)")
    p.add_argument("--players", default="heuristic,heuristic", metavar="A,B",
                   help=f"the two AI players ({', '.join(AI_PLAYERS)}); default heuristic,heuristic")
    p.add_argument("--seed", "-s", type=int, default=1, help="seed of every batch the run plays (default 1)")
    p.add_argument("--confirm-games", type=int, default=1000, metavar="N",
                   help="games on fresh seeds that confirm the chosen edit: it passes within a point of even, and "
                        "one to two points off plays N more and passes within 1.5 points over all; with time to spare it "
                        "then plays on to --play-on × N and must stay within 1.5 points (default 1000)")
    p.add_argument("--play-on", type=int, default=Settings.play_on, metavar="K",
                   help="with time to spare, a confirmed edit plays on to K × --confirm-games fresh games and must "
                        f"stay within 1.5 points of even over all of them; 1: it does not play on (default {Settings.play_on})")
    p.add_argument("--jobs", "-j", type=int, default=None, help="worker processes (default 1)")
    add_backend_arguments(p)
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="what goes to stdout: the report in words (default) or the JSON document")


class _Progress:
    """Notes as lines on stderr; games of a round on a progress bar between them."""

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.bar: ProgressBar | None = None
        #: games of the rounds before this one since the last note, and where the round now playing stands
        self.before, self.last = 0, (0, 0)

    def note(self, words: str) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self.before, self.last = 0, (0, 0)
        print(f"rebalance: {words}", file=self.err, flush=True)

    def games(self, done: int, total: int) -> None:
        """``done`` of a round's ``total``; rounds with no note between them (a confirmation's batches) add up on
        one bar — each started the count again under the first one's clock ("50/50 games 7.8 games/s in 0:06")."""
        if done < self.last[0] or (done == self.last[0] == self.last[1] and total):
            self.before += self.last[1]  # a new round
        self.last = (done, total)
        if self.bar is None:
            self.bar = ProgressBar(self.err, self.before + total, "playing", "games")
        self.bar(self.before + done, self.before + total)


def write_result(outcome: Outcome, source: Path, out: Path) -> dict[str, str]:
    """Write the outcome's map (and scenario) into ``out`` under ``source``'s names; what was written, by kind.

    A map file gives a map; a scenario gives the scenario and, when it names its
    map file, that map beside it (the reference becomes the bare file name).
    Nothing is written for a map left unchanged. Raises OSError.
    """
    after = outcome.after
    if after is None or outcome.status == ALREADY_FAIR:
        return {}
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    if after.map_ref == source.name:  # a map file (base_scenario names the map by its own file)
        save_map(after.map, out / source.name)
        return {"map": str(out / source.name)}
    if after.map_ref:
        name = Path(after.map_ref).name
        save_map(after.map, out / name)
        written["map"] = str(out / name)
        after = replace(after, map_ref=name)
    save_scenario(after, out / source.name)
    written["scenario"] = str(out / source.name)
    return written


def _usage(args: argparse.Namespace) -> tuple[tuple[str, str], Settings]:
    players = tuple(x.strip() for x in args.players.split(","))
    if len(players) != 2 or any(p not in AI_PLAYERS for p in players):
        raise UsageError(f"--players {args.players}: give two of {', '.join(AI_PLAYERS)}, e.g. heuristic,heuristic")
    if args.minutes <= 0:
        raise UsageError(f"--minutes {args.minutes:g}: give a time of more than 0 minutes, e.g. --minutes 10")
    for option, value in (("--confirm-games", args.confirm_games), ("--play-on", args.play_on), ("--jobs", args.jobs)):
        if value is not None and value < 1:
            raise UsageError(f"{option} {value}: must be 1 or more")
    src, out = Path(args.path).resolve(), Path(args.output).resolve()
    if out == src.parent:
        raise UsageError(f"-o {args.output} is the folder of {args.path}: the fixed files would replace the "
                         "originals; give another folder")
    if out.exists() and not out.is_dir():
        raise UsageError(f"-o {args.output} is a file; give a folder (it is made if missing)")
    why = cannot_write_into(out)  # a file is made there for real: root passed /proc by permissions (an audit)
    if why:  # found before the games, not after a ten-minute run (a new-user audit lost one so)
        raise UsageError(f"-o {args.output}: cannot write there ({why}); give a folder that can be written")
    settings = Settings(players=players, minutes=args.minutes, seed=args.seed,  # type: ignore[arg-type]
                        confirm_games=args.confirm_games, play_on=args.play_on)
    return players, settings  # type: ignore[return-value]


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Search, write the files and the reports; returns the exit status (module docstring)."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        players, settings = _usage(args)
        backend = backend_from_args(args, lambda jobs: local_backend(jobs or 1, 1000))
    except UsageError as e:
        print(f"{_PROG}: {e}", file=err)
        return 2
    # whether it can be played is the validator's to say (NotValid, below)
    scenario = load_playable(args.path, _PROG, err, check=False)
    if isinstance(scenario, int):
        return scenario
    if "heuristic" in players and not HeuristicPlayer.plays(scenario.mode):
        print(f"{_PROG}: the heuristic AI does not play {GAMES[scenario.mode].name} yet; use --players "
              "search,search or random,random", file=err)
        return 2
    progress = _Progress(err)
    try:
        with backend:
            if backend.name != "local":
                progress.note(f"running on {backend.describe()}")
            outcome = rebalance(scenario, settings, Runner(backend, players),
                                Listener(note=progress.note, games=progress.games))
    except NotValid as e:
        print(f"{_PROG}: {args.path} cannot be rebalanced yet: {e}", file=err)
        return 1
    except RulesetError as e:
        print(f"{_PROG}: {args.path}: cannot start a game: {e}", file=err)
        return 1
    except BackendError as e:
        print(f"{_PROG}: {e}", file=err)
        return 1
    target = Path(args.output)
    written: dict[str, str] = {}
    try:
        written = write_result(outcome, Path(args.path), target)
        doc = document(outcome, settings, str(args.path), written or None)
        target.mkdir(parents=True, exist_ok=True)
        words = text(outcome, settings, written or None)
        (target / "rebalance.txt").write_text(words + "\n", encoding="utf-8")
        (target / "rebalance.json").write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as e:  # the answer still reaches stdout: the run's work is not lost with the files
        print(f"{_PROG}: cannot write into {args.output}: {e}; check that the folder can be written", file=err)
        doc = document(outcome, settings, str(args.path), written or None)  # the map, when it was written
        out.write((json.dumps(doc, indent=2, ensure_ascii=False) if args.format == "json"
                   else text(outcome, settings, written or None)) + "\n")
        return 130 if outcome.interrupted else 1
    out.write((json.dumps(doc, indent=2, ensure_ascii=False) if args.format == "json" else words) + "\n")
    reports = [str(target / "rebalance.txt"), str(target / "rebalance.json")]
    progress.note(f"{outcome.status}; wrote {', '.join([*written.values(), *reports])} "
                  f"in {outcome.seconds / 60:.1f} minutes")
    if outcome.interrupted:
        return 130
    return 0 if outcome.status in ("fixed", ALREADY_FAIR) else 1
