"""A Tiled hexagonal map → a hexfort map.

The ground is a tile layer (the one whose ``hexfort`` property is ``ground``, or
the first tile layer); each tile's hex comes from its own ``hexfort`` property,
else the terrain table (:mod:`engine.interop.terrain_table`); an empty cell, or
a tile mapped to ``--``, is no hex. Features are objects of any object layer,
known by their class: ``spawn`` (property ``team``), ``kit``,
``control_point`` (property ``point``, 1 by default), ``track`` (a polyline,
property ``team``), ``spawnpoint`` (property ``colour``), ``ammo`` and ``rack``;
an object stands on the hex whose centre is nearest its position, except that
a rectangle or ellipse of a ``spawn`` or ``control_point`` covers every hex
whose centre lies inside its bounding box. Objects of
other classes are decoration and are left out. Map properties ``name``,
``author``, ``description``, ``modes`` and ``hexfort_origin`` (the hex of cell
0,0) fill the map's metadata.

Anything that cannot be converted is a LoadError naming the file, the layer and
the tile or object, and the fix; nothing is half converted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Final
from xml.etree import ElementTree as ET

from engine.formats.errors import LoadError, LoadProblem
from engine.formats.grid_codec import TokenError, decode_token
from engine.formats.map_file import dumps_map, loads_map
from engine.games.modes import modes_for_features
from engine.hexgrid import Hex, HexParseError, hex_linedraw
from engine.interop.stagger import AXES, INDICES, StaggeredGrid
from engine.interop.terrain_table import TerrainTable
from engine.interop.tiled_model import (
    ObjectLayer,
    PropertyValue,
    TiledError,
    TiledMap,
    TiledObject,
    TileLayer,
)
from engine.mapmodel import Cell, Colour, HexMap, MapEditError, MapMeta, Mode, Orientation, Team, Terrain

__all__ = ["COLOUR_NAMES", "FEATURE_CLASSES", "TEAM_NAMES", "ground_note", "map_from_tiled", "tiled_grid"]

FEATURE_CLASSES: Final = ("spawn", "kit", "control_point", "track", "spawnpoint", "ammo", "rack")
#: The classes that cover hexes: a rectangle or ellipse of one takes every hex whose centre lies inside it.
AREA_CLASSES: Final = ("spawn", "control_point")
#: What a ``team`` property may say (lower-cased), and what ``colour`` (or ``color``) may.
TEAM_NAMES: Final[Mapping[str, Team]] = {"red": Team.RED, "blu": Team.BLU, "blue": Team.BLU}
COLOUR_NAMES: Final[Mapping[str, Colour]] = {c.value.lower(): c for c in Colour}
_MAX_PROBLEMS: Final = 20


def _where_cell(layer: str, col: int, row: int) -> str:
    return f"layer {layer!r}, tile at column {col}, row {row}"


def ground_note(tm: TiledMap) -> str:
    """Which tile layer the ground is read from, when the map has more than one, and the group layers not read ("" when
    neither): after an export
    over a Tiled map, hexfort's own layer is read and the map maker's old ground layer is not, so terrain painted
    there would be ignored without a word (a new-user audit)."""
    layers = [lay for lay in tm.layers if isinstance(lay, TileLayer)]
    groups = _groups(tm)
    grouped = (f"the layers inside the group{'s' if len(groups) > 1 else ''} {', '.join(map(repr, groups))} are not "
               "read (features on them are missing): drag them out of the group in Tiled") if groups else ""
    if len(layers) < 2:
        return grouped
    read = _ground(tm, Path())
    others = ", ".join(repr(lay.name) for lay in layers if lay is not read)
    said = (f"the ground was read from the tile layer {read.name!r}; the other tile layers ({others}) are kept as "
            f"decoration and not read — paint terrain changes on {read.name!r}")
    return f"{said}; {grouped}" if grouped else said


def _ground(tm: TiledMap, file: Path) -> TileLayer:
    layers = [lay for lay in tm.layers if isinstance(lay, TileLayer)]
    marked = [lay for lay in layers if lay.properties.get("hexfort") == "ground"]
    if marked or layers:
        return (marked or layers)[0]
    groups = _groups(tm)
    if groups:
        raise TiledError(file, f"group {groups[0]!r}", "hexfort reads the tile and object layers at the top of the "
                                                      "map, and this map has its layers inside a group; in Tiled, "
                                                      "drag them out of the group (or ungroup it) and save again")
    raise TiledError(file, "", "the map has no tile layer to read the ground from; paint the hexes on a tile layer")


def _groups(tm: TiledMap) -> list[str]:
    """The names of the map's group layers, which hexfort does not read into."""
    return [g for lay in tm.layers if (g := _group_name(lay)) is not None]


