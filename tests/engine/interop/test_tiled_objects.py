"""Feature objects keep what hexfort does not read: a Tiled map whose spawns, kits, control points, tracks,
spawnpoints, racks and ammo carry custom properties of their own (any type Tiled has) keeps them, with the
objects' ids, names and layers, after an import and an export over the same file; a feature the map lost
loses its object, a changed one is updated in place, and features are never written twice."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from engine.formats import load_map, save_map
from engine.hexgrid import Hex
from engine.interop import export_tiled, import_tiled, read_tiled
from engine.interop.tiled_import import tiled_grid
from engine.interop.tiled_model import ObjectLayer, TiledObject
from engine.mapmodel import HexMap, Team

REPO = Path(__file__).resolve().parents[3]
MAPS = ["koth_ridge", "payload_canal", "teamplay_arena"]
#: A map maker's own properties, one of each type Tiled has (an object reference among them).
EXTRA = [("note", "string", "hold this one"), ("weight", "float", "0.5"), ("turns", "int", "3"),
         ("hidden", "bool", "true"), ("glow", "color", "#ff112233"), ("sound", "file", "horn.ogg"),
         ("partner", "object", "1")]


def _decorate(path: Path) -> dict[int, set[tuple[str, str, str]]]:
    """Give the first object of each class in ``path`` the properties of :data:`EXTRA` (as Tiled writes
    them); returns each decorated object's id with all its properties as (name, type, value)."""
    seen: set[str] = set()
    if path.suffix == ".tmx":
        tree = ET.parse(path)
        for obj in tree.getroot().iter("object"):
            if obj.get("type", "") in seen:
                continue
            seen.add(obj.get("type", ""))
            box = obj.find("properties")
            if box is None:
                box = ET.Element("properties")
                obj.insert(0, box)
            for name, kind, value in EXTRA:
                ET.SubElement(box, "property", {"name": name, **({"type": kind} if kind != "string" else {}),
                                                "value": value})
        tree.write(path, encoding="UTF-8", xml_declaration=True)
    else:
        doc = json.loads(path.read_text(encoding="utf-8"))
        for layer in doc["layers"]:
            for obj in layer.get("objects", []):
                if obj["type"] in seen:
                    continue
                seen.add(obj["type"])
                obj.setdefault("properties", []).extend(
                    {"name": n, "type": k, "value": {"float": 0.5, "int": 3, "bool": True, "object": 1}.get(k, v)}
                    for n, k, v in EXTRA)
        path.write_text(json.dumps(doc), encoding="utf-8")
    return {i: p for i, p in _properties(path).items() if ("note", "string", "hold this one") in p}


def _properties(path: Path) -> dict[int, set[tuple[str, str, str]]]:
    """Every object's properties in ``path`` as (name, type, value text), read straight from the file."""
    out: dict[int, set[tuple[str, str, str]]] = {}
    if path.suffix == ".tmx":
        for obj in ET.parse(path).getroot().iter("object"):
            box = obj.find("properties")
            out[int(obj.get("id", "0"))] = {(p.get("name", ""), p.get("type", "string"), p.get("value", ""))
                                            for p in (box if box is not None else [])}
        return out
    for layer in json.loads(path.read_text(encoding="utf-8"))["layers"]:
        for obj in layer.get("objects", []):
            out[obj["id"]] = {(p["name"], p["type"], json.dumps(p["value"]).strip('"'))
                              for p in obj.get("properties", [])}
    return out


