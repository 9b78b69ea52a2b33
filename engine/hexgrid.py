"""Hex grid coordinates and the algorithms on them (axial storage, cube maths).

Names follow Red Blob Games' hex grid guide (``hex_distance``, ``hex_round``,
``hex_linedraw``...) so that anyone who knows that guide can read this module.
A :class:`Hex` stores the axial pair ``(q, r)``; the third cube coordinate is
always ``s = -q - r`` and is derived, so a ``Hex`` can never be inconsistent.

Pixel layouts (pointy/flat top) live in :mod:`engine.layout`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

__all__ = [
    "DIRECTIONS",
    "EVEN",
    "ODD",
    "OffsetCoord",
    "qoffset_from_cube",
    "qoffset_to_cube",
    "roffset_from_cube",
    "roffset_to_cube",
    "DIAGONALS",
    "FractionalHex",
    "Hex",
    "HexParseError",
    "LINE_NUDGE",
    "Symmetry",
    "hex_distance",
    "hex_lerp",
    "hex_linedraw",
    "hex_ring",
    "hex_round",
    "hex_spiral",
    "hexes_within",
]


class HexParseError(ValueError):
    """Raised when text does not spell a hex as ``"q,r"``."""


_HEX_TEXT: Final = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """An axial hex coordinate; immutable, hashable and ordered by (q, r).

    The cube coordinate ``s`` is derived (``q + r + s == 0`` always holds).
    The text form is ``"q,r"`` (see :meth:`__str__` / :meth:`parse`).
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """Build from cube coordinates; raises ValueError unless q + r + s == 0."""
        if q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return cls(q, r)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Parse ``"q,r"`` (spaces allowed); raises :class:`HexParseError`."""
        m = _HEX_TEXT.match(text)
        if m is None:
            raise HexParseError(f"{text!r} is not a hex; write it as \"q,r\", e.g. \"3,-1\"")
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def scale(self, k: int) -> Hex:
        """This hex vector multiplied by the integer ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Number of steps between this hex and ``other``."""
        return (self - other).length()

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5, taken modulo 6)."""
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order 0..5."""
        q, r = self.q, self.r
        return tuple(Hex(q + d.q, r + d.r) for d in DIRECTIONS)

    def diagonal_neighbor(self, direction: int) -> Hex:
        """The hex across the corner in diagonal ``direction`` (0..5)."""
        return self + DIAGONALS[direction % 6]

    def rotate_left(self) -> Hex:
        """Rotate 60° counter-clockwise about the origin (Red Blob's ``hex_rotate_left``)."""
        return Hex.from_cube(-self.s, -self.q, -self.r)

    def rotate_right(self) -> Hex:
        """Rotate 60° clockwise about the origin (Red Blob's ``hex_rotate_right``)."""
        return Hex.from_cube(-self.r, -self.s, -self.q)

    def rotate(self, steps: int, center: Hex | None = None) -> Hex:
        """Rotate by ``steps`` × 60° about ``center`` (default origin).

        Positive steps turn the same way as :meth:`rotate_right`; any integer works.
        """
        c = center if center is not None else ORIGIN
        return Symmetry(steps % 6, False).apply(self - c) + c

    def reflect(self, axis: str, center: Hex | None = None) -> Hex:
        """Mirror across the hex axis ``"q"``, ``"r"`` or ``"s"`` through ``center``.

        Mirroring across the q axis keeps q and swaps r and s (and likewise for the
        other axes). Raises ValueError for any other axis name.
        """
        c = center if center is not None else ORIGIN
        v = self - c
        q, r, s = v.q, v.r, v.s
        if axis == "q":
            out = Hex.from_cube(q, s, r)
        elif axis == "r":
            out = Hex.from_cube(s, r, q)
        elif axis == "s":
            out = Hex.from_cube(r, q, s)
        else:
            raise ValueError(f"axis must be 'q', 'r' or 's', got {axis!r}")
        return out + c


ORIGIN: Final = Hex(0, 0)

#: Axial direction vectors, counter-clockwise starting at +q (Red Blob's order).
DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)

#: Diagonal vectors (across a corner), in Red Blob's order.
DIAGONALS: Final[tuple[Hex, ...]] = (
    Hex(2, -1),
    Hex(1, -2),
    Hex(-1, -1),
    Hex(-2, 1),
    Hex(-1, 2),
    Hex(1, 1),
)


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between ``a`` and ``b``."""
    return a.distance(b)


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center``, walking counter-clockwise.

    Radius 0 gives ``[center]``; raises ValueError for a negative radius.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbor(side)
    return out


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``, ring by ring from the centre out.

    A spiral of radius n holds ``3n(n+1) + 1`` hexes (1, 7, 19, ...).
    """
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(hex_ring(center, k))
    return out


