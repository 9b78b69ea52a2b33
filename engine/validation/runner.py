"""Validating files and folders: find the files, load each, run the checks, collect problems.

A broken file never stops the run: each file's result stands alone. Large runs
spread files over worker processes or a Dask cluster (:mod:`engine.parallel`);
results come back in file order, so the report is the same wherever they ran.
"""

from __future__ import annotations

import os
import re
import shlex
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from engine.formats.detect import detect_kind
from engine.formats.errors import LoadError
from engine.formats.jsonio import read_json_file
from engine.formats.kinds import KIND_NAMES, OUTPUT_KINDS
from engine.formats.map_file import map_from_document
from engine.formats.ruleset_file import ruleset_from_document
from engine.formats.scenario_file import scenario_from_document
from engine.mapmodel import Team
from engine.parallel.backends import Backend, BackendError, local_backend
from engine.scenario import Scenario
from engine.validation.checks import check_map
from engine.validation.playability import playability, rules_or_none
from engine.validation.problem import Problem, Severity, internal_error

__all__ = ["FileJob", "FileResult", "find_files", "load_problems", "scenario_problems", "validate_file",
           "validate_files", "validate_job"]


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
                     if f.endswith(".json") and not f.startswith(".") and os.path.isfile(os.path.join(top, f))
                     and not hexfort_output(Path(top, f)))
    return sorted(found)


#: ``"$schema"`` naming one of the documents hexfort *writes* about maps (a validation report, a balance study,
#: a balance fixer's report), at the start of the file, as hexfort writes them.
_OUTPUT: Final = re.compile(rb'^\s*\{\s*"\$schema"\s*:\s*"[^"]*/(?:' + "|".join(OUTPUT_KINDS).encode() +
                            rb')\.schema\.json"')


def hexfort_output(path: Path) -> bool:
    """Whether ``path`` is one of hexfort's own output documents (its first bytes name an output schema): a
    folder walk leaves those out — ``hexfort rebalance -o fixed/`` writes rebalance.json beside the fixed map,
    and ``hexfort validate fixed/`` checks the map. Named directly, such a file is still reported (HF004)."""
    try:
        with open(path, "rb") as f:
            return _OUTPUT.match(f.read(512)) is not None
    except OSError:
        return False  # validation reports it


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
        probs = (internal_error("while checking this file", e),)
    return FileResult(path, kind, tuple(probs), time.perf_counter() - start)


def _validate(doc: object, kind: str | None, path: Path, load_only: bool) -> tuple[Problem, ...]:
    if kind == "map":
        m = map_from_document(doc, path)
        return () if load_only else tuple(check_map(m))
    if kind == "scenario":
        s = scenario_from_document(doc, path)
        if load_only:
            return ()
        return tuple(scenario_problems(s))
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
    if kind in OUTPUT_KINDS:
        return (Problem(
            "HF004", Severity.ERROR,
            f"this is {KIND_NAMES[kind][0]}, written by hexfort, not a file hexfort checks; validate the map or "
            "scenario it is about (a folder's check leaves such files out)", (), "$.$schema"),)
    if not isinstance(doc, dict):
        return (Problem("HF002", Severity.ERROR,
                        f"a hexfort file holds one JSON object ({{...}}), not {_json_type(doc)}", (), "$"),)
    if doc.get("type") in ("map", "tileset") and ("tilesets" in doc or "tiles" in doc or "layers" in doc):
        # Tiled's JSON (.tmj, often saved as .json): a $schema line cannot make it one (a folder audit)
        what = "map" if doc.get("type") == "map" else "tileset"
        target, tmj = path.with_name(_stem(path.name) + ".map.json"), path.with_name(_stem(path.name) + ".tmj")
        fix = ("hexfort reads tilesets only through the Tiled maps that use them (hexfort import)" if what != "map" else
               f"convert it with hexfort import {shlex.quote(str(path))} -o {shlex.quote(str(target))}"
               if target != path else  # converting it over itself would lose the Tiled map
               f"rename it {shlex.quote(tmj.name)}, then convert it with hexfort import {shlex.quote(str(tmj))} -o "
               f"{shlex.quote(str(path))}")
        return (Problem("HF004", Severity.ERROR, f"this is a Tiled {what}, not a hexfort file: {fix}", (),
                        "$.type"),)
    return (Problem(
        "HF004", Severity.ERROR,
        "not a hexfort file: name its schema in \"$schema\" (map.schema.json, "
        "scenario.schema.json, ruleset.schema.json or replay.schema.json)", (), "$.$schema"),)


