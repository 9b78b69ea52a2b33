"""Line of sight between hex centres (001 "Distance and Line of Sight").

The rule, in our words: sight runs along the straight segment from the centre of
one hex to the centre of the other. A wall on that segment always blocks it. When
both ends stand at the same height, ground higher than that height on the segment
blocks it too; when they stand at different heights only walls block (a unit can
look up or down). Low obstacles never block: only the ground under them counts.
The two end hexes never block. Hexes missing from the map (holes) block nothing.

**Lines that graze hexes.** Some centre-to-centre segments run exactly along an
edge between two hexes, or through a corner, touching hexes without entering
them (``hex_linedraw`` breaks such ties one way with a nudge, which makes sight
depend on the direction it is traced). Here a touched-but-not-entered hex is put
on the *left* or *right* of the segment, and by default (``strict_edges=False``)
the segment is clear if it would be clear when shifted a hair to either side:
blocked when an entered hex blocks, or when a left-touched *and* a
right-touched hex block. With ``strict_edges=True`` any touched blocking hex
blocks. Both rules are symmetric: A sees B exactly when B sees A.

Which hexes a segment enters or touches depends only on the offset between its
ends; it is computed once per offset, exactly, in integer arithmetic by
:mod:`engine.rules.segment` (which agrees with shapely's predicates on the hex
polygons; a test compares them), and cached for the process. Each :class:`Sight` turns those hex lists
into bit masks over the board's padded grid (see :mod:`engine.rules.board`) and
keeps, per height threshold, a bit set of blocking hexes, so one check is a dict
lookup, a shift and two ``&``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.rules.board import Board
from engine.rules.segment import Offsets, canonical_segment, segment_hexes

__all__ = ["Sight", "SightLine", "line_of_sight", "sight_line"]

#: Blocking level of a wall: above any standing height.
_WALL_TOP: Final = 3
_MAX_STAND: Final = 2


@dataclass(frozen=True, slots=True)
class SightLine:
    """The hexes strictly between two centres that the segment enters or grazes.

    ``entered``: hexes whose inside the segment crosses; ``left`` / ``right``:
    hexes it only touches (along an edge or at a corner), by side of the segment
    seen from the start. All exclude both ends; each tuple is sorted.
    """

    entered: tuple[Hex, ...]
    left: tuple[Hex, ...]
    right: tuple[Hex, ...]

    @property
    def grazes(self) -> bool:
        """True if the segment runs along an edge or through a corner somewhere."""
        return bool(self.left or self.right)

    def all(self) -> tuple[Hex, ...]:
        """Every hex the segment enters or touches, sorted."""
        return tuple(sorted(self.entered + self.left + self.right))


_GEOMETRY: dict[tuple[int, int], Offsets] = {}


def _offset_geometry(dq: int, dr: int) -> Offsets:
    """(entered, left, right) hex offsets for the segment from 0,0 to dq,dr (cached)."""
    key = (dq, dr)
    hit = _GEOMETRY.get(key)
    if hit is not None:
        return hit
    out = segment_hexes(dq, dr)
    if len(_GEOMETRY) > 200_000:
        _GEOMETRY.clear()
    _GEOMETRY[key] = out
    return out


def _bits(positions: Iterable[int]) -> int:
    """The integer with exactly the given bit positions set (built in one go, not bit by bit)."""
    ps = list(positions)
    if not ps:
        return 0
    buf = bytearray(max(ps) // 8 + 1)
    for p in ps:
        buf[p >> 3] |= 1 << (p & 7)
    return int.from_bytes(buf, "little")


#: (entered, left, right) bit masks per (grid width, grid offset), shared by every board of that width.
_MASKS: dict[tuple[int, int], tuple[int, int, int]] = {}


def _offset_masks(dq: int, dr: int, w: int) -> tuple[int, int, int]:
    """(entered, left, right) bit masks of offset ``dq,dr`` on a padded grid of width ``w``.

    Bits are relative to a start one row down (``r * w + q + w``). Built straight
    from the canonical segment: hex ``(q', r')`` there is bit
    ``q' * (c w + a) + r' * (d w + b) + w`` for the map-back matrix ``(a, b, c, d)``.
    """
    (entered, left, right), (a, b, c, d), reflects = canonical_segment(dq, dr)
    sq, sr = c * w + a, d * w + b
    out = []
    for hs in (entered, left, right):
        m = 0
        for q, r in hs:
            m |= 1 << (q * sq + r * sr + w)
        out.append(m)
    e, lm, rm = out
    return (e, rm, lm) if reflects else (e, lm, rm)


def sight_line(a: Hex, b: Hex) -> SightLine:
    """The hexes between the centres of ``a`` and ``b`` (map-independent geometry)."""
    entered, left, right = _offset_geometry(b.q - a.q, b.r - a.r)

    def shift(hs: tuple[tuple[int, int], ...]) -> tuple[Hex, ...]:
        return tuple(sorted(Hex(a.q + q, a.r + r) for q, r in hs))

    return SightLine(shift(entered), shift(left), shift(right))


class Sight:
    """Fast line-of-sight checks on one board.

    ``heights_block``: True for 001 (same-height shooters are blocked by higher
    ground); False for games where only walls block (002 "Attacking examples").
    ``strict_edges``: see the module docstring. Get instances with
    :meth:`for_board` (cached).
    """

    __slots__ = ("board", "heights_block", "strict_edges", "_grid", "_w", "_blocks", "_masks", "__weakref__")

    def __init__(self, board: Board, heights_block: bool = True, strict_edges: bool = False) -> None:
        self.board = board
        self.heights_block = heights_block
        self.strict_edges = strict_edges
        self._grid = board.grid
        self._w = board.grid_width
        tops = [
            _WALL_TOP if wall else (height if heights_block else 0)
            for wall, height in zip(board.wall, board.height, strict=True)
        ]
        # blocks[t]: grid bits of the hexes that block sight between two units standing at t
        self._blocks = [_bits(g for g, top in zip(board.grid, tops, strict=True) if top > t) for t in range(_MAX_STAND + 1)]
        self._masks: dict[int, tuple[int, int, int]] = {}

    _cache: dict[tuple[int, bool, bool], tuple[Board, Sight]] = {}

    @classmethod
    def for_board(cls, board: Board, heights_block: bool = True, strict_edges: bool = False) -> Sight:
        """The cached Sight of ``board`` with these rules."""
        key = (id(board), heights_block, strict_edges)
        hit = cls._cache.get(key)
        if hit is not None and hit[0] is board:
            return hit[1]
        if len(cls._cache) > 8:  # each entry keeps a board (and its map) alive: tens of MB on a large map
            cls._cache.clear()
        s = cls(board, heights_block, strict_edges)
        cls._cache[key] = (board, s)
        return s

    def _build(self, k: int) -> tuple[int, int, int]:
        w = self._w
        key = (w, k)
        masks = _MASKS.get(key)
        if masks is None:
            dr = (k + w // 2) // w
            dq = k - dr * w
            masks = _offset_masks(dq, dr, w)
            if len(_MASKS) > 200_000:
                _MASKS.clear()
            _MASKS[key] = masks
        e, lm, rm = masks
        out = (e | lm | rm, 0, 0) if self.strict_edges else (e, lm, rm)
        self._masks[k] = out
        return out

    def sees_at(self, a: int, b: int, ha: int, hb: int) -> bool:
        """Whether indices ``a`` (standing at ``ha``) and ``b`` (at ``hb``) see each other.

        Symmetric in (a, ha) <-> (b, hb). The caller guarantees valid indices and
        heights 0..2.
        """
        g = self._grid
        ga = g[a]
        k = g[b] - ga
        if k <= 0:
            if k == 0:
                return True
            k = -k
            ga = g[b]
        e = self._masks.get(k)
        if e is None:
            e = self._build(k)
        x = self._blocks[ha if ha == hb else 2] >> (ga - self._w)
        if x & e[0]:
            return False
        return not (e[1] and x & e[1] and x & e[2])

    def sees(self, a: int, b: int) -> bool:
        """Whether units standing on indices ``a`` and ``b`` see each other."""
        stand = self.board.stand
        return self.sees_at(a, b, stand[a], stand[b])

    def blockers(self, a: int, b: int, ha: int | None = None, hb: int | None = None) -> list[int]:
        """Indices of the hexes that block sight from ``a`` to ``b`` (empty when clear).

        For a grazing line blocked on both sides, both sides' blockers are listed.
        Heights default to the standing heights.
        """
        board = self.board
        ha = board.stand[a] if ha is None else ha
        hb = board.stand[b] if hb is None else hb
        t = ha if (ha == hb and self.heights_block) else _MAX_STAND
        line = sight_line(board.hexes[a], board.hexes[b])

        def blocking(hs: tuple[Hex, ...]) -> list[int]:
            out = []
            for h in hs:
                i = board.index.get(h)
                if i is None:
                    continue
                top = _WALL_TOP if board.wall[i] else (board.height[i] if self.heights_block else 0)
                if top > t:
                    out.append(i)
            return out

        hard = blocking(line.entered)
        left, right = blocking(line.left), blocking(line.right)
        if self.strict_edges:
            return sorted(hard + left + right)
        if left and right:
            return sorted(hard + left + right)
        return hard


def line_of_sight(
    where: HexMap | Board,
    a: Hex,
    b: Hex,
    ha: int | None = None,
    hb: int | None = None,
    *,
    heights_block: bool = True,
    strict_edges: bool = False,
) -> bool:
    """Whether a unit on ``a`` and one on ``b`` see each other (001 rule, see module doc).

    ``ha`` / ``hb`` are the standing heights (default: the board's standing height
    of each hex). Raises KeyError if either hex is off the map.
    """
    board = where if isinstance(where, Board) else Board.for_map(where)
    i, j = board.idx(a), board.idx(b)
    s = Sight.for_board(board, heights_block, strict_edges)
    return s.sees_at(i, j, board.stand[i] if ha is None else ha, board.stand[j] if hb is None else hb)
