"""Where a unit can walk: step rules and breadth-first movement floods.

The step rule is a :class:`MoveProfile`, so every game shares one flood:

- King of the Board (001 "Movement"): a step may go up at most one standing
  height level and down any number; walls never; low obstacles only for units
  that can jump them (the Scout's double jump, 001 "Units").
- Payload Race (002 "Moving examples"): going up needs stairs
  (:attr:`Climb.STAIRS_ONLY`).
- In both, a team never enters the other team's spawn zone (001 "Map").

Units do not block movement (001 "Movement": units pass through one another);
the game removes occupied hexes from the *destinations* only, see ``occupied``
in :func:`flood`.

With :attr:`MoveProfile.keep_height` (the Scout's double jump, "keeps his height
while moving"; see docs/rules.md) the climb limit of a step is measured from the
highest standing height reached earlier in the same move, so the flood runs over
(hex, carried height) states.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from engine.rules.board import TEAM_CODE, Board
from engine.rules.graphs import strong_regions

__all__ = [
    "Climb",
    "KOTH_WALK",
    "MoveProfile",
    "Reach",
    "bounded_reach",
    "can_step",
    "destination_table",
    "destinations",
    "flood",
    "reachable",
    "pockets",
    "steps_to",
]


class Climb(StrEnum):
    """How a step may gain height."""

    #: Up one level per step, down freely (001 "Movement").
    ONE_LEVEL = "one_level"
    #: Up only by leaving a stairs hex in its up direction, down freely (002 "Moving examples").
    STAIRS_ONLY = "stairs_only"


@dataclass(frozen=True, slots=True)
class MoveProfile:
    """How one unit moves: climb rule, low obstacles, carried height, team.

    ``over_low``: may step onto (and so over) low obstacles.
    ``keep_height``: the climb limit counts from the highest standing height
    reached earlier in the move, not from the current hex.
    ``team``: the mover's team; the opposing spawn zone is closed to it. None
    ignores spawn zones (used by map checks that ask about terrain alone).
    ``max_climb``: levels a single step may gain under :attr:`Climb.ONE_LEVEL`.
    """

    climb: Climb = Climb.ONE_LEVEL
    over_low: bool = False
    keep_height: bool = False
    team: Team | None = None
    max_climb: int = 1

    def for_team(self, team: Team | None) -> MoveProfile:
        """The same profile for another team."""
        return MoveProfile(self.climb, self.over_low, self.keep_height, team, self.max_climb)


#: A King of the Board unit without specials, ignoring spawn zones.
KOTH_WALK: Final = MoveProfile()


def _closed_code(profile: MoveProfile) -> int:
    """Spawn code the mover may not enter (-1 when none)."""
    if profile.team is None:
        return -1
    return TEAM_CODE[profile.team.other]


def can_step(board: Board, a: int, b: int, profile: MoveProfile, carried: int | None = None) -> bool:
    """Whether a unit may step from index ``a`` to the adjacent index ``b``.

    ``carried`` is the height the climb limit counts from (the standing height of
    ``a`` when None). The caller guarantees ``a`` and ``b`` are neighbours.
    """
    if board.wall[b] or (board.low[b] and not profile.over_low):
        return False
    if profile.team is not None and board.spawn[b] == _closed_code(profile):
        return False
    up_from = board.stand[a] if carried is None else carried
    hb = board.stand[b]
    if hb <= up_from:
        return True
    if profile.climb is Climb.ONE_LEVEL:
        return hb - up_from <= profile.max_climb
    # stairs only: one level, leaving a stairs hex in its up direction
    if hb - board.stand[a] != 1 or board.stairs_up[a] < 0:
        return False
    for d, j in board.neighbor_dirs[a]:
        if j == b:
            return d == board.stairs_up[a]
    return False


def _per_board(name: str, board: Board) -> dict[Any, Any]:
    """The cache ``name`` of ``board`` (:attr:`Board.cache`), empty on first use: it goes when the board goes."""
    hit = board.cache.get(name)
    if hit is None:
        hit = board.cache[name] = {}
    return hit


@dataclass(frozen=True, slots=True)
class _Tables:
    """Successor lists of one (board, profile): per state, the states one step away."""

    succ: tuple[tuple[int, ...], ...]
    states_per_hex: int

    def start(self, board: Board, i: int) -> int:
        """The state of a unit on board index ``i`` as a move starts: with heights kept, it carries its own
        standing height (see :func:`_build_tables`)."""
        return i * 3 + board.stand[i] if self.states_per_hex == 3 else i


def _tables(board: Board, profile: MoveProfile) -> _Tables:
    """The successor tables of ``(board, profile)``, cached per board object.

    A team's table is the team-agnostic one (``team=None``, built once and
    shared by both teams) with the steps into the closed enemy spawn removed;
    only rows next to that spawn change, so it costs O(n) to derive.
    """
    per_board: dict[MoveProfile, _Tables] = _per_board("movement.tables", board)
    hit = per_board.get(profile)
    if hit is not None:
        return hit
    if profile.team is None:
        t = _build_tables(board, profile)
    else:
        t = _close_spawn(board, _tables(board, profile.for_team(None)), _closed_code(profile))
    per_board[profile] = t
    return t


def _build_tables(board: Board, profile: MoveProfile) -> _Tables:
    """Successor tables ignoring spawn zones; the same steps as :func:`can_step`, row by row.

    Without ``keep_height`` a state is a hex index; with it, ``i * 3 + carried``
    where ``carried`` (0..2) is the highest standing height reached earlier, and a
    step leads to ``j * 3 + max(carried, stand[i], stand[j])``. Successors keep
    the board's neighbour-direction order.
    """
    stand = board.stand
    stairs = board.stairs_up
    over_low = profile.over_low
    open_ = [not (w or (lo and not over_low)) for w, lo in zip(board.wall, board.low, strict=True)]
    one_level = profile.climb is Climb.ONE_LEVEL
    limit = max(profile.max_climb, 0)  # can_step: down always, up at most max_climb
    nd = board.neighbor_dirs

    def row(i: int, carried: int) -> tuple[int, ...]:
        """Hexes one step from ``i`` when the climb counts from ``carried``."""
        if one_level:
            top = carried + limit
            return tuple([j for _, j in nd[i] if open_[j] and stand[j] <= top])
        si, up = stand[i], stairs[i]
        return tuple([j for d, j in nd[i] if open_[j] and (stand[j] <= carried or (d == up and stand[j] - si == 1))])

    if not profile.keep_height:
        return _Tables(tuple([row(i, stand[i]) for i in range(board.n)]), 1)
    states: list[tuple[int, ...]] = []
    for i in range(board.n):
        si = stand[i]
        same: tuple[int, ...] | None = None
        for c in range(3):
            if c <= si and same is not None:
                states.append(same)
                continue
            carried = c if c > si else si
            out = tuple([j * 3 + (carried if carried >= stand[j] else stand[j]) for j in row(i, carried)])
            if c <= si:
                same = out
            states.append(out)
    return _Tables(tuple(states), 3)


def _close_spawn(board: Board, base: _Tables, closed: int) -> _Tables:
    """``base`` with every step into a hex of spawn code ``closed`` removed (order kept)."""
    spawn = board.spawn
    k = base.states_per_hex
    succ = list(base.succ)
    rows: set[int] = set()
    for j in range(board.n):
        if spawn[j] == closed:
            rows.update(board.neighbors[j])
    for i in rows:
        for s in range(i * k, i * k + k):
            succ[s] = tuple([u for u in succ[s] if spawn[u // k] != closed])
    return _Tables(tuple(succ), k)


class Reach:
    """The result of a flood: step distances and one shortest path per hex.

    Distances count steps from the nearest start. Paths are deterministic
    (breadth-first in neighbour-direction order) and include both ends.
    Destinations are the reached hexes that are not ``occupied``.
    """

    __slots__ = ("board", "_dist", "_parent", "_k", "_seen", "_occ")

    def __init__(
        self,
        board: Board,
        dist: list[int],
        parent: list[int],
        k: int,
        seen: list[int],
        occupied: frozenset[int] | set[int],
    ) -> None:
        self.board = board
        self._dist = dist
        self._parent = parent
        self._k = k
        self._seen = seen
        self._occ = occupied

    def _end(self, h: Hex | int) -> int | None:
        """Best state for destination ``h``, or None."""
        i = self.board.index.get(h) if isinstance(h, Hex) else h
        if i is None or not 0 <= i < self.board.n or i in self._occ:
            return None
        d = self._dist
        if self._k == 1:
            return i if d[i] >= 0 else None
        best = None
        for s in (3 * i, 3 * i + 1, 3 * i + 2):
            if d[s] >= 0 and (best is None or d[s] < d[best]):
                best = s
        return best

    def distances(self) -> dict[int, int]:
        """Destination index -> steps (starts included, at 0 unless occupied)."""
        d = self._dist
        occ = self._occ
        if self._k == 1:
            return {s: d[s] for s in self._seen if s not in occ}
        out: dict[int, int] = {}
        for s in self._seen:  # seen is in order of distance
            i = s // 3
            if i not in out and i not in occ:
                out[i] = d[s]
        return out

    def indices(self) -> list[int]:
        """Destination indices, nearest first."""
        return list(self.distances())

    def reachable(self) -> dict[Hex, int]:
        """Destination Hex -> steps."""
        hexes = self.board.hexes
        return {hexes[i]: v for i, v in self.distances().items()}

    def __contains__(self, h: object) -> bool:
        return isinstance(h, (Hex, int)) and self._end(h) is not None

    def __len__(self) -> int:
        return len(self.distances())

    def distance(self, h: Hex | int) -> int | None:
        """Steps to ``h``, or None if it is not a destination."""
        s = self._end(h)
        return None if s is None else self._dist[s]

    def path_indices(self, h: Hex | int) -> list[int]:
        """Indices from a start to ``h``, both included; raises KeyError if not a destination."""
        s = self._end(h)
        if s is None:
            raise KeyError(f"{h} is not reachable")
        out = []
        k = self._k
        while s >= 0:
            out.append(s // k)
            s = self._parent[s]
        out.reverse()
        return out

    def path(self, h: Hex | int) -> list[Hex]:
        """Hexes from a start to ``h``, both included; raises KeyError if not a destination."""
        hexes = self.board.hexes
        return [hexes[i] for i in self.path_indices(h)]


def flood(
    board: Board,
    starts: Iterable[Hex | int],
    profile: MoveProfile = KOTH_WALK,
    max_steps: int | None = None,
    occupied: Collection[int] = (),
    blocked: Collection[int] = (),
) -> Reach:
    """Breadth-first flood from ``starts`` under ``profile``, at most ``max_steps`` steps.

    Hexes in ``occupied`` (indices) are passed through but are not destinations
    (001 "Movement": units pass through one another, one unit per hex at the end
    of a turn); hexes in ``blocked`` are never entered (002: an enemy token or a
    cart in the way). Start hexes are destinations at distance 0 unless occupied.
    Starts may be Hex or index values; raises KeyError for a start off the map.
    """
    t = _tables(board, profile)
    k = t.states_per_hex
    succ = t.succ
    size = board.n * k
    dist = [-1] * size
    parent = [-1] * size
    frontier: list[int] = []
    seen: list[int] = []
    for h in starts:
        i = board.idx(h)
        s = t.start(board, i)
        if dist[s] < 0:
            dist[s] = 0
            frontier.append(s)
            seen.append(s)
    limit = size if max_steps is None else max_steps
    if blocked:  # a blocked hex is never entered: mark its states as seen
        for i in blocked:
            for s in range(i * k, i * k + k):
                if dist[s] < 0:
                    dist[s] = -2
    step = 0
    while frontier and step < limit:
        step += 1
        nxt: list[int] = []
        push = nxt.append
        for s in frontier:
            for u in succ[s]:
                if dist[u] == -1:
                    dist[u] = step
                    parent[u] = s
                    push(u)
        frontier = nxt
        seen.extend(nxt)
    if blocked:
        dist = [-1 if d == -2 else d for d in dist]
    occ = occupied if isinstance(occupied, (set, frozenset)) else set(occupied)
    return Reach(board, dist, parent, k, seen, occ)


def destination_table(board: Board, profile: MoveProfile, max_steps: int) -> dict[int, tuple[int, ...]]:
    """The shared cache behind :func:`destinations` for one ``(board, profile, max_steps)``: start -> destinations.

    Callers that ask often may keep the dict and look starts up themselves,
    falling back to :func:`destinations` on a miss (which fills it).
    """
    per_board: dict[tuple[MoveProfile, int], dict[int, tuple[int, ...]]] = _per_board("movement.destinations", board)
    key = (profile, max_steps)
    table = per_board.get(key)
    if table is None:
        table = per_board[key] = {}
    return table


def destinations(board: Board, start: int, profile: MoveProfile, max_steps: int) -> tuple[int, ...]:
    """Where a unit on index ``start`` can move in ``max_steps`` steps when no other unit is on the map.

    The destinations of ``flood(board, [start], profile, max_steps)`` without the
    start, nearest first in flood order; cached per board. Units never block a
    move, so with units on ``occupied`` the destinations are exactly these minus
    ``occupied``, in the same order (what the game uses for a unit's moves).
    """
    table = destination_table(board, profile, max_steps)
    hit = table.get(start)
    if hit is None:
        hit = table[start] = _bounded_destinations(board, start, profile, max_steps)
    return hit


def _bounded_destinations(board: Board, start: int, profile: MoveProfile, max_steps: int) -> tuple[int, ...]:
    """:func:`flood`'s destinations from one start without the start, for a short move (see :func:`bounded_reach`)."""
    return bounded_reach(board, start, profile, max_steps)[0]


def bounded_reach(board: Board, start: int, profile: MoveProfile, max_steps: int,
                  blocked: Collection[int] = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(destinations, steps to each): :func:`flood`'s from one start, without the start, for a short move.

    The same breadth-first order as :func:`flood` (states in the order first
    reached; a hex at the first of its states), hexes in ``blocked`` never
    entered as there, with a set instead of whole-board arrays, so its cost
    follows the few hexes reached, not the size of the map. Raises KeyError for
    a start off the board.
    """
    t = _tables(board, profile)
    k = t.states_per_hex
    succ = t.succ
    if start < 0 or start >= board.n:
        raise KeyError(f"hex index {start} is not on this board (0..{board.n - 1})")
    first = t.start(board, start)
    seen = {first}
    for i in blocked:
        seen.update(range(i * k, i * k + k))
    order = [first]
    layers = [0]
    frontier = [first]
    for step in range(1, max_steps + 1):
        nxt = []
        for s in frontier:
            for u in succ[s]:
                if u not in seen:
                    seen.add(u)
                    nxt.append(u)
        if not nxt:
            break
        order.extend(nxt)
        layers.extend([step] * len(nxt))
        frontier = nxt
    if k == 1:
        return tuple(order[1:]), tuple(layers[1:])
    out: list[int] = []
    steps: list[int] = []
    got = {start}
    for s, d in zip(order, layers, strict=True):
        i = s // 3
        if i not in got:
            got.add(i)
            out.append(i)
            steps.append(d)
    return tuple(out), tuple(steps)


def _predecessors(board: Board, profile: MoveProfile) -> tuple[tuple[int, ...], ...]:
    """The successor tables of ``(board, profile)`` reversed, cached per board."""
    per_board: dict[MoveProfile, tuple[tuple[int, ...], ...]] = _per_board("movement.pred", board)
    hit = per_board.get(profile)
    if hit is None:
        succ = _tables(board, profile).succ
        pred: list[list[int]] = [[] for _ in succ]
        for s, nxt in enumerate(succ):
            for u in nxt:
                pred[u].append(s)
        hit = per_board[profile] = tuple(tuple(p) for p in pred)
    return hit


def steps_to(board: Board, targets: Collection[int], profile: MoveProfile) -> tuple[int, ...]:
    """Per board index, the fewest steps a unit walking by ``profile`` needs to reach any of ``targets``.

    The walk of :func:`flood` run backwards (stairs lead up one way only, so the
    steps *to* a hex are not the steps *from* it), with no units on the map; a
    unit counts from its own standing height, as at the start of a move. -1 where
    no target can be reached; 0 on a target. Cached per board and target set;
    raises IndexError for a target off the board.
    """
    key = (profile, frozenset(targets))
    per_board: dict[tuple[MoveProfile, frozenset[int]], tuple[int, ...]] = _per_board("movement.steps_to", board)
    hit = per_board.get(key)
    if hit is not None:
        return hit  # a target set off the board is never kept: it raises below
    if any(not 0 <= i < board.n for i in key[1]):
        raise IndexError(f"a target is off the board (indices 0..{board.n - 1}): {sorted(key[1])}")
    t = _tables(board, profile)
    k = t.states_per_hex
    pred = _predecessors(board, profile)
    dist = [-1] * (board.n * k)
    frontier = [i * k + c for i in key[1] for c in range(k)]
    for s in frontier:
        dist[s] = 0
    step = 0
    while frontier:
        step += 1
        nxt_frontier = []
        for s in frontier:
            for p in pred[s]:
                if dist[p] < 0:
                    dist[p] = step
                    nxt_frontier.append(p)
        frontier = nxt_frontier
    out = tuple(dist[t.start(board, i)] for i in range(board.n))
    per_board[key] = out
    return out


def pockets(board: Board, starts: Iterable[Hex | int], profile: MoveProfile) -> tuple[int, ...]:
    """Board indices a unit walking by ``profile`` from ``starts`` can get to but never walk out of again:
    a pit it drops into, a ledge that only leads down into one (sorted; empty on most maps).

    The hexes reachable from ``starts`` fall into regions a walk can go round in
    (strongly connected); the largest is the map's main ground, and every
    reachable hex that cannot walk back to it is in a pocket. A one-way drop out of
    a spawn is not a pocket (it leads to the main ground). A move may end on any
    hex it reaches, and the next starts from there (the Scout's kept height, too).
    Cached per board, profile and starts; raises KeyError for a start off the map.
    """
    t = _tables(board, profile)
    roots = frozenset(t.start(board, board.idx(h)) for h in starts)
    cache: dict[tuple[MoveProfile, frozenset[int]], tuple[int, ...]] = _per_board("movement.pockets", board)
    hit = cache.get((profile, roots))
    if hit is None:
        k = t.states_per_hex
        succ = t.succ
        if k == 3:  # a unit may end its move anywhere and start the next from its own height
            succ = tuple(nxt + ((r,) if (r := t.start(board, s // 3)) != s else ()) for s, nxt in enumerate(succ))
        regions = strong_regions(succ, roots)
        hit = ()
        if len(regions) > 1:
            main = max(regions, key=lambda g: (len({s // k for s in g}), -min(g)))
            pred = _predecessors(board, profile)
            back = bytearray(len(succ))  # the states that can walk to the main ground
            for s in main:
                back[s] = 1
            frontier = list(main)
            while frontier:
                u = frontier.pop()
                came = pred[u]
                if k == 3 and t.start(board, u // 3) == u:  # ...and the moves that ended on its hex
                    came = (*came, *range(u - u % 3, u - u % 3 + 3))
                for p in came:
                    if not back[p]:
                        back[p] = 1
                        frontier.append(p)
            # a move ends on a hex and the next starts from its own height there: its start state decides
            hit = tuple(sorted({s // k for g in regions for s in g if not back[t.start(board, s // k)]}))
        cache[(profile, roots)] = hit
    return hit


def reachable(
    hexmap: HexMap,
    start: Hex | Iterable[Hex],
    profile: MoveProfile = KOTH_WALK,
    max_steps: int | None = None,
) -> dict[Hex, int]:
    """Hexes reachable on ``hexmap`` from ``start`` (one hex or several) -> steps.

    A convenience over :func:`flood` for callers holding a map (the validator);
    raises KeyError for a start off the map.
    """
    board = Board.for_map(hexmap)
    starts = [start] if isinstance(start, Hex) else list(start)
    return flood(board, starts, profile, max_steps).reachable()
