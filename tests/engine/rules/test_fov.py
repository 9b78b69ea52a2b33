"""The field-of-view sweep answers exactly what one sight check per pair answers."""

from __future__ import annotations

import random

import pytest

from engine.hexgrid import Hex, hexes_within
from engine.mapmodel import Cell, HexMap, MapMeta, Terrain
from engine.rules.board import Board
from engine.rules.fov import seers, seers_pairwise
from engine.rules.segment import ENTERS, LEFT, MISSES, RIGHT, segment_hexes, segment_meets
from engine.rules.sight import Sight
from tests.maptext import make_map


def _within(radius: int) -> list[tuple[int, int]]:
    return [(h.q, h.r) for h in hexes_within(Hex(0, 0), radius)]


def test_segment_meets_agrees_with_segment_hexes_hex_by_hex() -> None:
    """Every offset within 9 against every hex within 10: the one-hex test and the lists agree."""
    hexes = _within(10)
    for dq, dr in _within(9):
        entered, left, right = segment_hexes(dq, dr)
        want = {h: ENTERS for h in entered} | {h: LEFT for h in left} | {h: RIGHT for h in right}
        got = {(q, r): m for q, r in hexes if (m := segment_meets(dq, dr, q, r)) != MISSES}
        assert got == want, (dq, dr)


def random_map(seed: int, radius: int, walls: float, holes: float) -> HexMap:
    """A hexagon of ``radius`` with ``walls`` of walls (at height 0 or 1), some low obstacles,
    heights 0..2 and ``holes`` of its hexes missing."""
    rng = random.Random(seed)
    cells = {}
    for q, r in _within(radius):
        if (q, r) != (0, 0) and rng.random() < holes:
            continue
        x = rng.random()
        if x < walls:
            cells[Hex(q, r)] = Cell(rng.choice((0, 1)), Terrain.WALL)
        elif x < walls + 0.05:
            cells[Hex(q, r)] = Cell(rng.choice((0, 1)), Terrain.LOW)
        else:
            cells[Hex(q, r)] = Cell(rng.choice((0, 0, 1, 1, 2)))
    return HexMap.create(MapMeta("fov"), cells)


RULES = [(True, False), (False, False), (True, True), (False, True)]


@pytest.mark.parametrize("seed", range(24))
def test_seers_equal_pairwise_sight_on_random_maps(seed: int) -> None:
    """All four sight rules, origins anywhere (edges and corners too), every hex a candidate."""
    rng = random.Random(seed)
    m = random_map(seed, rng.randint(1, 11), rng.choice((0.0, 0.05, 0.15, 0.3)), rng.choice((0.0, 0.1)))
    board = Board(m)
    origins = rng.sample(range(board.n), min(6, board.n))
    for heights_block, strict in RULES:
        sight = Sight(board, heights_block, strict)
        for o in origins:
            assert seers(sight, o, range(board.n)) == seers_pairwise(sight, o, range(board.n)), (
                heights_block, strict, board.hexes[o],
            )


@pytest.mark.parametrize(
    "rows",
    [
        # walls on every other hex of every other row: many lines run along their edges
        ["0. 0# 0. 0# 0. 0# 0. 0# 0.", "0. 0. 0. 0. 0. 0. 0. 0. 0."] * 5,
        # a hill of height 1 with a height-2 top: heights block at the same level only
        ["0. 0. 1. 1. 1. 0. 0.", "0. 1. 1. 2. 1. 1. 0.", "0. 1. 2. 2. 2. 1. 0.", "0. 1. 1. 2. 1. 1. 0.",
         "0. 0. 1. 1. 1. 0. 0."],
        # low obstacles (standing height 1) among height-1 ground
        ["0o 1. 0. 0o 1. 0o", "1. 0o 1. 0. 0o 1.", "0. 1. 0o 1. 0. 0o"] * 2,
    ],
    ids=["wall lattice", "hill", "low obstacles"],
)
def test_seers_equal_pairwise_sight_from_every_hex_of_small_maps(rows: list[str]) -> None:
    """Hand-made maps full of grazing lines and equal heights, from every origin."""
    board = Board(make_map("\n".join(rows)))
    for heights_block, strict in RULES:
        sight = Sight(board, heights_block, strict)
        for o in range(board.n):
            assert seers(sight, o, range(board.n)) == seers_pairwise(sight, o, range(board.n))


def test_a_walled_in_hex_is_seen_only_next_door() -> None:
    """A ring of walls shades every direction: beyond it nothing is in sight."""
    ring = {Hex(q, r) for q, r in _within(1)} - {Hex(0, 0)}
    cells = {Hex(q, r): Cell(0, Terrain.WALL) if Hex(q, r) in ring else Cell(0) for q, r in _within(4)}
    board = Board(HexMap.create(MapMeta("walled in"), cells))
    origin = board.index[Hex(0, 0)]
    sight = Sight(board)
    got = seers(sight, origin, range(board.n))
    assert got == {origin, *board.neighbors[origin]}
    assert got == seers_pairwise(sight, origin, range(board.n))


def test_seers_keeps_only_candidates() -> None:
    """Hexes outside ``candidates`` are never returned, whatever they see."""
    board = Board(make_map("0. 0. 0. 0."))
    assert seers(Sight(board), 0, [2, 3]) == {2, 3}
    assert seers(Sight(board), 0, []) == set()
