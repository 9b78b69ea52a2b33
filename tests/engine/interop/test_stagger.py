"""Tiled's staggered hexagonal cells ↔ axial hexes, checked against how Tiled draws them: two cells
whose tiles Tiled draws side by side are neighbouring hexes, and no others, for either stagger axis and
index; and the conversion is exact both ways."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.hexgrid import Hex
from engine.interop.stagger import StaggeredGrid

COMBOS = [(a, i) for a in ("x", "y") for i in ("odd", "even")]


def _grid(axis: str, index: str, origin: Hex | None = None) -> StaggeredGrid:
    # regular hexes of side 16 as Tiled sizes them (pointy 28 × 32 for axis y, flat 32 × 28 for axis x)
    w, h = (28, 32) if axis == "y" else (32, 28)
    return StaggeredGrid(axis, index, w, h, 16, origin or Hex(0, 0))


@pytest.mark.parametrize(("axis", "index"), COMBOS)
def test_cells_drawn_side_by_side_by_tiled_are_neighbouring_hexes(axis: str, index: str) -> None:
    g = _grid(axis, index)
    cells = list(itertools.product(range(7), range(6)))
    for a, b in itertools.combinations(cells, 2):
        ax, ay = g.centre(*a)
        bx, by = g.centre(*b)
        touching = math.dist((ax, ay), (bx, by)) < 1.2 * 28  # adjacent centres are ~28 px apart, the next ~48
        assert touching == (g.to_hex(*a).distance(g.to_hex(*b)) == 1), (a, b)


@pytest.mark.parametrize(("axis", "index"), COMBOS)
def test_stagger_index_says_which_lines_tiled_pushes(axis: str, index: str) -> None:
    g = _grid(axis, index)
    # Tiled pushes the odd (or even) rows right (axis y) or columns down (axis x) by half a tile
    pushed = 1 if index == "odd" else 0
    if axis == "y":
        assert g.top_left(0, pushed)[0] == 14 and g.top_left(0, 1 - pushed)[0] == 0
    else:
        assert g.top_left(pushed, 0)[1] == 14 and g.top_left(1 - pushed, 0)[1] == 0


@pytest.mark.parametrize(("axis", "index"), COMBOS)
@pytest.mark.parametrize("origin", [Hex(0, 0), Hex(-7, 3), Hex(5, -4)])
def test_cells_and_hexes_convert_exactly_both_ways(axis: str, index: str, origin: Hex) -> None:
    g = _grid(axis, index, origin)
    seen = set()
    for col, row in itertools.product(range(-3, 12), range(-3, 12)):
        h = g.to_hex(col, row)
        assert g.to_cell(h) == (col, row)
        seen.add(h)
        x, y = g.centre(col, row)
        assert g.cell_at(x + 5, y - 4) == (col, row)  # a point dropped near the centre stays on its hex
    assert len(seen) == 15 * 15


def test_the_tiled_example_s_grid_with_irregular_tiles_is_still_exact() -> None:
    g = StaggeredGrid("y", "odd", 14, 12, 6)  # hexagonal-mini.tmx: tiles 14 × 12, side 6
    for col, row in itertools.product(range(20), range(20)):
        assert g.cell_at(*g.centre(col, row)) == (col, row)
        assert g.to_cell(g.to_hex(col, row)) == (col, row)
