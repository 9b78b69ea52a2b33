"""Static target geometry, cached per board: what a unit on a hex could reach or aim at if no unit stood anywhere.

The game state asks these many times with the same arguments (every decision of
every game on a map), and the answers depend on the map alone, so they are
computed once per :class:`~engine.rules.sight.Sight` (a board with its sight
rules) and shared by all games on it. Units are the caller's business: it drops
occupied hexes (with :class:`~engine.rules.legal.Excluding` and the position
maps returned here) or checks who stands on the returned hexes.
"""

from __future__ import annotations

from engine.rules.areas import cone
from engine.rules.memo import make_room
from engine.rules.movement import MoveProfile, bounded_reach, destinations
from engine.rules.sight import Sight

__all__ = ["Cells", "TargetTables"]

#: Board indices in a fixed order, and each one's position in it.
Cells = tuple[tuple[int, ...], dict[int, int]]


def _cells(seq: tuple[int, ...]) -> Cells:
    return seq, {c: i for i, c in enumerate(seq)}


class TargetTables:
    """Cached target geometry of one :class:`Sight` (get it with :meth:`for_sight`).

    Every method returns board indices in a fixed order and caches by its
    arguments; the tables hold no game state.
    """

    __slots__ = ("sight", "board", "_lob", "_cones", "_landing", "_moves", "_steps", "_avoiding", "_shots",
                 "__weakref__")

    #: By id of the Sight. Not weak: the tables refer to their Sight, so weak keys never died
    #: and every map ever played kept its board and sight alive. Bounded instead.
    _cache: dict[int, TargetTables] = {}

    def __init__(self, sight: Sight) -> None:
        self.sight = sight
        self.board = sight.board
        self._lob: dict[tuple[int, int, int, bool], Cells] = {}
        self._cones: dict[tuple[int, int, bool], tuple[tuple[int, ...], ...]] = {}
        self._landing: dict[tuple[int, int, int], Cells] = {}
        self._moves: dict[tuple[MoveProfile, int], dict[int, Cells]] = {}
        self._steps: dict[tuple[MoveProfile, int], dict[int, tuple[int, ...]]] = {}
        self._avoiding: dict[tuple[MoveProfile, int], dict[tuple[int, frozenset[int]], Cells]] = {}
        self._shots: dict[tuple[int, int, bool], dict[int, bool]] = {}

    @classmethod
    def for_sight(cls, sight: Sight) -> TargetTables:
        """The shared tables of ``sight`` (built empty on first use)."""
        hit = cls._cache.get(id(sight))
        if hit is None or hit.sight is not sight:
            if len(cls._cache) >= 8:
                cls._cache.clear()
            hit = cls._cache[id(sight)] = cls(sight)
        return hit

    def move_table(self, profile: MoveProfile, speed: int) -> dict[int, Cells]:
        """The cache behind :meth:`moves` for one profile and speed (start -> cells); callers may keep it."""
        key = (profile, speed)
        table = self._moves.get(key)
        if table is None:
            table = self._moves[key] = {}
        return table

    def moves(self, profile: MoveProfile, speed: int, cell: int) -> Cells:
        """:func:`~engine.rules.movement.destinations` of a unit on ``cell``, with positions."""
        table = self.move_table(profile, speed)
        hit = table.get(cell)
        if hit is None:
            hit = table[cell] = _cells(destinations(self.board, cell, profile, speed))
        return hit

    def move_steps(self, profile: MoveProfile, speed: int, cell: int) -> tuple[int, ...]:
        """The steps to each of :meth:`moves`' cells, in the same order (cached)."""
        table = self._steps.get((profile, speed))
        if table is None:
            table = self._steps[(profile, speed)] = {}
        hit = table.get(cell)
        if hit is None:
            hit = table[cell] = bounded_reach(self.board, cell, profile, speed)[1]
        return hit

    def moves_avoiding(self, profile: MoveProfile, speed: int, cell: int, blocked: frozenset[int]) -> Cells:
        """:meth:`moves` when the unit may not enter the hexes ``blocked`` (and no unit stands anywhere):
        :func:`~engine.rules.movement.bounded_reach`'s destinations, with positions. Cached by ``blocked``
        too, so pass only the blocked hexes that change the answer: those :meth:`move_steps` puts closer
        than ``speed`` (one that far can only be left out, and one out of reach changes nothing)."""
        table = self._avoiding.get((profile, speed))
        if table is None:
            table = self._avoiding[(profile, speed)] = {}
        hit = table.get((cell, blocked))
        if hit is None:
            make_room(table, 10_000)
            hit = table[(cell, blocked)] = _cells(bounded_reach(self.board, cell, profile, speed, blocked)[0])
        return hit

    def shot_table(self, min_range: int, max_range: int, straight: bool) -> dict[int, bool]:
        """The cache behind :meth:`can_shoot` for one range and line rule, keyed ``a * n + b``; callers may keep it."""
        key = (min_range, max_range, straight)
        table = self._shots.get(key)
        if table is None:
            table = self._shots[key] = {}
        return table

    def can_shoot(self, a: int, b: int, min_range: int, max_range: int, straight: bool) -> bool:
        """Whether a unit on ``a`` has ``b`` in range, on a hex line (if ``straight``) and in sight."""
        table = self.shot_table(min_range, max_range, straight)
        key = a * self.board.n + b
        hit = table.get(key)
        if hit is None:
            hit = table[key] = self._shoots(a, b, min_range, max_range, straight)
        return hit

    def _shoots(self, a: int, b: int, min_range: int, max_range: int, straight: bool) -> bool:
        bd = self.board
        dq, dr = bd.q[b] - bd.q[a], bd.r[b] - bd.r[a]
        d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        return (min_range <= d <= max_range and (not straight or dq == 0 or dr == 0 or dq == -dr)
                and self.sight.sees(a, b))

    def lob(self, cell: int, min_range: int, max_range: int, straight: bool) -> Cells:
        """Non-wall hexes other than ``cell`` at distance ``min_range..max_range`` that a unit there sees.

        With ``straight`` they must also lie on one of the six hex lines through
        ``cell``. In :meth:`Board.within` order; sight uses standing heights.
        """
        key = (cell, min_range, max_range, straight)
        hit = self._lob.get(key)
        if hit is None:
            b = self.board
            hit = self._lob[key] = _cells(tuple(
                c for c in b.within(cell, max_range)
                if not b.wall[c] and c != cell and self._shoots(cell, c, min_range, max_range, straight)
            ))
        return hit

    def cones(self, cell: int, reach: int, wide: bool) -> tuple[tuple[int, ...], ...]:
        """Per direction 0..5, the flame cone of :func:`~engine.rules.areas.cone` from ``cell``
        kept to the hexes at ``cell``'s standing height that it sees."""
        key = (cell, reach, wide)
        hit = self._cones.get(key)
        if hit is None:
            b = self.board
            h0 = b.stand[cell]
            sees = self.sight.sees
            hit = self._cones[key] = tuple(
                tuple(c for c in cone(b, cell, d, reach, wide) if b.stand[c] == h0 and sees(cell, c))
                for d in range(6)
            )
        return hit

    def landing(self, cell: int, jump: int, closed_spawn: int) -> Cells:
        """Hexes within ``jump`` of ``cell`` (itself included) that are not walls nor of spawn code ``closed_spawn``.

        In :meth:`Board.within` order: where a rocket jump may land before units are considered.
        """
        key = (cell, jump, closed_spawn)
        hit = self._landing.get(key)
        if hit is None:
            b = self.board
            hit = self._landing[key] = _cells(tuple(
                c for c in b.within(cell, jump) if not b.wall[c] and b.spawn[c] != closed_spawn
            ))
        return hit