def hexes_within(center: Hex, radius: int) -> Iterator[Hex]:
    """Hexes within ``radius`` of ``center`` in (q, r) scan order (cheaper than a spiral)."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(center.q + dq, center.r + dr)


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """A point in cube space with real coordinates (used for rounding and lines)."""

    q: float
    r: float
    s: float

    @classmethod
    def of(cls, h: Hex) -> FractionalHex:
        """The exact fractional form of a whole hex."""
        return cls(float(h.q), float(h.r), float(h.s))


def hex_round(f: FractionalHex) -> Hex:
    """The hex containing the cube point ``f``.

    Rounds each coordinate, then resets the one with the largest rounding error so
    that the three still sum to zero.
    """
    q, r, s = round(f.q), round(f.r), round(f.s)
    dq, dr, ds = abs(q - f.q), abs(r - f.r), abs(s - f.s)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_lerp(a: FractionalHex, b: FractionalHex, t: float) -> FractionalHex:
    """Linear interpolation between two cube points (t=0 gives a, t=1 gives b)."""
    return FractionalHex(
        a.q * (1.0 - t) + b.q * t,
        a.r * (1.0 - t) + b.r * t,
        a.s * (1.0 - t) + b.s * t,
    )


#: Nudge added to both ends of a line before rounding so that points lying exactly
#: on an edge between two hexes round the same way everywhere on the map. The
#: often-copied ``(1e-6, 1e-6, -2e-6)`` leaves q/r ties unbroken (the q and r
#: errors stay equal), so results then depend on where on the map the line is.
LINE_NUDGE: Final = (1e-6, 2e-6, -3e-6)


def hex_linedraw(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both ends included.

    The line has ``distance + 1`` hexes, each adjacent to the next. Ties on hex
    edges are broken by :data:`LINE_NUDGE`, so the result is the same wherever the
    pair sits on the map (translation-invariant).
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    # Work relative to ``a`` so that large coordinates do not eat the nudge.
    dq, dr = b.q - a.q, b.r - a.r
    ds = -dq - dr
    nq, nr, ns = LINE_NUDGE
    step = 1.0 / n
    out: list[Hex] = []
    for i in range(n + 1):
        t = i * step
        f = FractionalHex(dq * t + nq, dr * t + nr, ds * t + ns)
        out.append(hex_round(f) + a)
    return out


@dataclass(frozen=True, slots=True)
class Symmetry:
    """An element of the hex grid's symmetry group (12 elements).

    It maps a hex vector by first mirroring across the q axis (if ``mirrored``)
    and then rotating ``rotation`` × 60° clockwise. Apply it about a centre with
    :meth:`apply_about`; half-hex centres (edge midpoints, used by maps with an
    even number of columns) are given in doubled coordinates.
    """

    rotation: int = 0
    mirrored: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.rotation < 6:
            raise ValueError(f"rotation must be in 0..5, got {self.rotation}")

    def apply(self, v: Hex) -> Hex:
        """Map the vector ``v`` (relative to the centre)."""
        q, r, s = v.q, v.r, v.s
        if self.mirrored:
            r, s = s, r
        for _ in range(self.rotation):
            q, r, s = -r, -s, -q
        return Hex(q, r)

    def apply_about(self, h: Hex, center2: tuple[int, int]) -> Hex | None:
        """Map ``h`` about a centre given in doubled axial coordinates ``(2q, 2r)``.

        ``center2 = (2*c.q, 2*c.r)`` is the hex ``c``; odd components name edge
        midpoints. Returns None when the image is not a whole hex (for example a
        60° turn about an edge midpoint).
        """
        cq, cr = center2
        v = self.apply(Hex(2 * h.q - cq, 2 * h.r - cr))
        q2, r2 = v.q + cq, v.r + cr
        if q2 % 2 or r2 % 2:
            return None
        return Hex(q2 // 2, r2 // 2)

    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
        if self.mirrored:
            return self  # every reflection is its own inverse
        return Symmetry((6 - self.rotation) % 6, False)

    def describe(self) -> str:
        """Plain words for reports: ``"rotation by 180°"``, ``"mirror (axis 2)"``."""
        if self.mirrored:
            return f"mirror (axis {self.rotation})"
        return f"rotation by {self.rotation * 60}°"

    @classmethod
    def all(cls) -> tuple[Symmetry, ...]:
        """All twelve symmetries, identity first."""
        return tuple(cls(k, m) for m in (False, True) for k in range(6))


#: Offset parity: EVEN shoves even rows/columns by half a hex, ODD the odd ones.
EVEN: Final = 1
ODD: Final = -1


@dataclass(frozen=True, slots=True)
class OffsetCoord:
    """A (col, row) offset coordinate, as printed on rectangular boards."""

    col: int
    row: int


def roffset_from_cube(offset: int, h: Hex) -> OffsetCoord:
    """Offset coordinate of ``h`` on a row-shoved (pointy-top) grid; offset is EVEN or ODD."""
    col = h.q + (h.r + offset * (h.r & 1)) // 2
    return OffsetCoord(col, h.r)


def roffset_to_cube(offset: int, c: OffsetCoord) -> Hex:
    """Inverse of :func:`roffset_from_cube`."""
    q = c.col - (c.row + offset * (c.row & 1)) // 2
    return Hex(q, c.row)


def qoffset_from_cube(offset: int, h: Hex) -> OffsetCoord:
    """Offset coordinate of ``h`` on a column-shoved (flat-top) grid; offset is EVEN or ODD."""
    row = h.r + (h.q + offset * (h.q & 1)) // 2
    return OffsetCoord(h.q, row)


def qoffset_to_cube(offset: int, c: OffsetCoord) -> Hex:
    """Inverse of :func:`qoffset_from_cube`."""
    r = c.row - (c.col + offset * (c.col & 1)) // 2
    return Hex(c.col, r)