def _group_name(layer: object) -> str | None:
    """The name of a Tiled group layer kept as read (an XML element or a JSON object), None for any other layer."""
    if isinstance(layer, dict):
        return str(layer.get("name", "")) if layer.get("type") == "group" else None
    if isinstance(layer, ET.Element):
        return str(layer.get("name", "")) if layer.tag == "group" else None
    return None


def _cell(tm: TiledMap, gid: int, table: TerrainTable | None, file: Path, where: str,
          missing: dict[tuple[str, int], str]) -> Cell | None | LoadProblem:
    """The hex tile ``gid`` stands for (None: no hex), or the problem; a tile with no terrain is also noted in
    ``missing`` ((tileset, local id) → its words) for :func:`_starter_table`."""
    found = tm.tile(gid)
    if found is None:
        return LoadProblem(where, f"tile id {gid} belongs to no tileset; save the map again from Tiled")
    ts, local = found
    if ts.tilecount is not None and local >= ts.tilecount:
        # the id Tiled shows (from 0 in its tileset), as the other tile messages give it (an audit read 28 for 27)
        return LoadProblem(where, f"tile id {local} is past the last tile of tileset {ts.name!r} (ids 0–"
                                  f"{ts.tilecount - 1}): the tileset was changed or the layer data damaged; repaint "
                                  "the hex with a tile of the tileset")
    info = ts.tiles.get(local)
    own = info.properties.get("hexfort") if info else None
    token = own if isinstance(own, str) else None
    if token is None and table is not None:
        token = table.token(ts.name, local, info.cls if info else "")
    label = f"tile {local} of tileset {ts.name!r}" + (f" (class {info.cls!r})" if info and info.cls else "")
    if token is None:
        missing[(ts.name, local)] = label
        return LoadProblem(where, f"{label} has no terrain; give it a 'hexfort' property (a token: \"0.\" open, "
                                  "\"1#\" wall, \"--\" no hex...), a class the terrain table knows, or map it in "
                                  "a table given with --terrain-table")
    try:
        return decode_token(token)
    except TokenError as e:
        source = "its 'hexfort' property" if own is not None else "the terrain table"
        return LoadProblem(where, f"{label}, {source}: {e}")


#: A stairs tile rotated or flipped in Tiled: its way up is the tile's own, which Tiled's turn would contradict.
_TURNED_STAIRS: Final = ("this stairs tile is rotated or flipped in Tiled, but hexfort reads the way up from the tile "
                         "itself, so the stairs would climb another way than Tiled shows; paint the stairs tile that "
                         "faces the way you want (hexfort's tileset has one per direction) without rotating or "
                         "flipping it")


def _cells(tm: TiledMap, grid: StaggeredGrid, table: TerrainTable | None, file: Path) -> dict[Hex, Cell]:
    layer = _ground(tm, file)
    cells: dict[Hex, Cell] = {}
    problems: list[LoadProblem] = []
    memo: dict[int, Cell | None | LoadProblem] = {}
    missing: dict[tuple[str, int], str] = {}
    for i, gid in enumerate(layer.gids):
        if gid == 0:
            continue
        col, row = i % layer.width, i // layer.width
        if gid not in memo:
            memo[gid] = _cell(tm, gid, table, file, _where_cell(layer.name, col, row), missing)
        got = memo[gid]
        if isinstance(got, LoadProblem):
            if len(problems) < _MAX_PROBLEMS and got.where == _where_cell(layer.name, col, row):
                problems.append(got)  # one problem per kind of tile, at its first cell
            continue
        if got is not None and i in layer.turned and got.terrain is Terrain.STAIRS and len(problems) < _MAX_PROBLEMS:
            problems.append(LoadProblem(_where_cell(layer.name, col, row), _TURNED_STAIRS))
            continue
        if got is not None:
            cells[grid.to_hex(col, row)] = got
    if problems:
        raise LoadError(file, _starter_table(problems, missing))
    if not cells:
        raise TiledError(file, f"layer {layer.name!r}", "the ground layer has no hexes; paint some tiles")
    return cells


