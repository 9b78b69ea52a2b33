"""Which hexes a centre-to-centre segment enters or grazes: exact, in integers.

This is the geometry under :mod:`engine.rules.sight`. For the segment from the
centre of hex ``0,0`` to the centre of hex ``dq,dr`` it lists, excluding both
ends, the hexes whose inside the segment crosses (*entered*) and the hexes it
only touches along an edge or at a corner, split by the side of the segment they
lie on (*left*: ``dq * r - dr * q > 0`` for the hex's centre, else *right*).

**Exactness.** Work in axial coordinates scaled by 3, where every hex corner is
an integer point (:data:`CORNERS3`). For a hex, the signed areas
``s_k = cross(d, corner_k)`` of its six corners against the segment's direction
tell whether the *line* misses it (all ``s_k`` of one strict sign), only touches
it (one or two adjacent corners at 0, the rest of one sign) or crosses its
inside. Where along the line that happens is measured with the linear form
``f(P) = dot(d, P)``, which is ``0`` at the start and ``F = dot(d, 3 d)`` at the
end. Both segment ends are hex centres, strictly inside their own hexes, so a
crossing chord or touching edge of any other hex lies wholly before the start,
wholly between the ends or wholly after the end; one integer comparison decides
which. No floating point is involved, so the answer is exactly shapely's
(:func:`segment_hexes_shapely`, the reference the tests compare against).

**Symmetry.** The hex grid has 12 symmetries (6 rotations, 6 reflections), all
integer linear maps of axial coordinates that preserve the grid, hence the
entered/touched relation. An offset is mapped into the canonical sector
``q >= 1, -q <= r <= -q / 2`` (cube ``x >= y >= z``, ``y <= 0``), solved there
once (cached), and the hexes are mapped back; a reflection reverses orientation,
so it swaps left and right. In the canonical sector the segment is never steeper
than one row per column, so each column holds at most two candidate hexes and a
segment of length ``n`` costs O(n).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CORNERS3",
    "ENTERS",
    "LEFT",
    "MISSES",
    "Offsets",
    "RIGHT",
    "canonical_segment",
    "segment_hexes",
    "segment_hexes_shapely",
    "segment_meets",
]

#: Corners of hex 0,0 in axial coordinates times 3, counter-clockwise.
CORNERS3: Final = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))

#: (entered, left, right): hex offsets from the start, each tuple sorted by (q, r).
Offsets = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def _symmetries() -> tuple[tuple[int, int, int, int, bool], ...]:
    """The 12 grid symmetries as axial matrices ``(a, b, c, d, reflects)``: q' = aq + br, r' = cq + dr."""
    rot = (0, -1, 1, 1)  # 60° turn: cube (x, y, z) -> (-z, -x, -y)
    ref = (1, 0, -1, -1)  # mirror: cube (x, y, z) -> (x, z, y)

    def mul(m: tuple[int, ...], n: tuple[int, ...]) -> tuple[int, int, int, int]:
        a, b, c, d = m
        e, f, g, h = n
        return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)

    out = []
    m: tuple[int, int, int, int] = (1, 0, 0, 1)
    for _ in range(6):
        out.append((*m, False))
        out.append((*mul(ref, m), True))
        m = mul(rot, m)
    return tuple(out)


_SYMMETRIES: Final = _symmetries()


def _canonical(dq: int, dr: int) -> tuple[int, int, tuple[int, int, int, int, bool]]:
    """(cq, cr, g) with ``g`` mapping the offset onto the canonical sector ``(cq, cr)``."""
    for g in _SYMMETRIES:
        a, b, c, d, _ = g
        q = a * dq + b * dr
        r = c * dq + d * dr
        # cube x = q, y = -q - r, z = r:  x >= y >= z and y <= 0
        if q >= -q - r >= r and q + r >= 0:
            return q, r, g
    raise AssertionError(f"no canonical image of {dq},{dr}")  # pragma: no cover - the sector tiles the plane


_CANON: dict[tuple[int, int], Offsets] = {}


def _solve_canonical(dq: int, dr: int) -> Offsets:
    """Entered/left/right hexes for a canonical offset (``dq >= 1``, ``-dq <= dr <= -dq / 2``)."""
    ck = [dq * kr - dr * kq for kq, kr in CORNERS3]  # cross(d, corner) per corner
    fk = [dq * kq + dr * kr for kq, kr in CORNERS3]  # dot(d, corner) per corner
    cmin, cmax = min(ck), max(ck)
    fmin, fmax = min(fk), max(fk)
    big_f = 3 * (dq * dq + dr * dr)
    corners = tuple(zip(ck, fk, ck[1:] + ck[:1], fk[1:] + fk[:1], strict=True))
    entered: list[tuple[int, int]] = []
    left: list[tuple[int, int]] = []
    right: list[tuple[int, int]] = []
    w = 3 * dq
    for q in range(dq + 1):
        base = 3 * dr * q
        lo = -((cmax - base) // w)  # ceil((base - cmax) / w)
        hi = (base - cmin) // w
        for r in range(lo, hi + 1):
            if (q == 0 and r == 0) or (q == dq and r == dr):
                continue
            s3 = 3 * (dq * r - dr * q)  # cross(d, 3 * centre)
            lo_s, hi_s = s3 + cmin, s3 + cmax
            if lo_s > 0 or hi_s < 0:
                continue
            f3 = 3 * (dq * q + dr * r)  # dot(d, 3 * centre)
            if f3 + fmax <= 0 or f3 + fmin >= big_f:
                continue  # wholly before the start or after the end
            crosses = lo_s < 0 < hi_s
            if not (f3 + fmin > 0 and f3 + fmax < big_f) and not _between_ends(
                corners, s3, f3, big_f, crosses
            ):
                continue
            if crosses:
                entered.append((q, r))
            elif s3 > 0:
                left.append((q, r))
            else:
                right.append((q, r))
    return tuple(entered), tuple(left), tuple(right)


def _between_ends(
    corners: tuple[tuple[int, int, int, int], ...], s3: int, f3: int, big_f: int, crosses: bool
) -> bool:
    """For a hex straddling an end's cross-line: does its chord (or touching corner) lie between the ends?

    ``corners`` holds ``(s, f, s_next, f_next)`` of each corner relative to the
    hex centre, whose own values are ``s3`` and ``f3``. The chord of a crossed
    hex runs from the edge where ``s`` turns from positive to non-positive; a
    touched hex touches at a corner with ``s == 0``.
    """
    if crosses:
        for sa, fa, sb, fb in corners:
            sa += s3
            sb += s3
            if sa > 0 >= sb:
                den = sa - sb
                num = (f3 + fa) * den + (fb - fa) * sa
                return 0 < num < big_f * den
        raise AssertionError("a crossed hex has a sign change")  # pragma: no cover
    fz = next(f3 + fa for sa, fa, _, _ in corners if sa + s3 == 0)
    return 0 < fz < big_f


#: How a segment meets one hex (:func:`segment_meets`).
MISSES: Final = 0
ENTERS: Final = 1
LEFT: Final = 2
RIGHT: Final = 3


def segment_meets(dq: int, dr: int, q: int, r: int) -> int:
    """How the segment from centre 0,0 to centre dq,dr meets hex q,r: one hex, no list.

    :data:`ENTERS`, :data:`LEFT` or :data:`RIGHT` exactly when :func:`segment_hexes`
    lists the hex as entered, left or right; otherwise :data:`MISSES` (so do both
    ends, and every hex when ``dq, dr`` is ``0, 0``). O(1) integer arithmetic in
    any orientation: the per-hex test of :func:`_solve_canonical` without the
    canonical mapping, which the test is invariant under.
    """
    if (q == 0 and r == 0) or (q == dq and r == dr):
        return MISSES
    ck = [dq * kr - dr * kq for kq, kr in CORNERS3]
    s3 = 3 * (dq * r - dr * q)
    lo_s, hi_s = s3 + min(ck), s3 + max(ck)
    if lo_s > 0 or hi_s < 0:
        return MISSES
    fk = [dq * kq + dr * kr for kq, kr in CORNERS3]
    fmin, fmax = min(fk), max(fk)
    f3 = 3 * (dq * q + dr * r)
    big_f = 3 * (dq * dq + dr * dr)
    if f3 + fmax <= 0 or f3 + fmin >= big_f:
        return MISSES
    crosses = lo_s < 0 < hi_s
    if not (f3 + fmin > 0 and f3 + fmax < big_f):
        corners = tuple(zip(ck, fk, ck[1:] + ck[:1], fk[1:] + fk[:1], strict=True))
        if not _between_ends(corners, s3, f3, big_f, crosses):
            return MISSES
    if crosses:
        return ENTERS
    return LEFT if s3 > 0 else RIGHT


def canonical_segment(dq: int, dr: int) -> tuple[Offsets, tuple[int, int, int, int], bool]:
    """``(offsets, (a, b, c, d), reflects)``: the canonical-sector solution for ``dq,dr`` and how to map it back.

    A canonical hex ``(q', r')`` is the hex ``(a q' + b r', c q' + d r')`` of the
    real segment; when ``reflects`` is true its left and right lists swap. The
    canonical lists are cached for the process. Raises ValueError for ``0,0``.
    """
    if dq == 0 and dr == 0:
        raise ValueError("a segment needs two different hexes")
    cq, cr, (a, b, c, d, reflects) = _canonical(dq, dr)
    key = (cq, cr)
    hit = _CANON.get(key)
    if hit is None:
        hit = _solve_canonical(cq, cr)
        if len(_CANON) > 100_000:
            _CANON.clear()
        _CANON[key] = hit
    det = a * d - b * c  # +-1: the inverse matrix is the adjugate times det
    return hit, (d * det, -b * det, -c * det, a * det), reflects


def segment_hexes(dq: int, dr: int) -> Offsets:
    """(entered, left, right) hex offsets for the segment from centre 0,0 to centre dq,dr.

    Exact (see the module docstring); ``(0, 0)`` gives three empty tuples. Each
    tuple is sorted by ``(q, r)``. Not cached itself (callers such as
    :mod:`engine.rules.sight` keep their own cache).
    """
    if dq == 0 and dr == 0:
        return (), (), ()
    hit, (a, b, c, d), reflects = canonical_segment(dq, dr)
    if (a, b, c, d) == (1, 0, 0, 1):
        return hit
    ent, lft, rgt = (tuple(sorted([(a * q + b * r, c * q + d * r) for q, r in hs])) for hs in hit)
    return (ent, rgt, lft) if reflects else (ent, lft, rgt)


def segment_hexes_shapely(dq: int, dr: int) -> Offsets:
    """The reference computation of :func:`segment_hexes` with shapely (slow; for tests and benches).

    Candidates are the hexes of both ``hex_linedraw`` directions and their
    neighbours; each is tested as a polygon against the segment with shapely's
    exact predicates ("interiors meet" = entered, "intersects" = touched).
    """
    import numpy as np
    import shapely

    from engine.hexgrid import Hex, hex_linedraw

    a, b = Hex(0, 0), Hex(dq, dr)
    cand: set[Hex] = set()
    for h in hex_linedraw(a, b) + hex_linedraw(b, a):
        cand.add(h)
        cand.update(h.neighbors())
    cand.discard(a)
    cand.discard(b)
    if not cand:
        return (), (), ()
    hexes = sorted(cand)
    centres = np.array([(3 * h.q, 3 * h.r) for h in hexes], dtype=float)
    ring = np.array(CORNERS3 + (CORNERS3[0],), dtype=float)
    polys = shapely.polygons(centres[:, None, :] + ring[None, :, :])
    seg = shapely.linestrings([(0.0, 0.0), (3.0 * dq, 3.0 * dr)])
    inside = shapely.relate_pattern(seg, polys, "T********")
    touch = shapely.intersects(seg, polys)
    entered: list[tuple[int, int]] = []
    left: list[tuple[int, int]] = []
    right: list[tuple[int, int]] = []
    for h, ins, tch in zip(hexes, inside, touch, strict=True):
        if ins:
            entered.append((h.q, h.r))
        elif tch:
            side = dq * h.r - dr * h.q
            (left if side > 0 else right).append((h.q, h.r))
    return tuple(entered), tuple(left), tuple(right)
