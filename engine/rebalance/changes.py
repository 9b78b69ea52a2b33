"""Candidate map edits as frozen values: what a designer would change, in words and hexes.

Every :class:`Change` applies to a :class:`~engine.mapmodel.HexMap` and gives a
new map (maps are immutable; :meth:`Change.apply_to` gives the scenario, where a
change of what the sides field — :mod:`engine.rebalance.rosters` — is made), names the hexes it changes, says itself in plain
words (``"open the wall at 11,-5"``) and has a mirror image on the other side of
a team symmetry (:meth:`Change.mirrored`, RED and BLU swapped), so that edits on
a symmetric map come in mirrored pairs. A :class:`Proposal` is the changes
offered together: one edit, a mirrored pair, or the repair of an almost
symmetric map.

``apply`` raises :class:`~engine.mapmodel.MapEditError` (a ValueError) when the
change does not fit the map any more (a hex off the map, a feature already
there); the search simply drops such candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol

from engine.hexgrid import Hex
from engine.mapmodel import Cell, Colour, HexMap, MapEditError, Team, Terrain
from engine.rebalance.mirror import Mirror
from engine.scenario import Scenario

__all__ = ["Change", "Feature", "MoveFeature", "MoveStairs", "PlaceFeature", "Proposal", "RemoveFeature",
           "SetGround", "SetTrack", "ToggleFeature", "Wording", "count_words"]

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count_words(n: int, noun: str) -> str:
    """``"two hexes"``, ``"one push"``: a small count in words (digits from ten on)."""
    plural = noun if n == 1 else (noun + "es" if noun.endswith(("x", "sh", "s")) else noun + "s")
    return f"{_NUMBERS[n] if 0 <= n < len(_NUMBERS) else n} {plural}"


class Wording(Protocol):
    """What words need to know about the original map: whose side a hex is on and where the objective is."""

    goal: str

    def side(self, h: Hex) -> Team | None:
        """The team whose spawn is nearer ``h`` (None when even or unreachable)."""
        ...

    def goal_distance(self, h: Hex) -> int:
        """Hexes from ``h`` to the objective."""
        ...


def _toward(w: Wording, src: Hex, dst: Hex) -> str:
    d = w.goal_distance(src) - w.goal_distance(dst)
    if d > 0:
        return f"{count_words(d, 'hex')} toward {w.goal} (to {dst})"
    if d < 0:
        return f"{count_words(-d, 'hex')} away from {w.goal} (to {dst})"
    return f"to {dst}"


class Change:
    """One edit of a map (see the module docstring). Subclasses are frozen dataclasses."""

    kind: str = ""

    def apply(self, m: HexMap) -> HexMap:
        """The map after this change; raises MapEditError when it does not fit ``m``."""
        raise NotImplementedError

    def apply_to(self, s: Scenario) -> Scenario:
        """The scenario after this change: its map changed (a change of what the sides field overrides this)."""
        return replace(s, map=self.apply(s.map))

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The hexes this change touches."""
        raise NotImplementedError

    def words(self, w: Wording) -> str:
        """The change in plain words, with its hexes."""
        raise NotImplementedError

    def mirrored(self, mirror: Mirror) -> Change | None:
        """The same change on the other side (RED and BLU swapped); None when a hex has no whole image."""
        raise NotImplementedError

    def facts(self) -> dict[str, Any]:
        """What a JSON document says of the change besides its kind, words and hexes (a roster exchange: its units)."""
        return {}

    def to_json(self, w: Wording) -> dict[str, Any]:
        """``{"kind", "words", "hexes"}`` and the :meth:`facts`."""
        return {"kind": self.kind, "words": self.words(w), "hexes": [str(h) for h in self.hexes], **self.facts()}


def _images(mirror: Mirror, hexes: Iterable[Hex]) -> list[Hex] | None:
    out = [mirror.image(h) for h in hexes]
    return None if any(h is None for h in out) else out  # type: ignore[return-value]


