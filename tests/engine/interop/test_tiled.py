"""Tiled maps in and out: every bundled map exported to TMX and TMJ and imported back is identical;
Tiled's own example hexagonal map imports with a terrain table; what cannot be converted is a message
naming the file, the layer and the tile or object and the fix, exit 1, nothing written."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from engine.formats import load_map
from engine.formats.errors import LoadError
from engine.hexgrid import Hex
from engine.interop import cli, export_tiled, import_tiled, read_tiled
from engine.interop.terrain_table import load_table

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "tests" / "fixtures" / "tiled"
MAPS = sorted((REPO / "maps").glob("*.map.json"))


def main(argv: list[str]) -> int:
    """``hexfort import ...`` / ``hexfort export ...`` as the command line runs them (without Qt)."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    cli.add_import_arguments(sub.add_parser("import"))
    cli.add_export_arguments(sub.add_parser("export"))
    args = parser.parse_args(argv)
    return cli.run_import(args) if args.command == "import" else cli.run_export(args)


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
@pytest.mark.parametrize("path", MAPS, ids=[p.name.split(".")[0] for p in MAPS])
def test_every_bundled_map_comes_back_identical(path: Path, fmt: str, tmp_path: Path) -> None:
    m = load_map(path)
    out = tmp_path / f"{path.name.split('.')[0]}.{fmt}"
    assert main(["export", str(path), "-o", str(out)]) == 0
    tm = read_tiled(out)
    assert tm.orientation == "hexagonal" and tm.stagger_axis == ("y" if m.meta.orientation.value == "pointy" else "x")
    assert main(["import", str(out), "-o", str(tmp_path / "back.map.json")]) == 0
    back = load_map(tmp_path / "back.map.json")
    assert back == m
    def below_schema(p: Path) -> list[str]:
        return [line for line in p.read_text(encoding="utf-8").splitlines() if '"$schema"' not in line]

    assert below_schema(tmp_path / "back.map.json") == below_schema(path)  # byte for byte but the $schema line


