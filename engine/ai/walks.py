"""The AI players' walks: steps to where a unit is going, with the pits of the map kept out of them.

A heuristic player scores a move by the walked steps from its destination to
where the unit is going (:func:`~engine.rules.movement.steps_to`). A hex in a
*pocket* — a pit a unit can drop into but never walk out of
(:func:`~engine.rules.movement.pockets`) — may be beside the goal, even on it,
and still be the end of that unit's game: a token stepped into such a pit beside
its cart to push once and stood there for the rest of the game (Canal with a
patch of ground turned by BLU's spawn: RED won 75% of 400 games, 49% with that
one hex levelled). :func:`walk_to` counts every pocket hex as
:data:`POCKET_STEPS` away, farther than any walk on a map, so no goal, kit or
shot beside one is worth stepping in. On a map without pockets it is
:func:`steps_to` itself (the same tuple), so the games there do not change.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from engine.mapmodel import Team
from engine.rules.board import Board
from engine.rules.movement import MoveProfile, pockets, steps_to

__all__ = ["POCKET_STEPS", "walk_to"]

#: The steps :func:`walk_to` counts for a hex in a pocket: more than any map's walk.
POCKET_STEPS: Final = 99


def walk_to(board: Board, targets: Collection[int], profile: MoveProfile, team: Team | None) -> tuple[int, ...]:
    """Per board index, the steps a unit of ``team`` walking by ``profile`` needs to reach any of ``targets``
    (-1: none), :data:`POCKET_STEPS` on a hex in a pocket of the ground its spawn leads to (even a target).
    ``team`` None: units with no spawn zone of their own (Team Play's characters appear at any spawnpoint),
    whose pockets are those of the whole map. Cached per board, profile, team and target set."""
    per_board: dict[tuple[MoveProfile, Team | None, frozenset[int]], tuple[int, ...]] = board.cache.setdefault(
        "ai.walk_to", {})
    key = (profile, team, frozenset(targets))
    hit = per_board.get(key)
    if hit is None:
        hit = steps_to(board, key[2], profile)
        if team is None:
            starts = [i for i in range(board.n) if not board.wall[i] and (profile.over_low or not board.low[i])]
        else:
            starts = [i for i in board.spawn_zone(team) if not board.wall[i]]
        trapped = pockets(board, starts, profile)
        if trapped:
            walk = list(hit)
            for i in trapped:
                walk[i] = POCKET_STEPS
            hit = tuple(walk)
        per_board[key] = hit
    return hit
