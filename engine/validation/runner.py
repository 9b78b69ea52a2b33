"""Validating files and folders: find the files, load each, collect problems.

A broken file never stops the run: each file's result stands alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.formats.detect import detect_kind
from engine.formats.errors import LoadError
from engine.formats.jsonio import read_json_file
from engine.formats.map_file import map_from_document
from engine.formats.ruleset_file import ruleset_from_document
from engine.formats.scenario_file import scenario_from_document
from engine.validation.problem import Problem, Severity

__all__ = ["FileResult", "find_files", "validate_file"]


@dataclass(frozen=True, slots=True)
class FileResult:
    """The outcome for one file: its kind (if known) and its problems."""

    path: Path
    kind: str | None
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> int:
        """Number of error-severity problems."""
        return sum(p.severity is Severity.ERROR for p in self.problems)


def find_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files named directly, plus every ``*.json`` below named folders (sorted).

    A path that does not exist is yielded as is (validation then reports it).
    """
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(
                f for f in p.rglob("*.json") if f.is_file() and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
        else:
            yield p


def _code_for(err: LoadError) -> str:
    """HF001 unreadable/not JSON, HF002 schema, HF003 meaning (hexes, references)."""
    where = err.where
    if not where or where.startswith(("line ", "byte ")):
        return "HF001"
    return "HF002" if where.startswith("$") else "HF003"


def load_problems(err: LoadError) -> tuple[Problem, ...]:
    """The problems of a LoadError as validator problems."""
    code = _code_for(err)
    return tuple(Problem(code, Severity.ERROR, p.message, (), p.where) for p in err.problems)


def validate_file(path: Path) -> FileResult:
    """Load ``path`` as whatever it is and report its problems; never raises for bad input."""
    try:
        doc = read_json_file(path)
        kind = detect_kind(doc)
        if kind == "map":
            map_from_document(doc, path)
        elif kind == "scenario":
            scenario_from_document(doc, path)
        elif kind == "ruleset":
            ruleset_from_document(doc, path)
        else:
            return FileResult(
                path,
                None,
                (Problem("HF004", Severity.ERROR,
                         "not a hexfort file: name its schema in \"$schema\" (map.schema.json, "
                         "scenario.schema.json or ruleset.schema.json)", (), "$"),),
            )
    except LoadError as e:
        return FileResult(path, None, load_problems(e))
    return FileResult(path, kind, ())
