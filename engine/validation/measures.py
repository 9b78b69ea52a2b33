"""Fairness measures of a map, one small function each, every figure given for both sides.

Each function takes a :class:`~engine.validation.registry.CheckContext` (the map,
the modes, the scenario's ruleset and rosters) and returns a frozen record of
figures per side (:class:`~engine.validation.sides.PerSide`) with the hexes
involved, or None when the map lacks what the measure needs (no spawn zones, no
control point). They use the game's own movement (:func:`~engine.validation.terrain.kind_reach`)
and sight, and the ruleset the map is played by. The checks of
:mod:`engine.validation.fairness` report them (and warn past their tolerances);
anything else — the editor, a balance fixer — may call them for the same figures.

Payload Race's track measures are in :mod:`engine.validation.payload_fairness`,
Team Play's sides in :mod:`engine.validation.teamplay_fairness`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team, Terrain
from engine.rules.fov import seers
from engine.ruleset import UnitStats
from engine.validation.payload_fairness import track_turns
from engine.validation.registry import CheckContext
from engine.validation.sides import PerSide, first_reached, first_reached_hexes
from engine.validation.terrain import board, kind_reach, reach, sight, spawn_starts

__all__ = [
    "HIGH_DROP",
    "KindTurns",
    "KitSplit",
    "ObjectiveRace",
    "PointGround",
    "PointSightlines",
    "SpawnZones",
    "kit_split",
    "objective_race",
    "point_ground",
    "point_sightlines",
    "spawn_zone_hexes",
    "spawn_zones",
]


#: High ground near the point stands at most this many levels below its top. Bundled points stand on
#: the highest ground (height 2, the most a map has), so "as high as the point" finds nothing; one level
#: below is where the fight for it is fought from.
HIGH_DROP: Final = 1


def _both_spawn(ctx: CheckContext) -> bool:
    return all(spawn_starts(ctx, t) for t in Team)


def _point(ctx: CheckContext) -> tuple[Hex, ...]:
    """The hexes of the (first) control point a unit can stand on; empty when there is none."""
    m = ctx.map
    return tuple(sorted(h for h in (m.control_points[0] if m.control_points else ())
                        if m.cells[h].terrain is not Terrain.WALL))


# -- spawn zones ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpawnZones:
    """The spawn hexes each side's units can be placed on (:func:`spawn_zone_hexes`)."""

    hexes: PerSide[tuple[Hex, ...]]

    @property
    def sizes(self) -> PerSide[int]:
        """How many hexes each side can spawn on."""
        return PerSide(len(self.hexes.red), len(self.hexes.blu))


def spawn_zone_hexes(ctx: CheckContext, team: Team) -> tuple[Hex, ...]:
    """``team``'s spawn hexes every unit kind can be placed on, sorted: not a wall or a low obstacle (only
    the Scout stands there, 001 "Spawning"), not shared with the other side's zone, and in Payload Race
    not on a cart track either (the game's own :func:`~engine.games.payload.ground.spawn_room`)."""
    m = ctx.map
    if Mode.PAYLOAD in ctx.modes:
        from engine.games.payload.ground import spawn_room

        return tuple(spawn_room(m, team))
    other = m.spawns.get(team.other, frozenset())
    return tuple(sorted(h for h in m.spawns.get(team, ())
                        if m.cells[h].terrain not in (Terrain.WALL, Terrain.LOW) and h not in other))


def spawn_zones(ctx: CheckContext) -> SpawnZones | None:
    """Each side's spawnable hexes; None when a side has no spawn zone (HF105 reports that)."""
    if not all(ctx.map.spawns.get(t) for t in Team):
        return None
    return SpawnZones(PerSide.of(lambda t: spawn_zone_hexes(ctx, t)))


# -- first-aid kits -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KitSplit:
    """First-aid kits by the side whose spawn is fewer walking steps away; ``shared``: as near to both
    (or reached by neither)."""

    nearer: PerSide[tuple[Hex, ...]]
    shared: tuple[Hex, ...]


