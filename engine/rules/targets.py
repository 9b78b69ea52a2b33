"""Static target geometry, cached per board: what a unit on a hex could aim at if no unit stood anywhere.

The game state asks these many times with the same arguments (every decision of
every game on a map), and the answers depend on the map alone, so they are
computed once per :class:`~engine.rules.sight.Sight` (a board with its sight
rules) and shared by all games on it. Units are the caller's business: it drops
occupied hexes or checks who stands on the returned ones.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from engine.rules.areas import cone
from engine.rules.sight import Sight

__all__ = ["TargetTables"]


class TargetTables:
    """Cached target geometry of one :class:`Sight` (get it with :meth:`for_sight`).

    Every method returns board indices in a fixed order and caches by its
    arguments; the tables hold no game state.
    """

    __slots__ = ("sight", "board", "_lob", "_cones", "_landing", "__weakref__")

    _cache: WeakKeyDictionary[Sight, TargetTables] = WeakKeyDictionary()

    def __init__(self, sight: Sight) -> None:
        self.sight = sight
        self.board = sight.board
        self._lob: dict[tuple[int, int, int, bool], tuple[int, ...]] = {}
        self._cones: dict[tuple[int, int, bool], tuple[tuple[int, ...], ...]] = {}
        self._landing: dict[tuple[int, int, int], tuple[int, ...]] = {}

    @classmethod
    def for_sight(cls, sight: Sight) -> TargetTables:
        """The shared tables of ``sight`` (built empty on first use)."""
        hit = cls._cache.get(sight)
        if hit is None:
            hit = cls._cache[sight] = cls(sight)
        return hit

    def lob(self, cell: int, min_range: int, max_range: int, straight: bool) -> tuple[int, ...]:
        """Non-wall hexes other than ``cell`` at distance ``min_range..max_range`` that a unit there sees.

        With ``straight`` they must also lie on one of the six hex lines through
        ``cell``. In :meth:`Board.within` order; sight uses standing heights.
        """
        key = (cell, min_range, max_range, straight)
        hit = self._lob.get(key)
        if hit is None:
            b = self.board
            sees = self.sight.sees

            def lined_up(c: int) -> bool:
                dq, dr = b.q[c] - b.q[cell], b.r[c] - b.r[cell]
                return dq == 0 or dr == 0 or dq == -dr

            hit = self._lob[key] = tuple(
                c for c in b.within(cell, max_range)
                if not b.wall[c] and c != cell and min_range <= b.distance(cell, c)
                and (not straight or lined_up(c)) and sees(cell, c)
            )
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

    def landing(self, cell: int, jump: int, closed_spawn: int) -> tuple[int, ...]:
        """Hexes within ``jump`` of ``cell`` (itself included) that are not walls nor of spawn code ``closed_spawn``.

        In :meth:`Board.within` order: where a rocket jump may land before units are considered.
        """
        key = (cell, jump, closed_spawn)
        hit = self._landing.get(key)
        if hit is None:
            b = self.board
            hit = self._landing[key] = tuple(
                c for c in b.within(cell, jump) if not b.wall[c] and b.spawn[c] != closed_spawn
            )
        return hit
