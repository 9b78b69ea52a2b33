"""Hex geometry against Red Blob Games' published test vectors, plus our extras."""

from __future__ import annotations

import random

import pytest

from engine.hexgrid import (
    DIRECTIONS,
    EVEN,
    LINE_NUDGE,
    ODD,
    FractionalHex,
    Hex,
    HexParseError,
    OffsetCoord,
    Symmetry,
    hex_distance,
    hex_lerp,
    hex_linedraw,
    hex_ring,
    hex_round,
    hex_spiral,
    hexes_within,
    qoffset_from_cube,
    qoffset_to_cube,
    roffset_from_cube,
    roffset_to_cube,
)


def cube(q: int, r: int, s: int) -> Hex:
    return Hex.from_cube(q, r, s)


# --- Red Blob Games' generated test suite (implementation.html, "Tests") -----

def test_hex_arithmetic() -> None:
    assert cube(1, -3, 2) + cube(3, -7, 4) == cube(4, -10, 6)
    assert cube(1, -3, 2) - cube(3, -7, 4) == cube(-2, 4, -2)


def test_hex_direction() -> None:
    assert DIRECTIONS[2] == cube(0, -1, 1)


def test_hex_neighbor() -> None:
    assert cube(1, -2, 1).neighbor(2) == cube(1, -3, 2)


def test_hex_diagonal() -> None:
    assert cube(1, -2, 1).diagonal_neighbor(3) == cube(-1, -1, 2)


def test_hex_distance() -> None:
    assert hex_distance(cube(3, -7, 4), cube(0, 0, 0)) == 7


def test_hex_rotate_right() -> None:
    assert cube(1, -3, 2).rotate_right() == cube(3, -2, -1)


def test_hex_rotate_left() -> None:
    assert cube(1, -3, 2).rotate_left() == cube(-2, -1, 3)


def test_hex_round() -> None:
    a = FractionalHex(0.0, 0.0, 0.0)
    b = FractionalHex(1.0, -1.0, 0.0)
    c = FractionalHex(0.0, -1.0, 1.0)
    assert hex_round(hex_lerp(FractionalHex(0.0, 0.0, 0.0), FractionalHex(10.0, -20.0, 10.0), 0.5)) == cube(5, -10, 5)
    assert hex_round(hex_lerp(a, b, 0.499)) == hex_round(a)
    assert hex_round(hex_lerp(a, b, 0.501)) == hex_round(b)
    assert hex_round(FractionalHex(a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3,
                                   a.s * 0.4 + b.s * 0.3 + c.s * 0.3)) == hex_round(a)
    assert hex_round(FractionalHex(a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4,
                                   a.s * 0.3 + b.s * 0.3 + c.s * 0.4)) == hex_round(c)


def test_hex_linedraw() -> None:
    assert hex_linedraw(cube(0, 0, 0), cube(1, -5, 4)) == [
        cube(0, 0, 0), cube(0, -1, 1), cube(0, -2, 2), cube(1, -3, 2), cube(1, -4, 3), cube(1, -5, 4)
    ]


@pytest.mark.parametrize(
    ("name", "offset", "h", "coord"),
    [
        ("odd-r", ODD, cube(-3, 2, 1), OffsetCoord(-2, 2)),
        ("odd-r", ODD, cube(2, -1, -1), OffsetCoord(1, -1)),
        ("even-r", EVEN, cube(-3, 2, 1), OffsetCoord(-2, 2)),
        ("even-r", EVEN, cube(2, -1, -1), OffsetCoord(2, -1)),
        ("odd-q", ODD, cube(-2, 3, -1), OffsetCoord(-2, 2)),
        ("odd-q", ODD, cube(-1, -1, 2), OffsetCoord(-1, -2)),
        ("even-q", EVEN, cube(-2, 3, -1), OffsetCoord(-2, 2)),
        ("even-q", EVEN, cube(-1, -1, 2), OffsetCoord(-1, -1)),
    ],
)
def test_offset_golden(name: str, offset: int, h: Hex, coord: OffsetCoord) -> None:
    to_offset = roffset_from_cube if name.endswith("r") else qoffset_from_cube
    to_cube = roffset_to_cube if name.endswith("r") else qoffset_to_cube
    assert to_offset(offset, h) == coord
    assert to_cube(offset, coord) == h


