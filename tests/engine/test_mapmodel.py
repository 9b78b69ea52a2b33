"""The map model: cells, features, and edits that refuse to break invariants."""

from __future__ import annotations

import pytest

from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap, MapEditError, MapMeta, Mode, Team, Terrain
from tests.maptext import make_map

SMALL = """
    0. 0. 1. 2.
    0. 0# 1o 2.
    0. 0. 1a 2.
"""


def small() -> HexMap:
    return make_map(SMALL, spawns={"RED": ["0,0"], "BLU": ["3,0"]}, kits=["1,0"],
                    control_points=[["3,0"]])


def test_cells_decode_from_rows() -> None:
    m = small()
    assert len(m) == 12
    assert m.cell(Hex(0, 1)) == Cell(0, Terrain.OPEN)          # row 1, col 0 (odd row)
    assert m.cell(Hex(1, 1)).terrain is Terrain.WALL
    assert m.cell(Hex(1, 2)) == Cell(1, Terrain.STAIRS, 0)      # row 2, col 2: even row
    assert m.features_at(Hex(0, 0)) == ["RED spawn"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"height": 3}, "height must be 0, 1 or 2"),
        ({"height": -1}, "height must be 0, 1 or 2"),
        ({"terrain": Terrain.STAIRS}, "stairs need an up direction"),
        ({"terrain": Terrain.STAIRS, "stairs_up": 6}, "stairs need an up direction"),
        ({"terrain": Terrain.WALL, "stairs_up": 1}, "only stairs have an up direction"),
    ],
)
def test_cell_invariants(kwargs: dict, message: str) -> None:
    with pytest.raises(MapEditError, match=message):
        Cell(**kwargs)


def test_edits_return_new_maps_and_leave_the_old_one() -> None:
    m = small()
    m2 = m.with_cell(Hex(0, 1), Cell(1))
    assert m.cell(Hex(0, 1)).height == 0 and m2.cell(Hex(0, 1)).height == 1
    assert m2 != m
    assert m2.with_cell(Hex(0, 1), Cell(0)) == m


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda m: m.with_kits([Hex(9, 9)]), "first-aid kit at 9,9 is not on the map"),
        (lambda m: m.with_spawn_zone(Team.RED, [Hex(-5, 0)]), "RED spawn at -5,0 is not on the map"),
        (lambda m: m.with_control_points([[]]), "control point 1 has no hexes"),
        (lambda m: m.with_feature_part("tracks", Team.BLU, [Hex(0, 0), Hex(1, 0), Hex(0, 0)]), "visits 0,0 twice"),
        (lambda m: m.with_cell(Hex(1, 0), None), "carries first-aid kit"),
        (lambda m: m.cell(Hex(7, 7)), "not on the map"),
    ],
)
def test_edits_that_break_invariants_are_refused(edit, message: str) -> None:
    with pytest.raises(MapEditError, match=message) as info:
        edit(small())
    assert info.value.hexes or "control point" in message


def test_removing_a_bare_hex_and_empty_features() -> None:
    m = small().with_cell(Hex(0, 2), None)
    assert Hex(0, 2) not in m
    m = m.with_spawn_zone(Team.RED, []).with_feature_part("tracks", Team.RED, [])
    assert Team.RED not in m.spawns and m.track(Team.RED) == ()


def test_meta_invariants() -> None:
    with pytest.raises(MapEditError, match="needs a name"):
        MapMeta(name="  ")
    with pytest.raises(MapEditError, match="at least one mode"):
        MapMeta(modes=())
    with pytest.raises(MapEditError, match="listed twice"):
        MapMeta(modes=(Mode.KOTH, Mode.KOTH))


def test_map_needs_a_hex() -> None:
    with pytest.raises(MapEditError, match="at least one hex"):
        HexMap.blank([])


def test_team_other_and_queries() -> None:
    assert Team.RED.other is Team.BLU and Team.BLU.other is Team.RED
    m = small().with_feature_part("tracks", Team.RED, [Hex(0, 1), Hex(0, 2)])
    assert m.features_at(Hex(0, 2)) == ["RED track end"]
    assert m.control_point_at(Hex(3, 0)) == 0
    assert m.bounds() == (-1, 3, 0, 2)
    assert m.fingerprint() == small().with_feature_part("tracks", Team.RED, [Hex(0, 1), Hex(0, 2)]).fingerprint()