def kit_split(ctx: CheckContext) -> KitSplit | None:
    """Which side each kit is nearer to (walking steps from its spawn); None without kits or spawns."""
    if not ctx.map.kits or not _both_spawn(ctx):
        return None
    near: dict[Team | None, list[Hex]] = {Team.RED: [], Team.BLU: [], None: []}
    red, blu = reach(ctx, Team.RED), reach(ctx, Team.BLU)
    for k in sorted(ctx.map.kits):
        dr, db = red.distance(k), blu.distance(k)
        side = (None if dr == db else Team.RED if db is None or (dr is not None and dr < db) else Team.BLU)
        near[side].append(k)
    return KitSplit(PerSide(tuple(near[Team.RED]), tuple(near[Team.BLU])), tuple(near[None]))


# -- the race to the objective --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KindTurns:
    """Turns one unit kind needs from each side's spawn to the objective (None: never, or not fielded)."""

    kind: str
    name: str
    turns: PerSide[int | None]
    fielded: PerSide[bool]


@dataclass(frozen=True, slots=True)
class ObjectiveRace:
    """Turns every unit kind the sides field needs to reach the objective ``goal`` (its words, such as
    "the control point"); ``targets`` are the hexes each side races to."""

    goal: str
    targets: PerSide[tuple[Hex, ...]]
    kinds: tuple[KindTurns, ...]


def objective_race(ctx: CheckContext, mode: Mode) -> ObjectiveRace | None:
    """Turns each fielded kind needs to reach the objective of ``mode`` from its spawn (None: no objective).

    King of the Board: onto the control point. Payload Race: beside its own cart where it starts, where it
    can push it (HF309's first figure). Kinds are those either side fields (:meth:`CheckContext.fielded`);
    each walks by the mode's rules for its specials (the Scout's double jump), one move of ``speed`` steps
    a turn. None when a side has no spawn or the mode has no objective to race to.
    """
    if not _both_spawn(ctx):
        return None
    m = ctx.map
    fielded = PerSide.of(lambda t: {u.kind for u in ctx.fielded(mode, t)})
    kinds = [u for u in ctx.ruleset_for(mode).units.values() if u.kind in fielded.red | fielded.blu]
    if mode is Mode.KOTH:
        cp = _point(ctx)
        if not cp:
            return None
        goal, targets = "the control point", PerSide(cp, cp)

        def turns(team: Team, u: UnitStats) -> int | None:
            r = kind_reach(ctx, mode, team, u)
            ds = [d for h in cp if (d := r.distance(h)) is not None]
            return math.ceil(min(ds) / u.speed) if ds else None
    elif mode is Mode.PAYLOAD:
        if not all(len(m.track(t)) >= 2 for t in Team):
            return None
        goal, targets = "its cart", PerSide.of(lambda t: (m.track(t)[0],))

        def turns(team: Team, u: UnitStats) -> int | None:
            return track_turns(ctx, team, u)[0]
    else:
        return None
    out = []
    for u in kinds:
        has = PerSide(u.kind in fielded.red, u.kind in fielded.blu)
        figures = PerSide(turns(Team.RED, u) if has.red else None, turns(Team.BLU, u) if has.blu else None)
        out.append(KindTurns(u.kind, u.name, figures, has))
    return ObjectiveRace(goal, targets, tuple(out))


# -- sightlines to the point ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PointSightlines:
    """The hexes of each side's half (:func:`~engine.validation.sides.first_reached`) from which a unit
    sees (and so can shoot at) a hex of the control point."""

    point: tuple[Hex, ...]
    seers: PerSide[tuple[Hex, ...]]


def exposed(ctx: CheckContext, cells: set[int], cp: list[int]) -> set[int]:
    """The indices of ``cells`` outside ``cp`` that see a hex of ``cp`` (standing heights, the mode's
    sight): one field-of-view sweep per hex of ``cp``."""
    s = sight(ctx)
    todo = cells.difference(cp)
    seen: set[int] = set()
    for c in cp:
        hit = seers(s, c, todo)
        seen |= hit
        todo -= hit
    return seen


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
    if not cp or not _both_spawn(ctx):
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
    if not cp or not _both_spawn(ctx):
        return None
    b = board(ctx)
    speeds = [u.speed for t in Team for u in ctx.fielded(Mode.KOTH, t)]
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
