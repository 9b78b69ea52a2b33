"""Loading and saving: canonical text, atomic writes, migration, and every kind of bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.formats import LoadError, dumps_map, load_map, load_scenario, loads_map, save_map, save_scenario
from engine.formats.jsonio import MAX_FILE_BYTES, MAX_NESTING, atomic_write_text, dump_canonical
from engine.formats.map_file import MAX_HEXES
from engine.hexgrid import Hex
from engine.mapmodel import Cell, Team, Terrain
from engine.scenario import Scenario, TeamSetup, UnitStart
from tests.maptext import make_map, map_doc

ROWS = """
    0. 0. 1. 2.
    0. 0# 1o 2.
    -- 0. 1a 2.
"""
FEATURES = dict(spawns={"RED": ["0,0", "0,1"], "BLU": ["3,0"]}, kits=["1,0"], control_points=[["3,0"]])


def write(tmp_path: Path, doc: object, name: str = "m.map.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return p


def test_save_load_roundtrip_and_canonical(tmp_path: Path) -> None:
    m = make_map(ROWS, **FEATURES)
    p = tmp_path / "a.map.json"
    save_map(m, p)
    assert load_map(p) == m
    text = p.read_text()
    save_map(load_map(p), p)
    assert p.read_text() == text  # stable
    assert '"rows": [\n    "0. 0. 1. 2.",\n' in text
    assert '"kits": ["1,0"]' in text
    assert text.endswith("}\n")


def test_one_hex_change_is_one_line_diff() -> None:
    m = make_map(ROWS, **FEATURES)
    before = dumps_map(m).splitlines()
    after = dumps_map(m.with_cell(Hex(1, 0), Cell(2, Terrain.OPEN))).splitlines()
    assert len(before) == len(after)
    assert sum(a != b for a, b in zip(before, after, strict=True)) == 1
    kit_moved = dumps_map(m.with_kits([Hex(2, 0)])).splitlines()
    assert sum(a != b for a, b in zip(before, kit_moved, strict=True)) == 1


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_holes_and_orientation_roundtrip(orientation: str) -> None:
    m = make_map(ROWS, orientation=orientation, **FEATURES)
    assert Hex(-1, 2) not in m if orientation == "pointy" else True
    assert loads_map(dumps_map(m)) == m


def test_atomic_write_leaves_no_temp_and_keeps_old_file_on_failure(tmp_path: Path, monkeypatch) -> None:
    p = tmp_path / "x.json"
    atomic_write_text(p, "old\n")

    def boom(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(p, "new\n")
    assert p.read_text() == "old\n"
    assert [f.name for f in tmp_path.iterdir()] == ["x.json"]


def test_migration_from_format_1(tmp_path: Path) -> None:
    doc = {
        "format": 1, "name": "old", "modes": ["koth"], "orientation": "pointy",
        "cells": [
            {"q": 0, "r": 0, "height": 0, "terrain": "open"},
            {"q": 1, "r": 0, "height": 1, "terrain": "stairs", "up": 3},
            {"q": 0, "r": 1, "height": 2, "terrain": "wall"},
        ],
        "spawns": {"RED": ["0,0"]},
    }
    m = load_map(write(tmp_path, doc))
    assert m.cell(Hex(1, 0)) == Cell(1, Terrain.STAIRS, 3)
    assert m.cell(Hex(0, 1)).terrain is Terrain.WALL
    assert m.spawns[Team.RED] == {Hex(0, 0)}
    assert '"format": 3' in dumps_map(m)


@pytest.mark.parametrize(
    ("doc", "where", "message"),
    [
        ({"format": 1, "name": "x", "modes": ["koth"], "orientation": "pointy",
          "cells": [{"q": 0, "r": 0, "height": 5}]}, "$.cells[0]", "height must be 0, 1 or 2"),
        ({"format": 1, "name": "x", "modes": ["koth"], "orientation": "pointy",
          "cells": [{"q": 0, "r": 0}, {"q": 0, "r": 0}]}, "$.cells[1]", "listed twice"),
        ({"format": 1, "name": "x", "modes": ["koth"]}, "$.cells", "'cells' list"),
        ({"format": 9, "name": "x"}, "$.format", "upgrade hexfort"),
        ({"format": 0, "name": "x"}, "$.format", "not supported"),
    ],
)
def test_migration_errors(tmp_path: Path, doc: dict, where: str, message: str) -> None:
    with pytest.raises(LoadError) as info:
        load_map(write(tmp_path, doc))
    assert info.value.where == where
    assert message in info.value.message


# --- Bad files of every kind -------------------------------------------------

@pytest.mark.parametrize(
    ("content", "where", "message"),
    [
        ("", "", "empty"),
        ("   \n", "", "empty"),
        # plain text: no comma to look for at its first character (a new-user audit opened a readme)
        ("this is not json", "", "this is not a JSON text: a hexfort file is a JSON object, starting with {, and this "
                                 "one starts with 'this is not json'"),
        ('{"a": }', "line 1, column 7", "not valid JSON: a value is missing here (a comma after the last item"),
        # a folder audit: Python's words cut mid-sentence ("starting at"), and no word of the usual slip or the fix
        ('{"name": "x", "rows": ["0."],}', "line 1, column 30",
         "a key in double quotes was expected here (a comma after the last item of an object?); fix it there"),
        ('{\n "name": "x\n', "line 2, column 12", "a line break or control character inside a string"),
        ('{"format": 2, "name": "x", "rows": ["0. 0.",', "line 1, column 45", "cut short"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "", "binary file"),
        (b"{\"name\": \"\xff\xfe\"}", "byte 10", "not UTF-8"),
        ("[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5), "$" + "[0]" * (MAX_NESTING + 1), "nested"),
        ("[" * 100000 + "]" * 100000, "", "nested"),
        ('{"a": NaN}', "", "NaN is not allowed"),
        ("[1, 2]", "$", "one JSON object"),
    ],
)
def test_bad_files_name_file_and_place(tmp_path: Path, content: str | bytes, where: str, message: str) -> None:
    p = tmp_path / "bad.map.json"
    p.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(LoadError) as info:
        load_map(p)
    err = info.value
    assert err.file == str(p)
    assert err.where == where
    assert message in err.message
    assert str(p) in str(err)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="file not found"):
        load_map(tmp_path / "nope.json")
    with pytest.raises(LoadError, match="folder, not a file"):
        load_map(tmp_path)


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    p = tmp_path / "huge.json"
    with p.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(LoadError, match="at most"):
        load_map(p)


def test_too_many_hexes_is_refused_before_decoding(tmp_path: Path) -> None:
    row = " ".join(["0."] * 400)
    doc = map_doc("\n".join([row] * (MAX_HEXES // 400 + 1)))
    with pytest.raises(LoadError) as info:
        load_map(write(tmp_path, doc))
    assert info.value.where == "$.rows" and "at most" in info.value.message


@pytest.mark.parametrize(
    ("features", "where", "message"),
    [
        ({"kits": ["9,9"]}, "$.kits[0]", "hex 9,9 is not on the map"),
        ({"spawns": {"RED": ["0,0", "-1,2"]}}, "$.spawns.RED[1]", "hex -1,2 is not on the map"),
        ({"tracks": {"BLU": ["0,0", "7,0"]}}, "$.tracks.BLU[1]", "not on the map"),
        ({"control_points": [["3,0"], ["8,8"]]}, "$.control_points[1][0]", "not on the map"),
    ],
)
def test_semantic_errors_name_the_json_path(tmp_path: Path, features: dict, where: str, message: str) -> None:
    with pytest.raises(LoadError) as info:
        load_map(write(tmp_path, map_doc(ROWS, **features)))
    assert info.value.where == where
    assert message in info.value.message


def test_bad_token_names_row_and_token(tmp_path: Path) -> None:
    doc = map_doc(ROWS)
    doc["rows"][1] = "0. 0x 1o"
    with pytest.raises(LoadError) as info:
        load_map(write(tmp_path, doc))
    assert info.value.where == "$.rows[1]"  # caught by the schema pattern first


def test_map_with_only_holes(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="no hexes"):
        load_map(write(tmp_path, map_doc("-- --")))


def test_dump_canonical_layout() -> None:
    text = dump_canonical({"a": [1, 2], "rows": ["x", "y"], "o": {"k": [{"u": 1}]}})
    assert text == '{\n  "a": [1, 2],\n  "rows": [\n    "x",\n    "y"\n  ],\n  "o": {\n    "k": [\n      {"u": 1}\n    ]\n  }\n}\n'


# --- Scenarios -----------------------------------------------------------------

def scenario_doc(**over: object) -> dict:
    doc = {"format": 1, "name": "s", "map": "m.map.json", "mode": "koth", "seed": 5,
           "teams": {"RED": {"units": [{"unit": "soldier", "hex": "0,0"}, {"unit": "medic"}]},
                     "BLU": {"roster": ["scout", "heavy"], "units": [{"unit": "heavy", "hex": "3,0", "health": 50}]}},
           "rules": {"points_to_win": 8}}
    doc.update(over)
    return doc


def test_scenario_roundtrip(tmp_path: Path) -> None:
    save_map(make_map(ROWS, **FEATURES), tmp_path / "m.map.json")
    s = load_scenario(write(tmp_path, scenario_doc(), "s.scenario.json"))
    assert s.team(Team.RED).starting[0] == UnitStart("soldier", Hex(0, 0))
    assert s.team(Team.BLU).starting[0].health == 50
    assert s.rules["points_to_win"] == 8
    save_scenario(s, tmp_path / "t.scenario.json")
    assert load_scenario(tmp_path / "t.scenario.json") == s


def test_scenario_with_embedded_map_roundtrip(tmp_path: Path) -> None:
    s = Scenario(name="e", mode=__import__("engine.mapmodel").mapmodel.Mode.KOTH,
                 map=make_map(ROWS, **FEATURES), teams={Team.RED: TeamSetup(("scout",), (UnitStart("scout"),))})
    save_scenario(s, tmp_path / "e.scenario.json")
    assert load_scenario(tmp_path / "e.scenario.json") == s


@pytest.mark.parametrize(
    ("over", "where", "message"),
    [
        ({"map": "missing.map.json"}, "$.map", "cannot load map 'missing.map.json'"),
        ({"mode": "payload"}, "$.mode", "made for koth, not payload; pick one of those or add payload to the map's modes and paint its tracks (the map has none)"),
        ({"rules": {"points_to_wn": 3}}, "$.rules.points_to_wn", "unknown rule option 'points_to_wn'"),
        ({"rules": {"points_to_win": "ten"}}, "$.rules.points_to_win", "must be int"),
        ({"ruleset": "builtin:chess"}, "$.ruleset", "unknown built-in ruleset"),
        ({"ruleset": "nope.json"}, "$.ruleset", "cannot load ruleset"),
        ({"teams": {"RED": {"units": [{"unit": "wizard"}]}}}, "$.teams.RED.units[0].unit", "unknown unit 'wizard'"),
        ({"teams": {"BLU": {"roster": ["scout"], "units": [{"unit": "heavy"}]}}}, "$.teams.BLU.units[0].unit", "not in this team's roster"),
        ({"teams": {"RED": {"units": [{"unit": "scout", "hex": "0,0"}, {"unit": "pyro", "hex": "0,0"}]}}}, "$.teams.RED.units[1].hex", "one unit per hex"),
        ({"teams": {"RED": {"units": [{"unit": "scout", "hex": "50,0"}]}}}, "$.teams.RED.units[0].hex", "not on the map"),
        ({"teams": {"RED": {"units": [{"unit": "scout", "health": 999}]}}}, "$.teams.RED.units[0].health", "more than a scout's full health"),
        ({"map": {"format": 2, "name": "e", "modes": ["koth"], "orientation": "pointy", "rows": ["0."], "kits": ["4,4"]}},
         "$.map.kits[0]", "not on the map"),
    ],
)
def test_scenario_errors(tmp_path: Path, over: dict, where: str, message: str) -> None:
    save_map(make_map(ROWS, **FEATURES), tmp_path / "m.map.json")
    with pytest.raises(LoadError) as info:
        load_scenario(write(tmp_path, scenario_doc(**over), "s.scenario.json"))
    assert info.value.where == where, info.value
    assert message in info.value.message


def test_atomic_write_flushes_the_file_and_then_its_folder(tmp_path: Path, monkeypatch) -> None:
    """The rename is only durable once the folder is flushed too (a power cut could undo it)."""
    import stat as stat_

    flushed: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        flushed.append("folder" if stat_.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    atomic_write_text(tmp_path / "x.json", "x\n")
    assert flushed == ["file", "folder"]


def test_saving_to_a_symlink_writes_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "library" / "a.map.json"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "a.map.json"
    link.symlink_to(real)
    atomic_write_text(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    assert sorted(p.name for p in real.parent.iterdir()) == ["a.map.json"]


def test_new_files_get_the_umask_without_it_being_changed(tmp_path: Path, monkeypatch) -> None:
    """Setting the umask to read it gives files other threads create meanwhile the wrong mode."""
    if not Path("/proc/self/status").exists():
        pytest.skip("the umask can only be read without changing it on Linux")
    old = os.umask(0o027)
    try:
        monkeypatch.setattr(os, "umask", lambda *a: pytest.fail("os.umask was called"))
        atomic_write_text(tmp_path / "new.json", "x\n")
    finally:
        monkeypatch.undo()
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o640


def test_saved_files_get_normal_permissions(tmp_path: Path) -> None:
    p = tmp_path / "new.json"
    old = os.umask(0o022)
    try:
        atomic_write_text(p, "x\n")
    finally:
        os.umask(old)
    assert p.stat().st_mode & 0o777 == 0o644
    p.chmod(0o664)
    atomic_write_text(p, "y\n")
    assert p.stat().st_mode & 0o777 == 0o664


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"name": "a", "name": "b"}', "the key 'name' appears twice"),
        ("\ufeff{}".encode("utf-16"), "UTF-16"),
    ],
)
def test_duplicate_keys_and_utf16_are_named(tmp_path: Path, content: str | bytes, message: str) -> None:
    p = tmp_path / "x.map.json"
    p.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(LoadError, match=message):
        load_map(p)


def test_a_pipe_is_refused_instead_of_read(tmp_path: Path) -> None:
    p = tmp_path / "pipe.map.json"
    os.mkfifo(p)
    with pytest.raises(LoadError, match="not a regular file"):
        load_map(p)


def test_saved_files_name_their_schema_by_a_path_that_resolves_or_by_its_id(tmp_path: Path) -> None:
    """Inside hexfort's folder (the bundled maps) a file names its schema by a relative path that resolves, for
    text editors; anywhere else by the schema's $id, which names it on every machine (a relative path climbing out
    to this checkout broke once a community map was shared: a new-user audit); a file's own $schema is kept."""
    from engine.formats.map_file import schema_ref_for

    repo = Path(__file__).resolve().parents[2]
    ref = schema_ref_for(repo / "maps" / "x.map.json", "map")
    assert ref == "../schemas/map.schema.json" and (repo / "maps" / ref).resolve().is_file()
    p = tmp_path / "deep" / "a.map.json"
    p.parent.mkdir()
    save_map(make_map(ROWS, **FEATURES), p)
    assert json.loads(p.read_text())["$schema"] == "https://hexfort.dev/schemas/map.schema.json"
    assert schema_ref_for(p, "map", "map.schema.json") == "map.schema.json"
    assert schema_ref_for(p, "map", "scenario.schema.json") == "https://hexfort.dev/schemas/map.schema.json"
    # saved over itself (the editor's Save of a community map) it keeps the $schema it has (a review)
    p.write_text(p.read_text().replace("https://hexfort.dev/schemas/map.schema.json", "../schemas/map.schema.json"))
    save_map(make_map(ROWS, **FEATURES), p)
    assert json.loads(p.read_text())["$schema"] == "../schemas/map.schema.json"


