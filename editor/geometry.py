"""Qt-free hex geometry the editor's tools need: brushes, fills, lines, selections, symmetry.

Everything here is a pure function of hexes and maps, so tools stay thin and the
behaviour is tested without widgets.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.hexgrid import DIRECTIONS, Hex, Symmetry, hex_linedraw, hex_spiral
from engine.layout import Layout, Point
from engine.mapmodel import Cell, HexMap, Orientation, Terrain

__all__ = [
    "BRUSH_SIZES",
    "SymmetryKind",
    "SymmetryMode",
    "best_center",
    "brush_footprint",
    "flood_region",
    "hexes_in_rect",
    "line_hexes",
    "magic_wand",
    "mirror_for",
    "radius_for_size",
    "transform_cell",
    "transform_direction",
]

#: Brush sizes in hexes: a single hex, a hex and its ring, two rings.
BRUSH_SIZES: Final = (1, 7, 19)


def radius_for_size(size: int) -> int:
    """Spiral radius of a brush of ``size`` hexes (1→0, 7→1, 19→2); raises ValueError."""
    try:
        return BRUSH_SIZES.index(size)
    except ValueError:
        raise ValueError(f"brush size must be one of {BRUSH_SIZES}, got {size}") from None


def brush_footprint(center: Hex, size: int) -> list[Hex]:
    """The hexes a brush of ``size`` (1, 7 or 19) covers around ``center``, centre first."""
    return hex_spiral(center, radius_for_size(size))


def line_hexes(a: Hex, b: Hex, size: int = 1) -> list[Hex]:
    """Hexes of the straight line ``a``→``b`` drawn with a brush of ``size`` (no repeats)."""
    out: dict[Hex, None] = {}
    for h in hex_linedraw(a, b):
        for f in brush_footprint(h, size):
            out[f] = None
    return list(out)


def flood_region(start: Hex, inside: Callable[[Hex], bool], limit: int = 100_000) -> set[Hex]:
    """Hexes connected to ``start`` (through neighbours) for which ``inside`` holds.

    Empty when ``inside(start)`` is false; stops growing after ``limit`` hexes so a
    predicate that is true everywhere cannot run forever.
    """
    if not inside(start):
        return set()
    seen = {start}
    todo = deque([start])
    while todo and len(seen) < limit:
        h = todo.popleft()
        for n in h.neighbors():
            if n not in seen and inside(n):
                seen.add(n)
                todo.append(n)
    return seen


def _ground_key(c: Cell) -> tuple[int, Terrain]:
    return (c.height, c.terrain)


def magic_wand(m: HexMap, start: Hex) -> set[Hex]:
    """Connected hexes of ``m`` with the same height and terrain as ``start`` (empty off the map)."""
    if start not in m.cells:
        return set()
    key = _ground_key(m.cells[start])
    cells = m.cells
    return flood_region(start, lambda h: h in cells and _ground_key(cells[h]) == key)


def hexes_in_rect(
    layout: Layout, x0: float, y0: float, x1: float, y1: float, candidates: Iterable[Hex] | None = None
) -> list[Hex]:
    """Hexes whose centre lies in the pixel rectangle (any corner order).

    With ``candidates`` only those are tested; otherwise every hex whose centre is
    inside is generated from the rectangle by maths.
    """
    lx, hx = min(x0, x1), max(x0, x1)
    ly, hy = min(y0, y1), max(y0, y1)

    def inside(h: Hex) -> bool:
        p = layout.hex_to_pixel(h)
        return lx <= p.x <= hx and ly <= p.y <= hy

    if candidates is not None:
        return [h for h in candidates if inside(h)]
    return [h for h in hexes_covering_rect(layout, lx, ly, hx, hy) if inside(h)]


def hexes_covering_rect(layout: Layout, x0: float, y0: float, x1: float, y1: float) -> list[Hex]:
    """Every hex that may overlap the pixel rectangle (a superset, found by maths).

    Used to find the hexes to paint for an exposed rectangle without scanning the map.
    """
    corners = [layout.pixel_to_hex(Point(x, y)) for x in (x0, x1) for y in (y0, y1)]
    qs = [h.q for h in corners]
    rs = [h.r for h in corners]
    q0, q1 = min(qs) - 1, max(qs) + 1
    r0, r1 = min(rs) - 1, max(rs) + 1
    # Trim to hexes whose centre is within one hex of the rectangle.
    pad_x = layout.hex_width()
    pad_y = layout.hex_height()
    lx, hx, ly, hy = x0 - pad_x, x1 + pad_x, y0 - pad_y, y1 + pad_y
    out: list[Hex] = []
    o, sx, sy, ox, oy = layout.orientation, layout.size.x, layout.size.y, layout.origin.x, layout.origin.y
    for r in range(r0, r1 + 1):
        for q in range(q0, q1 + 1):
            x = (o.f0 * q + o.f1 * r) * sx + ox
            if x < lx or x > hx:
                continue
            y = (o.f2 * q + o.f3 * r) * sy + oy
            if ly <= y <= hy:
                out.append(Hex(q, r))
    return out


# -- symmetry ------------------------------------------------------------------


def transform_direction(d: int, sym: Symmetry) -> int:
    """The direction index that direction ``d`` becomes under ``sym``."""
    return DIRECTIONS.index(sym.apply(DIRECTIONS[d % 6]))


def transform_cell(c: Cell, sym: Symmetry) -> Cell:
    """``c`` as seen after ``sym`` (only stairs change: their up direction turns)."""
    if c.terrain is Terrain.STAIRS and c.stairs_up is not None:
        return Cell(c.height, c.terrain, transform_direction(c.stairs_up, sym))
    return c


def mirror_for(orientation: Orientation, axis: str) -> Symmetry:
    """The mirror symmetry flipping the screen ``"left-right"`` or ``"top-bottom"``.

    Found by checking which of the six hex mirrors maps pixel (x, y) to (-x, y)
    (left-right) or (x, -y) (top-bottom) for the orientation; raises ValueError
    for another axis name.
    """
    if axis not in ("left-right", "top-bottom"):
        raise ValueError(f"axis must be 'left-right' or 'top-bottom', got {axis!r}")
    layout = Layout.named(orientation.value, 1.0)
    for k in range(6):
        s = Symmetry(k, True)
        ok = True
        for v in (Hex(1, 0), Hex(0, 1)):
            p = layout.hex_to_pixel(v)
            w = layout.hex_to_pixel(s.apply(v))
            want = (-p.x, p.y) if axis == "left-right" else (p.x, -p.y)
            if abs(w.x - want[0]) > 1e-9 or abs(w.y - want[1]) > 1e-9:
                ok = False
                break
        if ok:
            return s
    raise AssertionError("every hex grid has both screen mirrors")  # pragma: no cover


class SymmetryKind(StrEnum):
    """Live symmetry painting modes."""

    OFF = "off"
    MIRROR_LR = "mirror-left-right"
    MIRROR_TB = "mirror-top-bottom"
    ROT180 = "rotate-180"
    ROT120 = "rotate-120"


@dataclass(frozen=True, slots=True)
class SymmetryMode:
    """A live symmetry: its kind and centre in doubled axial coordinates ``(2q, 2r)``.

    Odd centre components name edge midpoints (maps with an even number of columns).
    """

    kind: SymmetryKind = SymmetryKind.OFF
    center2: tuple[int, int] = (0, 0)
    orientation: Orientation = Orientation.POINTY

    @property
    def active(self) -> bool:
        """False when symmetry painting is off."""
        return self.kind is not SymmetryKind.OFF

    @property
    def swaps_teams(self) -> bool:
        """True when the images belong to the other team (two-fold symmetries)."""
        return self.kind in (SymmetryKind.MIRROR_LR, SymmetryKind.MIRROR_TB, SymmetryKind.ROT180)

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The non-identity group elements whose images are painted too."""
        k = self.kind
        if k is SymmetryKind.MIRROR_LR:
            return (mirror_for(self.orientation, "left-right"),)
        if k is SymmetryKind.MIRROR_TB:
            return (mirror_for(self.orientation, "top-bottom"),)
        if k is SymmetryKind.ROT180:
            return (Symmetry(3),)
        if k is SymmetryKind.ROT120:
            return (Symmetry(2), Symmetry(4))
        return ()

    def images(self, h: Hex) -> list[tuple[Hex, Symmetry]]:
        """Where ``h`` is repeated (not including ``h``), with the symmetry that maps it."""
        out: list[tuple[Hex, Symmetry]] = []
        for s in self.symmetries():
            img = s.apply_about(h, self.center2)
            if img is not None and img != h:
                out.append((img, s))
        return out

    def primary(self) -> Symmetry | None:
        """The two-fold symmetry (for mismatch checks), or the first rotation; None if off."""
        syms = self.symmetries()
        return syms[0] if syms else None