def _round_trip(tiled: Path, tmp_path: Path) -> HexMap:
    """``hexfort import`` the Tiled map, save it as a hexfort map, load it and ``hexfort export`` it back over."""
    m = import_tiled(tiled)
    save_map(m, tmp_path / "back.map.json")
    back = load_map(tmp_path / "back.map.json")
    export_tiled(back, tiled)
    return back


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
@pytest.mark.parametrize("name", MAPS)
def test_a_map_makers_properties_on_feature_objects_survive_import_and_export(name: str, fmt: str,
                                                                              tmp_path: Path) -> None:
    m = load_map(REPO / "maps" / f"{name}.map.json")
    tiled = tmp_path / f"{name}.{fmt}"
    export_tiled(m, tiled)
    decorated = _decorate(tiled)
    classes = {o.cls for _, o in _objects(tiled).values()}
    assert len(decorated) == len(classes) >= 2  # one object of each feature class the map has
    before = _properties(tiled)
    assert _round_trip(tiled, tmp_path) == m
    assert _properties(tiled) == before  # every object, with every property, type and value as they were
    assert import_tiled(tiled) == m


def _objects(path: Path) -> dict[int, tuple[str, TiledObject]]:
    return {o.id: (lay.name, o) for lay in read_tiled(path).layers if isinstance(lay, ObjectLayer)
            for o in lay.objects}


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_a_changed_map_updates_its_objects_in_place_and_drops_the_ones_it_lost(fmt: str, tmp_path: Path) -> None:
    m = load_map(REPO / "maps" / "payload_canal.map.json")
    tiled = tmp_path / f"canal.{fmt}"
    export_tiled(m, tiled)
    decorated = _decorate(tiled)
    objects = _objects(tiled)
    track = next(i for i, (_, o) in objects.items() if o.cls == "track" and o.properties["team"] == "RED")
    spawn = next(i for i in decorated if objects[i][1].cls == "spawn")
    assert track in decorated
    # the map loses the decorated spawn's hex, and the RED track its last step
    team = Team(objects[spawn][1].properties["team"])
    grid = tiled_grid(read_tiled(tiled), tiled)
    lost = grid.to_hex(*grid.cell_at(*objects[spawn][1].anchor()))
    changed = m.with_spawn_zone(team, m.spawns[team] - {lost}).with_feature_part("tracks", Team.RED, m.tracks[Team.RED][:-1])
    export_tiled(changed, tiled)
    after, props = _objects(tiled), _properties(tiled)
    assert spawn not in after  # its object went with it
    assert len(after[track][1].polyline or ()) == len(changed.tracks[Team.RED])  # the same object, new path
    kept = [i for i in decorated if i != spawn]
    assert all(props[i] == decorated[i] for i in kept)
    assert [(after[i][0], after[i][1].name) for i in kept] == [(objects[i][0], objects[i][1].name) for i in kept]
    assert len(after) == len(objects) - 1  # nothing new: every other feature kept its object
    assert import_tiled(tiled) == changed


