"""Qt-free map resizing: add or cut columns and rows on each side, and move the whole map.

A map's frame is the box of offset columns and rows its file stores (odd rows
shoved for pointy maps, odd columns for flat ones). :func:`resize_map` grows or
cuts that frame side by side and may move the content by whole columns and rows
(a rigid move, so every hex keeps its neighbours); new parts of the frame become
open ground (or stay empty). Everything on a hex that is cut goes with it, and the
result says exactly what was lost, so nothing disappears silently; a scenario's
starting units move with the map (a unit whose hex is cut starts anywhere in its
spawn zone instead).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from editor.edit_result import EditRefused
from editor.scenario_setup import ScenarioSetup
from engine.formats.grid_codec import MAX_GRID
from engine.hexgrid import (
    ODD,
    Hex,
    OffsetCoord,
    qoffset_from_cube,
    qoffset_to_cube,
    roffset_from_cube,
    roffset_to_cube,
)
from engine.mapmodel import MAX_HEXES, OPEN_GROUND, Cell, HexMap, Orientation, Team
from engine.scenario import TeamSetup

__all__ = ["Margins", "Resized", "crop_margins", "grid_box", "grid_size", "resize_map"]


@dataclass(frozen=True, slots=True)
class Margins:
    """Columns (left, right) and rows (top, bottom) to add (> 0) or cut (< 0) on each side."""

    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0


def _offset(o: Orientation, h: Hex) -> tuple[int, int]:
    c = roffset_from_cube(ODD, h) if o is Orientation.POINTY else qoffset_from_cube(ODD, h)
    return c.col, c.row


def _hex(o: Orientation, col: int, row: int) -> Hex:
    c = OffsetCoord(col, row)
    return roffset_to_cube(ODD, c) if o is Orientation.POINTY else qoffset_to_cube(ODD, c)


def grid_box(m: HexMap, hexes: Iterable[Hex] | None = None) -> tuple[int, int, int, int]:
    """(first column, first row, last column, last row) of ``hexes`` (default: the map's hexes)."""
    offs = [_offset(m.meta.orientation, h) for h in (m.cells if hexes is None else hexes)]
    if not offs:
        raise EditRefused("no hexes to measure")
    cols = [c for c, _ in offs]
    rows = [r for _, r in offs]
    return min(cols), min(rows), max(cols), max(rows)


def grid_size(m: HexMap) -> tuple[int, int]:
    """(columns, rows) of the map's frame."""
    c0, r0, c1, r1 = grid_box(m)
    return c1 - c0 + 1, r1 - r0 + 1


def crop_margins(m: HexMap, hexes: Iterable[Hex]) -> Margins:
    """The margins that cut the map down to the columns and rows ``hexes`` span."""
    c0, r0, c1, r1 = grid_box(m)
    s0, t0, s1, t1 = grid_box(m, [h for h in hexes if h in m.cells] or list(hexes))
    return Margins(left=min(0, c0 - s0), top=min(0, r0 - t0), right=min(0, s1 - c1), bottom=min(0, t1 - r1))


@dataclass(frozen=True)
class Resized:
    """The resized map (and scenario), the move applied and what was added or lost."""

    map: HexMap
    scenario: ScenarioSetup | None
    vector: Hex
    removed: frozenset[Hex]
    added: int
    lost: tuple[str, ...]
    size_before: tuple[int, int]
    shift: tuple[int, int] = (0, 0)

    def moved(self, hexes: Iterable[Hex]) -> set[Hex]:
        """Where the given old hexes are now (cut ones are left out)."""
        return {h + self.vector for h in hexes if h not in self.removed}

    def summary(self) -> str:
        """One line for the status bar or the dialog: sizes, hexes added and cut, what was lost."""
        cols, rows = grid_size(self.map)
        parts = [f"{self.size_before[0]} × {self.size_before[1]} → {cols} × {rows}"]
        if self.shift != (0, 0):
            parts.append(_moved(self.shift))
        if self.added:
            parts.append(f"{self.added} new hex{'es' * (self.added != 1)}")
        if self.removed:
            parts.append(f"{len(self.removed)} hex{'es' * (len(self.removed) != 1)} cut")
        parts.append("losing " + ", ".join(self.lost) if self.lost else "nothing else lost")
        return " · ".join(parts)


def _count(n: int, one: str, many: str | None = None) -> list[str]:
    """``["3 kits"]`` (or ``[]`` for none)."""
    return [f"{n} {one if n == 1 else many or one + 's'}"] if n else []


def _moved(shift: tuple[int, int]) -> str:
    dc, dr = shift
    parts = []
    if dc:
        parts.append(f"{abs(dc)} column{'s' * (abs(dc) != 1)} {'right' if dc > 0 else 'left'}")
    if dr:
        parts.append(f"{abs(dr)} row{'s' * (abs(dr) != 1)} {'down' if dr > 0 else 'up'}")
    return "moved " + " and ".join(parts)


def resize_map(m: HexMap, margins: Margins, shift: tuple[int, int] = (0, 0), fill: bool = True,
               scenario: ScenarioSetup | None = None) -> Resized:
    """Grow or cut the map's frame by ``margins`` after moving its content by ``shift`` (columns, rows).

    The move is rigid: the content moves as the hex at the frame's top-left corner
    would move by ``shift``. With ``fill`` every hex of the new frame outside the
    (moved) old frame becomes open height-0 ground; holes of the old map stay holes.
    Raises EditRefused when nothing of the map would be left, or when the result would not fit a map
    file (more than ``MAX_GRID`` columns or rows, or more than ``MAX_HEXES`` hexes).
    """
    o = m.meta.orientation
    c0, r0, c1, r1 = grid_box(m)
    nc0, nr0, nc1, nr1 = c0 - margins.left, r0 - margins.top, c1 + margins.right, r1 + margins.bottom
    if nc1 < nc0 or nr1 < nr0:
        raise EditRefused(f"the map is only {c1 - c0 + 1} × {r1 - r0 + 1}; it cannot lose that many columns or rows")
    width, height = nc1 - nc0 + 1, nr1 - nr0 + 1
    if width > MAX_GRID or height > MAX_GRID:
        raise EditRefused(f"the map would be {width} × {height}; a map file holds at most {MAX_GRID} × {MAX_GRID}")
    dc, dr = shift
    vec = _hex(o, c0 + dc, r0 + dr) - _hex(o, c0, r0)

    def inside(h: Hex) -> bool:
        col, row = _offset(o, h)
        return nc0 <= col <= nc1 and nr0 <= row <= nr1

    removed = frozenset(h for h in m.cells if not inside(h + vec))
    cells: dict[Hex, Cell] = {h + vec: c for h, c in m.cells.items() if h not in removed}
    added = 0
    if fill:
        old_frame = {_hex(o, c, r) + vec for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
        for r in range(nr0, nr1 + 1):
            for c in range(nc0, nc1 + 1):
                h = _hex(o, c, r)
                if h not in cells and h not in old_frame:
                    cells[h] = OPEN_GROUND
                    added += 1
    if not cells:
        raise EditRefused("nothing of the map would be left; keep at least one hex")
    if len(cells) > MAX_HEXES:
        raise EditRefused(f"the map would have {len(cells):,} hexes; a map has at most {MAX_HEXES:,} "
                          f"(grow it less, or without filling the new frame)")

    def keep(hexes: Iterable[Hex]) -> list[Hex]:
        return [h + vec for h in hexes if h not in removed]

    lost: list[str] = []
    spawns = {}
    for t, zone in m.spawns.items():
        spawns[t] = keep(zone)
        lost += _count(len(zone) - len(spawns[t]), f"{t.value} spawn hex", f"{t.value} spawn hexes")
    kits = keep(m.kits)
    lost += _count(len(m.kits) - len(kits), "first-aid kit")
    cps = [keep(cp) for cp in m.control_points]
    lost += _count(sum(len(cp) for cp in m.control_points) - sum(len(cp) for cp in cps), "control-point hex",
                   "control-point hexes")
    tracks = {}
    for t, path in m.tracks.items():
        tracks[t] = keep(path)
        lost += _count(len(path) - len(tracks[t]), f"{t.value} track step")
    points = {}
    for colour, zone in m.spawnpoints.items():
        points[colour] = keep(zone)
        lost += _count(len(zone) - len(points[colour]), f"{colour.value} spawnpoint")
    ammo = keep(m.ammo)
    lost += _count(len(m.ammo) - len(ammo), "ammo tile")
    racks = keep(m.racks)
    lost += _count(len(m.racks) - len(racks), "weapon rack")
    out = HexMap.create(m.meta, cells, spawns, kits, [cp for cp in cps if cp], tracks=tracks, spawnpoints=points,
                        ammo=ammo, racks=racks)
    new_setup = scenario
    if scenario is not None:
        teams: dict[Team, TeamSetup] = {}
        for t, setup in scenario.teams.items():
            units = []
            for u in setup.starting:
                if u.hex is not None and u.hex in removed:
                    lost.append(f"{t.value} {u.unit}'s start hex (it now starts anywhere in its spawn zone)")
                    units.append(replace(u, hex=None))
                else:
                    units.append(replace(u, hex=u.hex + vec) if u.hex is not None else u)
            teams[t] = TeamSetup(setup.roster, tuple(units))
        for t, ts in teams.items():
            new_setup = new_setup.with_team(t, ts)  # type: ignore[union-attr]  # set from scenario, not None
    return Resized(out, new_setup, vec, removed, added, tuple(lost), (c1 - c0 + 1, r1 - r0 + 1), shift)

