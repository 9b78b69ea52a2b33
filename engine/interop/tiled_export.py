"""A hexfort map → a Tiled hexagonal map, optionally over an existing Tiled file.

Pointy maps become stagger axis ``y``, flat maps axis ``x``; the stagger index
is picked so the map's hexes fill a tight rectangle of cells exactly (over an
existing Tiled file, that file's grid is kept while the map fits in it), and the
map property ``hexfort_origin`` records the hex of cell 0,0, so importing the
file gives back the same coordinates. The ground is the tile layer ``hexfort
ground`` painted with hexfort's own tileset (one tile per hex token, each with a
``hexfort`` property) and, given an image name, pictured by the tile sheet of
:mod:`engine.interop.tile_sheet` so Tiled shows the map as hexfort draws it;
features are the objects of the layer ``hexfort features`` (classes and
properties as :mod:`engine.interop.tiled_import` reads them).

Exporting over an existing Tiled map keeps what hexfort does not own: its other
layers (decoration painted in Tiled), their tilesets, its other map properties
and its objects; feature objects that still stand for a feature of the map keep
their place, layer and own properties (:mod:`engine.interop.tiled_objects`), and
only the features no object stands for are new objects of ``hexfort features``.
hexfort's layers are known by their ``hexfort`` property.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from engine.formats.errors import LoadError
from engine.formats.grid_codec import decode_token, encode_cell
from engine.hexgrid import Hex
from engine.interop.stagger import StaggeredGrid
from engine.interop.tile_sheet import TileSheet, tile_sheet
from engine.interop.tiled_import import tiled_grid
from engine.interop.tiled_model import (
    ObjectLayer,
    PropertyValue,
    TiledError,
    TiledMap,
    TiledObject,
    TileInfo,
    TileLayer,
    Tileset,
    TilesetImage,
)
from engine.interop.tiled_objects import match_features
from engine.mapmodel import Colour, HexMap, Orientation, Team

__all__ = ["HEXFORT_TILESET", "OWN_PROPERTIES", "TOKENS", "hexfort_sheet", "map_to_tiled"]

#: Every hex token, in the order of hexfort's tileset (tile id = index).
TOKENS: Final = tuple(f"{h}{t}" for h in "012" for t in ".#o") + tuple(f"{h}{d}" for h in "012" for d in "abcdef")
HEXFORT_TILESET: Final = "hexfort"
#: Map properties hexfort writes (the others of an existing file are kept).
OWN_PROPERTIES: Final = ("name", "author", "description", "modes", "hexfort_origin")
#: Tile size in pixels: (width, height, side length) for pointy (axis y) and flat (axis x) hexes of side 16.
_SIZES: Final = {"y": (28, 32, 16), "x": (32, 28, 16)}


def hexfort_sheet(orientation: Orientation) -> TileSheet:
    """The picture of hexfort's tileset for maps of ``orientation`` (tile id = index in :data:`TOKENS`)."""
    axis = "y" if orientation is Orientation.POINTY else "x"
    cells = tuple(decode_token(t) for t in TOKENS)
    return tile_sheet(tuple(c for c in cells if c is not None), axis, *_SIZES[axis])


def _tileset(firstgid: int, image: TilesetImage | None) -> Tileset:
    tiles = {}
    for i, token in enumerate(TOKENS):
        cell = decode_token(token)
        assert cell is not None
        props: dict[str, PropertyValue] = {"hexfort": token, "height": cell.height, "terrain": cell.terrain.value}
        if cell.stairs_up is not None:
            props["stairs_up"] = cell.stairs_up
        tiles[i] = TileInfo(cell.terrain.value, props)
    return Tileset(firstgid, HEXFORT_TILESET, tiles, len(TOKENS), image=image)


def _grid(m: HexMap, old: StaggeredGrid | None = None, size: tuple[int, int] = (0, 0)) -> tuple[StaggeredGrid, int, int]:
    """The grid whose cells (0..w-1, 0..h-1) hold ``m`` tightly, with its width and height — or, exporting over a
    file whose grid is ``old`` (``size`` cells), that grid's stagger index and origin when ``m`` still fits in it,
    so every hex keeps its cell and the file's own tile layers still line up (a map read from a file of stagger
    index "even" could not be written back over it: the tight grid came out a row larger — a new-user audit)."""
    axis = "y" if m.meta.orientation is Orientation.POINTY else "x"
    w, h, side = _SIZES[axis]
    if old is not None and old.axis == axis:
        kept = StaggeredGrid(axis, old.index, w, h, side, old.origin)
        if all(0 <= c < size[0] and 0 <= r < size[1] for c, r in map(kept.to_cell, m.cells)):
            return kept, size[0], size[1]
    best: tuple[int, StaggeredGrid, int, int] | None = None
    for index in ("odd", "even"):  # the tight rectangle may need either: try both, keep the smaller
        probe = StaggeredGrid(axis, index, w, h, side)
        cells = [probe.to_cell(x) for x in m.cells]
        min_col, min_row = min(c for c, _ in cells), min(r for _, r in cells)
        width = max(c for c, _ in cells) - min_col + 1
        height = max(r for _, r in cells) - min_row + 1
        shift = min_row if axis == "y" else min_col  # moving the grid by an odd count swaps which lines are pushed
        pushed = index if shift % 2 == 0 else ("even" if index == "odd" else "odd")
        grid = StaggeredGrid(axis, pushed, w, h, side, probe.to_hex(min_col, min_row))
        if best is None or width * height < best[0]:
            best = (width * height, grid, width, height)
    assert best is not None
    return best[1], best[2], best[3]