def _ground_words(before: Cell, after: Cell, at: Hex) -> str:
    parts = []
    if before.terrain is not after.terrain or before.stairs_up != after.stairs_up:
        t0, t1 = before.terrain, after.terrain
        if t1 is Terrain.STAIRS:
            assert after.stairs_up is not None
            parts.append(f"put stairs at {at} climbing toward {at.neighbor(after.stairs_up)}")
        elif t1 is Terrain.WALL:
            parts.append(f"add a wall at {at}")
        elif t1 is Terrain.LOW:
            parts.append(f"add a low obstacle at {at}")
        else:
            parts.append({Terrain.WALL: f"open the wall at {at}", Terrain.LOW: f"clear the low obstacle at {at}",
                          Terrain.STAIRS: f"remove the stairs at {at}"}.get(t0, f"open {at}"))
    if before.height != after.height:
        verb = "raise" if after.height > before.height else "lower"
        parts.append(f"{verb} {at} to height {after.height}")
    return " and ".join(parts) or f"leave {at} as it is"


@dataclass(frozen=True)
class SetGround(Change):
    """Change one hex's height, terrain or stairs: add or open a wall, a low obstacle, stairs; raise or lower."""

    at: Hex
    before: Cell
    after: Cell
    kind = "ground"

    def apply(self, m: HexMap) -> HexMap:
        if m.cells.get(self.at) != self.before:
            raise MapEditError(f"{self.at} is no longer as this change expects", [self.at])
        return m.with_cell(self.at, self.after)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return (self.at,)

    def words(self, w: Wording) -> str:
        return _ground_words(self.before, self.after, self.at)

    def mirrored(self, mirror: Mirror) -> Change | None:
        img = mirror.image(self.at)
        return None if img is None else SetGround(img, mirror.cell(self.before), mirror.cell(self.after))


@dataclass(frozen=True)
class MoveStairs(Change):
    """Move a flight of stairs: ``src`` becomes ``src_after`` (open at its height) and ``dst`` gets the stairs."""

    src: Hex
    dst: Hex
    src_before: Cell
    dst_before: Cell
    up: int
    kind = "move_stairs"

    def _cells(self) -> tuple[Cell, Cell]:
        return Cell(self.src_before.height), Cell(self.dst_before.height, Terrain.STAIRS, self.up)

    def apply(self, m: HexMap) -> HexMap:
        if m.cells.get(self.src) != self.src_before or m.cells.get(self.dst) != self.dst_before:
            raise MapEditError(f"the stairs at {self.src} are no longer as this change expects", [self.src])
        a, b = self._cells()
        return m.with_cells({self.src: a, self.dst: b})

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return (self.src, self.dst)

    def words(self, w: Wording) -> str:
        return f"move the stairs at {self.src} to {self.dst}, climbing toward {self.dst.neighbor(self.up)}"

    def mirrored(self, mirror: Mirror) -> Change | None:
        imgs = _images(mirror, (self.src, self.dst))
        if imgs is None:
            return None
        return MoveStairs(imgs[0], imgs[1], mirror.cell(self.src_before), mirror.cell(self.dst_before),
                          mirror.direction(self.up))


@dataclass(frozen=True)
class Feature:
    """A kind of placed feature: ``kit``, ``ammo``, ``rack``, ``spawn`` (of a team) or ``spawnpoint`` (of a colour)."""

    kind: str
    owner: str = ""

    def get(self, m: HexMap) -> frozenset[Hex]:
        """The hexes holding this feature on ``m``."""
        if self.kind == "spawn":
            return frozenset(m.spawns.get(Team(self.owner), ()))
        if self.kind == "spawnpoint":
            return frozenset(m.spawnpoints.get(Colour(self.owner), ()))
        return {"kit": m.kits, "ammo": m.ammo, "rack": m.racks}[self.kind]

    def put(self, m: HexMap, hexes: Iterable[Hex]) -> HexMap:
        """``m`` with this feature on exactly ``hexes``."""
        hs = frozenset(hexes)
        setters: dict[str, Callable[[], HexMap]] = {
            "spawn": lambda: m.with_spawn_zone(Team(self.owner), hs),
            "spawnpoint": lambda: m.with_feature_part("spawnpoints", Colour(self.owner), hs),
            "kit": lambda: m.with_kits(hs), "ammo": lambda: m.with_feature("ammo", hs),
            "rack": lambda: m.with_feature("racks", hs)}
        return setters[self.kind]()

    def mirrored(self) -> Feature:
        """The feature on the other side: a team's spawn becomes the other team's."""
        return Feature(self.kind, Team(self.owner).other.value) if self.kind == "spawn" else self

    def noun(self) -> str:
        """``"first-aid kit"``, ``"RED's spawn zone"``, ``"blue spawnpoint"``."""
        if self.kind == "spawn":
            return f"{self.owner}'s spawn zone"
        if self.kind == "spawnpoint":
            return f"{self.owner} spawnpoint"
        return {"kit": "kit", "ammo": "ammo tile", "rack": "weapon rack"}[self.kind]


