"""King of the Board's map measures: the control point's sightlines and the ground around it, and the race to it.

Frozen records with a figure per side (:class:`~engine.validation.sides.PerSide`),
as in :mod:`engine.validation.measures`; :mod:`.map_checks` reports them. They use
the game's own movement and sight, and the ruleset the map is played by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.games.koth import KOTH
from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain
from engine.validation.measures import ObjectiveRace, both_spawn, exposed, kind_race, race
from engine.validation.registry import CheckContext
from engine.validation.sides import PerSide, first_reached, first_reached_hexes
from engine.validation.terrain import board, kind_reach

__all__ = ["HIGH_DROP", "PointGround", "PointSightlines", "point_ground", "point_sightlines",
           "point_race"]

#: High ground near the point stands at most this many levels below its top. Bundled points stand on
#: the highest ground (height 2, the most a map has), so "as high as the point" finds nothing; one level
#: below is where the fight for it is fought from.
HIGH_DROP: Final = 1


def _point(ctx: CheckContext) -> tuple[Hex, ...]:
    """The hexes of the (first) control point a unit can stand on; empty when there is none."""
    m = ctx.map
    return tuple(sorted(h for h in (m.control_points[0] if m.control_points else ())
                        if m.cells[h].terrain is not Terrain.WALL))


# -- sightlines to the point ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PointSightlines:
    """The hexes of each side's half (:func:`~engine.validation.sides.first_reached`) from which a unit
    sees (and so can shoot at) a hex of the control point."""

    point: tuple[Hex, ...]
    seers: PerSide[tuple[Hex, ...]]


def _point_seen(ctx: CheckContext, cp: tuple[Hex, ...]) -> set[int]:
    """Every hex a unit can stand on (no wall) that sees a hex of the point ``cp``: one set for the
    sightline and cover measures (cached)."""
    hit = ctx.cache.get("point-seen")
    if hit is None:
        b = board(ctx)
        hit = ctx.cache["point-seen"] = exposed(ctx, {i for i in range(b.n) if not b.wall[i]}, b.indices(cp))
    return hit  # type: ignore[return-value]


def point_sightlines(ctx: CheckContext) -> PointSightlines | None:
    """Each side's hexes that see the control point; None without a point or spawns."""
    cp = _point(ctx)
    if not cp or not both_spawn(ctx):
        return None
    b = board(ctx)
    first = first_reached(ctx)
    seen = _point_seen(ctx, cp)
    return PointSightlines(cp, PerSide.of(lambda t: tuple(sorted(b.hexes[i] for i in seen & first[t]))))


# -- cover and height near the point --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PointGround:
    """Strong ground near the control point, by the side that reaches it first.

    ``near`` is every standable hex (not a wall, not a low obstacle — only the
    Scout stands there — and not the point itself) within ``radius`` hexes of
    the point: ``radius`` is the slowest fielded kind's speed, so from any of
    them every unit could step onto the point in one move on open ground.
    Among them ``high`` stand at most :data:`HIGH_DROP` level below the point's
    top (``height``): from there the point is shot at with at most that uphill
    penalty (001 "Attacking": +1 to the throw per level up) and climbed in one
    step. (Points crown their maps, so hardly anything near is as high.)
    ``hidden`` are out of sight of every hex of the point: a unit waits there
    unseen by the holders, ready to rush in. Each hex counts for the side that
    walks there in fewer steps (:func:`~engine.validation.sides.first_reached`).
    """

    point: tuple[Hex, ...]
    radius: int
    height: int
    high: PerSide[tuple[Hex, ...]]
    hidden: PerSide[tuple[Hex, ...]]


def point_ground(ctx: CheckContext) -> PointGround | None:
    """High ground and hidden ground within one move of the point, per side; None without a point or spawns."""
    cp = _point(ctx)
    if not cp or not both_spawn(ctx):
        return None
    b = board(ctx)
    speeds = [u.speed for t in Team for u in ctx.fielded(KOTH, t)]
    if not speeds:
        return None
    radius = min(speeds)
    idx = b.indices(cp)
    height = max(b.stand[i] for i in idx)
    near = {j for i in idx for j in b.within(i, radius) if not b.wall[j] and not b.low[j]}.difference(idx)
    hidden = near - _point_seen(ctx, cp)
    high = [b.hexes[j] for j in near if b.stand[j] >= height - HIGH_DROP]
    return PointGround(cp, radius, height, first_reached_hexes(ctx, high),
                       first_reached_hexes(ctx, [b.hexes[j] for j in hidden]))


@race(KOTH)
def point_race(ctx: CheckContext) -> ObjectiveRace | None:
    """Turns each fielded kind needs from its spawn onto the control point (001 "Capturing Points");
    None without a point."""
    cp = _point(ctx)
    if not cp:
        return None

    def turns(team: Team, u: object) -> int | None:
        r = kind_reach(ctx, KOTH, team, u)  # type: ignore[arg-type]
        ds = [d for h in cp if (d := r.distance(h)) is not None]
        return math.ceil(min(ds) / u.speed) if ds else None  # type: ignore[attr-defined]

    return kind_race(ctx, KOTH, "the control point", PerSide(cp, cp), turns)
