"""Laying a stencil on the board (002 "AOE blast and fire"): which hexes it covers and what each takes.

A :class:`~engine.ruleset.Stencil` is drawn pointing in direction 0 from its
anchor; :func:`lay` turns it to any of the six directions and keeps the hexes on
the board that are not walls (invalid terrain) and that the anchor sees, so a
flame does not pass a wall. Results are cached per sight (a board with its sight rules).
A fire stencil is laid in the six directions only, so the game refuses one that
is not :func:`is_symmetric` (it would reach further to one side).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from engine.hexgrid import Hex
from engine.rules.sight import Sight
from engine.ruleset import Stencil

__all__ = ["is_symmetric", "lay", "turned"]

_LAID: WeakKeyDictionary[Sight, dict[tuple[Stencil, int, int, bool], tuple[tuple[int, int | None], ...]]] = (
    WeakKeyDictionary()
)


def turned(stencil: Stencil, direction: int) -> tuple[tuple[int, int, int | None], ...]:
    """The stencil's ``(dq, dr, damage)`` cells turned ``direction`` steps of 60° counter-clockwise."""
    out = []
    for q, r, dmg in stencil.cells:
        h = Hex(q, r)
        for _ in range(direction % 6):
            h = h.rotate_left()
        out.append((h.q, h.r, dmg))
    return tuple(out)


def is_symmetric(stencil: Stencil) -> bool:
    """Whether ``stencil`` is its own mirror image across the line of direction 0 through its anchor
    (``(q, r)`` and ``(q + r, -r)`` print the same), so one placement per direction is all there is."""
    cells = {(q, r): dmg for q, r, dmg in stencil.cells}
    return all(cells.get((q + r, -r), "missing") == dmg for (q, r), dmg in cells.items())


def lay(sight: Sight, stencil: Stencil, anchor: int, direction: int = 0,
        anchor_sees: bool = True) -> tuple[tuple[int, int | None], ...]:
    """``(board index, printed damage)`` of ``stencil`` laid at board index ``anchor`` in ``direction``.

    Off-board hexes and walls are left out; with ``anchor_sees`` so are hexes the
    anchor has no line of sight to (a blast's centre, a Pyro's flame).
    """
    board = sight.board
    cache = _LAID.get(sight)
    if cache is None:
        cache = _LAID[sight] = {}
    key = (stencil, anchor, direction % 6, anchor_sees)
    hit = cache.get(key)
    if hit is not None:
        return hit
    q0, r0 = board.q[anchor], board.r[anchor]
    out = []
    for dq, dr, dmg in turned(stencil, direction):
        j = board.at(q0 + dq, r0 + dr)
        if j < 0 or board.wall[j]:
            continue
        if anchor_sees and j != anchor and not sight.sees(anchor, j):
            continue
        out.append((j, dmg))
    result = tuple(out)
    cache[key] = result
    return result
