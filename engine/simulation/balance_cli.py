"""``hexfort balance``: a balance study of a map, as a self-contained HTML report or JSON.

``--games auto`` (the default) plays block by block until every headline
question is decided or a budget runs out (:mod:`engine.simulation.autostop`);
``--games N`` plays exactly N games per pairing.

Exit status: 0 after a completed study, 1 when a file cannot be loaded or
played, the cluster fails, or the HTML report could not be made (the JSON is
then written beside it), 2 for usage errors, 130 after Ctrl-C (what finished
is reported, marked partial). The JSON is identical for the same files, seed,
games (or budget) and pairings whatever ``--jobs`` is, locally or on a Dask
cluster; only ``--minutes`` depends on the machine.

The HTML report draws the map with hexfort's own renderer (Qt, offscreen) and
its charts with matplotlib, so it is written by a function the ``hexfort``
command hands in (:func:`run`'s ``write_html``); the engine itself never imports
Qt. Without matplotlib the command says how to install it and writes the JSON.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.ai.heuristic import HeuristicPlayer
from engine.formats.writable import cannot_write
from engine.games.modes import GAMES
from engine.parallel.backends import Backend, BackendError, local_backend
from engine.parallel.options import UsageError, add_backend_arguments, backend_from_args, run_on
from engine.parallel.progress import ProgressBar
from engine.ruleset import RulesetError
from engine.scenario import Scenario
from engine.simulation.autostop import MAX_GAMES, MIN_GAMES, Stop, default_max_games, play_until_decided
from engine.simulation.balance import MapStudy, ObservedGame, StudyPlan, run_study, study_of
from engine.simulation.balance_doc import balance_document
from engine.simulation.batch import AI_PLAYERS
from engine.simulation.cli import load_playable
from engine.simulation.terminal import terminal_summary

__all__ = ["INSTALL_HINT", "HtmlWriter", "add_arguments", "run"]

#: How to get the report's plotting library.
INSTALL_HINT = "pip install 'hexfort[report]'  (or: pip install matplotlib)"

#: ``write_html(document, (study, compared study or None), path)``; raises OSError.
HtmlWriter = Callable[[dict[str, Any], tuple[MapStudy, MapStudy | None], Path], None]

_PROG = "hexfort balance"


def _change_floors() -> str:
    """The modes' ``--compare`` floors in words for the help (": 1,200 on Payload Race"), from their rules."""
    floors = [f"{r.change_games:,} on {r.name}" for r in GAMES.values() if r.change_games]
    return ": " + ", ".join(floors) if floors else ""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``balance`` options on ``p``."""
    p.add_argument("path", metavar="MAP_OR_SCENARIO", help="a map or scenario file")
    p.add_argument("--games", "-n", type=_games, default="auto", metavar="auto|N",
                   help="games per pairing: 'auto' (default) plays until every headline question is decided (a side "
                        "favoured or within 3 points of even; moving first likewise; with --compare, whether the change "
                        "moved the balance) or a budget runs out; N plays exactly N")
    p.add_argument("--max-games", type=int, default=None, metavar="N",
                   help="with --games auto: at most N games per pairing and map version (rounded down to whole blocks "
                        "of 4; default: the games about a minute of one core plays for these players and this game, "
                        f"{MIN_GAMES} to {MAX_GAMES}; with --compare at least the games that find the game's smallest "
                        f"one-turn change 9 times in 10{_change_floors()})")
    p.add_argument("--minutes", type=float, default=None, metavar="M",
                   help=f"with --games auto: stop after about M minutes of wall time, once the first {MIN_GAMES} games per "
                        "pairing are played. The one budget that depends on the machine: the same command may stop "
                        "at another point elsewhere (--max-games does not)")
    p.add_argument("--players", action="append", metavar="A,B",
                   help=f"a pairing of AI players ({', '.join(AI_PLAYERS)}); repeat for several, e.g. "
                        "--players heuristic,heuristic --players search,search (default heuristic,heuristic)")
    p.add_argument("--seed", "-s", type=int, default=1, help="batch seed (default 1); the same seeds on every "
                   "pairing and on the compared map")
    p.add_argument("--jobs", "-j", type=int, default=None, help="worker processes (default 1)")
    add_backend_arguments(p)
    p.add_argument("--compare", metavar="OTHER_MAP", help="another version of the map: the same games there, and "
                   "the difference in every figure with whether it is significant")
    p.add_argument("--format", choices=("html", "json"), default=None,
                   help="html (default; a self-contained report, needs matplotlib) or json "
                        "(schemas/balance.schema.json; to stdout without -o)")
    p.add_argument("-o", "--output", metavar="FILE", help="where to write the report (needed for html)")


def _games(text: str) -> str | int:
    """``auto`` or a number of games (argparse type)."""
    if text == "auto":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give 'auto' or a number of games, not {text!r}") from None


def _pairings(values: list[str] | None) -> list[tuple[str, str]]:
    """The pairings asked for; raises UsageError naming a bad one."""
    out: list[tuple[str, str]] = []
    for v in values or ["heuristic,heuristic"]:
        pair = tuple(x.strip() for x in v.split(","))
        if len(pair) != 2 or any(p not in AI_PLAYERS for p in pair):
            raise UsageError(f"--players {v}: give two of {', '.join(AI_PLAYERS)}, e.g. heuristic,search")
        if pair not in out:
            out.append(pair)  # type: ignore[arg-type]
    return out


def _load(path: str, err: TextIO) -> Scenario | int:
    """The scenario of ``path``, or the exit status after saying why not."""
    return load_playable(path, _PROG, err)


def has_plotting() -> bool:
    """Whether matplotlib (the report's charts) is installed."""
    return importlib.util.find_spec("matplotlib") is not None


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr,
        write_html: HtmlWriter | None = None) -> int:
    """Play the study and write the report; returns the exit status (see the module docstring)."""
    fmt = args.format or ("json" if args.output and args.output.lower().endswith(".json") else "html")
    auto = args.games == "auto"
    try:
        pairings = _pairings(args.players)
        if not auto and args.games < 1:
            raise UsageError(f"--games {args.games}: must be 1 or more (or auto)")
        if args.jobs is not None and args.jobs < 1:
            raise UsageError(f"--jobs {args.jobs}: must be 1 or more")
        if not auto and (args.max_games is not None or args.minutes is not None):
            raise UsageError("--max-games and --minutes are budgets of --games auto; --games N plays exactly N")
        if args.max_games is not None and args.max_games < 4:
            raise UsageError(f"--max-games {args.max_games}: must be 4 or more")
        if args.minutes is not None and args.minutes <= 0:
            raise UsageError(f"--minutes {args.minutes:g}: must be above 0")
        if fmt == "html" and not args.output:
            raise UsageError("the HTML report needs -o FILE (e.g. -o report.html), or use --format json")
        suffix = Path(args.output).suffix.lower() if args.output else ""
        if suffix and suffix != {"json": ".json", "html": ".html"}[fmt] and not (fmt == "html" and suffix == ".htm"):
            raise UsageError(f"-o {args.output}: the {fmt.upper()} report is written to a .{fmt} file; name it so "
                             f"(or choose --format {'json' if fmt == 'html' else 'html'})")
        if args.output and (why := cannot_write(args.output)):
            raise UsageError(f"-o {args.output}: {why}; nothing was played")
        versions = 2 if args.compare else 1
        backend = backend_from_args(args, lambda jobs: local_backend(jobs or 1, 1000 if auto else
                                                                     args.games * len(pairings) * versions))
    except UsageError as e:
        print(f"{_PROG}: {e}", file=err)
        return 2
    html_ok = fmt == "html" and write_html is not None and has_plotting()
    if fmt == "html" and not html_ok:
        why = "matplotlib is not installed" if write_html is not None else "no HTML writer here"
        print(f"{_PROG}: the HTML report needs matplotlib for its charts ({why}); install it with: "
              f"{INSTALL_HINT}. Writing the JSON data instead.", file=err)
    scenario = _load(args.path, err)
    if isinstance(scenario, int):
        return scenario
    other: Scenario | None = None
    if args.compare:
        loaded = _load(args.compare, err)
        if isinstance(loaded, int):
            return loaded
        other = loaded
        if other.mode is not scenario.mode:
            print(f"{_PROG}: {args.compare} plays {GAMES[other.mode].name}, {args.path} "
                  f"{GAMES[scenario.mode].name}: compare two versions of the same game", file=err)
            return 2
    lacking = [p for pair in pairings for p in pair if p == "heuristic" and not HeuristicPlayer.plays(scenario.mode)]
    if lacking:
        print(f"{_PROG}: the heuristic AI does not play {GAMES[scenario.mode].name} yet; use --players "
              "random,random or search,search (the search then plays out games at random)", file=err)
        return 2
    if not auto:
        most = args.games
    else:
        most = args.max_games // 4 * 4 if args.max_games else \
            default_max_games(scenario.mode, pairings, compare=other is not None)
    plan = StudyPlan(scenario, tuple(pairings), most, args.seed, other)
    total = most * len(pairings) * versions
    bar = ProgressBar(err, total, "playing", "games", limit=args.minutes * 60 if auto and args.minutes else None)
    stopped: list[tuple[StudyPlan, Stop]] = []

    def work(b: Backend) -> list[ObservedGame]:
        if not auto:
            return run_study(plan, b, progress=bar)
        kept, games, stop = play_until_decided(plan, b, progress=bar, minutes=args.minutes)
        stopped.append((kept, stop))
        if len(games) < bar.total:  # stopped early: the bar ends at the games kept, not at the most allowed
            bar(len(games), len(games))
        return games

    try:
        games, interrupted = run_on(backend, work, bar, _PROG, err)
        played, stop = stopped[0] if stopped else (plan, None)
        main, compared = study_of(played, games)
    except RulesetError as e:
        print(f"{_PROG}: cannot start a game: {e}", file=err)
        return 1
    except BackendError as e:
        print(f"{_PROG}: {e}", file=err)
        return 1
    except Exception as e:  # noqa: BLE001 - an AI or rules failure is reported, never a traceback
        print(f"{_PROG}: a game could not be played to its end ({type(e).__name__}: {e}); please report it "
              "with the file and the options", file=err)
        return 1
    doc = balance_document(played, (str(args.path), args.compare), main, compared,
                           (len(games), total) if interrupted else None, stop)
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    status = 130 if interrupted else 0
    try:
        if html_ok:
            assert write_html is not None
            try:
                write_html(doc, (main, compared), Path(args.output))
                print(f"wrote {args.output}", file=err)
            except OSError:
                raise
            except Exception as e:  # noqa: BLE001 - the games are not lost to a drawing failure
                target = Path(args.output).with_suffix(".json")
                target.write_text(text, encoding="utf-8")
                print(f"{_PROG}: the HTML report could not be drawn ({type(e).__name__}: {e}); wrote the study's "
                      f"JSON to {target} instead. Please report it.", file=err)
                status = status or 1
        elif fmt == "html":
            target = Path(args.output).with_suffix(".json")
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target}", file=err)
            status = status or 1
        elif args.output:
            Path(args.output).write_text(text, encoding="utf-8")
            print(f"wrote {args.output}", file=err)
        else:
            out.write(text)
    except OSError as e:
        print(f"{_PROG}: cannot write {args.output}: {e}", file=err)
        return 1
    print(terminal_summary(doc), file=err)
    return status
