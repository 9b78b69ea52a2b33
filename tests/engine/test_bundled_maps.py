"""Every bundled map and scenario: valid against the schema it names, round-trips
exactly, and passes the validator with no errors; the set covers all three games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine.formats import dumps_map, dumps_scenario, load_map, load_scenario, save_map, save_scenario
from engine.formats.schemas import _registry
from engine.mapmodel import MAX_HEIGHT, Colour, Mode, Terrain
from engine.validation.checks import check_map
from engine.validation.problem import Severity
from engine.validation.runner import validate_file

MAPS = Path(__file__).resolve().parents[2] / "maps"
MAP_FILES = sorted(MAPS.glob("*.map.json"))
SCENARIO_FILES = sorted(MAPS.glob("*.scenario.json"))
ALL_FILES = MAP_FILES + SCENARIO_FILES


def test_the_set_covers_every_game() -> None:
    modes = [load_map(p).meta.modes for p in MAP_FILES]
    assert sum(Mode.KOTH in m for m in modes) >= 3
    assert sum(Mode.PAYLOAD in m for m in modes) >= 2
    assert sum(Mode.TEAM_PLAY in m for m in modes) >= 1
    assert (MAPS / "koth_crossroads.map.json").is_file()  # the README's default map


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_each_map_has_a_scenario(path: Path) -> None:
    scenario = path.with_name(path.name.replace(".map.json", ".scenario.json"))
    assert scenario.is_file()
    assert load_scenario(scenario).map == load_map(path)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_file_validates_against_the_schema_it_names(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    named = (path.parent / doc["$schema"]).resolve()
    assert named.is_file(), f"$schema {doc['$schema']!r} does not point at a schema file"
    schema = json.loads(named.read_text(encoding="utf-8"))
    Draft202012Validator(schema, registry=_registry()).validate(doc)


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_map_roundtrips_exactly(path: Path, tmp_path: Path) -> None:
    m = load_map(path)
    copy = tmp_path / path.name
    save_map(m, copy)
    assert load_map(copy) == m
    assert dumps_map(m, "../schemas/map.schema.json") == path.read_text(encoding="utf-8")  # stored canonical


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name)
def test_scenario_roundtrips_exactly(path: Path, tmp_path: Path) -> None:
    s = load_scenario(path)
    copy_dir = tmp_path / "maps"
    copy_dir.mkdir()
    save_map(s.map, copy_dir / str(s.map_ref))
    save_scenario(s, copy_dir / path.name)
    assert load_scenario(copy_dir / path.name) == s
    assert dumps_scenario(s, "../schemas/scenario.schema.json") == path.read_text(encoding="utf-8")


#: Warnings a bundled file has on purpose: the Bunker scenario is two players against three (003 allows uneven
#: teams), which the validator rightly names as sides under different rules.
MEANT: dict[str, set[str]] = {"teamplay_bunker.scenario.json": {"HF608"}}


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_validator_finds_no_errors_or_warnings(path: Path) -> None:
    result = validate_file(path)
    bad = [p for p in result.problems if p.severity is not Severity.INFO]
    assert {p.code for p in bad} == MEANT.get(path.name, set()), "\n".join(f"{p.code} {p.message}" for p in bad)


@pytest.mark.parametrize("path", [p for p in MAP_FILES if Mode.KOTH in load_map(p).meta.modes], ids=lambda p: p.name)
def test_koth_maps_have_everything_the_game_needs(path: Path) -> None:
    m = load_map(path)
    terrains = {c.terrain for c in m.cells.values()}
    heights = {c.height for c in m.cells.values()}
    assert {Terrain.WALL, Terrain.LOW} <= terrains
    assert heights == {0, 1, 2}
    assert m.kits and len(m.control_points) == 1
    assert all(m.cells[h].height == MAX_HEIGHT for h in m.control_points[0])
    assert not [p for p in check_map(m) if p.code in ("HF201", "HF103")]  # on height 2, reachable step by step


@pytest.mark.parametrize("path", [p for p in MAP_FILES if Mode.PAYLOAD in load_map(p).meta.modes], ids=lambda p: p.name)
def test_payload_maps_have_tracks_stairs_and_elevation(path: Path) -> None:
    m = load_map(path)
    assert all(len(m.track(t)) >= 2 for t in m.tracks) and len(m.tracks) == 2
    assert any(c.terrain is Terrain.STAIRS for c in m.cells.values())
    assert len({c.height for c in m.cells.values()}) >= 2


@pytest.mark.parametrize("path", [p for p in MAP_FILES if Mode.TEAM_PLAY in load_map(p).meta.modes],
                         ids=lambda p: p.name)
def test_teamplay_maps_have_spawnpoints_ammo_racks_and_heights(path: Path) -> None:
    m = load_map(path)
    assert all(m.spawnpoints.get(c) for c in Colour) and len(m.ammo) >= 6 and len(m.racks) >= 3
    assert not m.spawns and not m.kits  # Team Play has spawnpoints, not team bases; no first-aid kits
    assert len({c.height for c in m.cells.values()}) >= 2
    assert not [p for p in check_map(m) if p.code in ("HF111", "HF112", "HF206", "HF313")]


def test_at_least_two_teamplay_arenas_with_scenarios(repo: Path) -> None:
    found = sorted(p.name for p in (repo / "maps").glob("teamplay_*.scenario.json"))
    assert len(found) >= 2
