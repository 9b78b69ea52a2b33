"""Fairness measures of a map, one small function each, every figure given for both sides.

Each function takes a :class:`~engine.validation.registry.CheckContext` (the map,
the modes, the scenario's ruleset and rosters) and returns a frozen record of
figures per side (:class:`~engine.validation.sides.PerSide`) with the hexes
involved, or None when the map lacks what the measure needs (no spawn zones, no
control point). They use the game's own movement (:func:`~engine.validation.terrain.kind_reach`)
and sight, and the ruleset the map is played by. The checks of
:mod:`engine.validation.fairness` report them (and warn past their tolerances);
anything else — the editor, a balance fixer — may call them for the same figures.

What only one mode has is measured in that mode's package (its ``map_checks``),
which registers its race to the objective (:func:`race`) and, where its pieces
stand on spawn hexes, its spawn room (:data:`SPAWN_ROOMS`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Mode, Team, Terrain
from engine.rules.fov import seers
from engine.ruleset import UnitStats
from engine.validation.registry import CheckContext
from engine.validation.sides import PerSide
from engine.validation.terrain import reach, sight, spawn_starts

__all__ = [
    "RACES",
    "SPAWN_ROOMS",
    "KindTurns",
    "SpawnRoom",
    "KitSplit",
    "ObjectiveRace",
    "both_spawn",
    "exposed",
    "kind_race",
    "kit_split",
    "objective_race",
    "race",
    "spawn_zone_hexes",
    "spawn_zones",
]


def both_spawn(ctx: CheckContext) -> bool:
    """Whether both teams have a spawn to start from."""
    return all(spawn_starts(ctx, t) for t in Team)


def exposed(ctx: CheckContext, cells: set[int], targets: list[int]) -> set[int]:
    """The board indices of ``cells`` outside ``targets`` that see a hex of ``targets`` (standing heights, the
    mode's sight, :func:`~engine.validation.terrain.sight`): one field-of-view sweep per target hex. What a
    control point (King of the Board) or a cart's last push (Payload Race) is seen from."""
    s = sight(ctx)
    todo = cells.difference(targets)
    seen: set[int] = set()
    for c in targets:
        hit = seers(s, c, todo)
        seen |= hit
        todo -= hit
    return seen


# -- spawn zones ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpawnZones:
    """The spawn hexes each side's units can be placed on (:func:`spawn_zone_hexes`)."""

    hexes: PerSide[tuple[Hex, ...]]

    @property
    def sizes(self) -> PerSide[int]:
        """How many hexes each side can spawn on."""
        return PerSide(len(self.hexes.red), len(self.hexes.blu))


@dataclass(frozen=True)
class SpawnRoom:
    """Where a mode places units in a spawn zone, when its own pieces take some of the zone's usable hexes:
    ``hexes(map, team)``; ``words`` name the hexes left out ("of a cart track")."""

    hexes: Callable[[HexMap, Team], Sequence[Hex]]
    words: str


#: The modes whose pieces stand on spawn hexes, registered by their map checks.
SPAWN_ROOMS: dict[Mode, SpawnRoom] = {}


def spawn_zone_hexes(ctx: CheckContext, team: Team) -> tuple[Hex, ...]:
    """``team``'s spawn hexes every unit kind can be placed on, sorted: not a wall or a low obstacle (only
    the Scout stands there, 001 "Spawning"), not shared with the other side's zone, and not where one of
    the map's modes keeps its own pieces (:data:`SPAWN_ROOMS`)."""
    m = ctx.map
    for mode in ctx.modes:
        room = SPAWN_ROOMS.get(mode)
        if room is not None:
            return tuple(room.hexes(m, team))
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
    if not ctx.map.kits or not both_spawn(ctx):
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


#: Each mode's race to its objective, registered by the mode's map checks (:func:`race`): the turns each
#: kind needs from each spawn, by :func:`kind_race`.
RACES: dict[Mode, Callable[[CheckContext], ObjectiveRace | None]] = {}


def race(mode: Mode) -> Callable[[RaceFn], RaceFn]:
    """Decorator registering ``mode``'s objective race (a function of the context; None: nothing to race to)."""

    def register(fn: RaceFn) -> RaceFn:
        RACES[mode] = fn
        return fn

    return register


RaceFn = Callable[[CheckContext], "ObjectiveRace | None"]


def objective_race(ctx: CheckContext, mode: Mode) -> ObjectiveRace | None:
    """Turns each fielded kind needs to reach the objective of ``mode`` from its spawn (None: no objective,
    or a side without a spawn): the mode's registered race (:data:`RACES`)."""
    fn = RACES.get(mode)
    if fn is None or not both_spawn(ctx):
        return None
    return fn(ctx)


def kind_race(ctx: CheckContext, mode: Mode, goal: str, targets: PerSide[tuple[Hex, ...]],
              turns: Callable[[Team, UnitStats], int | None]) -> ObjectiveRace:
    """The race to ``goal`` of every kind either side fields (:meth:`CheckContext.fielded`), ``turns`` giving
    each fielded kind's turns from a side's spawn; a kind a side does not field has no figure for it."""
    fielded = PerSide.of(lambda t: {u.kind for u in ctx.fielded(mode, t)})
    kinds = [u for u in ctx.ruleset_for(mode).units.values() if u.kind in fielded.red | fielded.blu]
    out = []
    for u in kinds:
        has = PerSide(u.kind in fielded.red, u.kind in fielded.blu)
        figures = PerSide(turns(Team.RED, u) if has.red else None, turns(Team.BLU, u) if has.blu else None)
        out.append(KindTurns(u.kind, u.name, figures, has))
    return ObjectiveRace(goal, targets, tuple(out))
