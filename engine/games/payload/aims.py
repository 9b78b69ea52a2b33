"""Where a Payload Race token may aim, from tables built once per game and map (002 "AOE blast and fire").

The rules of :mod:`.units.armed` ask, at every decision, which hexes a blast may
be centred on and which directions a flame may take; the answers depend on the
map and the weapon card only, except for who stands where. :class:`AimTables`
keeps the map's part, built on first use and shared by every state of a game:

- :meth:`~AimTables.cover`: the board indices a stencil laid on a hex covers
  (:func:`~.stencils.lay`: on the board, not walls, seen from the anchor);
- :meth:`~AimTables.centres_near`: the blast centres whose stencil, before walls
  and sight, would reach a hex (where a blast at a unit on that hex may go);
- :meth:`~AimTables.in_reach`: the hexes a card may be aimed at from a hex
  (range and, unless lobbed, line of sight), the hex itself left out.

Each answer is exactly what the plain rule computes from scratch (the tests in
tests/engine/rules/test_fast_tables.py compare them on every bundled map).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.games.payload.stencils import lay
from engine.hexgrid import DIRECTIONS, Hex
from engine.rules.sight import Sight
from engine.ruleset import Stencil

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["AimTables", "aim_tables"]


class AimTables:
    """The map's share of where a card may aim, for one game's ``sight`` and ``stencils`` (see the module docstring)."""

    __slots__ = ("sight", "stencils", "_cover", "_centres", "_reach", "_rings", "_blasts")

    def __init__(self, sight: Sight, stencils: Mapping[str, Stencil]) -> None:
        self.sight = sight
        self.stencils = stencils
        self._cover: dict[tuple[str, int, int], frozenset[int]] = {}
        self._centres: dict[tuple[str, int], tuple[int, ...]] = {}
        self._reach: dict[tuple[int, int, int, bool], frozenset[int]] = {}
        self._rings: dict[int, tuple[Hex, ...]] = {}
        self._blasts: dict[int, tuple[tuple[int, int], ...]] = {}

    def airblasts(self, cell: int) -> tuple[tuple[int, int], ...]:
        """``(neighbour, the hex beyond it or -1)`` in direction order, for the neighbours of ``cell`` on the map:
        where an airblast from ``cell`` finds an enemy and where it would blow him (002, the Pyro)."""
        hit = self._blasts.get(cell)
        if hit is None:
            b = self.sight.board
            q, r = b.q[cell], b.r[cell]
            hit = self._blasts[cell] = tuple(
                (c, b.at(q + 2 * d.q, r + 2 * d.r)) for d in DIRECTIONS if (c := b.at(q + d.q, r + d.r)) >= 0)
        return hit

    def ring(self, cell: int) -> tuple[Hex, ...]:
        """The six hexes next to ``cell`` in direction order (some may lie off the map): where a flame is aimed."""
        hit = self._rings.get(cell)
        if hit is None:
            here = self.sight.board.hexes[cell]
            hit = self._rings[cell] = tuple(here + d for d in DIRECTIONS)
        return hit

    def cover(self, stencil: str, anchor: int, direction: int = 0) -> frozenset[int]:
        """Board indices under the stencil named ``stencil`` laid on ``anchor`` toward ``direction``."""
        key = (stencil, anchor, direction)
        hit = self._cover.get(key)
        if hit is None:
            hit = self._cover[key] = frozenset(c for c, _ in lay(self.sight, self.stencils[stencil], anchor, direction))
        return hit

    def centres_near(self, stencil: str, cell: int) -> tuple[int, ...]:
        """Non-wall centres ``c`` with ``cell`` among the stencil's hexes laid on ``c`` toward direction 0 (walls
        and sight not applied: :meth:`cover` of each says whether the blast really reaches ``cell``)."""
        key = (stencil, cell)
        hit = self._centres.get(key)
        if hit is None:
            b = self.sight.board
            q, r = b.q[cell], b.r[cell]
            out = []
            for dq, dr, _ in self.stencils[stencil].cells:
                c = b.at(q - dq, r - dr)
                if c >= 0 and not b.wall[c]:
                    out.append(c)
            hit = self._centres[key] = tuple(out)
        return hit

    def in_reach(self, cell: int, min_range: int, max_range: int, lobbed: bool) -> frozenset[int]:
        """Hexes other than ``cell`` at distance ``min_range..max_range`` from it that a token there sees (any,
        when ``lobbed``): where a card with those numbers may be aimed from ``cell``."""
        key = (cell, min_range, max_range, lobbed)
        hit = self._reach.get(key)
        if hit is None:
            b = self.sight.board
            sees = self.sight.sees
            hit = self._reach[key] = frozenset(
                c for c in b.within(cell, max_range)
                if c != cell and min_range <= b.distance(cell, c) and (lobbed or sees(cell, c)))
        return hit


def aim_tables(game: Game) -> AimTables:
    """The aim tables of ``game`` (its sight and its ruleset's stencils), built empty on first use."""
    hit = game.cache.get(__name__)
    if hit is None:
        hit = game.cache[__name__] = AimTables(game.sight, game.ruleset.stencils)
    return hit
