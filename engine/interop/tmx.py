"""Tiled's XML map format (TMX, and TSX for external tilesets): reading and writing.

Follows the TMX format as documented by Tiled (doc.mapeditor.org, "TMX Map
Format"): layer data in CSV, base64 (uncompressed, zlib or gzip) or one
``<tile>`` element per cell; ``class`` (Tiled 1.9+) or ``type`` for a tile's or
an object's class; ``<properties>`` with typed values. A document with a DOCTYPE
is refused (Tiled never writes one; entity tricks cannot reach the parser).
"""

from __future__ import annotations

import base64
import binascii
import copy
import gzip
import itertools
import math
import struct
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

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

__all__ = ["decode_base64", "parse_tmx", "parse_xml", "patch_object", "read_tmx", "tileset_element", "tmx_text"]


def read_tmx(path: str | Path) -> TiledMap:
    """Read a ``.tmx`` file (and the ``.tsx`` tilesets it names); raises LoadError naming file and place."""
    return parse_tmx(read_limited(path), Path(path))


def parse_xml(raw: bytes, file: Path) -> ET.Element:
    head = raw[:4096].lower()
    if b"<!doctype" in head or b"<!entity" in raw.lower():
        raise TiledError(file, "", "the XML declares a DOCTYPE or entities, which Tiled files never do; "
                                   "save the map again from Tiled")
    try:
        return ET.fromstring(raw)
    except ET.ParseError as e:
        line, column = e.position
        raise TiledError(file, f"line {line}, column {column + 1}",
                         f"not a well-formed XML file ({str(e).split(':')[0]}); save the map again from Tiled") \
            from None
    except (LookupError, ValueError) as e:  # an encoding declaration Python does not know
        raise TiledError(file, "line 1", f"the XML declares an unknown encoding ({e}); save the map as UTF-8") \
            from None


def _int(el: ET.Element, name: str, file: Path, where: str, default: int | None = None) -> int:
    text = el.get(name)
    if text is None:
        if default is not None:
            return default
        raise TiledError(file, where, f"the attribute {name!r} is missing; save the map again from Tiled")
    try:
        return int(text)
    except ValueError:
        raise TiledError(file, where, f"{name}={text!r} is not a whole number") from None


def _float(el: ET.Element, name: str, file: Path, where: str) -> float:
    text = el.get(name, "0")
    try:
        value = float(text)
    except ValueError:
        raise TiledError(file, where, f"{name}={text!r} is not a number") from None
    if not math.isfinite(value):
        raise TiledError(file, where, f"{name}={text!r} is not a finite number")
    return value


def _properties(el: ET.Element, file: Path, where: str) -> dict[str, PropertyValue]:
    out: dict[str, PropertyValue] = {}
    props = el.find("properties")
    if props is None:
        return out
    for p in props.findall("property"):
        name = p.get("name", "")
        kind = p.get("type", "string")
        text = p.get("value", p.text or "")
        try:
            if kind == "int":
                out[name] = int(text)
            elif kind == "float":
                out[name] = float(text)
            elif kind == "bool":
                out[name] = text == "true"
            else:
                out[name] = text
        except ValueError:
            raise TiledError(file, f"{where}, property {name!r}", f"{text!r} is not a {kind}") from None
    return out


def tileset_element(el: ET.Element, firstgid: int, source: str, file: Path) -> Tileset:
    name = el.get("name", "")
    tiles: dict[int, TileInfo] = {}
    for t in el.findall("tile"):
        where = f"tileset {name!r}, tile {t.get('id')}"
        tid = _int(t, "id", file, where)
        tiles[tid] = TileInfo(t.get("class", t.get("type", "")), _properties(t, file, where))
    count = el.get("tilecount")
    return Tileset(firstgid, name, tiles, int(count) if count and count.isdigit() else None, source, el)


