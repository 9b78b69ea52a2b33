"""Pure map edits: painting, erasing, features, tracks, fragments, quick fixes."""

from __future__ import annotations

import pytest

from editor.edits import (
    EditRefused,
    HeightInk,
    TerrainInk,
    changed_hexes,
    erase,
    fragment_of,
    paint,
    paste_fragment,
    set_control_point,
    set_kits,
    set_spawn,
    track_click,
    track_reverse,
    transform_selection,
)
from editor.geometry import SymmetryKind, SymmetryMode
from editor.quickfix import suggest_fixes
from engine.hexgrid import Hex, Symmetry
from engine.mapmodel import Cell, HexMap, Team, Terrain
from engine.validation.problem import Problem, Severity

ROT = SymmetryMode(SymmetryKind.ROT180, (0, 0))


def test_paint_keeps_the_other_property_and_grows_the_map(small_map: HexMap) -> None:
    e = paint(small_map, [Hex(0, 0), Hex(9, 9)], HeightInk(2))
    assert e.map.cells[Hex(0, 0)] == Cell(2)
    assert e.map.cells[Hex(9, 9)] == Cell(2)  # new ground
    e2 = paint(e.map, [Hex(0, 0)], TerrainInk(Terrain.WALL))
    assert e2.map.cells[Hex(0, 0)] == Cell(2, Terrain.WALL)
    assert paint(e2.map, [Hex(0, 0)], TerrainInk(Terrain.WALL)).is_noop


def test_symmetric_paint_turns_stairs(small_map: HexMap) -> None:
    e = paint(small_map, [Hex(2, 0)], TerrainInk(Terrain.STAIRS, 0), ROT)
    assert e.map.cells[Hex(2, 0)].stairs_up == 0
    assert e.map.cells[Hex(-2, 0)].stairs_up == 3
    assert e.hexes == {Hex(2, 0), Hex(-2, 0)}


def test_symmetric_spawn_is_painted_for_the_other_team(small_map: HexMap) -> None:
    e = set_spawn(small_map, Team.RED, [Hex(-3, 1)], True, ROT)
    assert Hex(-3, 1) in e.map.spawns[Team.RED]
    assert Hex(3, -1) in e.map.spawns[Team.BLU]
    # painting over the other team's zone takes the hex from it
    e2 = set_spawn(e.map, Team.RED, [Hex(3, -1)], True)
    assert Hex(3, -1) in e2.map.spawns[Team.RED] and Hex(3, -1) not in e2.map.spawns[Team.BLU]


def test_erase_removes_features_then_hexes(small_map: HexMap) -> None:
    e = erase(small_map, [Hex(0, 3), Hex(-4, 2)])
    assert Hex(0, 3) not in e.map and Hex(0, 3) not in e.map.kits
    assert Team.RED not in e.map.spawns
    with pytest.raises(EditRefused, match="at least one hex"):
        erase(small_map, small_map.cells)


def test_kits_and_control_points(small_map: HexMap) -> None:
    m = set_kits(small_map, [Hex(1, 1)], True, ROT).map
    assert {Hex(1, 1), Hex(-1, -1)} <= m.kits
    m = set_control_point(m, [Hex(0, 0)], True).map
    m = set_control_point(m, [Hex(1, 0)], True).map  # touches the first: joins it
    m = set_control_point(m, [Hex(3, -3)], True).map  # far away: a second point
    assert m.control_points[0] == {Hex(0, 0), Hex(1, 0)} and len(m.control_points) == 2
    m = set_control_point(m, [Hex(3, -3)], False).map
    assert len(m.control_points) == 1


def test_track_click_extends_trims_and_refuses(small_map: HexMap) -> None:
    m = small_map
    for h in (Hex(-2, 0), Hex(-1, 0), Hex(0, 0)):
        m = track_click(m, Team.RED, h).map
    assert m.track(Team.RED) == (Hex(-2, 0), Hex(-1, 0), Hex(0, 0))
    with pytest.raises(EditRefused, match="not next to") as err:
        track_click(m, Team.RED, Hex(3, 0))
    assert Hex(3, 0) in err.value.hexes
    assert track_click(m, Team.RED, Hex(-1, 0)).map.track(Team.RED) == (Hex(-2, 0), Hex(-1, 0))
    assert track_click(m, Team.RED, Hex(3, 0), drag_from=Hex(0, 0)).map.track(Team.RED)[-1] == Hex(3, 0)
    assert track_reverse(m, Team.RED).map.track(Team.RED)[0] == Hex(0, 0)
    with pytest.raises(EditRefused):
        track_reverse(m, Team.BLU)


def test_symmetric_track_follows_for_the_other_team(small_map: HexMap) -> None:
    m = small_map
    for h in (Hex(-3, 0), Hex(-2, 0)):
        m = track_click(m, Team.RED, h, ROT).map
    assert m.track(Team.BLU) == (Hex(3, 0), Hex(2, 0))


def test_fragments_copy_turn_and_paste(small_map: HexMap) -> None:
    m = paint(small_map, [Hex(0, 0)], HeightInk(2)).map
    m = paint(m, [Hex(1, 0)], TerrainInk(Terrain.STAIRS, 3)).map
    frag = fragment_of(m, [Hex(0, 0), Hex(1, 0)], anchor=Hex(0, 0))
    turned = frag.transformed(Symmetry(1))
    placed = paste_fragment(m, turned, Hex(-2, 2)).map
    assert placed.cells[Hex(-2, 2)] == Cell(2)
    img = Hex(-2, 2) + Symmetry(1).apply(Hex(1, 0))
    # the stairs still climb toward the (moved) height-2 hex
    assert placed.cells[img].terrain is Terrain.STAIRS
    assert img.neighbor(placed.cells[img].stairs_up) == Hex(-2, 2)


def test_transform_selection_moves_ground_and_features(small_map: HexMap) -> None:
    m = paint(small_map, [Hex(1, 0)], HeightInk(1)).map
    m = set_kits(m, [Hex(1, 0)], True).map
    edit, sel = transform_selection(m, [Hex(0, 0), Hex(1, 0)], Symmetry(3))
    assert Hex(-1, 0) in sel or Hex(2, 0) in sel
    moved = edit.map
    assert sum(c.height for c in moved.cells.values()) == 1
    assert len(moved.kits & sel) == 1


def test_changed_hexes_is_a_full_diff(small_map: HexMap) -> None:
    e = paint(small_map, [Hex(0, 0)], HeightInk(1))
    assert changed_hexes(small_map, e.map) == {Hex(0, 0)}


def test_quick_fix_closes_a_one_hex_gap(small_map: HexMap) -> None:
    m = small_map.with_feature_part("tracks", Team.RED, [Hex(-2, 0), Hex(0, 0)])
    p = Problem("HF107", Severity.ERROR, "gap", (Hex(-2, 0), Hex(0, 0)))
    (fix,) = suggest_fixes(m, p)
    assert fix.apply(m).map.track(Team.RED) == (Hex(-2, 0), Hex(-1, 0), Hex(0, 0))


def test_quick_fix_for_a_kit_on_a_wall(small_map: HexMap) -> None:
    m = paint(small_map, [Hex(0, 3)], TerrainInk(Terrain.WALL)).map
    p = Problem("HF101", Severity.ERROR, "kit on wall", (Hex(0, 3),))
    labels = {f.label: f for f in suggest_fixes(m, p)}
    assert Hex(0, 3) not in labels["Remove the feature from the wall"].apply(m).map.kits
    assert labels["Make the wall open ground"].apply(m).map.cells[Hex(0, 3)].terrain is Terrain.OPEN
