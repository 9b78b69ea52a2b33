"""Validating files and folders: find the files, load each, run the checks, collect problems.

A broken file never stops the run: each file's result stands alone. Large runs
spread files over worker processes; results come back in file order.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from engine.formats.detect import detect_kind
from engine.formats.errors import LoadError
from engine.formats.jsonio import read_json_file
from engine.formats.map_file import map_from_document
from engine.formats.ruleset_file import ruleset_from_document
from engine.formats.scenario_file import resolve_ruleset, scenario_from_document
from engine.validation.checks import check_map
from engine.validation.problem import Problem, Severity
from engine.validation.scenario_checks import check_scenario_setup

__all__ = ["FileResult", "find_files", "load_problems", "validate_file", "validate_files"]


@dataclass(frozen=True, slots=True)
class FileResult:
    """The outcome for one file: its kind (if known), its problems and the time taken."""

    path: Path
    kind: str | None
    problems: tuple[Problem, ...]
    seconds: float = 0.0

    def count(self, severity: Severity) -> int:
        """Number of problems of ``severity``."""
        return sum(p.severity is severity for p in self.problems)

    @property
    def errors(self) -> int:
        """Number of error-severity problems."""
        return self.count(Severity.ERROR)


def find_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files named directly, plus every ``*.json`` below named folders (sorted).

    Hidden files and folders (names starting with a dot) inside folders are
    skipped. A path that does not exist is yielded as is (validation reports it).
    """
    for p in map(Path, paths):
        if p.is_dir():
            yield from _json_files(p)
        else:
            yield p


def _json_files(folder: Path) -> list[Path]:
    """The visible ``*.json`` files below ``folder``, sorted; a subfolder that cannot be listed
    (unreadable, or gone while the walk went on) is given as is, so validation reports it."""
    found: list[Path] = []

    def unlistable(e: OSError) -> None:
        found.append(Path(e.filename) if e.filename else folder)

    for top, folders, files in os.walk(folder, onerror=unlistable):
        folders[:] = [d for d in folders if not d.startswith(".")]
        found.extend(Path(top, f) for f in files
                     if f.endswith(".json") and not f.startswith(".") and os.path.isfile(os.path.join(top, f)))
    return sorted(found)


_STAGE_CODE = {"parse": "HF001", "schema": "HF002", "meaning": "HF003"}


def load_problems(err: LoadError) -> tuple[Problem, ...]:
    """The problems of a LoadError as validator problems.

    HF001: unreadable or not JSON; HF002: breaks the schema; HF003: valid JSON of
    the right shape whose content does not make sense (hexes off the map...).
    """
    return tuple(Problem(_STAGE_CODE[p.stage], Severity.ERROR, p.message, (), p.where) for p in err.problems)


def validate_file(path: Path, load_only: bool = False) -> FileResult:
    """Load ``path`` as whatever it is, run the checks, report problems; never raises.

    With ``load_only`` only loading is checked (no rules-aware checks). The
    result's kind is known as soon as the JSON says what it is, even if loading
    then fails.
    """
    start = time.perf_counter()
    kind: str | None = None
    if path.is_dir():  # only a folder find_files could not list gets here
        problem = Problem("HF001", Severity.ERROR, "cannot list the files in this folder; check that it "
                          "exists and that you may read it")
        return FileResult(path, None, (problem,), time.perf_counter() - start)
    try:
        doc = read_json_file(path)
        kind = detect_kind(doc)
        probs = _validate(doc, kind, path, load_only)
    except LoadError as e:
        probs = load_problems(e)
    except Exception as e:  # noqa: BLE001 - a crash on one file must not end the run
        probs = (Problem(
            "HF999", Severity.ERROR,
            f"internal error while checking this file ({type(e).__name__}: {e}); please report it",
        ),)
    return FileResult(path, kind, tuple(probs), time.perf_counter() - start)


def _validate(doc: object, kind: str | None, path: Path, load_only: bool) -> tuple[Problem, ...]:
    if kind == "map":
        m = map_from_document(doc, path)
        return () if load_only else tuple(check_map(m))
    if kind == "scenario":
        s = scenario_from_document(doc, path)
        if load_only:
            return ()
        rules = resolve_ruleset(s.ruleset_ref, path.parent, path).with_overrides(s.rules)
        return tuple(check_scenario_setup(s, rules)) + tuple(check_map(s.map, s.mode))
    if kind == "ruleset":
        ruleset_from_document(doc, path)
        return ()
    if kind == "replay":
        from engine.replay import replay_from_document  # the rules engine, only when needed

        replay, _ = replay_from_document(doc, path)  # re-plays the game; any divergence is a LoadError
        return () if load_only else tuple(check_map(replay.scenario.map, replay.scenario.mode))
    if kind == "report":
        return (Problem(
            "HF004", Severity.ERROR,
            "this is a validation report (hexfort validate --format json), not a file hexfort checks; "
            "validate the files it lists instead", (), "$.$schema"),)
    if not isinstance(doc, dict):
        return (Problem("HF002", Severity.ERROR,
                        f"a hexfort file holds one JSON object ({{...}}), not {_json_type(doc)}", (), "$"),)
    return (Problem(
        "HF004", Severity.ERROR,
        "not a hexfort file: name its schema in \"$schema\" (map.schema.json, "
        "scenario.schema.json, ruleset.schema.json or replay.schema.json)", (), "$.$schema"),)


def _json_type(value: object) -> str:
    """``"a list"``, ``"a string"``... : what a JSON value is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {list: "a list", str: "a string", int: "a number", float: "a number"}.get(type(value), "that")


def validate_files(
    files: list[Path],
    jobs: int | None = None,
    progress: Callable[[int, int, Path], None] | None = None,
) -> list[FileResult]:
    """Validate ``files`` (in parallel when there are many); results in the same order.

    ``jobs`` worker processes (default: the machine's cores; 1 runs in this
    process). ``progress(done, total, path)`` is called after each file.
    """
    jobs = jobs or os.cpu_count() or 1
    total = len(files)
    if jobs <= 1 or total < 8:
        out = []
        for k, f in enumerate(files, 1):
            out.append(validate_file(f))
            if progress:
                progress(k, total, f)
        return out
    with ProcessPoolExecutor(max_workers=min(jobs, total)) as pool:
        results = []
        for k, r in enumerate(pool.map(validate_file, files, chunksize=4), 1):
            results.append(r)
            if progress:
                progress(k, total, r.path)
        return results