def _tilesets(root: ET.Element, file: Path) -> list[Tileset]:
    out = []
    for el in root.findall("tileset"):
        firstgid = _int(el, "firstgid", file, "tileset")
        source = el.get("source")
        if not source:
            out.append(tileset_element(el, firstgid, "", file))
            continue
        tsx = external_tileset(file, source, f"tileset {source!r}")
        if tsx.suffix.lower() in (".tsj", ".json"):
            from engine.interop.tmj import read_tileset_json

            out.append(read_tileset_json(tsx, firstgid, source, el))
            continue
        inner = parse_xml(read_limited(tsx), tsx)
        if inner.tag != "tileset":
            raise TiledError(tsx, "", "this is not a Tiled tileset (.tsx); check the map's tileset source")
        ts = tileset_element(inner, firstgid, source, tsx)
        out.append(Tileset(ts.firstgid, ts.name, ts.tiles, ts.tilecount, source, el))
    return out


def _gids(data: ET.Element, count: int, file: Path, where: str) -> tuple[int, ...]:
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        raise TiledError(file, where, "the layer is stored in chunks (an infinite map); in Tiled untick "
                                      "Map ▸ Map Properties ▸ Infinite and save again")
    if encoding is None:
        values = [_int(t, "gid", file, where, 0) for t in data.findall("tile")]
    elif encoding == "csv":
        try:
            values = [int(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip()]
        except ValueError:
            raise TiledError(file, where, "the CSV layer data holds something that is not a tile id; "
                                          "save the map again from Tiled") from None
    elif encoding == "base64":
        values = list(decode_base64(data.text or "", compression, file, where))
    else:
        raise TiledError(file, where, f"unknown layer data encoding {encoding!r}; use CSV or Base64 in Tiled's "
                                      "Map Properties")
    if len(values) != count:
        raise TiledError(file, where, f"the layer holds {len(values):,} tiles, its size says {count:,}; "
                                      "save the map again from Tiled")
    return tuple(values)  # flags kept: TileLayer.of notes the turned cells


def decode_base64(text: str, compression: str | None, file: Path, where: str) -> tuple[int, ...]:
    """The tile ids of base64 layer data (uncompressed, zlib or gzip); raises LoadError for anything else."""
    try:
        raw = base64.b64decode(text.strip(), validate=False)
        limit = MAX_CELLS * 4 + 1
        if compression == "zlib":
            d = zlib.decompressobj()
            raw = d.decompress(raw, limit)
        elif compression == "gzip":
            with gzip.GzipFile(fileobj=__import__("io").BytesIO(raw)) as g:
                raw = g.read(limit)
        elif compression:
            raise TiledError(file, where, f"layer data compressed with {compression}, which hexfort cannot read; "
                                          "choose zlib, gzip or no compression in Tiled's Map Properties")
    except (binascii.Error, zlib.error, OSError, EOFError):
        raise TiledError(file, where, "the layer data cannot be decoded (damaged base64 or compression); "
                                      "save the map again from Tiled") from None
    if len(raw) % 4 or len(raw) > MAX_CELLS * 4:
        raise TiledError(file, where, "the layer data has a broken length; save the map again from Tiled")
    return struct.unpack(f"<{len(raw) // 4}I", raw)


def _object(el: ET.Element, file: Path, layer: str) -> TiledObject:
    where = f"layer {layer!r}, object {el.get('id', '?')}"
    x, y = _float(el, "x", file, where), _float(el, "y", file, where)
    line = el.find("polyline")
    if line is None:
        line = el.find("polygon")
    points = None
    if line is not None:
        try:
            points = tuple((x + float(a), y + float(b))
                           for a, b in (p.split(",") for p in line.get("points", "").split()))
        except ValueError:
            raise TiledError(file, where, "its points are not pairs of numbers") from None
    return TiledObject(_int(el, "id", file, where, 0), el.get("name", ""), el.get("class", el.get("type", "")),
                       x, y, _float(el, "width", file, where), _float(el, "height", file, where),
                       _int(el, "gid", file, where, 0) & ~FLIP_BITS, points, _properties(el, file, where), el)


def parse_tmx(raw: bytes, file: Path) -> TiledMap:
    """A TiledMap from the bytes of a ``.tmx`` file; raises LoadError."""
    root = parse_xml(raw, file)
    if root.tag != "map":
        raise TiledError(file, "", f"this is not a Tiled map (its root element is <{root.tag}>, not <map>)")
    width, height = _int(root, "width", file, "map"), _int(root, "height", file, "map")
    layers: list[Any] = []
    for el in root:
        name = el.get("name", "")
        if el.tag == "layer":
            w, h = _int(el, "width", file, f"layer {name!r}"), _int(el, "height", file, f"layer {name!r}")
            if w * h > MAX_CELLS or w <= 0 or h <= 0:
                raise TiledError(file, f"layer {name!r}", f"a {w} × {h} layer; hexfort maps fit in 400 × 400")
            data = el.find("data")
            gids = _gids(data, w * h, file, f"layer {name!r}") if data is not None else (0,) * (w * h)
            layers.append(TileLayer.of(name, w, h, gids, _properties(el, file, f"layer {name!r}"), el))
        elif el.tag == "objectgroup":
            objects = tuple(_object(o, file, name) for o in el.findall("object"))
            layers.append(ObjectLayer(name, objects, _properties(el, file, f"layer {name!r}"), el))
        elif el.tag in ("imagelayer", "group"):
            layers.append(el)
    return TiledMap(root.get("orientation", ""), width, height, _int(root, "tilewidth", file, "map"),
                    _int(root, "tileheight", file, "map"), _int(root, "hexsidelength", file, "map", 0),
                    root.get("staggeraxis", "y"), root.get("staggerindex", "odd"), root.get("infinite") == "1",
                    tuple(_tilesets(root, file)), tuple(layers), _properties(root, file, "map"), root)


# -- writing -------------------------------------------------------------------------------------


def _property(box: ET.Element, name: str, value: PropertyValue, el: ET.Element | None = None) -> None:
    """Write one property into ``box`` (into ``el``, replacing what it said, when given)."""
    if el is None:
        el = ET.SubElement(box, "property")
    el.attrib.clear()
    el.text = None
    el[:] = []
    el.set("name", name)
    if isinstance(value, bool):
        el.attrib.update(type="bool", value="true" if value else "false")
    elif isinstance(value, int):
        el.attrib.update(type="int", value=str(value))
    elif isinstance(value, float):
        el.attrib.update(type="float", value=repr(value))
    elif "\n" in value:
        el.text = value
    else:
        el.set("value", value)


def _put_properties(el: ET.Element, props: Mapping[str, PropertyValue]) -> None:
    if not props:
        return
    box = ET.SubElement(el, "properties")
    for name, value in props.items():
        _property(box, name, value)


def patch_object(raw: ET.Element, x: float, y: float, polyline: tuple[tuple[float, float], ...] | None,
                 props: Mapping[str, PropertyValue]) -> ET.Element:
    """A copy of the ``<object>`` element ``raw`` moved to ``x``, ``y`` (and ``polyline``, absolute points) with
    ``props`` written over its properties of those names; everything else it holds is kept as it was."""
    el = copy.deepcopy(raw)
    el.set("x", _number(x))
    el.set("y", _number(y))
    line = el.find("polyline")
    line = el.find("polygon") if line is None else line
    if polyline is not None and line is not None:
        line.set("points", " ".join(f"{_number(px - x)},{_number(py - y)}" for px, py in polyline))
    box = el.find("properties")
    if box is None and props:
        box = ET.Element("properties")
        el.insert(0, box)
    for name, value in props.items():
        assert box is not None
        _property(box, name, value, next((p for p in box.findall("property") if p.get("name") == name), None))
    return el


def _object_element(o: TiledObject) -> ET.Element:
    obj = ET.Element("object", {"id": str(o.id), **({"name": o.name} if o.name else {}), "type": o.cls,
                                "x": _number(o.x), "y": _number(o.y)})
    _put_properties(obj, o.properties)
    if o.polyline is not None:
        pts = " ".join(f"{_number(px - o.x)},{_number(py - o.y)}" for px, py in o.polyline)
        ET.SubElement(obj, "polyline", {"points": pts})
    else:
        ET.SubElement(obj, "point")
    return obj


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(round(v, 3))


def _raw(layer: Any) -> Any:
    """The form a layer was read in (None for one hexfort made)."""
    return layer.raw if isinstance(layer, (TileLayer, ObjectLayer)) else layer


def tmx_text(m: TiledMap) -> str:
    """The ``.tmx`` text of ``m``: hexfort's tileset, layers and objects, plus the ``raw`` elements of kept
    tilesets and layers (written back as they were read)."""
    # kept layers keep their ids (those inside kept groups too); the layers hexfort makes take free ones
    used = {el.get("id") for layer in m.layers if _raw(layer) is not None for el in _raw(layer).iter()
            if el.tag in ("layer", "objectgroup", "imagelayer", "group")}
    free = (str(i) for i in itertools.count(1) if str(i) not in used)
    ids = [next(free) if _raw(layer) is None else "" for layer in m.layers]
    object_ids = [o.id for lay in m.layers if isinstance(lay, ObjectLayer) for o in lay.objects]
    object_ids += [int(o.get("id", "")) for lay in m.layers if not isinstance(lay, (TileLayer, ObjectLayer))
                   for o in lay.iter("object") if o.get("id", "").isdigit()]  # objects of kept groups
    root = ET.Element("map", {
        "version": "1.10", "orientation": m.orientation, "renderorder": "right-down",
        "width": str(m.width), "height": str(m.height), "tilewidth": str(m.tile_width),
        "tileheight": str(m.tile_height), "infinite": "0", "hexsidelength": str(m.side),
        "staggeraxis": m.stagger_axis, "staggerindex": m.stagger_index,
        "nextlayerid": str(1 + max((int(i) for i in (*used, *ids) if i and i.isdigit()), default=0)),
        "nextobjectid": str(1 + max(object_ids, default=0)),
    })
    _put_properties(root, m.properties)
    for ts in m.tilesets:
        if ts.raw is not None:
            kept = ET.SubElement(root, "tileset", dict(ts.raw.attrib))
            kept.extend(list(ts.raw))
            continue
        el = ET.SubElement(root, "tileset", {"firstgid": str(ts.firstgid), "name": ts.name,
                                             "tilewidth": str(m.tile_width), "tileheight": str(m.tile_height),
                                             "tilecount": str(ts.tilecount or len(ts.tiles)),
                                             "columns": str(ts.image.columns if ts.image else 0)})
        if ts.image is not None:
            ET.SubElement(el, "image", {"source": ts.image.source, "width": str(ts.image.width),
                                        "height": str(ts.image.height)})
        else:
            ET.SubElement(el, "grid", {"orientation": "orthogonal", "width": "1", "height": "1"})
        for tid, info in sorted(ts.tiles.items()):
            t = ET.SubElement(el, "tile", {"id": str(tid), **({"type": info.cls} if info.cls else {})})
            _put_properties(t, info.properties)
    for layer, layer_id in zip(m.layers, ids, strict=True):
        raw = _raw(layer)
        if isinstance(layer, TileLayer) and raw is None:
            el = ET.SubElement(root, "layer", {"id": layer_id, "name": layer.name, "width": str(layer.width),
                                               "height": str(layer.height)})
            _put_properties(el, layer.properties)
            rows = [",".join(str(g) for g in layer.gids[r * layer.width:(r + 1) * layer.width])
                    for r in range(layer.height)]
            ET.SubElement(el, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"
        elif isinstance(layer, ObjectLayer):
            if raw is None:
                el = ET.SubElement(root, "objectgroup", {"id": layer_id, "name": layer.name})
                _put_properties(el, layer.properties)
            else:  # the layer as read, with the objects hexfort gives it
                el = ET.SubElement(root, raw.tag, dict(raw.attrib))
                el.extend(child for child in raw if child.tag != "object")
            el.extend(o.raw if o.raw is not None else _object_element(o) for o in layer.objects)
        else:
            root.append(raw)
    ET.indent(root, " ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