def _starter_table(problems: list[LoadProblem], missing: dict[tuple[str, int], str]) -> list[LoadProblem]:
    """``problems`` with the fix said once when several tiles have no terrain (a map from elsewhere, Tiled's own
    examples: fifteen lines each repeating the whole sentence, an audit), and a terrain table to start from: every
    such tile as open ground, to be changed and given with --terrain-table."""
    if len(missing) < 2:
        return problems
    labels = set(missing.values())
    out, said = [], False
    for p in problems:
        label = p.message.split(" has no terrain;", 1)[0]
        if label in labels and said:
            out.append(LoadProblem(p.where, f"{label} has no terrain either"))
            continue
        said = said or label in labels
        out.append(p)
    tiles: dict[str, dict[str, str]] = {}
    for (tileset, local) in sorted(missing):
        tiles.setdefault(tileset, {})[str(local)] = "0."
    table = json.dumps({"format": 1, "tiles": tiles}, separators=(", ", ": "))
    out.append(LoadProblem("terrain table", f"a table to start from, every such tile open ground (\"0.\"): save it "
                                            f"as a .json file, change each token (\"1#\" wall, \"2.\" high ground, "
                                            f"\"--\" no hex...) and give it with --terrain-table: {table}"))
    return out


class _Features:
    """Features gathered from the object layers, with the problems found on the way."""

    def __init__(self, grid: StaggeredGrid, cells: Mapping[Hex, Cell], size: tuple[int, int]) -> None:
        self.grid, self.cells, self.size = grid, cells, size
        self.spawns: dict[Team, list[Hex]] = {}
        self.kits: list[Hex] = []
        self.points: dict[int, list[Hex]] = {}
        self.tracks: dict[Team, list[Hex]] = {}
        self.spawnpoints: dict[Colour, list[Hex]] = {}
        self.ammo: list[Hex] = []
        self.racks: list[Hex] = []
        self.problems: list[LoadProblem] = []

    def _hex(self, x: float, y: float, where: str) -> Hex | None:
        col, row = self.grid.cell_at(x, y)
        h = self.grid.to_hex(col, row)
        if h not in self.cells:
            outside = not (0 <= col < self.size[0] and 0 <= row < self.size[1])
            self.problems.append(LoadProblem(where, f"it stands on column {col}, row {row}, " + (
                f"outside the map ({self.size[0]} × {self.size[1]} cells)" if outside else "which has no hex") +
                "; move it onto the ground"))
            return None
        return h

    def _area(self, o: TiledObject) -> list[Hex]:
        """The hexes of the map whose centres lie inside a rectangle or ellipse object (its bounding box), for a feature
        that covers hexes (a spawn zone, a control point); empty for a point or a tile object. A Tiled user draws a
        zone as one shape: it came in as the single hex under its centre, with no word (a new-user audit)."""
        if o.gid or o.polyline or o.width <= 0 or o.height <= 0:
            return []
        col0, row0 = self.grid.cell_at(o.x, o.y)
        col1, row1 = self.grid.cell_at(o.x + o.width, o.y + o.height)
        out = []
        for col in range(min(col0, col1) - 1, max(col0, col1) + 2):
            for row in range(min(row0, row1) - 1, max(row0, row1) + 2):
                x, y = self.grid.centre(col, row)
                h = self.grid.to_hex(col, row)
                if o.x <= x <= o.x + o.width and o.y <= y <= o.y + o.height and h in self.cells:
                    out.append(h)
        return sorted(out)

    def _choice(self, props: Mapping[str, PropertyValue], names: tuple[str, ...], allowed: dict[str, object],
                where: str) -> object | None:
        value = next((props[n] for n in names if n in props), None)
        key = str(value).strip().lower() if value is not None else ""
        if key not in allowed:
            wanted = " or ".join(sorted({str(v) for v in allowed.values()}))
            self.problems.append(LoadProblem(where, f"give it a '{names[0]}' property: {wanted}"
                                                    + (f" (it says {value!r})" if value is not None else "")))
            return None
        return allowed[key]

    def _through(self, where: str, corners: list[Hex]) -> list[Hex]:
        """A track's steps from its polyline's points: a Tiled user draws a straight run by its two ends, so the hexes
        between two points on one of the six straight hex lines are filled in (a new-user audit: a track drawn by its
        corners came in jumping, with no word); two points not on one line are a problem naming both."""
        out = corners[:1]
        for a, b in zip(corners, corners[1:], strict=False):
            d = b - a
            if a.distance(b) > 1 and not (d.q == 0 or d.r == 0 or d.q + d.r == 0):
                self.problems.append(LoadProblem(where, f"the track goes from {a} to {b} in one segment, and no "
                                                        "straight hex line joins them; add a point where it turns"))
            out += hex_linedraw(a, b)[1:] if a.distance(b) > 1 else [b]
        return out

    def add(self, o: TiledObject, layer: str) -> None:
        cls = o.cls.strip().lower()
        if cls not in FEATURE_CLASSES:
            return
        where = f"layer {layer!r}, object {o.id}" + (f" ({o.name})" if o.name else "")
        teams: dict[str, object] = dict(TEAM_NAMES)
        if cls == "track":
            team = self._choice(o.properties, ("team",), teams, where)
            if not o.polyline:
                self.problems.append(LoadProblem(where, "a track is a polyline through the hexes' centres; "
                                                        "draw it with Tiled's polyline tool"))
                return
            steps = [self._hex(x, y, where) for x, y in o.polyline]
            if isinstance(team, Team) and all(s is not None for s in steps):
                self.tracks[team] = self._through(where, [s for s in steps if s is not None])
            return
        h = self._hex(*o.anchor(), where)
        area = self._area(o) if cls in AREA_CLASSES else []
        if cls == "spawn":
            team = self._choice(o.properties, ("team",), teams, where)
            if isinstance(team, Team) and h is not None:
                self.spawns.setdefault(team, []).extend(area or [h])
        elif cls == "spawnpoint":
            colours: dict[str, object] = dict(COLOUR_NAMES)
            colour = self._choice(o.properties, ("colour", "color"), colours, where)
            if isinstance(colour, Colour) and h is not None:
                self.spawnpoints.setdefault(colour, []).append(h)
        elif cls == "control_point":
            point = o.properties.get("point", 1)
            if not isinstance(point, int) or isinstance(point, bool) or not 1 <= point <= 8:
                self.problems.append(LoadProblem(where, f"its 'point' property must be a whole number 1-8, "
                                                        f"got {point!r}"))
            elif h is not None:
                self.points.setdefault(point, []).extend(area or [h])
        elif h is not None:
            placed = {"kit": self.kits, "ammo": self.ammo, "rack": self.racks}[cls]
            if h in placed:  # one per hex: the second was dropped without a word (a new-user audit)
                self.problems.append(LoadProblem(where, f"a second {cls.replace('_', ' ')} on hex {h}; a hex holds "
                                                        "one, so delete this object or move it to another hex"))
            placed.append(h)

    def numbering(self) -> None:
        """Control points are numbered from 1 without a gap (point 3 alone was read as point 1: a new-user audit)."""
        numbers = sorted(self.points)
        if numbers and numbers != list(range(1, len(numbers) + 1)):
            missing = " or ".join(str(k) for k in range(1, numbers[-1]) if k not in self.points)
            self.problems.append(LoadProblem("control points", f"their 'point' properties number them "
                                                               f"{', '.join(map(str, numbers))}, with no {missing}; "
                                                               "number the control points from 1 without a gap"))


