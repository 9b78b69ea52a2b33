"""Pure geometry the tools rely on: brushes, lines, fills, selections, symmetry."""

from __future__ import annotations

import pytest

from editor.geometry import (
    SymmetryKind,
    SymmetryMode,
    best_center,
    brush_footprint,
    flood_region,
    hexes_covering_rect,
    hexes_in_rect,
    line_hexes,
    magic_wand,
    mirror_for,
    transform_cell,
)
from engine.hexgrid import Hex, Symmetry, hex_spiral
from engine.layout import Layout
from engine.mapmodel import Cell, Orientation, Terrain
from engine.textmap import map_from_text


@pytest.mark.parametrize(("size", "count"), [(1, 1), (7, 7), (19, 19)])
def test_brush_footprint_sizes(size: int, count: int) -> None:
    fp = brush_footprint(Hex(2, -1), size)
    assert len(fp) == len(set(fp)) == count
    assert fp[0] == Hex(2, -1)
    assert all(h.distance(Hex(2, -1)) <= (0, 1, 2)[(1, 7, 19).index(size)] for h in fp)


def test_brush_rejects_other_sizes() -> None:
    with pytest.raises(ValueError, match="brush size"):
        brush_footprint(Hex(0, 0), 3)


def test_line_is_adjacent_and_widens_with_the_brush() -> None:
    line = line_hexes(Hex(0, 0), Hex(4, -2))
    assert line[0] == Hex(0, 0) and line[-1] == Hex(4, -2)
    assert all(a.distance(b) == 1 for a, b in zip(line, line[1:], strict=False))
    assert len(line_hexes(Hex(0, 0), Hex(4, -2), 7)) > len(line)


def test_flood_and_wand_stop_at_other_ground() -> None:
    m = map_from_text("""
        0. 0. 1. 0.
        0. 0. 1. 0.
        1. 1. 1. 0.
    """)
    region = magic_wand(m, Hex(0, 0))
    assert region == {Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1)}
    assert magic_wand(m, Hex(9, 9)) == set()
    assert flood_region(Hex(0, 0), lambda h: True, limit=50).__len__() <= 50


def test_rect_hit_testing_is_by_maths() -> None:
    layout = Layout.named("pointy", 10.0)
    inside = hexes_in_rect(layout, -1, -1, 1, 1)
    assert inside == [Hex(0, 0)]
    cover = set(hexes_covering_rect(layout, -50, -50, 50, 50))
    assert set(hex_spiral(Hex(0, 0), 1)) <= cover


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("axis", ["left-right", "top-bottom"])
def test_screen_mirrors_flip_pixels(orientation: Orientation, axis: str) -> None:
    s = mirror_for(orientation, axis)
    layout = Layout.named(orientation.value, 1.0)
    for h in hex_spiral(Hex(0, 0), 2):
        p, q = layout.hex_to_pixel(h), layout.hex_to_pixel(s.apply(h))
        if axis == "left-right":
            assert (q.x, q.y) == pytest.approx((-p.x, p.y))
        else:
            assert (q.x, q.y) == pytest.approx((p.x, -p.y))


def test_symmetry_images_and_stairs_turn() -> None:
    sym = SymmetryMode(SymmetryKind.ROT180, (2, 0))  # centre hex 1,0
    assert sym.images(Hex(0, 0)) == [(Hex(2, 0), Symmetry(3))]
    assert sym.images(Hex(1, 0)) == []  # the centre maps to itself
    assert sym.swaps_teams
    assert len(SymmetryMode(SymmetryKind.ROT120).images(Hex(1, 0))) == 2
    assert not SymmetryMode(SymmetryKind.ROT120).swaps_teams
    stairs = Cell(0, Terrain.STAIRS, 0)
    assert transform_cell(stairs, Symmetry(3)).stairs_up == 3


def test_best_center_finds_the_middle_of_a_symmetric_map() -> None:
    cells = {h + Hex(3, 2): Cell() for h in hex_spiral(Hex(0, 0), 3)}
    assert best_center(cells, Symmetry(3)) == (6, 4)
