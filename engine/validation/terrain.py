"""Shared terrain questions for the rules-aware checks, answered by the game's own rules.

Checks ask "who can walk where" with :mod:`engine.rules.movement` (the same flood
the game uses for a unit's move) under the mode's climbing rule, and cache the
answers on the :class:`~engine.validation.registry.CheckContext`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.formats.ruleset_file import builtin_ruleset
from engine.hexgrid import DIRECTIONS, Hex
from engine.mapmodel import Mode, Team, Terrain
from engine.rules.board import Board
from engine.rules.movement import Climb, MoveProfile, Reach, flood
from engine.rules.sight import Sight
from engine.validation.registry import CheckContext

__all__ = [
    "ROCKET_JUMP",
    "DOUBLE_JUMP",
    "WALK",
    "board",
    "profile",
    "reach",
    "sight",
    "rocket_reach",
    "spawn_starts",
    "walk_mode",
]

WALK: Final = "walk"
DOUBLE_JUMP: Final = "double jump"
ROCKET_JUMP: Final = "rocket jump"


def board(ctx: CheckContext) -> Board:
    """The rules board of the map being checked."""
    return Board.for_map(ctx.map)


def sight(ctx: CheckContext) -> Sight:
    """Line of sight under the mode's rules: in Payload Race (002 "Attacking examples")
    only walls block; elsewhere higher ground blocks shooters at equal height too."""
    return Sight.for_board(board(ctx), heights_block=walk_mode(ctx) is not Mode.PAYLOAD)


def walk_mode(ctx: CheckContext) -> Mode:
    """The mode whose movement rules the checks use: Payload's if it is among them.

    Payload's stairs-only climbing is stricter than the others', so a map made
    for several modes is checked under the strictest rule it must support.
    """
    return Mode.PAYLOAD if Mode.PAYLOAD in ctx.modes else ctx.modes[0]


def profile(mode: Mode, team: Team | None, how: str = WALK) -> MoveProfile:
    """The movement profile of an ordinary unit (``WALK``) or a Scout (``DOUBLE_JUMP``)."""
    climb = Climb.STAIRS_ONLY if mode is Mode.PAYLOAD and how == WALK else Climb.ONE_LEVEL
    if how == DOUBLE_JUMP:
        return MoveProfile(climb, over_low=True, keep_height=True, team=team)
    return MoveProfile(climb, team=team)


def spawn_starts(ctx: CheckContext, team: Team) -> list[Hex]:
    """The team's spawn hexes a unit can stand on."""
    cells = ctx.map.cells
    return sorted(h for h in ctx.map.spawns.get(team, ()) if cells[h].terrain is not Terrain.WALL)


def reach(ctx: CheckContext, team: Team, how: str = WALK) -> Reach:
    """Where ``team``'s units can walk from their spawn (cached per team and way)."""
    key = f"reach:{team.value}:{how}"
    hit = ctx.cache.get(key)
    if hit is None:
        hit = flood(board(ctx), spawn_starts(ctx, team), profile(walk_mode(ctx), team, how))
        ctx.cache[key] = hit
    return hit  # type: ignore[return-value]


def rocket_reach(ctx: CheckContext, team: Team) -> set[int]:
    """Indices a Soldier can get to by walking and rocket jumps (cached).

    A rocket jump lands on any hex within the jump range that is not a wall, a
    low obstacle or the enemy spawn, whatever its height; from there he walks on.
    """
    key = f"rocket:{team.value}"
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    b = board(ctx)
    jump = int(builtin_ruleset().unit("soldier").param("rocket_jump_range"))
    closed = {Team.RED: 2, Team.BLU: 1}[team]
    walk = profile(walk_mode(ctx), team)
    got: set[int] = set(reach(ctx, team).indices())
    landable = {j for j in range(b.n) if not b.wall[j] and not b.low[j] and b.spawn[j] != closed}
    pending = landable - got
    # A landing is a pending hex within jump range of a reached one. Few pending hexes (a sound
    # map) are looked around directly, as long as that costs less in all than spreading out
    # once from every reached hex; past that budget the distance to the nearest reached place
    # is spread out from the reached hexes not yet spread from, remembering how near each place
    # already is, so that no place is passed more than jump + 1 times: linear on any map (the
    # direct look alone took 40 s on a patchy 40,000-hex map).
    area = 3 * jump * (jump + 1) + 1  # hexes within the jump
    budget = 6 * len(got)
    near: dict[tuple[int, int], int] = {}
    unspread = set(got)
    while pending:
        if len(pending) * area <= budget:
            budget -= len(pending) * area
            landings = {u for u in pending if any(j in got for j in b.within(u, jump))}
        else:
            landings = {u for u in _spread(b, unspread, jump, near) if u in pending}
            unspread = set()
        if not landings:
            break
        fresh = (landings | set(flood(b, landings, walk).indices())) - got
        got |= fresh
        pending -= fresh
        unspread |= fresh
    ctx.cache[key] = got
    return got


_STEPS: Final = tuple((d.q, d.r) for d in DIRECTIONS)


def _spread(b: Board, sources: Iterable[int], radius: int, near: dict[tuple[int, int], int]) -> list[int]:
    """Board indices that come within ``radius`` of ``sources`` (axial distance, any terrain or hole).

    ``near`` holds each grid place's distance to the nearest source so far and is
    updated; only places that got nearer are visited, and only on-map ones are returned.
    """
    frontier = []
    for j in sources:
        place = (b.q[j], b.r[j])
        if near.get(place, radius + 1) > 0:
            near[place] = 0
            frontier.append(place)
    reached = list(frontier)
    for step in range(1, radius + 1):
        nxt = []
        for q, r in frontier:
            for dq, dr in _STEPS:
                place = (q + dq, r + dr)
                if near.get(place, radius + 1) > step:
                    near[place] = step
                    nxt.append(place)
        reached += nxt
        frontier = nxt
    return [i for q, r in reached if (i := b.at(q, r)) >= 0]


def hexes_of(ctx: CheckContext, indices: Iterable[int]) -> tuple[Hex, ...]:
    """Sorted hexes of board indices."""
    hexes = board(ctx).hexes
    return tuple(sorted(hexes[i] for i in indices))
