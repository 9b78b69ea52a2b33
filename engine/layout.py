"""Hex ↔ pixel conversion for pointy-top and flat-top layouts (no Qt).

Follows Red Blob Games' ``Layout``: an orientation matrix, a hex size (which may
differ in x and y) and the pixel origin of hex ``0,0``. Screen y grows downward.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.hexgrid import FractionalHex, Hex, hex_round

__all__ = ["FLAT", "POINTY", "Layout", "Orientation", "Point"]


@dataclass(frozen=True, slots=True)
class Point:
    """A pixel position."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Orientation:
    """The forward (f) and backward (b) matrices of a layout and its first corner angle."""

    name: str
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in multiples of 60°


_R3: Final = math.sqrt(3.0)

POINTY: Final = Orientation(
    "pointy", _R3, _R3 / 2.0, 0.0, 3.0 / 2.0, _R3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5
)
FLAT: Final = Orientation(
    "flat", 3.0 / 2.0, 0.0, _R3 / 2.0, _R3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _R3 / 3.0, 0.0
)

ORIENTATIONS: Final = {"pointy": POINTY, "flat": FLAT}


@dataclass(frozen=True, slots=True)
class Layout:
    """Where hexes sit on screen: orientation, size (centre-to-corner) and origin."""

    orientation: Orientation
    size: Point
    origin: Point

    @classmethod
    def named(cls, orientation: str, size: float, origin: Point | None = None) -> Layout:
        """Layout for ``"pointy"`` or ``"flat"`` with a square hex size; raises KeyError."""
        return cls(ORIENTATIONS[orientation], Point(size, size), origin or Point(0.0, 0.0))

    def hex_to_pixel(self, h: Hex) -> Point:
        """Pixel position of the centre of ``h``."""
        m = self.orientation
        x = (m.f0 * h.q + m.f1 * h.r) * self.size.x
        y = (m.f2 * h.q + m.f3 * h.r) * self.size.y
        return Point(x + self.origin.x, y + self.origin.y)

    def pixel_to_fractional(self, p: Point) -> FractionalHex:
        """The exact cube position under pixel ``p``."""
        m = self.orientation
        px = (p.x - self.origin.x) / self.size.x
        py = (p.y - self.origin.y) / self.size.y
        q = m.b0 * px + m.b1 * py
        r = m.b2 * px + m.b3 * py
        return FractionalHex(q, r, -q - r)

    def pixel_to_hex(self, p: Point) -> Hex:
        """The hex under pixel ``p`` (hit-testing by maths, no lookup)."""
        return hex_round(self.pixel_to_fractional(p))

    def corner_offset(self, corner: int) -> Point:
        """Offset of corner ``corner`` (0..5) from a hex centre."""
        angle = 2.0 * math.pi * (self.orientation.start_angle + corner) / 6.0
        return Point(self.size.x * math.cos(angle), self.size.y * math.sin(angle))

    def polygon_corners(self, h: Hex) -> list[Point]:
        """The six corners of ``h`` in order (a closed polygon without repeat)."""
        c = self.hex_to_pixel(h)
        out = []
        for i in range(6):
            o = self.corner_offset(i)
            out.append(Point(c.x + o.x, c.y + o.y))
        return out

    def hex_width(self) -> float:
        """Width of one hex in pixels."""
        if self.orientation is POINTY:
            return _R3 * self.size.x
        return 2.0 * self.size.x

    def hex_height(self) -> float:
        """Height of one hex in pixels."""
        if self.orientation is POINTY:
            return 2.0 * self.size.y
        return _R3 * self.size.y