def _authored(tile: int, extra_layer: str = "") -> str:
    """A small map as a map maker draws it in Tiled: its own tileset and layers, features on "Things"."""
    w, h, side = (28, 32, 16) if tile == 1 else (56, 64, 32)
    cx = lambda col, row: (col * w + (w // 2 if row % 2 else 0) + w // 2, row * (h - (h - side) // 2) + h // 2)  # noqa: E731
    (sx, sy), (kx, ky) = cx(0, 0), cx(1, 1)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" width="2" '
            f'height="2" tilewidth="{w}" tileheight="{h}" hexsidelength="{side}" staggeraxis="y" '
            f'staggerindex="odd" nextlayerid="4" nextobjectid="9"><tileset firstgid="1" name="t" tilewidth="{w}" '
            f'tileheight="{h}" tilecount="2" columns="0"><tile id="0" type="wall"/><tile id="1"><properties>'
            f'<property name="hexfort" value="0."/></properties></tile></tileset>'
            f'<layer id="1" name="Ground" width="2" height="2"><data encoding="csv">2,2,1,2</data></layer>'
            f'<objectgroup id="2" name="Things">'
            f'<object id="4" name="home" type="spawn" x="{sx}" y="{sy}" rotation="15"><properties>'
            f'<property name="team" value="red"/><property name="note" value="hold here"/></properties><point/>'
            f'</object><object id="5" type="kit" x="{kx - 5}" y="{ky - 5}" width="10" height="10"><properties>'
            f'<property name="glow" type="color" value="#ff00ff00"/></properties></object>'
            f'<object id="6" name="bush" type="decor" x="1" y="1"><point/></object></objectgroup>{extra_layer}'
            f'</map>')


@pytest.mark.parametrize("tile", [1, 2], ids=["same tile size", "twice hexfort's tile size"])
def test_a_map_drawn_in_tiled_keeps_its_objects_where_they_are(tile: int, tmp_path: Path) -> None:
    tiled = tmp_path / "drawn.tmx"
    tiled.write_text(_authored(tile), encoding="utf-8")
    m = import_tiled(tiled)
    assert m.spawns[Team.RED] == frozenset({Hex(0, 0)}) and m.kits == frozenset({Hex(1, 1)})
    _round_trip(tiled, tmp_path)
    assert import_tiled(tiled) == m  # nothing twice, nothing lost
    objects = _objects(tiled)
    assert sorted(objects) == [4, 5, 6] and {layer for layer, _ in objects.values()} == {"Things"}
    props = _properties(tiled)
    assert props[4] == {("team", "string", "red"), ("note", "string", "hold here")}
    assert props[5] == {("glow", "color", "#ff00ff00")}
    spawn = next(o for o in ET.parse(tiled).getroot().iter("object") if o.get("id") == "4")
    assert spawn.get("rotation") == "15" and spawn.get("name") == "home"
    kit = next(o for o in ET.parse(tiled).getroot().iter("object") if o.get("id") == "5")
    assert (kit.get("width"), kit.get("height")) == ("10", "10")  # a rectangle stays a rectangle
    if tile == 1:  # the same grid: the objects stay exactly where they were drawn
        drawn = ET.fromstring(_authored(tile).split("\n", 1)[1])
        assert [(o.get("x"), o.get("y")) for o in drawn.iter("object")] == [
            (o.get("x"), o.get("y")) for o in ET.parse(tiled).getroot().iter("object")]


def test_a_spawn_zone_or_control_point_drawn_as_a_rectangle_covers_the_hexes_inside_it(tmp_path: Path) -> None:
    """A Tiled user draws a zone as one rectangle: it came in as the single hex under its centre, with no word (a
    new-user audit). A rectangle (or ellipse) of class spawn or control_point now covers every hex whose centre lies
    inside it; a kit drawn as a rectangle still stands on one hex."""
    m = load_map(REPO / "maps" / "koth_crossroads.map.json")
    path = tmp_path / "zone.tmj"
    export_tiled(m, path)
    grid = tiled_grid(read_tiled(path), path)
    free = sorted(h for h in m.cells if not m.features_at(h) and all(n in m.cells and not m.features_at(n)
                                                                     for n in h.neighbors()))
    centre = free[len(free) // 2]
    inside = sorted([centre, centre + Hex(1, 0), centre + Hex(-1, 0)])  # a row of three hexes
    xs = [grid.centre(*grid.to_cell(h))[0] for h in inside]
    _, y = grid.centre(*grid.to_cell(centre))
    box = {"x": min(xs) - 2, "y": y - 2, "width": max(xs) - min(xs) + 4, "height": 4}
    doc = json.loads(path.read_text(encoding="utf-8"))
    layer = next(lay for lay in doc["layers"] if lay["type"] == "objectgroup")
    layer["objects"].append({"id": 900, "name": "", "type": "spawn", "rotation": 0, "visible": True, **box,
                             "properties": [{"name": "team", "type": "string", "value": "BLU"}]})
    layer["objects"].append({"id": 901, "name": "", "type": "kit", "rotation": 0, "visible": True, **box})
    path.write_text(json.dumps(doc), encoding="utf-8")
    got = import_tiled(path)
    assert set(inside) <= set(got.spawns[Team.BLU]) and set(got.spawns[Team.BLU]) - set(m.spawns[Team.BLU]) == \
        set(inside)
    assert set(got.kits) - set(m.kits) == {centre}  # one hex: the one under the shape's centre