def _a(word: str) -> str:
    """``word`` with its article: "an orthogonal", "a staggered"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def tiled_grid(tm: TiledMap, file: Path) -> StaggeredGrid:
    """The grid of a Tiled map as hexfort reads it; raises LoadError for a map hexfort cannot read."""
    if tm.orientation != "hexagonal":
        raise TiledError(file, "map", f"this is {_a(tm.orientation or 'unknown')} map; hexfort reads hexagonal "
                                      "maps only: in Tiled make a new map with orientation Hexagonal and paint it "
                                      "there (hexfort's hexes cannot be drawn on square or diamond cells)")
    if tm.stagger_axis not in AXES or tm.stagger_index not in INDICES:
        raise TiledError(file, "map", f"stagger axis {tm.stagger_axis!r} / index {tm.stagger_index!r}: "
                                      "use x or y, odd or even (Tiled's Map Properties)")
    if tm.infinite:
        raise TiledError(file, "map", "an infinite map; in Tiled untick Map ▸ Map Properties ▸ Infinite and save")
    if tm.tile_width <= 0 or tm.tile_height <= 0 or tm.side < 0:
        raise TiledError(file, "map", "the tile size must be positive; save the map again from Tiled")
    origin = tm.properties.get("hexfort_origin", "0,0")
    try:
        hex0 = Hex.parse(str(origin))
    except HexParseError:
        raise TiledError(file, "map, property 'hexfort_origin'", f"{origin!r} is not a hex \"q,r\"") from None
    return StaggeredGrid(tm.stagger_axis, tm.stagger_index, tm.tile_width, tm.tile_height, tm.side, hex0)


def _meta(tm: TiledMap, file: Path, features: _Features) -> MapMeta:
    props = tm.properties
    modes_text = str(props.get("modes", "")).replace(" ", "")
    try:
        modes = tuple(Mode(m) for m in modes_text.split(",") if m)
    except ValueError:
        raise TiledError(file, "map, property 'modes'", f"{modes_text!r}: list modes from "
                                                         f"{', '.join(m.value for m in Mode)}, comma-separated") \
            from None
    if not modes:  # the mode whose features the map has
        present = {name for name, there in (("control_points", features.points), ("kits", features.kits),
                                            ("tracks", features.tracks), ("spawnpoints", features.spawnpoints),
                                            ("ammo", features.ammo), ("racks", features.racks)) if there}
        modes = modes_for_features(present)
    name = str(props.get("name", "")).strip() or file.name.split(".")[0] or "Imported map"
    orientation = Orientation.POINTY if tm.stagger_axis == "y" else Orientation.FLAT
    try:
        return MapMeta(name, str(props.get("author", "")), str(props.get("description", "")), modes, orientation)
    except MapEditError as e:
        raise TiledError(file, "map", str(e)) from None


def map_from_tiled(tm: TiledMap, file: str | Path, table: TerrainTable | None) -> HexMap:
    """The hexfort map of a Tiled map; raises LoadError naming the file, the layer and the tile or object."""
    file = Path(file)
    grid = tiled_grid(tm, file)
    cells = _cells(tm, grid, table, file)
    features = _Features(grid, cells, (tm.width, tm.height))
    for layer in tm.layers:
        if isinstance(layer, ObjectLayer):
            for o in layer.objects:
                features.add(o, layer.name)
    features.numbering()
    if features.problems:
        raise LoadError(file, features.problems[:_MAX_PROBLEMS])
    meta = _meta(tm, file, features)
    try:
        m = HexMap.create(meta, cells, features.spawns, features.kits,
                          [features.points[k] for k in sorted(features.points)], tracks=features.tracks,
                          spawnpoints=features.spawnpoints, ammo=features.ammo, racks=features.racks)
    except MapEditError as e:
        where = f"hex {e.hexes[0]}" if e.hexes else "map"
        raise TiledError(file, where, str(e)) from None
    # the map must also be one hexfort can save and load (size, coordinates): check it the way a file is
    try:
        return loads_map(dumps_map(m), file)
    except LoadError as e:
        raise TiledError(file, e.where, f"the converted map cannot be a hexfort map: {e.message}") from None
