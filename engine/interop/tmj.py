"""Tiled's JSON map format (TMJ, and TSJ for external tilesets): reading and writing.

Follows Tiled's JSON map format (doc.mapeditor.org, "JSON Map Format"): the
same model as TMX, with layer ``data`` an array of tile ids or a base64 string,
properties as ``[{"name", "type", "value"}]`` and ``class`` (Tiled 1.9+) or
``type`` for classes. The JSON is read with hexfort's own safe reader (size,
nesting and number limits, duplicate keys refused).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError
from engine.formats.jsonio import parse_json_text
from engine.interop.tiled_model import (
    FLIP_BITS,
    MAX_CELLS,
    ObjectLayer,
    PropertyValue,
    TiledError,
    TiledMap,
    TiledObject,
    TileInfo,
    TileLayer,
    Tileset,
    external_tileset,
    read_limited,
)
from engine.interop.tmx import decode_base64

__all__ = ["parse_tmj", "patch_object", "read_tileset_json", "read_tmj", "tmj_text"]


def _json(raw: bytes, file: Path) -> dict[str, Any]:
    try:
        doc = parse_json_text(raw, file)
    except LoadError as e:  # keep the place, say it is a Tiled file
        raise TiledError(file, e.where, e.message) from None
    if not isinstance(doc, dict):
        raise TiledError(file, "$", "a Tiled JSON file holds one object ({...})")
    return doc


def read_tmj(path: str | Path) -> TiledMap:
    """Read a ``.tmj``/``.json`` Tiled map (and its external tilesets); raises LoadError naming file and place."""
    return parse_tmj(read_limited(path), Path(path))


def _num(d: Mapping[str, Any], key: str, file: Path, where: str, default: float | None = None) -> float:
    v = d.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TiledError(file, where, f"{key!r} must be a number, got {json.dumps(v)[:40]}; save the map again "
                                      "from Tiled")
    return v


def _int(d: Mapping[str, Any], key: str, file: Path, where: str, default: int | None = None) -> int:
    v = _num(d, key, file, where, default)
    if not float(v).is_integer():
        raise TiledError(file, where, f"{key!r} must be a whole number, got {v}")
    return int(v)


def _properties(d: Mapping[str, Any], file: Path, where: str) -> dict[str, PropertyValue]:
    out: dict[str, PropertyValue] = {}
    props = d.get("properties", [])
    if isinstance(props, dict):  # maps written before Tiled 1.2 kept properties as an object
        return {str(k): v for k, v in props.items() if isinstance(v, (str, int, float, bool))}
    if not isinstance(props, list):
        raise TiledError(file, f"{where}.properties", "properties must be a list")
    for i, p in enumerate(props):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise TiledError(file, f"{where}.properties[{i}]", "a property needs a name")
        value = p.get("value", "")
        if isinstance(value, (str, int, float, bool)):
            out[p["name"]] = value
    return out


def _cls(d: Mapping[str, Any]) -> str:
    v = d.get("class", d.get("type", ""))
    return v if isinstance(v, str) else ""


def _tileset_of(d: dict[str, Any], firstgid: int, source: str, file: Path, raw: Any) -> Tileset:
    name = d.get("name", "") if isinstance(d.get("name"), str) else ""
    tiles: dict[int, TileInfo] = {}
    for i, t in enumerate(d.get("tiles", []) if isinstance(d.get("tiles"), list) else []):
        where = f"tileset {name!r}, tiles[{i}]"
        if isinstance(t, dict):
            tiles[_int(t, "id", file, where)] = TileInfo(_cls(t), _properties(t, file, where))
    count = d.get("tilecount")
    return Tileset(firstgid, name, tiles, count if isinstance(count, int) else None, source, raw)


def read_tileset_json(path: Path, firstgid: int, source: str, raw: Any) -> Tileset:
    """An external JSON tileset (``.tsj``) as the map names it."""
    return _tileset_of(_json(read_limited(path), path), firstgid, source, path, raw)


def _tilesets(doc: dict[str, Any], file: Path) -> list[Tileset]:
    out = []
    for i, d in enumerate(doc.get("tilesets", []) if isinstance(doc.get("tilesets"), list) else []):
        if not isinstance(d, dict):
            raise TiledError(file, f"$.tilesets[{i}]", "a tileset must be an object")
        firstgid = _int(d, "firstgid", file, f"$.tilesets[{i}]")
        source = d.get("source")
        if isinstance(source, str) and source:
            path = external_tileset(file, source, f"$.tilesets[{i}].source")
            if path.suffix.lower() == ".tsx":
                from engine.interop.tmx import parse_xml, tileset_element

                ts = tileset_element(parse_xml(read_limited(path), path), firstgid, source, path)
                out.append(Tileset(ts.firstgid, ts.name, ts.tiles, ts.tilecount, source, d))
            else:
                out.append(read_tileset_json(path, firstgid, source, d))
        else:
            out.append(_tileset_of(d, firstgid, "", file, d))
    return out


def _object(o: Any, file: Path, where: str) -> TiledObject:
    if not isinstance(o, dict):
        raise TiledError(file, where, "an object must be a JSON object")
    x, y = _num(o, "x", file, where, 0), _num(o, "y", file, where, 0)
    line = o.get("polyline", o.get("polygon"))
    points = None
    if isinstance(line, list):
        points = tuple((x + _num(p, "x", file, where), y + _num(p, "y", file, where))
                       for p in line if isinstance(p, dict))
    return TiledObject(_int(o, "id", file, where, 0), o.get("name", "") if isinstance(o.get("name"), str) else "",
                       _cls(o), x, y, _num(o, "width", file, where, 0), _num(o, "height", file, where, 0),
                       _int(o, "gid", file, where, 0) & ~FLIP_BITS, points, _properties(o, file, where), o)


def parse_tmj(raw: bytes, file: Path) -> TiledMap:
    """A TiledMap from the bytes of a Tiled JSON map; raises LoadError."""
    doc = _json(raw, file)
    if doc.get("type") != "map":
        raise TiledError(file, "$.type", "this is not a Tiled map (its \"type\" is not \"map\"); "
                                         "export it from Tiled as a JSON map (.tmj)")
    layers: list[Any] = []
    for i, d in enumerate(doc.get("layers", []) if isinstance(doc.get("layers"), list) else []):
        where = f"layer {d.get('name', i)!r}" if isinstance(d, dict) else f"$.layers[{i}]"
        if not isinstance(d, dict):
            raise TiledError(file, where, "a layer must be an object")
        name = d.get("name", "") if isinstance(d.get("name"), str) else ""
        if d.get("type") == "tilelayer":
            if "chunks" in d:
                raise TiledError(file, where, "the layer is stored in chunks (an infinite map); in Tiled untick "
                                              "Map ▸ Map Properties ▸ Infinite and save again")
            w, h = _int(d, "width", file, where), _int(d, "height", file, where)
            if w * h > MAX_CELLS or w <= 0 or h <= 0:
                raise TiledError(file, where, f"a {w} × {h} layer; hexfort maps fit in 400 × 400")
            data = d.get("data", [])
            if isinstance(data, str):
                gids: tuple[int, ...] = decode_base64(data, d.get("compression") or None, file, where)
            elif isinstance(data, list) and all(isinstance(g, int) and not isinstance(g, bool) and g >= 0
                                                for g in data):
                gids = tuple(data)
            else:
                raise TiledError(file, where, "the layer's data is neither tile ids nor base64 text")
            if len(gids) != w * h:
                raise TiledError(file, where, f"the layer holds {len(gids):,} tiles, its size says {w * h:,}; "
                                              "save the map again from Tiled")
            layers.append(TileLayer.of(name, w, h, gids, _properties(d, file, where), d))
        elif d.get("type") == "objectgroup":
            objs = d.get("objects", [])
            objects = tuple(_object(o, file, f"{where}, objects[{k}]")
                            for k, o in enumerate(objs if isinstance(objs, list) else []))
            layers.append(ObjectLayer(name, objects, _properties(d, file, where), d))
        else:
            layers.append(d)
    return TiledMap(str(doc.get("orientation", "")), _int(doc, "width", file, "$"), _int(doc, "height", file, "$"),
                    _int(doc, "tilewidth", file, "$"), _int(doc, "tileheight", file, "$"),
                    _int(doc, "hexsidelength", file, "$", 0), str(doc.get("staggeraxis", "y")),
                    str(doc.get("staggerindex", "odd")), bool(doc.get("infinite", False)),
                    tuple(_tilesets(doc, file)), tuple(layers), _properties(doc, file, "map"), doc)


# -- writing -------------------------------------------------------------------------------------


def _props_out(props: Mapping[str, PropertyValue]) -> list[dict[str, Any]]:
    out = []
    for name, value in props.items():
        kind = ("bool" if isinstance(value, bool) else "int" if isinstance(value, int)
                else "float" if isinstance(value, float) else "string")
        out.append({"name": name, "type": kind, "value": value})
    return out


def _with_props(d: dict[str, Any], props: Mapping[str, PropertyValue]) -> dict[str, Any]:
    if props:
        d["properties"] = _props_out(props)
    return d


def _object_dict(o: TiledObject) -> dict[str, Any]:
    obj: dict[str, Any] = {"id": o.id, "name": o.name, "type": o.cls, "x": o.x, "y": o.y,
                           "width": 0, "height": 0, "rotation": 0, "visible": True}
    if o.polyline is not None:
        obj["polyline"] = [{"x": px - o.x, "y": py - o.y} for px, py in o.polyline]
    else:
        obj["point"] = True
    return _with_props(obj, o.properties)


def patch_object(raw: dict[str, Any], x: float, y: float, polyline: tuple[tuple[float, float], ...] | None,
                 props: Mapping[str, PropertyValue]) -> dict[str, Any]:
    """A copy of the object ``raw`` moved to ``x``, ``y`` (and ``polyline``, absolute points) with ``props``
    written over its properties of those names; everything else it holds is kept as it was."""
    d = copy.deepcopy(raw)
    d["x"], d["y"] = x, y
    shape = "polyline" if isinstance(d.get("polyline"), list) else "polygon"
    if polyline is not None and isinstance(d.get(shape), list):
        d[shape] = [{"x": px - x, "y": py - y} for px, py in polyline]
    box = d.get("properties")
    if isinstance(box, dict):  # the form before Tiled 1.2
        box.update(props)
        return d
    box = d["properties"] = box if isinstance(box, list) else []
    for entry in _props_out(props):
        at = next((i for i, p in enumerate(box) if isinstance(p, dict) and p.get("name") == entry["name"]), None)
        if at is None:
            box.append(entry)
        else:
            box[at] = entry
    return d


def _nested(layers: list[Any]) -> Iterator[dict[str, Any]]:
    """Every layer dict of ``layers`` and, inside groups, theirs."""
    for d in layers:
        if isinstance(d, dict):
            yield d
            if isinstance(d.get("layers"), list):
                yield from _nested(d["layers"])


def tmj_text(m: TiledMap) -> str:
    """The Tiled JSON text of ``m`` (kept tilesets, layers and objects written back as they were read)."""
    layers: list[dict[str, Any]] = []
    kept = [layer.raw if isinstance(layer, (TileLayer, ObjectLayer)) else layer for layer in m.layers]
    used = {d.get("id") for d in _nested([raw for raw in kept if raw is not None])}
    object_ids = [o.id for lay in m.layers if isinstance(lay, ObjectLayer) for o in lay.objects]
    object_ids += [o["id"] for lay in m.layers if not isinstance(lay, (TileLayer, ObjectLayer))
                   for d in _nested([lay]) for o in d.get("objects", []) if isinstance(o, dict)
                   and isinstance(o.get("id"), int)]  # objects of kept groups
    next_id = 1
    for layer, raw in zip(m.layers, kept, strict=True):
        if isinstance(layer, ObjectLayer) and raw is not None:  # the layer as read, with hexfort's objects
            layers.append({**raw, "objects": [o.raw if o.raw is not None else _object_dict(o)
                                              for o in layer.objects]})
            continue
        if raw is not None:
            layers.append(raw)
            continue
        while next_id in used:
            next_id += 1
        used.add(next_id)
        if isinstance(layer, TileLayer):
            layers.append(_with_props({"id": next_id, "name": layer.name, "type": "tilelayer", "x": 0, "y": 0,
                                       "width": layer.width, "height": layer.height, "opacity": 1,
                                       "visible": True, "data": list(layer.gids)}, layer.properties))
        else:
            layers.append(_with_props({"id": next_id, "name": layer.name, "type": "objectgroup", "x": 0, "y": 0,
                                       "opacity": 1, "visible": True, "draworder": "topdown",
                                       "objects": [_object_dict(o) for o in layer.objects]}, layer.properties))
    tilesets: list[dict[str, Any]] = []
    for ts in m.tilesets:
        if ts.raw is not None:
            tilesets.append(ts.raw)
            continue
        tiles = [_with_props({"id": tid, **({"type": info.cls} if info.cls else {})}, info.properties)
                 for tid, info in sorted(ts.tiles.items())]
        image: dict[str, Any] = ({"image": ts.image.source, "imagewidth": ts.image.width,
                                  "imageheight": ts.image.height} if ts.image
                                 else {"grid": {"orientation": "orthogonal", "width": 1, "height": 1}})
        tilesets.append({"firstgid": ts.firstgid, "name": ts.name, "tilewidth": m.tile_width,
                         "tileheight": m.tile_height, "tilecount": ts.tilecount or len(ts.tiles),
                         "columns": ts.image.columns if ts.image else 0, "margin": 0, "spacing": 0, **image,
                         "tiles": tiles})
    doc = _with_props({
        "type": "map", "version": "1.10", "orientation": m.orientation, "renderorder": "right-down",
        "width": m.width, "height": m.height, "tilewidth": m.tile_width, "tileheight": m.tile_height,
        "infinite": False, "hexsidelength": m.side, "staggeraxis": m.stagger_axis, "staggerindex": m.stagger_index,
        "nextlayerid": max((i for i in used if isinstance(i, int)), default=0) + 1,
        "nextobjectid": 1 + max(object_ids, default=0),
        "compressionlevel": -1,
    }, m.properties)
    doc["tilesets"] = tilesets
    doc["layers"] = layers
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