def _owned(f: Feature, w: Wording, at: Hex) -> str:
    """``"BLU's kit at 3,-2"`` (the side whose spawn is nearer), or ``"the kit at 3,-2"``."""
    if f.kind == "spawn":
        return f"{f.owner}'s spawn hex at {at}"
    side = w.side(at) if f.kind == "kit" else None
    return f"{side.value}'s {f.noun()} at {at}" if side is not None else f"the {f.noun()} at {at}"


@dataclass(frozen=True)
class ToggleFeature(Change):
    """Put a feature on a hex (``add``) or take it off: a kit, an ammo tile, a rack, a spawnpoint, a spawn hex."""

    feature: Feature
    at: Hex
    add: bool = True

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "place" if self.add else "remove"

    def apply(self, m: HexMap) -> HexMap:
        now = self.feature.get(m)
        if (self.at in now) == self.add or self.at not in m.cells:
            raise MapEditError(f"cannot {self.kind} a {self.feature.noun()} at {self.at}", [self.at])
        return self.feature.put(m, now | {self.at} if self.add else now - {self.at})

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return (self.at,)

    def words(self, w: Wording) -> str:
        if self.feature.kind == "spawn":
            return f"add {self.at} to {self.feature.noun()}" if self.add else \
                f"take {self.at} out of {self.feature.noun()}"
        return f"add a {self.feature.noun()} at {self.at}" if self.add else f"remove {_owned(self.feature, w, self.at)}"

    def mirrored(self, mirror: Mirror) -> Change | None:
        img = mirror.image(self.at)
        return None if img is None else ToggleFeature(self.feature.mirrored(), img, self.add)


def PlaceFeature(feature: Feature, at: Hex) -> ToggleFeature:  # noqa: N802 - reads as a value type
    """A feature put on ``at``."""
    return ToggleFeature(feature, at, True)


def RemoveFeature(feature: Feature, at: Hex) -> ToggleFeature:  # noqa: N802 - reads as a value type
    """A feature taken off ``at``."""
    return ToggleFeature(feature, at, False)


@dataclass(frozen=True)
class MoveFeature(Change):
    """Move a feature from one hex to another."""

    feature: Feature
    src: Hex
    dst: Hex
    kind = "move"

    def apply(self, m: HexMap) -> HexMap:
        now = self.feature.get(m)
        if self.src not in now or self.dst in now or self.dst not in m.cells:
            raise MapEditError(f"cannot move the {self.feature.noun()} at {self.src} to {self.dst}", [self.src])
        return self.feature.put(m, (now - {self.src}) | {self.dst})

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return (self.src, self.dst)

    def words(self, w: Wording) -> str:
        return f"move {_owned(self.feature, w, self.src)} {_toward(w, self.src, self.dst)}"

    def mirrored(self, mirror: Mirror) -> Change | None:
        imgs = _images(mirror, self.hexes)
        return None if imgs is None else MoveFeature(self.feature.mirrored(), imgs[0], imgs[1])


