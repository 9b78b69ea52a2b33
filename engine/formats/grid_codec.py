"""The text-row encoding of a map's ground (format 2) and its inverse.

Each visual row of the map is one string of 2-character tokens separated by a
space: a height digit and a terrain character (``.`` open, ``#`` wall,
``o`` low obstacle, ``a``-``f`` stairs climbing toward direction 0-5), or ``--``
for no hex. Pointy maps are stored as odd-row offset rows, flat maps as odd-column
offsets with each text line holding one offset row. Changing one hex changes one
line of the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine.hexgrid import (
    ODD,
    Hex,
    OffsetCoord,
    qoffset_from_cube,
    qoffset_to_cube,
    roffset_from_cube,
    roffset_to_cube,
)
from engine.mapmodel import Cell, Orientation, Terrain

__all__ = ["HOLE", "MAX_GRID", "decode_rows", "decode_token", "encode_cell", "encode_rows", "grid_extent"]

HOLE: Final = "--"
#: Most rows, and most tokens in a row, a map file may have (schemas/map.schema.json says the same).
MAX_GRID: Final = 400
_TERRAIN_CHAR: Final = {Terrain.OPEN: ".", Terrain.WALL: "#", Terrain.LOW: "o"}
_CHAR_TERRAIN: Final = {v: k for k, v in _TERRAIN_CHAR.items()}
_STAIRS: Final = "abcdef"


class TokenError(ValueError):
    """A grid token cannot be read; the message says what a token looks like."""


def encode_cell(c: Cell) -> str:
    """The 2-character token of a cell."""
    if c.terrain is Terrain.STAIRS:
        assert c.stairs_up is not None
        return f"{c.height}{_STAIRS[c.stairs_up]}"
    return f"{c.height}{_TERRAIN_CHAR[c.terrain]}"


def decode_token(tok: str) -> Cell | None:
    """The cell of a token, or None for ``--``; raises TokenError for anything else."""
    if tok == HOLE:
        return None
    if len(tok) != 2 or tok[0] not in "012":
        raise TokenError(f"{tok!r} is not a hex token (height 0-2 then . # o or a-f, or --)")
    h, t = int(tok[0]), tok[1]
    if t in _CHAR_TERRAIN:
        return Cell(h, _CHAR_TERRAIN[t])
    if t in _STAIRS:
        return Cell(h, Terrain.STAIRS, _STAIRS.index(t))
    raise TokenError(f"{tok!r} has unknown terrain {t!r} (use . # o or a-f)")


def _to_offset(o: Orientation, h: Hex) -> OffsetCoord:
    return roffset_from_cube(ODD, h) if o is Orientation.POINTY else qoffset_from_cube(ODD, h)


def _from_offset(o: Orientation, c: OffsetCoord) -> Hex:
    return roffset_to_cube(ODD, c) if o is Orientation.POINTY else qoffset_to_cube(ODD, c)


def grid_extent(cells: Mapping[Hex, Cell], o: Orientation) -> tuple[int, int]:
    """``(tokens per row, rows)`` that :func:`encode_rows` would write for ``cells`` (non-empty)."""
    offs = [_to_offset(o, h) for h in cells]
    cols = [c.col for c in offs]
    rows = [c.row for c in offs]
    return max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def encode_rows(cells: Mapping[Hex, Cell], o: Orientation) -> tuple[tuple[int, int], list[str]]:
    """Canonical ``(origin, rows)`` for ``cells``: tight bounds, trailing holes trimmed."""
    offs = {_to_offset(o, h): c for h, c in cells.items()}
    min_col = min(c.col for c in offs)
    min_row = min(c.row for c in offs)
    max_row = max(c.row for c in offs)
    by_row: dict[int, dict[int, Cell]] = {}
    for oc, cell in offs.items():
        by_row.setdefault(oc.row, {})[oc.col] = cell
    rows: list[str] = []
    for row in range(min_row, max_row + 1):
        line = by_row.get(row, {})
        if not line:
            rows.append(HOLE)
            continue
        last = max(line)
        rows.append(
            " ".join(
                encode_cell(line[col]) if col in line else HOLE
                for col in range(min_col, last + 1)
            )
        )
    return (min_col, min_row), rows


def decode_rows(
    rows: Sequence[str], origin: tuple[int, int], o: Orientation
) -> tuple[dict[Hex, Cell], list[tuple[int, int, str]]]:
    """Cells from rows; also returns ``(row index, token index, message)`` for bad tokens."""
    col0, row0 = origin
    cells: dict[Hex, Cell] = {}
    bad: list[tuple[int, int, str]] = []
    for i, line in enumerate(rows):
        for j, tok in enumerate(line.split(" ")):
            try:
                cell = decode_token(tok)
            except (TokenError, ValueError) as e:
                bad.append((i, j, str(e)))
                continue
            if cell is not None:
                cells[_from_offset(o, OffsetCoord(col0 + j, row0 + i))] = cell
    return cells, bad