def test_scenarios_pickle_whatever_mapping_they_were_given() -> None:
    import pickle
    from types import MappingProxyType

    s = Scenario(name="p", mode=__import__("engine.mapmodel").mapmodel.Mode.KOTH, map=make_map(ROWS, **FEATURES),
                 rules=MappingProxyType({"points_to_win": 5}),
                 teams=MappingProxyType({Team.RED: TeamSetup(("scout",))}))
    assert pickle.loads(pickle.dumps(s)) == s


def test_an_output_is_judged_writable_as_it_will_be_written(tmp_path: Path) -> None:
    """engine.formats.writable: a new file by making one in its folder, an existing one (/dev/null, a report in a
    read-only folder) by its own permission — the folder probe refused -o /dev/stdout (a review); a missing folder
    and a folder given as the file are named."""
    from engine.formats.writable import cannot_write, cannot_write_into

    assert cannot_write("/dev/null") == "" and cannot_write(tmp_path / "new.json") == ""
    existing = tmp_path / "old.json"
    existing.write_text("{}")
    assert cannot_write(existing) == ""
    assert "is not an existing folder" in cannot_write(tmp_path / "gone" / "x.json")
    assert "is a folder; name a file in it" in cannot_write(tmp_path)
    assert cannot_write_into(tmp_path / "made" / "later") == "" and "is a file" in cannot_write_into(existing / "x")


def test_a_missing_file_says_why_when_it_can_be_told(tmp_path: Path) -> None:
    """A folder audit's scenarios named their map ``Quarry.map.json`` (the file is quarry.map.json) and
    ``..\\koth\\quarry.map.json`` (a Windows path), and were told only "file not found; check the path"."""
    from engine.formats.jsonio import read_json_file

    (tmp_path / "quarry.map.json").write_text("{}")
    with pytest.raises(LoadError) as info:
        read_json_file(tmp_path / "Quarry.map.json")
    assert info.value.problems[0].message.endswith("(did you mean quarry.map.json? names are case-sensitive)")
    with pytest.raises(LoadError) as info:
        read_json_file(str(tmp_path) + "\\koth\\quarry.map.json")
    assert "(use / between folders" in info.value.problems[0].message
    with pytest.raises(LoadError) as info:
        read_json_file(tmp_path / "gone.map.json")
    assert info.value.problems[0].message == "file not found; check the path"
