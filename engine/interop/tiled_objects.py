"""Exporting over a Tiled map: the map's features matched with the objects the file already holds.

hexfort owns the objects of its feature classes (``spawn``, ``kit``,
``control_point``, ``track``, ``spawnpoint``, ``ammo``, ``rack``) on every object
layer, as the import reads them. When a file is exported over, each such object
that still stands for a feature of the map — the same class on the same hex (a
track: the same team) — stays where it is, in its own layer, with its id, name and
every custom property and attribute hexfort does not read (a map maker's notes,
colours, links to other objects, a tile picture, a rotation). What hexfort says
about it is written over it only where it changed: its team, colour or point
number, its position when the grid moved, a track's path. An object whose feature
the map no longer has is removed; the features no object stood for are new
objects. Objects of other classes are never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.hexgrid import Hex
from engine.interop import tmj, tmx
from engine.interop.stagger import StaggeredGrid
from engine.interop.tiled_import import COLOUR_NAMES, FEATURE_CLASSES, TEAM_NAMES
from engine.interop.tiled_model import ObjectLayer, PropertyValue, TiledObject

__all__ = ["match_features"]


def _cls(o: TiledObject) -> str:
    return o.cls.strip().lower()


def _said(o: TiledObject) -> tuple[object, ...]:
    """What an object says of its feature beyond its class and hex: team, colour or point number."""
    props, cls = o.properties, _cls(o)
    if cls in ("spawn", "track"):
        return (TEAM_NAMES.get(str(props.get("team", "")).strip().lower()),)
    if cls == "spawnpoint":
        return (COLOUR_NAMES.get(str(props.get("colour", props.get("color", ""))).strip().lower()),)
    if cls == "control_point":
        return (props.get("point", 1),)
    return ()


def _hex(grid: StaggeredGrid, x: float, y: float) -> Hex:
    return grid.to_hex(*grid.cell_at(x, y))


def _key(o: TiledObject, grid: StaggeredGrid) -> tuple[object, ...]:
    """Which feature an object stands for: class and hex (a track: class and team)."""
    if _cls(o) == "track":
        return ("track", *_said(o))
    return (_cls(o), _hex(grid, *o.anchor()))


def _path(o: TiledObject, grid: StaggeredGrid) -> tuple[Hex, ...]:
    return tuple(_hex(grid, x, y) for x, y in o.polyline or ())


def _patched(o: TiledObject, want: TiledObject, moved: bool, retold: bool) -> TiledObject:
    """``o`` with ``want``'s place when ``moved`` and its properties (team, colour, point) when ``retold``,
    all else kept."""
    props: dict[str, PropertyValue] = {}
    for name, value in want.properties.items() if retold else ():
        props["color" if name == "colour" and "color" in o.properties and name not in o.properties else name] = value
    x, y, line = o.x, o.y, None
    if moved and want.polyline:
        line = want.polyline
        x, y = line[0]
    elif moved:  # the anchor (a point, a shape's centre, a tile's centre) onto the hex's centre
        x = want.x - o.width / 2
        y = want.y + (o.height / 2 if o.gid else -o.height / 2)
    raw = o.raw
    if raw is not None:
        raw = (tmj.patch_object if isinstance(raw, dict) else tmx.patch_object)(raw, x, y, line, props)
    return replace(o, x=x, y=y, polyline=line or o.polyline, properties={**o.properties, **props}, raw=raw)


def match_features(layers: Sequence[Any], wanted: Sequence[TiledObject], old: StaggeredGrid | None,
                   grid: StaggeredGrid) -> tuple[list[Any], list[TiledObject]]:
    """The kept ``layers`` with their feature objects matched to the map's features ``wanted`` (as hexfort
    would write them on ``grid``; distinct ids), and the features no object stood for.

    ``old`` is the grid the kept file was drawn on (None when hexfort cannot read
    it: then every feature object of the layers is removed).
    """
    pool: dict[tuple[object, ...], list[TiledObject]] = {}
    for w in wanted:
        pool.setdefault(_key(w, grid), []).append(w)
    claimed: set[int] = set()
    out: list[Any] = []
    for layer in layers:
        if not isinstance(layer, ObjectLayer):
            out.append(layer)
            continue
        objects = []
        for o in layer.objects:
            if _cls(o) not in FEATURE_CLASSES:
                objects.append(o)
                continue
            free = pool.get(_key(o, old), []) if old is not None else []
            if not free or old is None:
                continue  # a feature the map no longer has
            said = _said(o)
            want = next((w for w in free if _said(w) == said), free[0])
            free.remove(want)
            claimed.add(want.id)
            moved, retold = old != grid or _path(o, old) != _path(want, grid), _said(want) != said
            objects.append(_patched(o, want, moved, retold) if moved or retold else o)
        out.append(replace(layer, objects=tuple(objects)))
    return out, [w for w in wanted if w.id not in claimed]
