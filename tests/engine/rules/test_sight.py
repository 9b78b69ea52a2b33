"""Line of sight (001 "Distance and Line of Sight")."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.hexgrid import Hex, hex_distance
from engine.rules.board import Board
from engine.rules.sight import Sight, line_of_sight, sight_line
from engine.textmap import hex_at, map_from_text

# Rows; the shooter stands in column 0, the target in the last column of the row.
LINE_CASES = [
    # (row, sees)  reason
    ("0. 0. 0. 0.", True),  # open ground
    ("0. 0# 0. 0.", False),  # a wall always blocks
    ("2. 0# 0. 2.", False),  # ... at any height
    ("0. 0# 0. 2.", False),  # ... even looking up
    ("0. 1. 0. 0.", False),  # same height: higher ground between blocks
    ("1. 2. 1. 1.", False),
    ("1. 1. 0. 1.", True),  # lower ground between does not
    ("0. 1. 0. 1.", True),  # different heights: look up over higher ground
    ("1. 2. 0. 0.", True),  # ... or down
    ("0. 0o 0. 0.", True),  # low obstacles never block
    ("0o 1. 0. 0o", True),  # two units on low obstacles stand at height 1; ground 1 does not block
    ("0o 2. 0. 0o", False),  # ... ground 2 does
]


@pytest.mark.parametrize(("row", "sees"), LINE_CASES)
def test_sight_walls_block_and_same_height_blocked_by_higher_terrain(row: str, sees: bool) -> None:
    """001 "Distance and Line of Sight": walls; same height vs higher terrain; looking up/down; low obstacles."""
    hexmap = map_from_text(row)
    a, b = hex_at(0, 0), hex_at(len(row.split()) - 1, 0)
    assert line_of_sight(hexmap, a, b) is sees
    assert line_of_sight(hexmap, b, a) is sees


def test_sight_low_obstacle_standers_over_ground_one() -> None:
    """001 "Map": standing on a low obstacle is height 1, so ground 1 between does not block."""
    hexmap = map_from_text("0o 1. 0. 0o")
    board = Board.for_map(hexmap)
    assert board.stand[board.index[hex_at(0, 0)]] == 1
    assert line_of_sight(hexmap, hex_at(0, 0), hex_at(3, 0)) is True


def test_sight_explicit_heights_override_the_board() -> None:
    """Callers may give standing heights (e.g. a unit lifted by a special)."""
    hexmap = map_from_text("0. 1. 0.")
    a, b = hex_at(0, 0), hex_at(2, 0)
    assert line_of_sight(hexmap, a, b) is False
    assert line_of_sight(hexmap, a, b, 1, 0) is True
    assert line_of_sight(hexmap, a, b, 1, 1) is True
    assert line_of_sight(hexmap, a, b, heights_block=False) is True


def _graze_map(left: str, right: str) -> tuple[Board, int, int]:
    """A board where the segment 0,0 -> 2,-1 runs exactly along the edge of 1,0 and 1,-1."""
    cells = {Hex(0, 0): "0.", Hex(2, -1): "0.", Hex(1, 0): left, Hex(1, -1): right}
    line = sight_line(Hex(0, 0), Hex(2, -1))
    assert not line.entered and set(line.left + line.right) == {Hex(1, 0), Hex(1, -1)}
    from engine.formats.grid_codec import decode_token
    from engine.mapmodel import HexMap, MapMeta

    hexmap = HexMap.create(MapMeta(), {h: decode_token(t) for h, t in cells.items()})
    board = Board.for_map(hexmap)
    return board, board.index[Hex(0, 0)], board.index[Hex(2, -1)]


@pytest.mark.parametrize(
    ("left", "right", "lenient", "strict"),
    [
        ("0.", "0.", True, True),
        ("0#", "0.", True, False),
        ("0.", "0#", True, False),
        ("0#", "0#", False, False),
        ("1.", "0.", True, False),
        ("1.", "2.", False, False),
    ],
)
def test_sight_edge_grazing_lines(left: str, right: str, lenient: bool, strict: bool) -> None:
    """Decision (docs/rules.md "Lines along hex edges"): a grazing line sees if either side is clear."""
    board, a, b = _graze_map(left, right)
    assert Sight(board).sees(a, b) is lenient
    assert Sight(board).sees(b, a) is lenient
    assert Sight(board, strict_edges=True).sees(a, b) is strict
    assert Sight(board, strict_edges=True).sees(b, a) is strict


def _random_map(seed: int, size: int = 9) -> str:
    rng = random.Random(seed)
    rows = []
    for _ in range(size):
        rows.append(" ".join(rng.choice(["0.", "0.", "0.", "1.", "2.", "0#", "0o", "1."]) for _ in range(size)))
    return "\n".join(rows)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("strict", [False, True])
def test_sight_is_symmetric_and_matches_the_blocker_list(seed: int, strict: bool) -> None:
    """A sees B iff B sees A, at every pair of heights; the fast check agrees with blockers()."""
    board = Board.for_map(map_from_text(_random_map(seed)))
    sight = Sight(board, strict_edges=strict)
    cells = range(board.n)
    for a, b in itertools.combinations(cells, 2):
        for ha, hb in ((0, 0), (1, 1), (2, 2), (0, 2), (board.stand[a], board.stand[b])):
            ab = sight.sees_at(a, b, ha, hb)
            assert ab == sight.sees_at(b, a, hb, ha)
            assert ab == (not sight.blockers(a, b, ha, hb))


@pytest.mark.parametrize("offset", [Hex(q, r) for q in range(-6, 7) for r in range(-6, 7) if (q, r) != (0, 0)])
def test_sight_line_geometry_is_point_symmetric(offset: Hex) -> None:
    """The hexes between two centres are the same traced either way (left and right swap)."""
    a = Hex(0, 0)
    fwd = sight_line(a, offset)
    back = sight_line(offset, a)
    assert fwd.entered == back.entered
    assert set(fwd.left) == set(back.right) and set(fwd.right) == set(back.left)
    # every hex of the line is strictly nearer than the far end
    assert all(0 < hex_distance(a, h) < hex_distance(a, offset) + 1 for h in fwd.all())


def test_sight_distance_counts_fewest_hexes() -> None:
    """001 "Distance and Line of Sight": distance is the fewest steps between two hexes."""
    board = Board.for_map(map_from_text(_random_map(7, 6)))
    for a, b in itertools.combinations(range(board.n), 2):
        assert board.distance(a, b) == hex_distance(board.hexes[a], board.hexes[b])