@pytest.mark.parametrize("offset", [EVEN, ODD])
@pytest.mark.parametrize("h", [cube(3, 4, -7), cube(1, -3, 2), cube(-5, 0, 5)])
def test_offset_roundtrip(offset: int, h: Hex) -> None:
    assert qoffset_to_cube(offset, qoffset_from_cube(offset, h)) == h
    assert roffset_to_cube(offset, roffset_from_cube(offset, h)) == h


# --- Line draws that run exactly along hex edges ----------------------------
# From 0,0 toward a diagonal neighbour the centre line passes exactly through the
# corner between two hexes at its midpoint; the nudge (+q, ++r, ---s) decides.

@pytest.mark.parametrize(
    ("b", "expected"),
    [
        (Hex(2, -1), [Hex(0, 0), Hex(1, 0), Hex(2, -1)]),
        (Hex(1, -2), [Hex(0, 0), Hex(1, -1), Hex(1, -2)]),
        (Hex(-1, -1), [Hex(0, 0), Hex(-1, 0), Hex(-1, -1)]),
        (Hex(-2, 1), [Hex(0, 0), Hex(-1, 1), Hex(-2, 1)]),
        (Hex(-1, 2), [Hex(0, 0), Hex(0, 1), Hex(-1, 2)]),
        (Hex(1, 1), [Hex(0, 0), Hex(0, 1), Hex(1, 1)]),
        (Hex(4, -2), [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -2)]),
    ],
)
def test_linedraw_along_edges_golden(b: Hex, expected: list[Hex]) -> None:
    assert hex_linedraw(Hex(0, 0), b) == expected


def test_linedraw_is_translation_invariant() -> None:
    """Edge ties break the same way anywhere on the map (the point of LINE_NUDGE)."""
    rng = random.Random(20000)
    for _ in range(20000):
        a = Hex(rng.randint(-30, 30), rng.randint(-30, 30))
        b = Hex(rng.randint(-30, 30), rng.randint(-30, 30))
        s = Hex(rng.randint(-300, 300), rng.randint(-300, 300))
        assert hex_linedraw(a + s, b + s) == [h + s for h in hex_linedraw(a, b)]


def test_common_nudge_would_not_be_translation_invariant() -> None:
    """Why LINE_NUDGE is (1e-6, 2e-6, -3e-6): the usual (1e-6, 1e-6, -2e-6) fails when
    applied to absolute coordinates, as most copies do."""

    def naive(a: Hex, b: Hex, nudge: tuple[float, float, float]) -> list[Hex]:
        n = a.distance(b)
        fa = FractionalHex(a.q + nudge[0], a.r + nudge[1], a.s + nudge[2])
        fb = FractionalHex(b.q + nudge[0], b.r + nudge[1], b.s + nudge[2])
        return [hex_round(hex_lerp(fa, fb, i / n)) for i in range(n + 1)] if n else [a]

    rng = random.Random(7)
    pairs = [(Hex(rng.randint(-30, 30), rng.randint(-30, 30)), Hex(rng.randint(-30, 30), rng.randint(-30, 30)),
              Hex(rng.randint(-30, 30), rng.randint(-30, 30))) for _ in range(5000)]

    def differing(nudge: tuple[float, float, float]) -> int:
        return sum(naive(a + s, b + s, nudge) != [h + s for h in naive(a, b, nudge)] for a, b, s in pairs)

    assert differing((1e-6, 1e-6, -2e-6)) > 0
    assert differing(LINE_NUDGE) == 0