def scenario_problems(s: Scenario) -> list[Problem]:
    """Everything wrong with a loaded scenario: its map's problems in its mode and its playability."""
    on_map = check_map(s.map, s.mode, rules_or_none(s), {t: s.team(t).roster for t in Team})
    extra = [p for p in playability(s, map_problems=on_map) if p not in on_map]
    out = on_map + extra
    out.sort(key=lambda p: (p.severity.rank, p.code, p.hexes[:1], p.message))
    return out


def _json_type(value: object) -> str:
    """``"a list"``, ``"a string"``... : what a JSON value is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {list: "a list", str: "a string", int: "a number", float: "a number"}.get(type(value), "that")


@dataclass(frozen=True, slots=True)
class FileJob:
    """One file to validate, as sent to a worker that may run on another machine.

    ``cwd`` is the caller's working folder (a relative ``path`` is relative to it);
    ``seen`` says the caller saw the file, so a worker that cannot is missing the
    shared folder rather than reporting a missing file.
    """

    path: Path
    cwd: str
    seen: bool


#: Held while a worker validates from another working folder (os.chdir is process-wide).
_CWD_LOCK = threading.Lock()


def validate_job(job: FileJob) -> FileResult:
    """:func:`validate_file` for ``job``, with relative paths read from the caller's working folder.

    On this machine (or a worker started in the same folder) that is a plain
    call. A worker elsewhere switches to ``job.cwd`` for the call, under a lock,
    so file names in the report and its messages are exactly those of a local run.
    Raises BackendError when the file the caller saw is not there (the workers
    need the files on a shared filesystem, at the same path).
    """
    here = os.getcwd()
    if job.path.is_absolute() or here == job.cwd:
        _require(job, job.path)
        return validate_file(job.path)
    with _CWD_LOCK:
        try:
            os.chdir(job.cwd)
        except OSError:
            raise BackendError(_not_shared(job, f"has no folder {job.cwd}")) from None
        try:
            _require(job, job.path)
            return validate_file(job.path)
        finally:
            os.chdir(here)


def _require(job: FileJob, path: Path) -> None:
    if job.seen and not path.exists():
        raise BackendError(_not_shared(job, f"cannot see {path} (in {job.cwd})"))


def _not_shared(job: FileJob, what: str) -> str:
    return (f"the worker on {socket.gethostname()} {what}: validating on a cluster needs the files on a "
            "filesystem every worker shares, at the same path as here (docs/cluster.md)")


def validate_files(
    files: list[Path],
    jobs: int | None = None,
    progress: Callable[[int, int, Path], None] | None = None,
    backend: Backend | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[FileResult]:
    """Validate ``files`` (in parallel when there are many); results in the same order.

    They run on ``backend`` (default: ``jobs`` worker processes, by default the
    machine's cores; 1, or fewer than 8 files, runs in this process).
    ``progress(done, total, path)`` is called after each file; when
    ``cancelled()`` returns True the run stops with the files checked so far.
    Raises :class:`~engine.parallel.backends.Interrupted` (with the results so
    far) on Ctrl-C and BackendError when the backend fails.
    """
    total = len(files)
    backend = backend or local_backend(jobs or os.cpu_count() or 1, total, min_items=8)
    here = os.getcwd()
    work = [FileJob(f, here, f.exists()) for f in files]

    def tick(done: int, total: int) -> None:
        if progress:
            progress(done, total, files[done - 1])

    return backend.map_ordered(validate_job, work, tick, cancelled)


def _stem(name: str) -> str:
    """``name`` without its ending, a hexfort one whole: ``new.map.json`` → ``new`` (``new.map.map.json`` was suggested
    for a Tiled file saved under a hexfort name: a new-user audit)."""
    for ending in (".map.json", ".scenario.json", ".tmj", ".json"):
        if name.lower().endswith(ending):
            return name[: -len(ending)]
    return name.rsplit(".", 1)[0]
