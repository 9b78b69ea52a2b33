"""Upgrading documents written in older ``format`` versions to the current one.

Each migration takes a raw document of version N and returns one of version N+1;
loaders call :func:`migrate` before schema validation, so the schema only ever
describes the current version.

Map format 1 stored one JSON object per hex (``{"q": 0, "r": 0, "height": 1,
"terrain": "wall"}``). It is what other tools and early drafts tend to produce,
but it is slow to validate (a 3,600-hex map took 240-430 ms in
python-jsonschema) and a one-hex edit moved several lines. Format 2 draws the
ground as text rows.

Map format 3 added Team Play's features (``spawnpoints`` by colour, ``ammo``
tiles and weapon ``racks``). A format 2 file has none of them, so the step
only raises the version; a file that does have them must say format 3, so an
older hexfort refuses it with "upgrade hexfort" instead of a schema error.

Replay format 2 added the rules a game was played under (``rules``: mode, the
engine's rules version, the ruleset's fingerprint and its parts); format 1
replays have none and load as before.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from engine.formats.errors import LoadError, LoadProblem
from engine.formats.grid_codec import MAX_GRID, encode_rows, grid_extent
from engine.hexgrid import Hex
from engine.mapmodel import Cell, MapEditError, Orientation, Terrain

__all__ = ["CURRENT", "migrate"]

CURRENT: Final = {"map": 3, "scenario": 1, "ruleset": 1, "replay": 2}
#: Largest axial coordinate either way a format-1 cell may have (what a "q,r" hex text can name).
MAX_COORD: Final = 9999


def _map_1_to_2(doc: dict[str, Any], file: str | Path) -> dict[str, Any]:
    cells_raw = doc.get("cells")
    if not isinstance(cells_raw, list):
        raise LoadError.single(file, "$.cells", "format 1 maps need a 'cells' list")
    problems: list[LoadProblem] = []
    cells: dict[Hex, Cell] = {}
    for i, c in enumerate(cells_raw):
        if len(problems) >= 20:
            break
        where = f"$.cells[{i}]"
        if not isinstance(c, dict):
            problems.append(LoadProblem(where, "each cell must be an object"))
            continue
        try:
            h = Hex(_coord(c, "q"), _coord(c, "r"))
            terrain = _terrain(c.get("terrain", "open"))
            up = _int(c, "up") if terrain is Terrain.STAIRS else None
            cell = Cell(_int(c, "height", 0), terrain, up)
        except (ValueError, MapEditError) as e:
            problems.append(LoadProblem(where, str(e)))
            continue
        if h in cells:
            problems.append(LoadProblem(where, f"hex {h} is listed twice"))
        cells[h] = cell
    if problems:
        raise LoadError(file, problems)
    if not cells:
        raise LoadError.single(file, "$.cells", "a map needs at least one hex")
    orientation = doc.get("orientation", "pointy")
    try:
        o = Orientation(orientation)
    except ValueError:
        raise LoadError.single(file, "$.orientation", "must be 'pointy' or 'flat'") from None
    width, height = grid_extent(cells, o)
    if width > MAX_GRID or height > MAX_GRID:
        raise LoadError.single(file, "$.cells", f"the cells spread over {width:,} × {height:,} places; a map "
                               f"fits in {MAX_GRID} × {MAX_GRID}: move the far cells in")
    origin, rows = encode_rows(cells, o)
    out = {k: v for k, v in doc.items() if k != "cells"}
    out["format"] = 2
    out["origin"] = list(origin)
    out["rows"] = rows
    return out


def _map_2_to_3(doc: dict[str, Any], file: str | Path) -> dict[str, Any]:
    return {**doc, "format": 3}


def _replay_1_to_2(doc: dict[str, Any], file: str | Path) -> dict[str, Any]:
    """Replay format 2 records the rules a game was played under (``rules``); a format 1
    replay has no such record, so it loads as before, checked by playing it again."""
    return {**doc, "format": 2}


def _int(c: dict[str, Any], key: str, default: int | None = None) -> int:
    """``c[key]`` (or ``default``) if it is an integer; raises ValueError."""
    v = c.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{key!r} must be an integer, got {_short(v)}")
    return v


#: Documents embedded in others: (outer kind, key) -> inner kind.
_EMBEDDED: Final = {("scenario", "map"): "map", ("replay", "scenario"): "scenario"}


def _migrate_embedded(doc: dict[str, Any], kind: str, file: str | Path) -> dict[str, Any]:
    for (outer, key), inner in _EMBEDDED.items():
        if outer == kind and isinstance(doc.get(key), dict):
            try:
                doc = {**doc, key: migrate(doc[key], inner, file)}
            except LoadError as e:
                raise LoadError(file, [LoadProblem(p.where.replace("$", f"$.{key}", 1), p.message, p.stage)
                                       for p in e.problems]) from None
    return doc


def _coord(c: dict[str, Any], key: str) -> int:
    """An axial coordinate small enough for a ``"q,r"`` text to name; raises ValueError."""
    v = _int(c, key)
    if not -MAX_COORD <= v <= MAX_COORD:
        raise ValueError(f"{key!r} must be from {-MAX_COORD} to {MAX_COORD}, got {_short(v)}")
    return v


def _terrain(value: Any) -> Terrain:
    names = ", ".join(t.value for t in Terrain)
    if not isinstance(value, str) or value not in {t.value for t in Terrain}:
        raise ValueError(f"'terrain' must be one of {names}, got {_short(value)}")
    return Terrain(value)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_MIGRATIONS: Final[dict[tuple[str, int], Callable[[dict[str, Any], str | Path], dict[str, Any]]]] = {
    ("map", 1): _map_1_to_2,
    ("map", 2): _map_2_to_3,
    ("replay", 1): _replay_1_to_2,
}


def migrate(doc: Any, kind: str, file: str | Path) -> Any:
    """Bring ``doc`` to the current format of ``kind``; raises LoadError if it cannot.

    Documents that are not objects, or whose ``format`` is missing or current, are
    returned unchanged (the schema then reports what is wrong). A ``format`` newer
    than this hexfort knows is refused with a message to upgrade. Documents
    embedded in others (a scenario's map, a replay's scenario) are brought up to
    date too, so the outer schema sees current versions only.
    """
    if not isinstance(doc, dict):
        return doc
    doc = _migrate_embedded(doc, kind, file)
    version = doc.get("format")
    current = CURRENT[kind]
    if not isinstance(version, int) or isinstance(version, bool) or version == current:
        return doc
    if version > current:
        raise LoadError.single(
            file,
            "$.format",
            f"this {kind} was written in format {version}, newer than this hexfort "
            f"understands ({current}); upgrade hexfort",
        )
    while version < current:
        step = _MIGRATIONS.get((kind, version))
        if step is None:
            raise LoadError.single(
                file, "$.format", f"{kind} format {version} is not supported (current is {current})"
            )
        doc = step(doc, file)
        version = doc["format"]
    return doc