def best_center(cells: Mapping[Hex, Cell] | Iterable[Hex], sym: Symmetry, sample: int = 1500) -> tuple[int, int]:
    """The doubled centre near the map's middle that maps the most hexes onto hexes.

    Tries centres within two half-steps of the bounding-box centre and keeps the
    one whose image of (a sample of) the map lands on the map most often.
    """
    hexes = list(cells)
    if not hexes:
        return (0, 0)
    present = set(hexes)
    qs = [h.q for h in hexes]
    rs = [h.r for h in hexes]
    # The centroid of the cube bounding box, doubled.
    ss = [h.s for h in hexes]
    cq = (min(qs) + max(qs)) / 2
    cr = (min(rs) + max(rs)) / 2
    cs = (min(ss) + max(ss)) / 2
    # Bring the cube centre back onto q + r + s = 0 (balance the error).
    err = (cq + cr + cs) / 3
    cq, cr = cq - err, cr - err
    base = (round(2 * cq), round(2 * cr))
    step = max(1, len(hexes) // sample)
    probe = hexes[::step]
    best: tuple[int, float, tuple[int, int]] | None = None
    for dq in range(-2, 3):
        for dr in range(-2, 3):
            c2 = (base[0] + dq, base[1] + dr)
            hits = 0
            for h in probe:
                img = sym.apply_about(h, c2)
                if img is not None and img in present:
                    hits += 1
            dist = abs(c2[0] - 2 * cq) + abs(c2[1] - 2 * cr)
            key = (hits, -dist, c2)
            if best is None or key[:2] > best[:2]:
                best = key
    assert best is not None
    return best[2]
