"""Pixel layouts: Red Blob's layout test vector plus corner geometry and hit-testing."""

from __future__ import annotations

import math

import pytest

from engine.hexgrid import Hex, hexes_within
from engine.layout import FLAT, POINTY, Layout, Orientation, Point


@pytest.mark.parametrize("orientation", [FLAT, POINTY])
def test_layout_roundtrip_red_blob(orientation: Orientation) -> None:
    # Red Blob's test_layout: a non-square size and a shifted origin.
    layout = Layout(orientation, Point(10.0, 15.0), Point(35.0, 71.0))
    h = Hex.from_cube(3, 4, -7)
    assert layout.pixel_to_hex(layout.hex_to_pixel(h)) == h


@pytest.mark.parametrize(
    ("name", "h", "expected"),
    [
        ("pointy", Hex(1, 0), (math.sqrt(3) * 10, 0.0)),
        ("pointy", Hex(0, 1), (math.sqrt(3) * 5, 15.0)),
        ("flat", Hex(1, 0), (15.0, math.sqrt(3) * 5)),
        ("flat", Hex(0, 1), (0.0, math.sqrt(3) * 10)),
    ],
)
def test_hex_to_pixel_golden(name: str, h: Hex, expected: tuple[float, float]) -> None:
    p = Layout.named(name, 10.0).hex_to_pixel(h)
    assert p.x == pytest.approx(expected[0]) and p.y == pytest.approx(expected[1])


@pytest.mark.parametrize("name", ["pointy", "flat"])
def test_corners_are_on_the_circle_and_shared_by_neighbours(name: str) -> None:
    layout = Layout.named(name, 12.0, Point(3.0, 4.0))
    a, b = Hex(0, 0), Hex(1, 0)
    ca, cb = layout.polygon_corners(a), layout.polygon_corners(b)
    centre = layout.hex_to_pixel(a)
    assert len(ca) == 6
    assert all(math.hypot(p.x - centre.x, p.y - centre.y) == pytest.approx(12.0) for p in ca)
    shared = [p for p in ca if any(math.isclose(p.x, q.x) and math.isclose(p.y, q.y) for q in cb)]
    assert len(shared) == 2  # neighbours share exactly one edge


def test_pointy_has_a_corner_on_top_and_flat_an_edge() -> None:
    pointy = Layout.named("pointy", 10.0).polygon_corners(Hex(0, 0))
    flat = Layout.named("flat", 10.0).polygon_corners(Hex(0, 0))
    assert min(p.y for p in pointy) == pytest.approx(-10.0)
    assert min(p.y for p in flat) == pytest.approx(-10.0 * math.sqrt(3) / 2)


@pytest.mark.parametrize("name", ["pointy", "flat"])
def test_hit_testing_inside_each_hex(name: str) -> None:
    layout = Layout.named(name, 20.0, Point(100.0, 50.0))
    for h in hexes_within(Hex(0, 0), 4):
        c = layout.hex_to_pixel(h)
        for i in range(6):
            o = layout.corner_offset(i)
            # 80% of the way to each corner is still inside the hex
            assert layout.pixel_to_hex(Point(c.x + 0.8 * o.x, c.y + 0.8 * o.y)) == h


def test_hex_sizes() -> None:
    assert Layout.named("pointy", 10.0).hex_width() == pytest.approx(10 * math.sqrt(3))
    assert Layout.named("flat", 10.0).hex_height() == pytest.approx(10 * math.sqrt(3))