@dataclass(frozen=True)
class SetTrack(Change):
    """Change a Payload Race track: move its end (longer or shorter) or reroute a stretch."""

    team: Team
    before: tuple[Hex, ...]
    after: tuple[Hex, ...]
    kind = "track"

    def apply(self, m: HexMap) -> HexMap:
        if m.track(self.team) != self.before:
            raise MapEditError(f"{self.team.value}'s track is no longer as this change expects")
        return m.with_feature_part("tracks", self.team, self.after)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The hexes put on or taken off the track, and those kept whose step into them changed (a rerouted
        stretch rejoins the track there); a push added or taken at either end is one hex, not the whole track."""
        a, b = self.before, self.after
        came_from = {h: a[i - 1] if i else None for i, h in enumerate(a)}
        moved = set(a) ^ set(b)
        moved |= {h for i, h in enumerate(b) if h in came_from and i and came_from[h] not in (b[i - 1], None)}
        return tuple(sorted(moved))

    def words(self, w: Wording) -> str:
        """In words: a longer or shorter track at either end, else the stretch rerouted (between the last hex
        kept before it, or the track's start, and the first kept after it, or its end)."""
        a, b, t = self.before, self.after, self.team.value
        if len(a) > 1 and b == a[::-1]:  # a track drawn from its end (HF402) turned round
            return f"reverse {t}'s track, so that its cart starts at {b[0]} and ends at {b[-1]}"
        d = len(b) - len(a)
        n = min(len(a), len(b))
        same_start = next((k for k in range(n) if a[k] != b[k]), n)
        same_end = next((k for k in range(n - same_start) if a[-1 - k] != b[-1 - k]), n - same_start)
        if same_start == len(a):
            return f"extend {t}'s track by {count_words(d, 'push')} to {b[-1]}"
        if same_start == len(b):
            return f"end {t}'s track {count_words(-d, 'push')} earlier, at {b[-1]}"
        if same_end == len(a):
            return f"start {t}'s track {count_words(d, 'push')} further back, at {b[0]}"
        if same_end == len(b):
            return f"start {t}'s track {count_words(-d, 'push')} further on, at {b[0]}"
        via = ", ".join(str(h) for h in b[same_start:len(b) - same_end]) or "a shortcut"
        more = (f" ({count_words(abs(d), 'push')} {'more' if d > 0 else 'fewer'})" if d else "")
        start = f"{a[same_start - 1]}" if same_start else "its start"
        end = f"{a[len(a) - same_end]}" if same_end else "its end"
        return f"reroute {t}'s track between {start} and {end} through {via}{more}"

    def mirrored(self, mirror: Mirror) -> Change | None:
        a, b = _images(mirror, self.before), _images(mirror, self.after)
        return None if a is None or b is None else SetTrack(self.team.other, tuple(a), tuple(b))


@dataclass(frozen=True)
class Proposal:
    """Changes offered together, with the reason they were tried (``why``) and the family of fix. ``cover``: those
    of ``changes`` added only to keep a fairness check level beside an edit (a compensated pair's wall), which a
    later step may move; every other change is an edit a later step never gives back."""

    changes: tuple[Change, ...]
    why: str = ""
    family: str = ""
    mirrored_pair: bool = field(default=False)
    cover: tuple[Change, ...] = ()

    def apply(self, m: HexMap) -> HexMap:
        """``m`` with every change made in order; raises MapEditError."""
        for c in self.changes:
            m = c.apply(m)
        return m

    def apply_to(self, s: Scenario) -> Scenario:
        """``s`` with every change made in order, the map's and the sides' (a roster exchange); raises
        MapEditError."""
        for c in self.changes:
            s = c.apply_to(s)
        return s

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the proposal touches, sorted."""
        return tuple(sorted({h for c in self.changes for h in c.hexes}))

    def words(self, w: Wording) -> str:
        """All changes in words, ``; ``-separated."""
        return "; ".join(c.words(w) for c in self.changes)

    def with_mirror(self, mirror: Mirror) -> Proposal | None:
        """This proposal and its mirror image together (a mirrored pair); None when an image is missing."""
        images: dict[Change, Change] = {}
        for c in self.changes:
            img = c.mirrored(mirror)
            if img is None:
                return None
            images[c] = img
        extra = tuple(img for c, img in images.items() if img != c)
        cover = tuple(dict.fromkeys(self.cover + tuple(images[c] for c in self.cover)))
        return Proposal(self.changes + extra, self.why, self.family, True, cover)
