"""Shared terrain questions for the rules-aware checks, answered by the game's own rules.

Checks ask "who can walk where" with :mod:`engine.rules.movement` (the same flood
the game uses for a unit's move) under the mode's climbing rule, and cache the
answers on the :class:`~engine.validation.registry.CheckContext`.
"""

from __future__ import annotations

from typing import Final

from engine.formats.ruleset_file import builtin_ruleset
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Colour, Mode, Team, Terrain
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
    "spawnpoint_reach",
    "walk_mode",
]

WALK: Final = "walk"
DOUBLE_JUMP: Final = "double jump"
ROCKET_JUMP: Final = "rocket jump"


def board(ctx: CheckContext) -> Board:
    """The rules board of the map being checked."""
    return Board.for_map(ctx.map)


def sight(ctx: CheckContext) -> Sight:
    """Line of sight under the mode's rules (:attr:`ModeRules.heights_block_sight`: in Payload
    Race only walls block; elsewhere higher ground blocks shooters at equal height too)."""
    return Sight.for_board(board(ctx), heights_block=GAMES[walk_mode(ctx)].heights_block_sight)


def walk_mode(ctx: CheckContext) -> Mode:
    """The mode whose movement rules the checks use: the strictest climbing rule among them.

    A map made for several modes is checked under the strictest rule it must
    support (stairs-only climbing, when one of its modes has it).
    """
    strict = [m for m in ctx.modes if GAMES[m].climb is Climb.STAIRS_ONLY]
    return strict[0] if strict else ctx.modes[0]


def profile(mode: Mode, team: Team | None, how: str = WALK) -> MoveProfile:
    """The movement profile of an ordinary unit (``WALK``) or a Scout (``DOUBLE_JUMP``) in ``mode``.

    The climbing rule is the mode's own (:meth:`~engine.games.modes.ModeRules.move_profile`),
    the same the game plays by.
    """
    return GAMES[mode].move_profile(("double_jump",) if how == DOUBLE_JUMP else (), team)


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
    # Work from the hexes not yet reached (few on a sound map), not from the reached ones.
    landable = {j for j in range(b.n) if not b.wall[j] and not b.low[j] and b.spawn[j] != closed}
    pending = landable - got
    while pending:
        landings = {u for u in pending if any(j in got for j in b.within(u, jump))}
        if not landings:
            break
        got |= landings | set(flood(b, landings, walk).indices())
        pending -= got
    ctx.cache[key] = got
    return got


def spawnpoint_reach(ctx: CheckContext, colour: Colour) -> Reach:
    """Where a Team Play character can walk from the ``colour`` spawnpoints (no team: spawn zones do not
    close anything in Team Play; cached)."""
    key = f"points:{colour.value}"
    hit = ctx.cache.get(key)
    if hit is None:
        cells = ctx.map.cells
        starts = sorted(h for h in ctx.map.spawnpoints.get(colour, ()) if cells[h].terrain is not Terrain.WALL)
        hit = flood(board(ctx), starts, profile(Mode.TEAM_PLAY, None))
        ctx.cache[key] = hit
    return hit  # type: ignore[return-value]
