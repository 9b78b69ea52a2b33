"""Qt-free summaries of map files for the map library: name, author, modes, size and problems.

:func:`summarize` never raises: a file that cannot be read still gets a summary
(named after the file) whose problems say why, exactly as ``hexfort validate``
reports them (the same :func:`~engine.validation.runner.validate_file`).
Summaries round-trip through JSON so the library can cache them on disk.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editor.resize import grid_size
from engine.formats import LoadError, load_any
from engine.formats.jsonio import read_json_file
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Mode
from engine.scenario import Scenario
from engine.validation.problem import Problem, Severity
from engine.validation.runner import FileResult, validate_file

__all__ = ["THUMB_SIZE", "MapRead", "MapSummary", "file_stamp", "library_files", "make_summary", "read_map", "summarize"]

#: Size of a map's picture in the library, in pixels (width, height).
THUMB_SIZE = (128, 96)

#: Files the library leaves out: they hold no map.
SKIPPED_SUFFIXES = (".ruleset.json", ".replay.json")


def library_files(folder: Path) -> list[Path]:
    """The ``*.json`` files below ``folder`` that may hold a map or scenario, sorted.

    Hidden files and folders, rulesets and replays are left out.
    """
    out = []
    for f in folder.rglob("*.json"):
        rel = f.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts) or f.name.endswith(SKIPPED_SUFFIXES):
            continue
        if f.is_file():
            out.append(f)
    return sorted(out)


def file_stamp(path: Path) -> tuple[int, int]:
    """``(mtime in ns, size in bytes)`` of ``path``, or ``(0, 0)`` when it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


@dataclass(frozen=True)
class MapSummary:
    """What the library shows of one file."""

    path: Path
    mtime_ns: int
    size: int
    kind: str | None
    name: str
    author: str = ""
    modes: tuple[Mode, ...] = ()
    columns: int = 0
    rows: int = 0
    hexes: int = 0
    problems: tuple[Problem, ...] = ()

    @property
    def errors(self) -> int:
        """Number of errors."""
        return sum(p.severity is Severity.ERROR for p in self.problems)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return sum(p.severity is Severity.WARNING for p in self.problems)

    @property
    def broken(self) -> bool:
        """True when the file has errors (it cannot be played as it is)."""
        return self.errors > 0

    @property
    def worst(self) -> Problem | None:
        """The most severe problem (lowest code first among equals), or None."""
        return min(self.problems, key=lambda p: (p.severity.rank, p.code), default=None)

    def status(self) -> str:
        """The validation status in words: ``2 errors, 1 warning``; ``valid · 2 fairness warnings`` for a map
        that plays but favours a side (HF3xx/HF4xx), ``valid · 1 warning`` for other warnings; ``valid · 6 notes``
        (one way of writing it: an audit read "valid (6 notes)" beside "valid · 1 warning"); ``valid``."""
        e, w = self.errors, self.warnings
        if not e and not w:
            return "valid" if not self.problems else f"valid · {len(self.problems)} note{'s' * (len(self.problems) != 1)}"
        if not e:
            fair = sum(p.severity is Severity.WARNING and p.fairness for p in self.problems)
            parts = [f"{fair} fairness warning{'s' * (fair != 1)}"] if fair else []
            if w > fair:
                other = "other " if fair else ""
                parts.append(f"{w - fair} {other}warning{'s' * (w - fair != 1)}")
            return "valid · " + ", ".join(parts)
        parts = [f"{e} error{'s' * (e != 1)}"]
        if w:
            parts.append(f"{w} warning{'s' * (w != 1)}")
        return ", ".join(parts)

    # -- JSON (the disk cache) -----------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (paths as text, hexes as ``"q,r"``)."""
        return {
            "path": str(self.path), "mtime_ns": self.mtime_ns, "size": self.size, "kind": self.kind,
            "name": self.name, "author": self.author, "modes": [m.value for m in self.modes],
            "columns": self.columns, "rows": self.rows, "hexes": self.hexes,
            "problems": [{"code": p.code, "severity": p.severity.value, "message": p.message,
                          "hexes": [str(h) for h in p.hexes], "where": p.where} for p in self.problems],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> MapSummary:
        """The inverse of :meth:`to_json`; raises KeyError or ValueError for a damaged entry."""
        return cls(
            Path(d["path"]), int(d["mtime_ns"]), int(d["size"]), d["kind"], str(d["name"]), str(d["author"]),
            tuple(Mode(m) for m in d["modes"]), int(d["columns"]), int(d["rows"]), int(d["hexes"]),
            tuple(Problem(p["code"], Severity(p["severity"]), p["message"],
                          tuple(Hex.parse(h) for h in p["hexes"]), p["where"]) for p in d["problems"]),
        )


@dataclass(frozen=True)
class MapRead:
    """What a file gave the library: its map (a scenario's map; None when it has none or does not load), the name to
    show, and for a file that does not load, the author and games its JSON still names."""

    map: HexMap | None
    name: str
    author: str = ""
    modes: tuple[Mode, ...] = ()


def read_map(path: Path) -> MapRead:
    """The map a file holds and the name to show (``path``'s name when it names none). A file that does not load is
    read once more, as plain JSON, for its name, author and games (a scenario whose map is missing, a map failing its
    schema for one typo: a new-user audit saw only the file name and a blank author); session 22 found it read
    twice more, once per field."""
    try:
        _kind, value = load_any(path)
    except LoadError:
        return _fallback(path)
    if isinstance(value, Scenario):
        return MapRead(value.map, value.name)
    if isinstance(value, HexMap):
        return MapRead(value, value.meta.name)
    return MapRead(None, path.name)


def _fallback(path: Path) -> MapRead:
    """The name, author and games a file that does not load still names, when its JSON reads (:func:`read_map`)."""
    try:
        doc = read_json_file(path)
    except LoadError:
        return MapRead(None, path.name)
    if not isinstance(doc, dict):
        return MapRead(None, path.name)
    name, author, modes = doc.get("name"), doc.get("author"), doc.get("modes")
    known = {m.value: m for m in Mode}
    return MapRead(None, name.strip()[:120] if isinstance(name, str) and name.strip() else path.name,
                   author.strip()[:120] if isinstance(author, str) else "",
                   tuple(known[x] for x in modes if isinstance(x, str) and x in known) if isinstance(modes, list) else ())


def make_summary(path: Path, stamp: tuple[int, int], read: MapRead, result: FileResult) -> MapSummary:
    """The summary of a file from its version ``stamp``, what :func:`read_map` gave and its validation."""
    m = read.map
    if m is None:
        author, modes = (read.author, read.modes) if result.kind in (None, "map") else ("", ())
        return MapSummary(path, *stamp, result.kind, read.name, author, modes, problems=result.problems)
    cols, rows = grid_size(m)
    return MapSummary(path, *stamp, result.kind, read.name, m.meta.author, m.meta.modes, cols, rows, len(m),
                      result.problems)


def summarize(path: Path, validate: Callable[[Path], FileResult] = validate_file) -> tuple[MapSummary, HexMap | None]:
    """The summary of ``path`` and its map (None when it has none or cannot be read); never raises."""
    path = Path(path)
    stamp = file_stamp(path)
    read = read_map(path)
    return make_summary(path, stamp, read, validate(path)), read.map