def _objects(m: HexMap, grid: StaggeredGrid, first_id: int) -> list[TiledObject]:
    """The objects of ``m``'s features, ids counted from ``first_id``."""
    out: list[TiledObject] = []

    def point(h: Hex, cls: str, name: str, **props: PropertyValue) -> None:
        x, y = grid.centre(*grid.to_cell(h))
        out.append(TiledObject(first_id + len(out), name, cls, x, y, properties=props))

    for team in Team:
        for h in sorted(m.spawns.get(team, ())):
            point(h, "spawn", f"{team.value} spawn", team=team.value)
    for h in sorted(m.kits):
        point(h, "kit", "first-aid kit")
    for i, cp in enumerate(m.control_points, start=1):
        for h in sorted(cp):
            point(h, "control_point", f"control point {i}", point=i)
    for team in Team:
        track = m.tracks.get(team)
        if track:
            pts = tuple(grid.centre(*grid.to_cell(h)) for h in track)
            out.append(TiledObject(first_id + len(out), f"{team.value} cart track", "track", pts[0][0], pts[0][1],
                                   polyline=pts, properties={"team": team.value}))
    for colour in Colour:
        for h in sorted(m.spawnpoints.get(colour, ())):
            point(h, "spawnpoint", f"{colour.value} spawnpoint", colour=colour.value)
    for h in sorted(m.ammo):
        point(h, "ammo", "ammo tile")
    for h in sorted(m.racks):
        point(h, "rack", "weapon rack")
    return out


def _kept(keep: TiledMap | None, width: int, height: int, file: Path) -> tuple[list[Tileset], list[Any], int]:
    """The tilesets and layers of ``keep`` but hexfort's tileset and ground, and the first free global tile id."""
    if keep is None:
        return [], [], 1
    tilesets = [ts for ts in keep.tilesets if ts.name != HEXFORT_TILESET]
    layers = []
    for lay in keep.layers:
        if isinstance(lay, TileLayer) and lay.properties.get("hexfort") == "ground":
            continue
        if isinstance(lay, TileLayer) and (lay.width, lay.height) != (width, height):
            raise TiledError(file, f"layer {lay.name!r}",
                             f"the layer is {lay.width} × {lay.height} cells but the map is now {width} × {height}; "
                             "export to a new file, or resize the map in Tiled first")
        layers.append(lay)
    free = max((ts.firstgid + (ts.tilecount if ts.tilecount is not None else 1 << 16) for ts in tilesets),
               default=1)
    return tilesets, layers, free


def map_to_tiled(m: HexMap, keep: TiledMap | None = None, file: str | Path = "<output>",
                 image: str = "") -> TiledMap:
    """The Tiled map of ``m``; with ``keep`` (the file being replaced), its other layers and properties kept.

    ``image`` names the file of hexfort's tile sheet (:func:`hexfort_sheet`), relative
    to the map; without it the tileset has no picture (Tiled then shows empty cells).
    Raises LoadError when a kept tile layer no longer fits the map's size.
    """
    old = _old_grid(keep, Path(file))
    grid, width, height = _grid(m, old, (keep.width, keep.height) if keep is not None else (0, 0))
    sheet = hexfort_sheet(m.meta.orientation) if image else None
    picture = TilesetImage(image, sheet.width, sheet.height, sheet.columns) if sheet else None
    tilesets, others, firstgid = _kept(keep, width, height, Path(file))
    gids = [0] * (width * height)
    for h, cell in m.cells.items():
        col, row = grid.to_cell(h)
        gids[row * width + col] = firstgid + TOKENS.index(encode_cell(cell))
    props: dict[str, PropertyValue] = {k: v for k, v in (keep.properties if keep else {}).items()
                                       if k not in OWN_PROPERTIES}
    props.update({"name": m.meta.name, "author": m.meta.author, "description": m.meta.description,
                  "modes": ",".join(mode.value for mode in m.meta.modes), "hexfort_origin": str(grid.origin)})
    ground = TileLayer("hexfort ground", width, height, tuple(gids), {"hexfort": "ground"})
    layers, new = match_features(others, _objects(m, grid, 1), old, grid)
    first_id = max(1 + max((o.id for lay in layers if isinstance(lay, ObjectLayer) for o in lay.objects), default=0),
                   _next_object_id(keep))
    new = [replace(o, id=first_id + i) for i, o in enumerate(new)]
    at = next((i for i, lay in enumerate(layers)
               if isinstance(lay, ObjectLayer) and lay.properties.get("hexfort") == "features"), None)
    if at is not None:
        layers[at] = replace(layers[at], objects=(*layers[at].objects, *new))
    elif new or keep is None:
        layers.append(ObjectLayer("hexfort features", tuple(new), {"hexfort": "features"}))
    return TiledMap("hexagonal", width, height, grid.tile_width, grid.tile_height, grid.side, grid.axis,
                    grid.index, False, (*tilesets, _tileset(firstgid, picture)), (ground, *layers), props)


def _old_grid(keep: TiledMap | None, file: Path) -> StaggeredGrid | None:
    """The grid ``keep``'s objects stand on, None when there is none hexfort can read."""
    if keep is None:
        return None
    try:
        return tiled_grid(keep, file)
    except LoadError:
        return None


def _next_object_id(keep: TiledMap | None) -> int:
    """The id Tiled would give ``keep``'s next object (objects inside kept groups have theirs below it)."""
    raw = keep.raw if keep is not None else None
    value = raw.get("nextobjectid") if isinstance(raw, dict) or hasattr(raw, "get") else None
    try:
        return int(value) if value is not None else 1
    except (TypeError, ValueError):
        return 1
