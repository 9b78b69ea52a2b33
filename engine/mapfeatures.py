"""Map features a mode adds to the map format: each one registered by its mode package, with its schema fragment.

The map's own features (spawn zones, first-aid kits, control points) are fields of
:class:`~engine.mapmodel.HexMap`; any other feature belongs to a mode, which
registers a :class:`MapFeature` when its package is imported: its key (the map
file's property and the map's attribute, ``m.tracks``), its shape and the words
for it. The map model, the map file, the schema and the status bar read the
registry; none of them names a feature of a mode. A feature's value on a map is,
by :attr:`MapFeature.shape`:

- ``"hexes"``: a frozenset of hexes (Team Play's ammo tiles);
- ``"hexes_by"``: hexes by a part key (Team Play's spawnpoints by colour);
- ``"path_by"``: an ordered path of hexes by team (Payload Race's cart tracks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engine.frozendict import FrozenDict
from engine.hexgrid import Hex

__all__ = ["FEATURES", "MapFeature", "features", "register_feature"]

SHAPES: Final = ("hexes", "hexes_by", "path_by")


@dataclass(frozen=True)
class MapFeature:
    """A map feature of a mode (see the module docstring).

    ``words`` name one of it ("ammo tile", "cart track"); ``parts`` are the part
    keys of a ``*_by`` feature in file order, ``part`` turns a file key into the
    part key (``Team``, ``Colour``) and ``part_words`` describe each part in the
    schema; ``description`` is the schema's description of the whole. ``one``
    names a method giving one part (``m.track(team)``) and ``which`` a method
    giving the part holding a hex (``m.spawnpoint_colour(h)``), for those who ask.
    """

    key: str
    shape: str
    words: str
    description: str
    parts: tuple[str, ...] = ()
    part: Callable[[str], Any] = str
    part_words: Mapping[str, str] = field(default_factory=dict)
    one: str = ""
    which: str = ""

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"map feature {self.key!r}: shape {self.shape!r} is not one of {', '.join(SHAPES)}")

    @property
    def by_part(self) -> bool:
        """Whether its value maps part keys to hexes (``*_by`` shapes)."""
        return self.shape != "hexes"

    def empty(self) -> Any:
        """The value of a map without this feature."""
        return FrozenDict({}) if self.by_part else frozenset()

    def normal(self, value: Any) -> Any:
        """``value`` in the feature's stored form: frozensets (paths: tuples), empty parts dropped."""
        if not self.by_part:
            return frozenset(value)
        keep = tuple if self.shape == "path_by" else frozenset
        parts = {self.part(k): keep(v) for k, v in dict(value).items() if v}
        order = {self.part(p): i for i, p in enumerate(self.parts)}
        return FrozenDict({k: parts[k] for k in sorted(parts, key=lambda k: (order.get(k, len(order)), str(k)))})

    def moved(self, value: Any, move: Callable[[Hex], Hex]) -> Any:
        """``value`` with each hex replaced by ``move(hex)`` (parts and a path's order kept), e.g. turned."""
        if not self.by_part:
            return frozenset(move(h) for h in value)
        keep = tuple if self.shape == "path_by" else frozenset
        return FrozenDict({k: keep(move(h) for h in hs) for k, hs in value.items()})

    def hexes(self, value: Any) -> Iterable[tuple[str, Iterable[Hex]]]:
        """(what, hexes) of each part of ``value`` (for invariants and messages): ``("RED cart track", path)``."""
        if not self.by_part:
            yield self.words, value
            return
        for k, hs in value.items():
            yield f"{getattr(k, 'value', k)} {self.words}", hs

    def schema(self) -> dict[str, Any]:
        """The JSON Schema fragment of the feature's property in a map file."""
        item = {"$ref": "#/$defs/hexPath" if self.shape == "path_by" else "#/$defs/hexSet"}
        if not self.by_part:
            return {**item, "description": self.description}
        return {"type": "object", "additionalProperties": False,
                "properties": {p: {**item, "description": self.part_words.get(p, "")} for p in self.parts},
                "description": self.description}


#: Every registered feature by key, in the order their modes are installed (the map file's order).
FEATURES: dict[str, MapFeature] = {}
_rank: dict[str, tuple[int, int]] = {}


def register_feature(feature: MapFeature, package: str) -> MapFeature:
    """Register ``feature`` of the mode package ``package`` (a feature registered twice must be the same)."""
    from engine import installed_modes

    had = FEATURES.get(feature.key)
    if had is not None and had != feature:
        raise ValueError(f"the map feature {feature.key!r} is registered twice, differently")
    if had is None:
        _rank[feature.key] = (installed_modes.rank(package), len(_rank))
        FEATURES[feature.key] = feature
        ordered = sorted(FEATURES.values(), key=lambda f: _rank[f.key])
        FEATURES.clear()
        FEATURES.update((f.key, f) for f in ordered)
    return feature


def features() -> Mapping[str, MapFeature]:
    """The registered features, the installed modes' loaded first."""
    from engine import installed_modes

    installed_modes.load()
    return FEATURES
