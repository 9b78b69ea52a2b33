"""Who sees one hex: a field-of-view sweep with exactly the answers of :class:`~engine.rules.sight.Sight`.

Asking :meth:`Sight.sees_at <engine.rules.sight.Sight.sees_at>` once per pair
costs the segment geometry of every new offset, which on a 40,000-hex map is
tens of thousands of offsets. :func:`seers` answers "which of these hexes see
``origin``" in one sweep outward from ``origin`` instead, with O(n log n)
comparisons for n hexes (inserting a shadow into the sorted list also moves the
list's tail, a memmove that stays small in practice), and gives the same set as
the pairwise checks (a test compares them on random maps). Why it is exact, with distances in hex steps from ``origin``:

- **Cones.** From ``origin``'s centre a hex ``h`` fills a closed angle between
  two extreme corners (less than half a turn: the centre lies outside ``h``).
  A centre-to-centre segment toward a direction strictly inside that angle
  crosses ``h``'s inside; one toward an extreme corner's direction only touches
  ``h`` (at the corner or along an edge), and ``h`` lies on the segment's left
  when that corner is its clockwise extreme, on the right when counter-clockwise.
- **Nearer rings are between the ends.** The hex-distance norm is a norm, and
  every point of a hex lies within 2/3 of its centre in it. So the part of a
  hex at distance ``k`` that a segment meets has norm in ``[k - 2/3, k + 2/3]``,
  while the segment to a target at distance ``d`` has norms ``0..d``. A hex at
  distance ``k <= d - 1`` met in the segment's direction is therefore met
  strictly between the ends; one at ``k >= d + 1`` never is.
- **The target's own ring.** A hex at distance ``d`` can be met only at points
  within 2/3 of the target's centre, so its own centre is within 4/3 of the
  target's: only the target's neighbours on its ring can be met, and those few
  are tested one by one with :func:`~engine.rules.segment.segment_meets`.

The sweep takes hexes ring by ring: a target is blocked when its direction is
inside the union of the open cones of blocking hexes on nearer rings, or when
it lies on a clockwise edge *and* a counter-clockwise edge of such cones (the
grazing rule of :mod:`engine.rules.sight`; with ``strict_edges`` either edge
blocks), or when a blocking neighbour on its own ring says so.

**Exact directions with floats.** A direction gets a key in ``[0, 4)`` that
grows counter-clockwise (a "diamond angle": one correctly rounded division of
two integers). Parallel integer vectors have equal ratios, hence bit-identical
keys; two different directions of integer vectors with coordinates up to ``M``
differ by at least ``1 / (4 M^2)`` in key, far above rounding error while
``M <= 10**6``. Keys start at a direction ``(L, 1)`` with ``L`` beyond every
coordinate, so no hex centre or corner lies on the cut. Farther apart than
that (a map 300,000 hexes across) :func:`seers` falls back to pairwise checks.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from typing import Final

from engine.rules.board import Board
from engine.rules.segment import CORNERS3, ENTERS, LEFT, RIGHT, segment_meets
from engine.rules.sight import _MAX_STAND, _WALL_TOP, Sight

__all__ = ["seers", "seers_pairwise"]

#: Largest scaled coordinate (3 x hex offset) for which float keys stay exact.
_EXACT_UP_TO: Final = 10**6


def seers(sight: Sight, origin: int, candidates: Iterable[int]) -> set[int]:
    """The indices among ``candidates`` standing where a unit sees a unit on ``origin``.

    Both stand at their board's standing height, as :meth:`Sight.sees` assumes:
    the result equals ``{i for i in candidates if sight.sees(i, origin)}``.
    ``origin`` itself, if among the candidates, is included. The caller
    guarantees valid indices of ``sight.board``.
    """
    board = sight.board
    stand = board.stand
    h0 = stand[origin]
    out: set[int] = set()
    groups: dict[int, list[int]] = {}
    for i in candidates:
        if i == origin:
            out.add(i)
            continue
        # the height threshold of the pair, as Sight.sees_at picks its blocking set
        t = h0 if stand[i] == h0 and sight.heights_block else _MAX_STAND
        groups.setdefault(t, []).append(i)
    if not groups:
        return out
    rings = _Rings(board, origin)
    if rings.scale > _EXACT_UP_TO:  # pragma: no cover - needs a map 300,000 hexes across
        return out | seers_pairwise(sight, origin, [i for group in groups.values() for i in group])
    tops = [
        _WALL_TOP if wall else (height if sight.heights_block else 0)
        for wall, height in zip(board.wall, board.height, strict=True)
    ]
    for t, group in groups.items():
        blockers = [j for j in rings.order if tops[j] > t]
        out |= rings.sweep(blockers, group, tops, t, sight.strict_edges)
    return out


def seers_pairwise(sight: Sight, origin: int, candidates: Iterable[int]) -> set[int]:
    """:func:`seers` by one :meth:`Sight.sees` per candidate: the reference for tests and benches."""
    return {i for i in candidates if sight.sees(i, origin)}


def _key(lead: int, x: int, y: int) -> float:
    """The key in ``[0, 4)`` of direction ``(x, y)``: a diamond angle, counter-clockwise from ``(lead, 1)``."""
    # (X, Y) is (x, y) turned and scaled so that (lead, 1) points along +X; orientation is kept
    xx = lead * x + y
    yy = lead * y - x
    if yy >= 0:
        if xx > 0:
            return yy / (xx + yy)
        return 1 + -xx / (yy - xx)
    if xx < 0:
        return 2 + -yy / (-xx - yy)
    return 3 + xx / (xx - yy)


class _Rings:
    """The hexes of a board as seen from one origin: distances, direction keys and cones."""

    __slots__ = ("board", "dq", "dr", "ring", "order", "scale", "lead")

    def __init__(self, board: Board, origin: int) -> None:
        self.board = board
        q0, r0 = board.q[origin], board.r[origin]
        dq = [q - q0 for q in board.q]
        dr = [r - r0 for r in board.r]
        self.dq, self.dr = dq, dr
        ring = [(abs(a) + abs(b) + abs(a + b)) >> 1 for a, b in zip(dq, dr, strict=True)]
        self.ring = ring
        order = sorted(range(board.n), key=ring.__getitem__)
        self.order = order[1:]  # the origin alone is at distance 0
        self.scale = 3 * max(max(map(abs, dq)), max(map(abs, dr))) + 2
        self.lead = self.scale + 1

    def cone(self, j: int) -> tuple[float, float]:
        """Keys of hex ``j``'s clockwise and counter-clockwise extreme corners."""
        x, y, lead = 3 * self.dq[j], 3 * self.dr[j], self.lead
        ks = [_key(lead, x + kq, y + kr) for kq, kr in CORNERS3]
        lo, hi = min(ks), max(ks)
        if hi - lo > 2:  # the cone holds the cut: its clockwise edge is the high key
            lo = min(k for k in ks if k > 2)
            hi = max(k for k in ks if k < 2)
        return lo, hi

    def sweep(
        self, blockers: list[int], targets: list[int], tops: list[int], t: int, strict: bool
    ) -> set[int]:
        """The targets no blocker hides from the origin (``blockers`` sorted by distance)."""
        ring, dq, dr, lead = self.ring, self.dq, self.dr, self.lead
        neighbors = self.board.neighbors
        starts: list[float] = []  # disjoint open intervals of shadow, sorted
        ends: list[float] = []
        clockwise: set[float] = set()  # edges of blocking cones: a target on one touches that hex
        counter: set[float] = set()
        out: set[int] = set()
        nb, bi = len(blockers), 0
        for i in sorted(targets, key=ring.__getitem__):
            d = ring[i]
            while bi < nb and ring[blockers[bi]] < d:
                lo, hi = self.cone(blockers[bi])
                bi += 1
                clockwise.add(lo)
                counter.add(hi)
                if lo < hi:
                    _shade(starts, ends, lo, hi)
                else:
                    _shade(starts, ends, lo, 5.0)
                    _shade(starts, ends, -1.0, hi)
                if ends[0] > 4.0 and starts[0] < 0.0:
                    return out  # one shadow all round: nothing farther is seen
            k = _key(lead, dq[i], dr[i])
            p = bisect_right(starts, k) - 1
            if p >= 0 and starts[p] < k < ends[p]:
                continue
            left, right = k in clockwise, k in counter
            entered = False
            for j in neighbors[i]:
                if ring[j] == d and tops[j] > t:
                    met = segment_meets(dq[i], dr[i], dq[j], dr[j])
                    entered |= met == ENTERS
                    left |= met == LEFT
                    right |= met == RIGHT
            if entered or (left and right) or (strict and (left or right)):
                continue
            out.add(i)
        return out


def _shade(starts: list[float], ends: list[float], a: float, b: float) -> None:
    """Add the open interval ``(a, b)`` to the sorted disjoint open intervals ``starts``/``ends``.

    Intervals merge only when they overlap: ``(a, b)`` and ``(b, c)`` stay two,
    since the direction ``b`` itself is in neither.
    """
    lo = bisect_right(ends, a)  # first interval ending after a
    hi = bisect_left(starts, b)  # first interval starting at or after b
    if lo < hi:
        a = min(a, starts[lo])
        b = max(b, ends[hi - 1])
    starts[lo:hi] = [a]
    ends[lo:hi] = [b]
