"""Per-map lookup tables shared by movement, sight and the game state.

A :class:`Board` numbers the hexes of a :class:`~engine.mapmodel.HexMap` ``0..n-1``
(sorted by ``(q, r)``) and keeps, per index, everything the rules ask about a hex:
ground height, standing height, terrain flags, spawn zone, kit, control point and
the on-map neighbours. Rules code works on these small integers and plain lists,
which is what makes floods and sight checks fast; the public functions in
:mod:`engine.rules.movement` and :mod:`engine.rules.sight` accept :class:`Hex`
values too.

Boards are immutable and cached per map object (:meth:`Board.for_map`), so many
game states, the validator and the editor share one.

Besides the compact index, the board lays the map out on a padded row-major grid
(``grid index = (r - r0 + 1) * width + (q - q0 + 1)``). Any offset ``(dq, dr)``
between two hexes is then one integer, and a set of hexes relative to a start is a
bit mask that can be shifted to any start; :mod:`engine.rules.sight` uses this.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable
from typing import Any, Final

from engine.hexgrid import DIRECTIONS, Hex
from engine.mapmodel import HexMap, Team, Terrain

__all__ = ["Board", "NO_TEAM", "TEAM_CODE", "TEAM_OF_CODE"]

#: Team codes used in the per-hex spawn table.
NO_TEAM: Final = 0
TEAM_CODE: Final = {Team.RED: 1, Team.BLU: 2}
TEAM_OF_CODE: Final = {1: Team.RED, 2: Team.BLU}

#: Default standing height of a low obstacle (001 "Map": standing on one counts as height 1).
DEFAULT_LOW_OBSTACLE_HEIGHT: Final = 1


def _qr(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


class Board:
    """Immutable lookup tables for one map; build with :meth:`for_map`.

    Per-index tuples (all of length :attr:`n`):

    - ``hexes``: the Hex of each index; ``index`` maps back (``dict``);
    - ``height``: ground height 0..2; ``stand``: the height a unit standing there
      is at (a low obstacle counts as ``max(ground, low_obstacle_height)``);
    - ``wall``, ``low``, ``stairs_up`` (direction or -1);
    - ``spawn``: team code (0 none, 1 RED, 2 BLU) of the spawn zone holding it;
    - ``kit``: first-aid kit there; ``control``: index of its control point or -1;
    - ``neighbors``: on-map neighbour indices (any terrain), and
      ``neighbor_dirs``: the same as ``(direction, index)`` pairs.
    """

    __slots__ = (
        "map",
        "n",
        "hexes",
        "index",
        "q",
        "r",
        "height",
        "stand",
        "wall",
        "low",
        "stairs_up",
        "spawn",
        "kit",
        "control",
        "neighbors",
        "neighbor_dirs",
        "low_obstacle_height",
        "grid_width",
        "grid",
        "grid_q0",
        "grid_r0",
        "_within",
        "_zones",
        "_at",
        "_r1",
        "_dist",
        "_dist0",
        "cache",
        "__weakref__",
    )

    def __init__(self, hexmap: HexMap, low_obstacle_height: int = DEFAULT_LOW_OBSTACLE_HEIGHT) -> None:
        """Build the tables (O(n)); prefer :meth:`for_map`, which caches."""
        self.map = hexmap
        self.low_obstacle_height = low_obstacle_height
        hexes = tuple(sorted(hexmap.cells, key=_qr))  # the same order as sorting Hex values
        self.hexes: tuple[Hex, ...] = hexes
        n = len(hexes)
        self.n: int = n
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(hexes)}
        qs = tuple([h.q for h in hexes])
        rs = tuple([h.r for h in hexes])
        self.q: tuple[int, ...] = qs
        self.r: tuple[int, ...] = rs
        cells = [hexmap.cells[h] for h in hexes]
        wall, low = Terrain.WALL, Terrain.LOW
        self.height: tuple[int, ...] = tuple([c.height for c in cells])
        self.wall: tuple[bool, ...] = tuple([c.terrain is wall for c in cells])
        self.low: tuple[bool, ...] = tuple([c.terrain is low for c in cells])
        self.stand: tuple[int, ...] = tuple(
            [max(c.height, low_obstacle_height) if c.terrain is low else c.height for c in cells]
        )
        self.stairs_up: tuple[int, ...] = tuple([c.stairs_up if c.stairs_up is not None else -1 for c in cells])
        index = self.index
        spawn = [NO_TEAM] * n
        for team in (Team.BLU, Team.RED):  # RED wins where zones overlap, as in HexMap.spawn_team
            for h in hexmap.spawns.get(team, ()):
                spawn[index[h]] = TEAM_CODE[team]
        self.spawn: tuple[int, ...] = tuple(spawn)
        kits = hexmap.kits
        self.kit: tuple[bool, ...] = tuple([h in kits for h in hexes])
        control = [-1] * n
        for k in range(len(hexmap.control_points) - 1, -1, -1):
            for h in hexmap.control_points[k]:
                control[index[h]] = k
        self.control: tuple[int, ...] = tuple(control)
        # padded row-major grid (see module docstring)
        q0, q1 = min(qs), max(qs)
        r0, r1 = min(rs), max(rs)
        self.grid_q0 = q0
        self.grid_r0 = r0
        w = 2 * (q1 - q0) + 3
        self.grid_width: int = w
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}
        self._zones: dict[int, tuple[int, ...]] = {}
        base = (1 - r0) * w + 1 - q0
        grid = tuple([r * w + q + base for q, r in zip(qs, rs, strict=True)])
        self.grid: tuple[int, ...] = grid
        # neighbours through the grid: one row of padding all round, so no step wraps or leaves it
        at = [-1] * ((r1 - r0 + 3) * w)
        for i, g in enumerate(grid):
            at[g] = i
        self._at: list[int] = at
        self._r1 = r1
        steps = [(d, v.r * w + v.q) for d, v in enumerate(DIRECTIONS)]
        nd: list[tuple[tuple[int, int], ...]] = []
        for g in grid:
            nd.append(tuple([(d, at[g + k]) for d, k in steps if at[g + k] >= 0]))
        self.neighbor_dirs: tuple[tuple[tuple[int, int], ...], ...] = tuple(nd)
        self.neighbors: tuple[tuple[int, ...], ...] = tuple([tuple([j for _, j in row]) for row in nd])
        self._dist: list[int] | None = None  # distance by grid offset, built on first use (see distance)
        self._dist0 = 0
        #: tables the rules build from this board on first use (by the name of the module or function that
        #: owns each): they live and die with the board, and a lookup here costs less than a weak-keyed one
        self.cache: dict[str, Any] = {}

    # -- construction ---------------------------------------------------------

    #: Boards held weakly: a board holds its map, so a strong entry would keep every map ever
    #: checked alive (tens of MB each at 40,000 hexes). The last few built stay alive for callers
    #: that ask again without keeping the board.
    _cache: weakref.WeakValueDictionary[tuple[int, int], Board] = weakref.WeakValueDictionary()
    _recent: deque[Board] = deque(maxlen=2)

    @classmethod
    def for_map(cls, hexmap: HexMap, low_obstacle_height: int = DEFAULT_LOW_OBSTACLE_HEIGHT) -> Board:
        """The board of ``hexmap``, built once per map object and reused while anyone holds it.

        ``HexMap`` is immutable, so the tables never go stale; an edited map is a
        new object and gets its own board.
        """
        key = (id(hexmap), low_obstacle_height)
        hit = cls._cache.get(key)
        if hit is not None and hit.map is hexmap:
            return hit
        board = cls(hexmap, low_obstacle_height)
        cls._cache[key] = board
        cls._recent.append(board)
        return board

    # -- queries ----------------------------------------------------------------

    def __len__(self) -> int:
        return self.n

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def __repr__(self) -> str:
        return f"<Board {self.map.meta.name!r}: {self.n} hexes>"

    def idx(self, h: Hex | int) -> int:
        """The index of ``h`` (an index is returned unchanged); raises KeyError off the map."""
        if isinstance(h, int):
            if not 0 <= h < self.n:
                raise KeyError(f"hex index {h} is not on this board (0..{self.n - 1})")
            return h
        try:
            return self.index[h]
        except KeyError:
            raise KeyError(f"hex {h} is not on the map") from None

    def indices(self, hexes: Iterable[Hex | int]) -> list[int]:
        """Indices of several hexes; raises KeyError for the first one off the map."""
        return [self.idx(h) for h in hexes]

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two indices (001 "Distance and Line of Sight").

        Read from a table by the two hexes' offset on the padded grid (see the
        module docstring), built on first use: rules, players and checks ask
        it millions of times, and a lookup costs half the arithmetic.
        """
        table = self._dist
        if table is None:
            table = self._distance_table()
        grid = self.grid
        return table[grid[b] - grid[a] + self._dist0]

    def _distance_table(self) -> list[int]:
        """Hex distance per grid offset ``k`` (at ``k + _dist0``): ``k = dr * w + dq`` with ``|dq| < w / 2``."""
        half = self.grid_width // 2  # the grid is 2 * half + 1 wide: k runs on from row to row
        rows = self._r1 - self.grid_r0 + 3
        table: list[int] = []
        for dr in range(-rows, rows + 1):
            table += [(abs(dq) + abs(dr) + abs(dq + dr)) >> 1 for dq in range(-half, half + 1)]
        self._dist0 = rows * self.grid_width + half
        self._dist = table
        return table

    def at(self, q: int, r: int) -> int:
        """The index of the hex at axial ``q, r``, or -1 when it is not on the map."""
        if not (self.grid_q0 <= q <= self.grid_q0 + (self.grid_width - 3) // 2 and self.grid_r0 <= r <= self._r1):
            return -1
        return self._at[(r - self.grid_r0 + 1) * self.grid_width + q - self.grid_q0 + 1]

    def within(self, center: int, radius: int) -> tuple[int, ...]:
        """Indices of the on-map hexes at distance <= ``radius`` from ``center`` (any terrain; cached).

        Ordered by ``dq`` then ``dr`` of the offset from ``center``.
        """
        key = (center, radius)
        hit = self._within.get(key)
        if hit is not None:
            return hit
        q, r = self.q[center], self.r[center]
        q0, r0, w, at = self.grid_q0, self.grid_r0, self.grid_width, self._at
        q1 = q0 + (w - 3) // 2
        out = []
        for qq in range(max(q - radius, q0), min(q + radius, q1) + 1):
            dq = qq - q
            lo = max(-radius, -dq - radius) + r
            hi = min(radius, -dq + radius) + r
            base = w + qq - q0 + 1 - r0 * w  # grid index of (qq, rr) is base + rr * w
            for rr in range(max(lo, r0), min(hi, self._r1) + 1):
                j = at[base + rr * w]
                if j >= 0:
                    out.append(j)
        result = tuple(out)
        self._within[key] = result
        return result

    def spawn_team(self, i: int) -> Team | None:
        """The team whose spawn zone holds index ``i``, or None."""
        return TEAM_OF_CODE.get(self.spawn[i])

    def spawn_zone(self, team: Team) -> tuple[int, ...]:
        """Indices of ``team``'s spawn zone, sorted (cached)."""
        code = TEAM_CODE[team]
        hit = self._zones.get(code)
        if hit is None:
            hit = self._zones[code] = tuple(i for i in range(self.n) if self.spawn[i] == code)
        return hit

    def in_enemy_spawn(self, i: int, team: Team) -> bool:
        """True if ``i`` lies in the spawn zone of ``team``'s opponent."""
        s = self.spawn[i]
        return s != NO_TEAM and s != TEAM_CODE[team]
