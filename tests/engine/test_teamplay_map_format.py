"""Map format 3: Team Play's spawnpoints by colour, ammo-tile hexes and weapon racks.

They load, save, round-trip through the text form, survive the 2 -> 3 migration
(also inside scenarios and replays, whose embedded maps are migrated first), and
obey the model's invariants like every other feature.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.formats.errors import LoadError
from engine.formats.map_file import dumps_map, load_map, loads_map
from engine.formats.migrations import CURRENT, migrate
from engine.formats.scenario_file import scenario_from_document
from engine.hexgrid import Hex
from engine.mapmodel import Colour, MapEditError
from engine.textmap import map_from_text, map_to_text

ARENA = """
modes: team_play
0.Sr 0.   0.A  0.
0.   1#   0.W  0.Sb
0.A  0.   0.   0.SyW
"""


def test_text_letters_make_each_feature() -> None:
    m = map_from_text(ARENA)
    assert {c: len(hs) for c, hs in m.spawnpoints.items()} == {Colour.RED: 1, Colour.BLUE: 1, Colour.YELLOW: 1}
    assert len(m.ammo) == 2 and len(m.racks) == 2
    h = next(iter(m.spawnpoints[Colour.YELLOW]))
    assert m.features_at(h) == ["yellow spawnpoint", "weapon rack"]
    assert m.spawnpoint_colour(h) is Colour.YELLOW


def test_text_and_json_round_trip() -> None:
    m = map_from_text(ARENA)
    assert map_from_text(map_to_text(m)) == m
    again = loads_map(dumps_map(m))
    assert again == m and again.fingerprint() == m.fingerprint()
    doc = json.loads(dumps_map(m))
    assert doc["format"] == CURRENT["map"] == 3
    assert set(doc["spawnpoints"]) == {"red", "blue", "yellow"}


def test_format_2_files_migrate_to_3_unchanged(tmp_path: Path) -> None:
    doc = {"format": 2, "name": "old", "modes": ["team_play"], "orientation": "pointy", "rows": ["0. 0."]}
    assert migrate(doc, "map", "x")["format"] == 3
    p = tmp_path / "old.map.json"
    p.write_text(json.dumps(doc))
    m = load_map(p)
    assert not m.spawnpoints and not m.ammo and not m.racks
    assert '"format": 3' in dumps_map(m)


def test_a_scenario_embedding_a_format_2_map_loads() -> None:
    embedded = {"format": 2, "name": "old", "modes": ["koth"], "orientation": "pointy", "rows": ["0. 0."]}
    s = scenario_from_document({"format": 1, "name": "s", "map": embedded, "mode": "koth"}, "s.scenario.json")
    assert len(s.map) == 2


def test_a_newer_embedded_map_names_its_place() -> None:
    embedded = {"format": 9, "name": "new", "modes": ["koth"], "orientation": "pointy", "rows": ["0."]}
    with pytest.raises(LoadError) as info:
        scenario_from_document({"format": 1, "name": "s", "map": embedded, "mode": "koth"}, "s.scenario.json")
    assert info.value.problems[0].where == "$.map.format"
    assert "upgrade hexfort" in info.value.problems[0].message


@pytest.mark.parametrize(("key", "value", "where"), [
    ("spawnpoints", {"red": ["7,7"]}, "$.spawnpoints.red[0]"),
    ("ammo", ["7,7"], "$.ammo[0]"),
    ("racks", ["7,7"], "$.racks[0]"),
])
def test_features_off_the_map_name_their_json_path(key: str, value: object, where: str) -> None:
    doc = {"format": 3, "name": "m", "modes": ["team_play"], "orientation": "pointy", "rows": ["0. 0."], key: value}
    with pytest.raises(LoadError) as info:
        loads_map(json.dumps(doc))
    assert info.value.problems[0].where == where


def test_edits_replace_each_feature_and_keep_invariants() -> None:
    m = map_from_text(ARENA)
    a = Hex(1, 0)
    m2 = m.with_feature_part("spawnpoints", Colour.RED, [a]).with_feature("ammo", []).with_feature("racks", [a])
    assert m2.spawnpoints[Colour.RED] == {a} and not m2.ammo and m2.racks == {a}
    assert Colour.RED not in m2.with_feature_part("spawnpoints", Colour.RED, []).spawnpoints
    with pytest.raises(MapEditError, match="ammo tile at 9,9 is not on the map"):
        m.with_feature("ammo", [Hex(9, 9)])
    with pytest.raises(MapEditError, match="weapon rack"):
        m2.with_cell(a, None)  # a hex carrying a feature cannot be removed before it
    assert m2 != m


@pytest.mark.parametrize(("colour", "letter"), [(Colour.RED, "R"), (Colour.BLUE, "B"), (Colour.YELLOW, "Y")])
def test_colour_letters(colour: Colour, letter: str) -> None:
    assert colour.letter == letter
