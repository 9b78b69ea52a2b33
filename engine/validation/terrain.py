"""Shared terrain questions for the rules-aware checks, answered by the game's own rules.

Checks ask "who can walk where" with :mod:`engine.rules.movement` (the same flood
the game uses for a unit's move) under the mode's climbing rule, and cache the
answers on the :class:`~engine.validation.registry.CheckContext`.
"""

from __future__ import annotations

from typing import Final

from engine.games.modes import GAMES
from engine.hexgrid import DIRECTIONS, Hex
from engine.mapmodel import Mode, Team, Terrain
from engine.rules.board import Board
from engine.rules.movement import Climb, MoveProfile, Reach, can_step, flood
from engine.rules.sight import Sight
from engine.ruleset import UnitStats
from engine.validation.registry import CheckContext

__all__ = [
    "ROCKET_JUMP",
    "DOUBLE_JUMP",
    "WALK",
    "board",
    "kind_reach",
    "profile",
    "reach",
    "spawn_flood",
    "sight",
    "rocket_reach",
    "spawn_starts",
    "walk_mode",
]

WALK: Final = "walk"
DOUBLE_JUMP: Final = "double jump"
ROCKET_JUMP: Final = "rocket jump"


def board(ctx: CheckContext) -> Board:
    """The rules board of the map being checked (kept on the context while the checks run)."""
    hit = ctx.cache.get("board")
    if hit is None:
        hit = ctx.cache["board"] = Board.for_map(ctx.map)
    return hit  # type: ignore[return-value]


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


def spawn_flood(ctx: CheckContext, team: Team, prof: MoveProfile) -> Reach:
    """Where ``team``'s units moving by ``prof`` can walk from their spawn (cached per team and profile,
    so checks asking the same question under different names share one flood)."""
    key = f"flood:{team.value}:{prof!r}"
    hit = ctx.cache.get(key)
    if hit is None:
        hit = ctx.cache[key] = flood(board(ctx), spawn_starts(ctx, team), prof)
    return hit  # type: ignore[return-value]


def reach(ctx: CheckContext, team: Team, how: str = WALK) -> Reach:
    """Where ``team``'s units can walk from their spawn under the checks' movement mode (:func:`walk_mode`),
    as an ordinary unit (``WALK``) or a Scout (``DOUBLE_JUMP``); cached."""
    return spawn_flood(ctx, team, profile(walk_mode(ctx), team, how))


def kind_reach(ctx: CheckContext, mode: Mode, team: Team, unit: UnitStats) -> Reach:
    """Where a ``unit`` of ``team`` walks from its spawn in ``mode``: the game's own profile for its
    specials (:meth:`~engine.games.game.Game.profile`, with the ruleset's ``scout_keeps_height``); cached."""
    keep = bool(ctx.ruleset_for(mode).options.get("scout_keeps_height", True))
    return spawn_flood(ctx, team, GAMES[mode].move_profile(unit.specials, team, keep))


def rocket_reach(ctx: CheckContext, team: Team) -> set[int]:
    """Indices a Soldier can get to by walking and rocket jumps (cached).

    The jump range is the longest ``rocket_jump_range`` of the units with the
    ``rocket_jump`` special in the ruleset of the checks' movement mode
    (:func:`walk_mode`, :meth:`CheckContext.ruleset_for`); without one, only walking.
    A rocket jump lands on any hex within the jump range that is not a wall or the
    enemy spawn, whatever its height — a low obstacle too, as the game lets him
    (docs/rules.md) — and from there he walks on.
    Each round looks around only the hexes the previous one added (see
    :func:`_near`) and walks only new ground, so a map walled into many
    compartments, each reached by a jump from the last, costs no more per hex
    than an open one.
    """
    key = f"rocket:{team.value}"
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    b = board(ctx)
    jump = _rocket_jump_range(ctx)
    closed = {Team.RED: 2, Team.BLU: 1}[team]
    walk = profile(walk_mode(ctx), team)
    got: set[int] = set(reach(ctx, team).indices())
    pending = {j for j in range(b.n) if not b.wall[j] and b.spawn[j] != closed} - got
    landings = _near(b, got, got, jump) & pending
    while landings:
        new = _walk_on(b, landings, walk, got)
        got |= new
        pending -= new
        # hexes near older ones were landed on already: look around only what this round added
        landings = _near(b, new, got, jump) & pending
    ctx.cache[key] = got
    return got


def _rocket_jump_range(ctx: CheckContext) -> int:
    """The longest rocket jump of the checks' movement mode (0 when no unit rocket-jumps)."""
    units = ctx.ruleset_for(walk_mode(ctx)).units.values()
    return max((int(u.param("rocket_jump_range")) for u in units if "rocket_jump" in u.specials), default=0)


def _near(b: Board, added: set[int], got: set[int], radius: int) -> set[int]:
    """Indices outside ``got`` within ``radius`` hex steps of a hex of ``added`` (``added`` within ``got``).

    Distance is the hex distance, across holes in the map: a breadth-first walk
    over coordinates, starting from the hexes of ``added`` at its edge and never
    entering ``got``. A shortest way to a hex outside ``got`` from its nearest
    hex of ``got`` leaves ``got`` at once, so nothing is missed, and each hex
    near the edge is visited once: linear in the size of that neighbourhood,
    where asking :meth:`Board.within` of every hex costs ``radius``² each.
    """
    q, r, at = b.q, b.r, b.at
    steps = [(d.q, d.r) for d in DIRECTIONS]
    frontier = [
        (q[i], r[i]) for i in added
        if len(b.neighbors[i]) < 6 or not got.issuperset(b.neighbors[i])
    ]
    seen = set(frontier)
    out: set[int] = set()
    for _ in range(radius):
        nxt = []
        for cq, cr in frontier:
            for dq, dr in steps:
                c = (cq + dq, cr + dr)
                if c in seen:
                    continue
                j = at(c[0], c[1])
                if j in got:
                    continue
                seen.add(c)
                nxt.append(c)
                if j >= 0:
                    out.add(j)
        frontier = nxt
    return out


def _walk_on(b: Board, starts: set[int], walk: MoveProfile, known: set[int]) -> set[int]:
    """``starts`` and the hexes a ``walk`` unit gets to from them, leaving out ``known``.

    ``known`` must be closed under walking (everything one step from it is in
    it), as a flood's result is; then the answer plus ``known`` is exactly
    ``known`` plus a full flood from ``starts``, without walking ``known`` again.
    """
    seen = set(starts)
    todo = list(starts)
    while todo:
        a = todo.pop()
        for j in b.neighbors[a]:
            if j not in seen and j not in known and can_step(b, a, j, walk):
                seen.add(j)
                todo.append(j)
    return seen
