"""The integer segment geometry under line of sight agrees exactly with shapely."""

from __future__ import annotations

import random

import pytest

from engine.hexgrid import Hex
from engine.rules.segment import segment_hexes, segment_hexes_shapely
from engine.rules.sight import sight_line


def _offsets_within(radius: int) -> list[tuple[int, int]]:
    return [
        (dq, dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if abs(dq) + abs(dr) + abs(dq + dr) <= 2 * radius
    ]


def test_segment_hexes_equal_shapely_for_every_offset_within_radius_12() -> None:
    """(entered, left, right) are identical to the direct shapely computation, offset by offset."""
    offsets = _offsets_within(12)
    assert len(offsets) == 469
    for dq, dr in offsets:
        assert segment_hexes(dq, dr) == segment_hexes_shapely(dq, dr), (dq, dr)


def test_segment_hexes_equal_shapely_on_long_lines() -> None:
    """A seeded sample of offsets up to 60 hexes long (the 60x60 maps) agrees too."""
    rng = random.Random(12)
    for _ in range(150):
        dq, dr = rng.randint(-60, 60), rng.randint(-60, 60)
        assert segment_hexes(dq, dr) == segment_hexes_shapely(dq, dr), (dq, dr)


@pytest.mark.parametrize(
    ("dq", "dr", "entered", "left", "right"),
    [
        (1, 0, (), (), ()),  # neighbours: nothing between
        (2, 0, ((1, 0),), (), ()),  # straight along a hex line
        (2, -1, (), ((1, 0),), ((1, -1),)),  # along the edge between 1,0 and 1,-1
        (-2, 1, (), ((-1, 0),), ((-1, 1),)),  # the same edge walked the other way swaps sides
    ],
)
def test_segment_hexes_small_cases(
    dq: int, dr: int, entered: tuple[tuple[int, int], ...], left: tuple[tuple[int, int], ...],
    right: tuple[tuple[int, int], ...],
) -> None:
    """Hand-checked offsets, including a grazing edge seen from both ends."""
    assert segment_hexes(dq, dr) == (entered, left, right)


def test_sight_line_is_the_segment_geometry_moved_to_the_start() -> None:
    """sight_line shifts the offset geometry to absolute hexes."""
    line = sight_line(Hex(3, -2), Hex(5, -3))
    assert line.entered == ()
    assert line.left == (Hex(4, -2),) and line.right == (Hex(4, -3),)


@pytest.mark.parametrize("width", [27, 31, 123])
def test_sight_masks_built_from_the_canonical_segment_match_the_hex_lists(width: int) -> None:
    """The bit masks Sight builds without mapping hexes back equal masks of segment_hexes' lists.

    Sight only asks for offsets pointing forward on the padded grid (``dr * width + dq > 0``)
    of a map at most ``(width - 3) / 2`` columns wide.
    """
    from engine.rules.sight import _offset_masks

    def mask(hs: tuple[tuple[int, int], ...]) -> int:
        return sum(1 << (r * width + q + width) for q, r in hs)

    for dq, dr in _offsets_within(12):
        if dr * width + dq <= 0:
            continue
        assert _offset_masks(dq, dr, width) == tuple(mask(hs) for hs in segment_hexes(dq, dr)), (dq, dr)
