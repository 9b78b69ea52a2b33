"""The map model: hex cells with height and terrain, plus team and objective features.

A :class:`HexMap` is an immutable value. Edits return a new map (``with_cell``,
``with_spawn``...), so undo in the editor is just keeping the previous value, and
the engine can share one map between many game states.

Hard invariants (enforced here, an edit that breaks one raises :class:`MapEditError`):

- heights are 0, 1 or 2; stairs carry an up direction 0..5, other terrain none;
- every feature (spawn, kit, control point, and the modes' features: track step,
  Team Play spawnpoint, ammo tile, weapon rack...) sits on a hex of the map;
- a path feature (a cart track) never visits the same hex twice; a control point is not empty.

Everything that makes a map *unplayable* but is still a meaningful drawing (a kit
on a wall, overlapping spawn zones, a gap in a track, a control point at height 1)
is allowed here and reported by the validator instead, so community maps with
such faults can still be opened and repaired.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Final

from engine.frozendict import FrozenDict
from engine.hexgrid import Hex
from engine.mapfeatures import FEATURES, features
from engine.vocabulary import Term

__all__ = [
    "Cell",
    "Colour",
    "HexMap",
    "MapEditError",
    "MapMeta",
    "Mode",
    "Orientation",
    "Team",
    "Terrain",
    "MAX_HEIGHT",
    "MAX_HEXES",
]

MAX_HEIGHT: Final = 2
#: Most hexes a map may have (a 200×200 board): every loader, edit and resize keeps to it.
MAX_HEXES: Final = 40_000


class MapEditError(ValueError):
    """An edit would break one of the map's invariants; the message says which and where."""

    def __init__(self, message: str, hexes: Iterable[Hex] = ()) -> None:
        super().__init__(message)
        self.hexes: tuple[Hex, ...] = tuple(hexes)


class Terrain(StrEnum):
    """What stands on a hex besides its height."""

    OPEN = "open"
    WALL = "wall"
    LOW = "low_obstacle"
    STAIRS = "stairs"


class Team(StrEnum):
    """The two sides; RED moves first unless a scenario says otherwise."""

    RED = "RED"
    BLU = "BLU"

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.BLU if self is Team.RED else Team.RED


class Mode(Term):
    """The game a map or scenario is made for: an open vocabulary (:mod:`engine.vocabulary`).

    Each mode package defines its member when it registers its rules
    (:func:`engine.games.modes.register`); ``Mode(value)`` looks one up, loading
    the installed modes first (:mod:`engine.installed_modes`), and iterating lists
    them in the order they were installed.
    """

    @classmethod
    def define(cls, value: str, package: str, name: str | None = None) -> Mode:
        """The mode ``value`` of the mode package ``package`` (attribute ``name``, default ``value.upper()``),
        defined now unless it exists. Modes are listed in the order their packages are installed."""
        from engine import installed_modes

        return cls._make(value, name, installed_modes.rank(package))[0]


def default_modes() -> tuple[Mode, ...]:
    """What a new map is made for unless told: the first installed mode (no mode is a built-in default)."""
    return (next(iter(Mode)),)


class Colour(StrEnum):
    """The three colours of Team Play's spawnpoints, ammo cubes and powerups (003 assumes the base game's)."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"

    @property
    def letter(self) -> str:
        """The one-letter form used in costs and ammo tiles (``R``, ``B``, ``Y``)."""
        return self.value[0].upper()


class Orientation(StrEnum):
    """How hexes are drawn: corner up (pointy) or edge up (flat)."""

    POINTY = "pointy"
    FLAT = "flat"


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex of ground: its height (0..2), terrain and, for stairs, the up direction."""

    height: int = 0
    terrain: Terrain = Terrain.OPEN
    stairs_up: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.height, int) or not 0 <= self.height <= MAX_HEIGHT:
            raise MapEditError(f"height must be 0, 1 or 2, got {self.height!r}")
        if self.terrain is Terrain.STAIRS:
            if self.stairs_up is None or not 0 <= self.stairs_up <= 5:
                raise MapEditError(
                    f"stairs need an up direction 0..5, got {self.stairs_up!r}"
                )
        elif self.stairs_up is not None:
            raise MapEditError(f"only stairs have an up direction, not {self.terrain.value}")