def test_linedraw_properties() -> None:
    rng = random.Random(3)
    for _ in range(500):
        a = Hex(rng.randint(-20, 20), rng.randint(-20, 20))
        b = Hex(rng.randint(-20, 20), rng.randint(-20, 20))
        line = hex_linedraw(a, b)
        assert line[0] == a and line[-1] == b
        assert len(line) == a.distance(b) + 1
        assert all(x.distance(y) == 1 for x, y in zip(line, line[1:], strict=False))


# --- Rings, spirals, parsing ----------------------------------------------

@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_and_spiral_sizes(radius: int) -> None:
    c = Hex(2, -3)
    ring = hex_ring(c, radius)
    assert len(ring) == max(1, 6 * radius)
    assert all(h.distance(c) == radius for h in ring)
    assert len(set(ring)) == len(ring)
    spiral = hex_spiral(c, radius)
    assert len(spiral) == 3 * radius * (radius + 1) + 1
    assert spiral[0] == c
    assert set(spiral) == set(hexes_within(c, radius))


def test_ring_is_a_closed_walk() -> None:
    ring = hex_ring(Hex(0, 0), 3)
    assert all(a.distance(b) == 1 for a, b in zip(ring, ring[1:] + ring[:1], strict=False))


def test_negative_radius_is_refused() -> None:
    with pytest.raises(ValueError, match="radius"):
        hex_ring(Hex(0, 0), -1)


@pytest.mark.parametrize("text", ["3,-1", " 3 , -1 "])
def test_parse_roundtrip(text: str) -> None:
    assert Hex.parse(text) == Hex(3, -1)
    assert str(Hex.parse(text)) == "3,-1"


@pytest.mark.parametrize("text", ["3", "a,b", "3,-1,2", ""])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(HexParseError, match="q,r"):
        Hex.parse(text)


def test_from_cube_rejects_bad_sum() -> None:
    with pytest.raises(ValueError, match="sum to 0"):
        Hex.from_cube(1, 1, 1)


def test_hex_is_frozen_and_hashable() -> None:
    h = Hex(1, 2)
    assert {h: 1}[Hex(1, 2)] == 1
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]


# --- Rotation and reflection (the editor's symmetry tools) -------------------

def test_rotation_six_steps_is_identity_and_keeps_distance() -> None:
    c, h = Hex(1, 1), Hex(4, -2)
    for k in range(6):
        assert h.rotate(k, c).distance(c) == h.distance(c)
    assert h.rotate(6, c) == h
    assert h.rotate(1, c).rotate(-1, c) == h
    assert Hex(1, -3).rotate(1) == Hex(1, -3).rotate_right()


@pytest.mark.parametrize(
    ("axis", "expected"),
    [("q", cube(1, 2, -3)), ("r", cube(2, -3, 1)), ("s", cube(-3, 1, 2))],
)
def test_reflect_across_axes(axis: str, expected: Hex) -> None:
    h = cube(1, -3, 2)
    assert h.reflect(axis) == expected
    assert h.reflect(axis).reflect(axis) == h


def test_reflect_about_center() -> None:
    c = Hex(2, 1)
    assert Hex(3, 1).reflect("q", c) == Hex(3, 0)
    with pytest.raises(ValueError, match="axis"):
        Hex(0, 0).reflect("x")


def test_symmetry_group_has_twelve_distinct_elements() -> None:
    probe = Hex(3, -1)  # not on any mirror line, so all 12 images differ
    images = {g.apply(probe) for g in Symmetry.all()}
    assert len(images) == 12
    for g in Symmetry.all():
        assert g.inverse().apply(g.apply(probe)) == probe
        assert all(g.apply(d) in DIRECTIONS for d in DIRECTIONS)


def test_symmetry_about_edge_midpoint() -> None:
    half_turn = Symmetry(3, False)
    center2 = (1, 0)  # midway between 0,0 and 1,0
    assert half_turn.apply_about(Hex(0, 0), center2) == Hex(1, 0)
    assert half_turn.apply_about(Hex(-2, 1), center2) == Hex(3, -1)
    assert Symmetry(1, False).apply_about(Hex(0, 0), center2) is None