def test_the_tiled_example_imports_with_a_table(tmp_path: Path) -> None:
    out = tmp_path / "mini.map.json"
    code = main(["import", str(FIXTURES / "hexagonal-mini.tmx"), "-o", str(out),
                 "--terrain-table", str(FIXTURES / "hexmini.table.json")])
    assert code == 0
    m = load_map(out)
    tm = read_tiled(FIXTURES / "hexagonal-mini.tmx")
    ground = tm.layers[0]
    water = 14  # global id of the water tile: no hex
    assert len(m.cells) == sum(1 for g in ground.gids if g != water) == 306
    table = load_table(FIXTURES / "hexmini.table.json")
    # every cell became the hex its tile is mapped to, at the axial hex of its staggered cell (odd rows pushed)
    for i, gid in enumerate(ground.gids):
        col, row = i % 20, i // 20
        h = Hex(col - (row - (row & 1)) // 2, row)
        token = table.token("hex mini", gid - 1, "")
        if token == "--":
            assert h not in m.cells
        else:
            cell = m.cells[h]
            assert f"{cell.height}{'.' if cell.terrain.value == 'open' else '#' if cell.terrain.value == 'wall' else 'o'}" \
                == token
    assert m.meta.name == "hexagonal-mini" and m.meta.orientation.value == "pointy"


def test_without_a_table_the_example_names_each_unknown_tile_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mini.map.json"
    assert main(["import", str(FIXTURES / "hexagonal-mini.tmx"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "hexagonal-mini.tmx: cannot convert, nothing written" in err
    assert "layer 'Ground', tile at column 0, row 0: tile 14 of tileset 'hex mini' has no terrain" in err
    assert "--terrain-table" in err and not out.exists()


def _tmx(orientation: str = "hexagonal", data: str = "1,1,1,1", extra: str = "", tiles: str = "",
         objects: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="{orientation}" width="2" '
            f'height="2" tilewidth="28" tileheight="32" hexsidelength="16" staggeraxis="y" staggerindex="odd" '
            f'{extra}><tileset firstgid="1" name="t" tilewidth="28" tileheight="32" tilecount="3" columns="0">'
            f'{tiles}</tileset><layer id="1" name="Ground" width="2" height="2"><data encoding="csv">{data}</data>'
            f'</layer><objectgroup id="2" name="Things">{objects}</objectgroup></map>')


WALL = '<tile id="0" type="wall"/>'
OPEN = '<tile id="1"><properties><property name="hexfort" value="0."/></properties></tile>'
STAIRS = '<tile id="2"><properties><property name="hexfort" value="0a"/></properties></tile>'
#: Tiled's flags in a global id's top bits: flipped horizontally, and (hexagonal maps) rotated by 120°.
FLIPPED, TURNED_120 = 0x80000000, 0x10000000


@pytest.mark.parametrize(("text", "where", "words"), [
    (_tmx("orthogonal", tiles=WALL), "map", "this is an orthogonal map; hexfort reads hexagonal maps only"),
    (_tmx("isometric", tiles=WALL), "map", "this is an isometric map"),
    (_tmx(tiles=WALL, data="1,1,1,3"), "layer 'Ground', tile at column 1, row 1",
     "tile 2 of tileset 't' has no terrain"),
    (_tmx(tiles=WALL, data="1,1,1"), "layer 'Ground'", "the layer holds 3 tiles, its size says 4"),
    (_tmx(tiles=WALL, extra='infinite="1"'), "map", "untick Map ▸ Map Properties ▸ Infinite"),
    (_tmx(tiles=WALL + OPEN, data="1,2,2,2", objects='<object id="4" type="spawn" x="14" y="16"><point/></object>'),
     "layer 'Things', object 4", "give it a 'team' property: BLU or RED"),
    (_tmx(tiles=WALL + OPEN, data="0,2,2,2", objects='<object id="5" type="kit" x="14" y="16"><point/></object>'),
     "layer 'Things', object 5", "it stands on column 0, row 0, which has no hex; move it onto the ground"),
    (_tmx(tiles=WALL + OPEN, data="1,2,2,2", objects='<object id="6" type="track" x="14" y="16"><properties><property name="team" '
                                     'value="BLU"/></properties><point/></object>'),
     "layer 'Things', object 6", "draw it with Tiled's polyline tool"),
    (_tmx(tiles=WALL).replace("</map>", ""), "line 2, column", "not a well-formed XML file"),
    ('<!DOCTYPE map [<!ENTITY a "b">]>' + _tmx(tiles=WALL), "", "DOCTYPE"),
    (_tmx(tiles=WALL).replace('encoding="UTF-8"', 'encoding="UTF-inf8"'), "line 1", "unknown encoding"),
    (_tmx(tiles=WALL + OPEN, data="1,2,2,2", objects='<object id="7" type="kit" x="inf" y="16"><point/></object>'),
     "layer 'Things', object 7", "x='inf' is not a finite number"),
    # a rotated or flipped stairs tile would climb another way than Tiled draws it (a new-user audit: imported as if
    # unturned, silently); a turned open tile looks the same and is read as it is
    (_tmx(tiles=WALL + OPEN + STAIRS, data=f"2,2,{3 | TURNED_120},{2 | FLIPPED}"), "layer 'Ground', tile at column 0, row 1",
     "this stairs tile is rotated or flipped in Tiled"),
    (_tmx(tiles=WALL + OPEN + STAIRS, data=f"2,{3 | FLIPPED},2,2"), "layer 'Ground', tile at column 1, row 0",
     "paint the stairs tile that faces the way you want"),
    (_tmx(tiles=WALL + OPEN, data="2,2,2,2", objects='<object id="8" type="control_point" x="14" y="16"><properties>'
     '<property name="point" type="int" value="3"/></properties><point/></object>'), "control points",
     "number them 3, with no 1 or 2; number the control points from 1 without a gap"),
    (_tmx(tiles=WALL + OPEN, data="2,2,2,2", objects='<object id="8" type="kit" x="14" y="16"><point/></object>'
     '<object id="9" type="kit" x="15" y="17"><point/></object>'), "layer 'Things', object 9",
     "a second kit on hex"),
    (_tmx(tiles=WALL, data="1,1,1,9"), "layer 'Ground', tile at column 1, row 1",
     "tile id 8 is past the last tile of tileset 't' (ids 0–2)"),  # the id Tiled shows, from 0 (an audit)
    (_tmx(tiles=WALL + OPEN, data="2,2,2,2", objects='<object id="5" type="kit" x="900" y="16"><point/></object>'),
     "layer 'Things', object 5", "outside the map (2 × 2 cells); move it onto the ground"),
    (re.sub(r"<tileset .*?</tileset>", '<tileset firstgid="1" source="gone.tsx"/>', _tmx(tiles=WALL)),
     "tileset 'gone.tsx'", "its external tileset 'gone.tsx' is not there (looked for "),
    (_tmx(tiles=WALL + OPEN).replace('<layer id="1"', '<group id="9" name="Art"><layer id="1"').replace(
        '</layer>', '</layer></group>'), "group 'Art'", "drag them out of the group (or ungroup it)"),
])
def test_what_cannot_be_converted_is_named_with_its_place_and_fix(text: str, where: str, words: str,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / "bad.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        import_tiled(path)
    assert info.value.file == str(path)
    assert info.value.where.startswith(where), info.value.where
    assert words in str(info.value)
    assert main(["import", str(path), "-o", str(tmp_path / "out.map.json")]) == 1
    assert not (tmp_path / "out.map.json").exists()


def test_classes_from_the_default_table_and_objects_by_position(tmp_path: Path) -> None:
    objects = ('<object id="1" type="spawn" x="20" y="10"><properties><property name="team" value="RED"/>'
               '</properties><point/></object>'
               '<object id="2" type="control_point" x="50" y="42"><point/></object>'
               '<object id="3" type="bush" name="decoration" x="0" y="0"><point/></object>')
    path = tmp_path / "small.tmx"
    path.write_text(_tmx(tiles=WALL + OPEN, data="2,2,1,2", objects=objects), encoding="utf-8")
    m = import_tiled(path)
    assert m.cells[Hex(0, 1)].terrain.value == "wall"  # cell (0, 1): class "wall" in the default table
    assert m.spawns[next(iter(m.spawns))] == frozenset({Hex(0, 0)})
    assert m.control_points == (frozenset({Hex(1, 1)}),)  # (50, 42) is nearest the centre of cell (1, 1): (56, 40)


def test_a_bad_terrain_table_is_named_with_its_json_path(tmp_path: Path) -> None:
    table = tmp_path / "t.json"
    table.write_text(json.dumps({"format": 1, "classes": {"wall": "3#"}}), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        import_tiled(FIXTURES / "hexagonal-mini.tmx", table)
    assert info.value.file == str(table) and info.value.where == "$.classes.wall"


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_export_over_a_tiled_file_keeps_its_other_layers_and_properties(fmt: str, tmp_path: Path) -> None:
    m = load_map(REPO / "maps" / "koth_ridge.map.json")
    out = tmp_path / f"ridge.{fmt}"
    export_tiled(m, out)
    tm = read_tiled(out)
    # a map maker adds a decoration layer with its own tileset and a map property in Tiled
    text = out.read_text(encoding="utf-8")
    if fmt == "tmx":
        decor = ",".join(["900"] * (tm.width * tm.height))
        text = text.replace('<layer id="1"', f'<layer id="7" name="Decor" width="{tm.width}" height="{tm.height}">'
                                             f'<data encoding="csv">{decor}</data></layer>\n <layer id="1"', 1)
        text = text.replace("<properties>", '<properties>\n  <property name="weather" value="rain"/>', 1)
        text = text.replace("</map>", '<imagelayer id="9" name="Sky"><image source="sky.png"/></imagelayer></map>')
        text = text.replace('<layer id="7"', '<tileset firstgid="900" source="decor.tsx"/>\n <layer id="7"')
        (tmp_path / "decor.tsx").write_text('<tileset name="decor" tilewidth="28" tileheight="32" tilecount="1" '
                                            'columns="1"/>', encoding="utf-8")
    else:
        doc = json.loads(text)
        doc["layers"].insert(1, {"id": 7, "name": "Decor", "type": "tilelayer", "width": tm.width,
                                 "height": tm.height, "x": 0, "y": 0, "data": [900] * (tm.width * tm.height)})
        doc["layers"].append({"id": 9, "name": "Sky", "type": "imagelayer", "image": "sky.png"})
        doc["properties"].append({"name": "weather", "type": "string", "value": "rain"})
        doc["tilesets"].append({"firstgid": 900, "source": "decor.tsj"})
        (tmp_path / "decor.tsj").write_text(json.dumps({"name": "decor", "tilecount": 1, "tilewidth": 28,
                                                        "tileheight": 32, "type": "tileset"}), encoding="utf-8")
        text = json.dumps(doc)
    out.write_text(text, encoding="utf-8")
    assert import_tiled(out) == m  # hexfort reads its own layers whatever else the file holds
    changed = m.with_kits([*m.kits, next(iter(h for h in m.cells if h not in m.kits))])
    export_tiled(changed, out)
    again = read_tiled(out)
    names = [getattr(lay, "name", None) or (lay.get("name") if isinstance(lay, dict) else lay.get("name"))
             for lay in again.layers]
    assert names == ["hexfort ground", "Decor", "hexfort features", "Sky"]  # the features layer stays in its place
    assert again.properties["weather"] == "rain"
    assert [ts.name for ts in again.tilesets][0] == "decor"
    assert again.layers[1].gids == (900,) * (tm.width * tm.height)
    assert import_tiled(out) == changed


def test_export_leaves_a_file_that_is_not_a_tiled_map_alone(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "ridge.json"  # .json is also a Tiled JSON ending: never clobber a hexfort file
    other.write_text((REPO / "maps" / "koth_ridge.map.json").read_text(encoding="utf-8"), encoding="utf-8")
    before = other.read_bytes()
    assert main(["export", str(REPO / "maps" / "koth_ridge.map.json"), "-o", str(other)]) == 1
    assert "hexfort leaves it alone" in capsys.readouterr().err and other.read_bytes() == before
    assert main(["export", str(REPO / "maps" / "koth_ridge.map.json"), "-o", str(tmp_path / "x.png")]) == 2


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_layer_data_and_the_class_attribute_are_read(compression: str, tmp_path: Path) -> None:
    import base64
    import gzip
    import struct
    import zlib

    m = load_map(REPO / "maps" / "payload_bridges.map.json")
    export_tiled(m, tmp_path / "b.tmj")
    doc = json.loads((tmp_path / "b.tmj").read_text(encoding="utf-8"))
    raw = struct.pack(f"<{len(doc['layers'][0]['data'])}I", *doc["layers"][0]["data"])
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    doc["layers"][0].update(data=base64.b64encode(packed).decode("ascii"), encoding="base64",
                            compression=compression)
    for o in doc["layers"][-1]["objects"]:  # Tiled 1.9 wrote "class" where others write "type"
        o["class"] = o.pop("type")
    (tmp_path / "b.tmj").write_text(json.dumps(doc), encoding="utf-8")
    assert import_tiled(tmp_path / "b.tmj") == m


def test_damaged_tiled_files_end_in_a_message_never_a_crash(tmp_path: Path) -> None:
    """A seeded slice of mutated files (bytes changed, cut, repeated; odd numbers and encodings)."""
    import random

    m = load_map(REPO / "maps" / "payload_canal.map.json")
    export_tiled(m, tmp_path / "a.tmx")
    export_tiled(m, tmp_path / "a.tmj")
    seeds = [(tmp_path / "a.tmx").read_bytes(), (tmp_path / "a.tmj").read_bytes(),
             (FIXTURES / "hexagonal-mini.tmx").read_bytes()]
    rng = random.Random(22)
    outcomes = {"map": 0, "message": 0}
    for n in range(300):
        k = rng.randrange(3)
        b = bytearray(seeds[k])
        for _ in range(rng.randint(1, 6)):
            i, op = rng.randrange(len(b)), rng.random()
            if op < 0.4:
                b[i] = rng.randrange(256)
            elif op < 0.6:
                del b[i:i + rng.randint(1, 50)]
            elif op < 0.8:
                b[i:i] = rng.choice([b"-", b"9", b"1e309", b'"', b"<", b",", b"inf", b"nan", b"99999"])
            else:
                j = rng.randrange(len(b))
                b[i:i] = b[j:j + rng.randint(1, 40)]
        f = tmp_path / f"f{n}{'.tmj' if k == 1 else '.tmx'}"
        f.write_bytes(bytes(b))
        try:
            import_tiled(f, FIXTURES / "hexmini.table.json" if k == 2 else None)
            outcomes["map"] += 1
        except LoadError as e:
            assert e.file == str(f) and e.message
            outcomes["message"] += 1
    assert outcomes["map"] > 10 and outcomes["message"] > 100


@pytest.mark.parametrize("axis", ["x", "y"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_a_map_from_any_staggered_grid_exports_back_over_its_own_file(axis: str, index: str, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A new-user audit drew 6 × 5 maps in Tiled with each stagger axis and index, imported them and exported them
    back over their files unchanged: stagger index "even" failed ("the layer is 6 × 5 cells but the map is now
    6 × 6") — the export built its own grid a row larger. Over a file, the file's grid is kept when the map fits."""
    w, h = 6, 5
    side = 'hexsidelength="16" ' if axis == "y" else 'hexsidelength="14" '
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" width="{w}" '
            f'height="{h}" tilewidth="28" tileheight="32" {side}staggeraxis="{axis}" staggerindex="{index}">'
            f'<tileset firstgid="1" name="t" tilewidth="28" tileheight="32" tilecount="2" columns="0">{WALL}{OPEN}'
            f'</tileset><layer id="1" name="Ground" width="{w}" height="{h}"><data encoding="csv">'
            f'{",".join(["2"] * (w * h - 1) + ["1"])}</data></layer></map>')
    path = tmp_path / "drawn.tmx"
    path.write_text(text, encoding="utf-8")
    m = import_tiled(path)
    assert len(m.cells) == w * h
    export_tiled(m, path)  # over its own file, no edit
    again = read_tiled(path)
    assert (again.width, again.height, again.stagger_axis, again.stagger_index) == (w, h, axis, index)
    assert [lay.name for lay in again.layers][:2] == ["hexfort ground", "Ground"]  # the map maker's layer kept
    assert import_tiled(path) == m
    # from now on hexfort reads its own layer: import says so, so terrain painted on 'Ground' is not lost unseen
    assert main(["import", str(path), "-o", str(tmp_path / "again.map.json")]) == 0
    assert ("note: the ground was read from the tile layer 'hexfort ground'; the other tile layers ('Ground') are "
            "kept as decoration and not read") in capsys.readouterr().out


def _corners(points: list[dict[str, float]]) -> list[dict[str, float]]:
    """A polyline's first and last points and those where it turns (as a Tiled user draws a straight run)."""
    def step(a: dict[str, float], b: dict[str, float]) -> tuple[float, float]:
        return round(b["x"] - a["x"], 3), round(b["y"] - a["y"], 3)

    return [p for i, p in enumerate(points)
            if i in (0, len(points) - 1) or step(points[i - 1], p) != step(p, points[i + 1])]


def test_a_track_drawn_by_its_corners_is_filled_in_along_straight_lines(tmp_path: Path) -> None:
    """A Tiled user draws a polyline by its corners; the import took only those points as steps, so the track jumped
    (four HF107 errors after an import that said nothing: a new-user audit). Each straight run is filled in; two
    points no straight hex line joins are named, with the fix."""
    path = REPO / "maps" / "payload_canal.map.json"
    out = tmp_path / "canal.tmj"
    assert main(["export", str(path), "-o", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    tracks = [o for lay in doc["layers"] for o in lay.get("objects", []) if o.get("class", o.get("type")) == "track"]
    assert len(tracks) == 2
    for o in tracks:
        o["polyline"] = _corners(o["polyline"])
    assert sum(len(o["polyline"]) for o in tracks) < 25  # of 8 + 17 steps
    out.write_text(json.dumps(doc), encoding="utf-8")
    assert import_tiled(out) == load_map(path)
    tracks[0]["polyline"] = [p for i, p in enumerate(tracks[0]["polyline"]) if i != 1]  # one corner cut away
    out.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        import_tiled(out)
    assert "in one segment, and no straight hex line joins them; add a point where it turns" in str(info.value)


def test_an_object_layer_inside_a_group_is_named_in_the_note(tmp_path: Path) -> None:
    """With the ground at the top, features on an object layer inside a group went missing without a word (a
    review): the import's note names the group."""
    from engine.interop.tiled_files import import_tiled_noting

    text = _tmx(tiles=WALL + OPEN, data="2,2,2,2", objects='<object id="8" type="kit" x="14" y="16"><point/></object>')
    text = text.replace('<objectgroup id="2"', '<group id="9" name="Props"><objectgroup id="2"').replace(
        "</objectgroup>", "</objectgroup></group>")
    path = tmp_path / "grouped.tmx"
    path.write_text(text, encoding="utf-8")
    m, note = import_tiled_noting(path)
    assert not m.kits and "the layers inside the group 'Props' are not read (features on them are missing)" in note


def test_tiles_with_no_terrain_say_the_fix_once_and_give_a_table_to_start_from(tmp_path: Path) -> None:
    """A map from elsewhere (Tiled's own hexagonal example without its table) gave a line per tile, each repeating the
    whole fix (a new-user audit): the fix is said once, the other tiles "have no terrain either", and a terrain table
    listing them is given, which, filled in and given with --terrain-table, imports the map."""
    path = tmp_path / "foreign.tmx"
    path.write_text(_tmx(data="1,2,3,2"), encoding="utf-8")  # three tiles, none with a terrain
    with pytest.raises(LoadError) as e:
        import_tiled(path)
    said = [p.message for p in e.value.problems]
    assert sum("give it a 'hexfort' property" in m for m in said) == 1
    assert sum(m.endswith("has no terrain either") for m in said) == 2
    starter = said[-1].split("--terrain-table: ", 1)[1]
    table = json.loads(starter)
    assert table == {"format": 1, "tiles": {"t": {"0": "0.", "1": "0.", "2": "0."}}}
    table["tiles"]["t"]["0"] = "1#"
    (tmp_path / "table.json").write_text(json.dumps(table), encoding="utf-8")
    m = import_tiled(path, tmp_path / "table.json")
    assert sorted(c.terrain.value for c in m.cells.values()).count("wall") == 1 and len(m.cells) == 4


def test_export_of_a_tiled_map_points_at_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """export given a .tmx said "not valid JSON" (a new-user audit); import's refusal of an output name says what it
    takes."""
    tmx = tmp_path / "m.tmx"
    tmx.write_text(_tmx(tiles=WALL), encoding="utf-8")
    assert main(["export", str(tmx), "-o", str(tmp_path / "x.tmx")]) == 2
    assert "this is already a Tiled map; hexfort import turns it into a hexfort map" in capsys.readouterr().err
    assert main(["import", str(tmx), "-o", str(tmp_path / "x.txt")]) == 2
    assert "a hexfort map file ends in .json; name it NAME.map.json" in capsys.readouterr().err
    # a Tiled map under a hexfort name was written without a word, and validate then suggested x.map.map.json (an audit)
    ridge = Path(__file__).resolve().parents[3] / "maps" / "koth_ridge.map.json"
    assert main(["export", str(ridge), "-o", str(tmp_path / "new.map.json")]) == 2
    assert f"a name ending .map.json is a hexfort file's; name the Tiled map {tmp_path / 'new'}.tmj" in \
        capsys.readouterr().err and not (tmp_path / "new.map.json").exists()
    from engine.validation.runner import validate_file

    assert main(["export", str(ridge), "-o", str(tmp_path / "new.json")]) == 0
    (tmp_path / "new.json").rename(tmp_path / "new.map.json")
    said = " ".join(p.message for p in validate_file(tmp_path / "new.map.json").problems)
    assert f"rename it new.tmj, then convert it with hexfort import {tmp_path / 'new.tmj'} -o " \
        f"{tmp_path / 'new.map.json'}" in said and "new.map.map.json" not in said  # not over itself either


def test_export_of_a_map_with_a_track_gap_says_it_will_not_come_back_as_it_is(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A folder audit exported Canal with a gap in RED's track: exit 0, no word, and the file either came back with
    the gap filled or not at all. The export still writes it, and says so."""
    from engine.formats import save_map
    from engine.mapmodel import Team

    canal = load_map(Path(__file__).resolve().parents[3] / "maps" / "payload_canal.map.json")
    red = list(canal.track(Team.RED))
    gap = canal.with_feature_part("tracks", Team.RED, red[:5] + red[6:])
    save_map(gap, tmp_path / "gap.map.json")
    assert main(["export", str(tmp_path / "gap.map.json"), "-o", str(tmp_path / "gap.tmx")]) == 0
    said = capsys.readouterr().out
    assert f"note: RED's cart track has a gap between {red[4]} and {red[6]} (HF107)" in said
    assert "close it first to round-trip the map as it is" in said