OPEN_GROUND: Final = Cell()


@dataclass(frozen=True, slots=True)
class MapMeta:
    """Descriptive data: name, author, description, modes and drawing orientation."""

    name: str = "Untitled"
    author: str = ""
    description: str = ""
    modes: tuple[Mode, ...] = field(default_factory=default_modes)
    orientation: Orientation = Orientation.POINTY

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise MapEditError("a map needs a name")
        if not self.modes:
            raise MapEditError("a map must be made for at least one mode")
        if len(set(self.modes)) != len(self.modes):
            raise MapEditError("a mode is listed twice")


def _frozen(d: Mapping) -> Mapping:  # type: ignore[type-arg]
    return FrozenDict(dict(d))


@dataclass(frozen=True, eq=False)
class HexMap:
    """A complete map: cells, spawn zones, kits, control points, and the features modes add.

    The features of a mode (Payload Race's cart ``tracks``, Team Play's
    ``spawnpoints``, ``ammo`` and ``racks``...) are registered by the mode's package
    (:mod:`engine.mapfeatures`) and kept in :attr:`features` by key; each reads as
    an attribute (``m.tracks``: empty when the map has none), with the registered
    accessors (``m.track(team)``, ``m.spawnpoint_colour(h)``). Edit them with
    :meth:`with_feature` and :meth:`with_feature_part`.

    Construct with :meth:`create` (or the loaders in :mod:`engine.formats`), which
    checks the hard invariants. Equality compares content; instances are not hashable
    on purpose (they are large), use :meth:`fingerprint` for caches.
    """

    meta: MapMeta
    cells: Mapping[Hex, Cell]
    spawns: Mapping[Team, frozenset[Hex]] = field(default_factory=dict)
    kits: frozenset[Hex] = frozenset()
    control_points: tuple[frozenset[Hex], ...] = ()
    features: Mapping[str, Any] = field(default_factory=dict)

    # -- construction -------------------------------------------------------

    @classmethod
    def create(
        cls,
        meta: MapMeta,
        cells: Mapping[Hex, Cell],
        spawns: Mapping[Team, Iterable[Hex]] | None = None,
        kits: Iterable[Hex] = (),
        control_points: Iterable[Iterable[Hex]] = (),
        features: Mapping[str, Any] | None = None,
        **named: Any,
    ) -> HexMap:
        """Build a map and check its hard invariants; raises :class:`MapEditError`.

        ``features`` (and keyword arguments named after registered features:
        ``tracks=...``) give the modes' features; an unknown one raises ValueError.
        """
        m = cls(
            meta=meta,
            cells=_frozen(cells),
            spawns=_frozen({t: frozenset(hs) for t, hs in (spawns or {}).items() if hs}),
            kits=frozenset(kits),
            control_points=tuple(frozenset(cp) for cp in control_points),
            features=_features({**(features or {}), **named}),
        )
        m.check_invariants()
        return m

    @classmethod
    def blank(cls, hexes: Iterable[Hex], meta: MapMeta | None = None) -> HexMap:
        """A map of open height-0 ground on ``hexes`` with no features."""
        return cls.create(meta or MapMeta(), {h: OPEN_GROUND for h in hexes})

    def check_invariants(self) -> None:
        """Raise :class:`MapEditError` naming the first hard invariant that fails."""
        if not self.cells:
            raise MapEditError("a map needs at least one hex")
        if len(self.cells) > MAX_HEXES:
            raise MapEditError(f"a map has at most {MAX_HEXES:,} hexes; this one would have {len(self.cells):,}")
        for team, zone in self.spawns.items():
            self._require_on_map(zone, f"{team.value} spawn")
        self._require_on_map(self.kits, "first-aid kit")
        for i, cp in enumerate(self.control_points):
            if not cp:
                raise MapEditError(f"control point {i + 1} has no hexes")
            self._require_on_map(cp, f"control point {i + 1}")
        for key, value in self.features.items():
            f = FEATURES[key]
            for what, hexes in f.hexes(value):
                self._require_on_map(hexes, what)
                if f.shape == "path_by":
                    seen: set[Hex] = set()
                    for h in hexes:
                        if h in seen:
                            raise MapEditError(
                                f"the {what} visits {h} twice; a {f.words.split()[-1]} is a simple path", [h])
                        seen.add(h)

    def _require_on_map(self, hexes: Iterable[Hex], what: str) -> None:
        missing = sorted(h for h in hexes if h not in self.cells)
        if missing:
            listed = ", ".join(str(h) for h in missing[:5])
            raise MapEditError(
                f"{what} at {listed} is not on the map; add the hex or remove the feature",
                missing,
            )

    # -- the modes' features -------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        """A registered feature by key (empty when the map has none), or one of its accessors."""
        if name.startswith("_") or name == "features":
            raise AttributeError(name)
        feats = features()
        f = feats.get(name)
        if f is not None:
            return self.features.get(name, f.empty())
        for f in feats.values():
            if f.one == name:
                value = self.features.get(f.key, f.empty())
                return lambda part, _v=value, _f=f: _v.get(_f.part(part), () if _f.shape == "path_by" else frozenset())
            if f.which == name:
                value = self.features.get(f.key, f.empty())
                return lambda h, _v=value: next((k for k, hs in _v.items() if h in hs), None)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def with_feature(self, key: str, value: Any) -> HexMap:
        """A copy whose feature ``key`` is ``value`` (empty removes it); raises :class:`MapEditError`."""
        return self._with(features=_features({**self.features, key: value}))

    def with_feature_part(self, key: str, part: Any, hexes: Iterable[Hex]) -> HexMap:
        """A copy where part ``part`` of the ``*_by`` feature ``key`` is ``hexes`` (empty removes the part)."""
        value = dict(self.features.get(key, {}))
        value[part] = tuple(hexes)
        return self.with_feature(key, value)

    # -- queries ------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexMap):
            return NotImplemented
        return (
            self.meta == other.meta
            and dict(self.cells) == dict(other.cells)
            and dict(self.spawns) == dict(other.spawns)
            and self.kits == other.kits
            and self.control_points == other.control_points
            and {k: dict(v) if isinstance(v, Mapping) else v for k, v in self.features.items()}
            == {k: dict(v) if isinstance(v, Mapping) else v for k, v in other.features.items()}
        )

    __hash__ = None  # type: ignore[assignment]

    def __contains__(self, h: object) -> bool:
        return h in self.cells

    def __len__(self) -> int:
        return len(self.cells)

    def cell(self, h: Hex) -> Cell:
        """The cell at ``h``; raises :class:`MapEditError` if ``h`` is not on the map."""
        try:
            return self.cells[h]
        except KeyError:
            raise MapEditError(f"hex {h} is not on the map", [h]) from None

    def spawn_team(self, h: Hex) -> Team | None:
        """The team whose spawn zone holds ``h`` (RED first if zones overlap)."""
        for team in Team:
            if h in self.spawns.get(team, ()):
                return team
        return None

    def control_point_at(self, h: Hex) -> int | None:
        """Index of the control point containing ``h``, or None."""
        for i, cp in enumerate(self.control_points):
            if h in cp:
                return i
        return None

    def features_at(self, h: Hex) -> list[str]:
        """Plain names of everything placed on ``h`` (for status bars and messages)."""
        out: list[str] = []
        team = self.spawn_team(h)
        if team is not None:
            out.append(f"{team.value} spawn")
        if h in self.kits:
            out.append("first-aid kit")
        return out + self.objectives_at(h)

    def objectives_at(self, h: Hex) -> list[str]:
        """Plain names of what is placed on ``h`` besides spawn zones and kits: a control point, the mode's features
        (``RED track end``, ``blue spawnpoint``, a rack)."""
        out: list[str] = []
        cp = self.control_point_at(h)
        if cp is not None:
            out.append("control point" if len(self.control_points) == 1 else f"control point {cp + 1}")
        for key, value in self.features.items():
            f = FEATURES[key]
            if not f.by_part:
                if h in value:
                    out.append(f.words)
                continue
            for part, hexes in value.items():
                if h not in hexes:
                    continue
                name = getattr(part, "value", part)
                if f.shape == "path_by":
                    i = hexes.index(h)
                    where = "start" if i == 0 else "end" if i == len(hexes) - 1 else f"step {i}"
                    out.append(f"{name} {f.words.split()[-1]} {where}")
                else:
                    out.append(f"{name} {f.words}")
        return out

    def bounds(self) -> tuple[int, int, int, int]:
        """(min q, max q, min r, max r) over all cells."""
        qs = [h.q for h in self.cells]
        rs = [h.r for h in self.cells]
        return min(qs), max(qs), min(rs), max(rs)

    def fingerprint(self) -> int:
        """A hash of the content, stable within one process (for caches)."""
        return hash(
            (
                self.meta,
                frozenset(self.cells.items()),
                frozenset(self.spawns.items()),
                self.kits,
                self.control_points,
                tuple((k, frozenset(v.items()) if isinstance(v, Mapping) else v) for k, v in self.features.items()),
            )
        )

    # -- edits (each returns a new map) --------------------------------------

    def _with(self, **changes: object) -> HexMap:
        out = replace(self, **changes)  # type: ignore[arg-type]
        out.check_invariants()
        return out

    def with_meta(self, meta: MapMeta) -> HexMap:
        """A copy with new metadata."""
        return replace(self, meta=meta)

    def with_cells(self, changes: Mapping[Hex, Cell | None]) -> HexMap:
        """A copy with cells set (a Cell) or removed (None).

        Removing a hex that carries a feature raises :class:`MapEditError`; remove the
        feature first (the editor's erase tool does both in one undo step).
        """
        cells = dict(self.cells)
        for h, c in changes.items():
            if c is None:
                if h in cells:
                    feats = self.features_at(h)
                    if feats:
                        raise MapEditError(
                            f"hex {h} carries {', '.join(feats)}; remove that before the hex",
                            [h],
                        )
                    del cells[h]
            else:
                cells[h] = c
        return self._with(cells=_frozen(cells))

    def with_cell(self, h: Hex, c: Cell | None) -> HexMap:
        """A copy with one cell set or removed; see :meth:`with_cells`."""
        return self.with_cells({h: c})

    def with_spawn_zone(self, team: Team, hexes: Iterable[Hex]) -> HexMap:
        """A copy where ``team``'s spawn zone is exactly ``hexes``."""
        spawns = dict(self.spawns)
        zone = frozenset(hexes)
        if zone:
            spawns[team] = zone
        else:
            spawns.pop(team, None)
        return self._with(spawns=_frozen(spawns))

    def with_kits(self, hexes: Iterable[Hex]) -> HexMap:
        """A copy whose first-aid kits are exactly ``hexes``."""
        return self._with(kits=frozenset(hexes))

    def with_control_points(self, points: Iterable[Iterable[Hex]]) -> HexMap:
        """A copy whose control points are exactly ``points`` (each a set of hexes)."""
        return self._with(control_points=tuple(frozenset(p) for p in points))

    def without_features(self, hexes: Collection[Hex], keep_tracks: bool = False) -> HexMap:
        """A copy with no feature on ``hexes``: spawn zones, kits, control points and the modes' features lose
        them; paths (cart tracks) lose those steps (and may then have gaps the validator reports) unless
        ``keep_tracks``."""
        gone = set(hexes)
        out = self
        for team, zone in self.spawns.items():
            if zone & gone:
                out = out.with_spawn_zone(team, zone - gone)
        if self.kits & gone:
            out = out.with_kits(self.kits - gone)
        if any(cp & gone for cp in self.control_points):
            out = out.with_control_points([cp - gone for cp in self.control_points if cp - gone])
        for key, value in self.features.items():
            f = FEATURES[key]
            if not f.by_part:
                if value & gone:
                    out = out.with_feature(key, value - gone)
                continue
            for part, hs in value.items():
                if gone.intersection(hs) and not (f.shape == "path_by" and keep_tracks):
                    out = out.with_feature_part(key, part, [h for h in hs if h not in gone])
        return out


def _features(values: Mapping[str, Any]) -> Mapping[str, Any]:
    """The registered features among ``values`` in their stored form and registry order, empty ones dropped;
    ValueError for a key no mode registered."""
    feats = features()
    unknown = sorted(set(values) - set(feats))
    if unknown:
        raise ValueError(f"unknown map feature {', '.join(unknown)} (registered: {', '.join(feats) or 'none'})")
    out = {}
    for key, f in feats.items():
        if key in values:
            value = f.normal(values[key])
            if value:
                out[key] = value
    return FrozenDict(out)
