"""What hexfort reads from and writes to a Tiled map, whichever the file format (TMX or TMJ).

The readers (:mod:`engine.interop.tmx`, :mod:`engine.interop.tmj`) turn a file
into a :class:`TiledMap`; the writers turn one back into text. Only what hexfort
uses is modelled: the grid, tilesets with their tiles' classes and properties,
tile layers as lists of global tile ids, object layers, and custom properties.
Everything else a file holds stays in its ``raw`` form so an export over an
existing file can keep it (see :mod:`engine.interop.tiled_export`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from engine.formats.errors import LoadError, LoadProblem

__all__ = [
    "FLIP_BITS",
    "MAX_CELLS",
    "TiledError",
    "external_tileset",
    "TiledMap",
    "TiledObject",
    "TileInfo",
    "TileLayer",
    "ObjectLayer",
    "Tileset",
    "TilesetImage",
    "read_limited",
]

#: The flip and rotation flags Tiled keeps in a global tile id's top four bits.
FLIP_BITS: Final = 0xF0000000
#: Most cells a Tiled map may have here (hexfort maps have at most 40,000 hexes; room for holes).
MAX_CELLS: Final = 160_000
#: Largest Tiled file read (a 400 × 400 map in CSV is about 1 MB).
MAX_BYTES: Final = 8 * 1024 * 1024

#: A property value: str, int, float or bool.
PropertyValue = str | int | float | bool


def TiledError(file: str | Path, where: str, message: str) -> LoadError:  # noqa: N802 - reads like a class
    """A LoadError about a Tiled file (or a terrain table): ``where`` names layer, tile or position."""
    return LoadError(file, [LoadProblem(where, message)])


def read_limited(path: str | Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_BYTES`; raises LoadError naming the file."""
    p = Path(path)
    try:
        if not p.is_file():
            what = "this is a folder, not a file" if p.is_dir() else "file not found; check the path"
            raise TiledError(p, "", what)
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise TiledError(p, "", f"file is {size:,} bytes; hexfort reads Tiled files of at most {MAX_BYTES:,}")
        with p.open("rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError as e:
        raise TiledError(p, "", f"cannot read the file: {e.strerror or e}") from None


def external_tileset(file: Path, source: str, where: str) -> Path:
    """The path of the external tileset ``source`` a map (``file``) names; raises LoadError naming the map, the path
    looked at and the fix when there is no such file (the tileset's own name alone left a user guessing which map
    and which folder: a new-user audit)."""
    path = file.parent / source
    if not path.is_file():
        raise TiledError(file, where, f"its external tileset {source!r} is not there (looked for {path}); put the "
                                      "tileset file beside the map where it names it, or embed the tileset in Tiled "
                                      "(the Tilesets panel's Embed Tileset button) and save again")
    return path


@dataclass(frozen=True)
class TileInfo:
    """A tile of a tileset: its class (Tiled 1.9+ ``class``, older ``type``) and custom properties."""

    cls: str = ""
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)


@dataclass(frozen=True)
class TilesetImage:
    """The picture a tileset's tiles are cut from: its file (relative to the map), size and tiles per row.

    Written by the export (hexfort's tileset); the readers do not read it back, so an
    image that is missing or damaged never stops an import.
    """

    source: str
    width: int
    height: int
    columns: int


@dataclass(frozen=True)
class Tileset:
    """A tileset as a map uses it: first global id, name and the tiles that carry a class or properties.

    ``source`` names an external tileset file (as written in the map); ``raw`` is
    the format's own form (an XML element or a JSON object), for writing it back;
    ``image``, when set, is the picture of the tiles (written, never read).
    """

    firstgid: int
    name: str
    tiles: Mapping[int, TileInfo] = field(default_factory=dict)
    tilecount: int | None = None
    source: str = ""
    raw: Any = None
    image: TilesetImage | None = None


@dataclass(frozen=True)
class TileLayer:
    """A tile layer: ``width`` × ``height`` global ids row by row (0: no tile), flip bits removed; ``turned``: the
    indices of the cells whose tile Tiled rotates or flips (:meth:`of` finds them)."""

    name: str
    width: int
    height: int
    gids: tuple[int, ...]
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)
    raw: Any = None
    turned: frozenset[int] = frozenset()

    @classmethod
    def of(cls, name: str, width: int, height: int, flagged: Sequence[int],
           properties: Mapping[str, PropertyValue], raw: Any) -> TileLayer:
        """A layer from its global ids as stored, each with Tiled's flip and rotation flags in its top bits."""
        return cls(name, width, height, tuple(g & ~FLIP_BITS for g in flagged), properties, raw,
                   frozenset(i for i, g in enumerate(flagged) if g & FLIP_BITS and g & ~FLIP_BITS))


@dataclass(frozen=True)
class TiledObject:
    """An object: position in pixels, its class, properties and, for a polyline, its points (absolute).

    A tile object (``gid``) is anchored at its bottom-left corner, as Tiled does;
    :meth:`anchor` gives the point that says which hex the object stands on. ``raw``
    is the format's own form of an object read from a file (written back as it was,
    with whatever hexfort does not read); an object hexfort makes has none.
    """

    id: int
    name: str
    cls: str
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    gid: int = 0
    polyline: tuple[tuple[float, float], ...] | None = None
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)
    raw: Any = field(default=None, compare=False)

    def anchor(self) -> tuple[float, float]:
        """The pixel that places the object: a point's position, a shape's centre."""
        if self.gid:
            return self.x + self.width / 2, self.y - self.height / 2
        return self.x + self.width / 2, self.y + self.height / 2


@dataclass(frozen=True)
class ObjectLayer:
    """An object layer (Tiled's object group). With ``raw`` (read from a file) the writers write the layer's
    own attributes and properties from it, and its objects from ``objects`` (each raw when it has a raw form).
    """

    name: str
    objects: tuple[TiledObject, ...]
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)
    raw: Any = None


@dataclass(frozen=True)
class TiledMap:
    """A Tiled map as hexfort sees it.

    ``orientation`` is Tiled's (``hexagonal``, ``orthogonal``, ``isometric``,
    ``staggered``); ``stagger_axis``/``stagger_index``/``side`` matter for
    hexagonal maps. ``layers`` keeps the file's order and holds
    :class:`TileLayer`, :class:`ObjectLayer` and, for layers hexfort does not read
    (image layers, groups), their raw form. ``raw`` is the whole parsed file.
    """

    orientation: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    side: int
    stagger_axis: str
    stagger_index: str
    infinite: bool
    tilesets: tuple[Tileset, ...]
    layers: tuple[Any, ...]
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)
    raw: Any = None

    def tile(self, gid: int) -> tuple[Tileset, int] | None:
        """The tileset holding global id ``gid`` (flip bits removed) and the tile's local id; None for 0."""
        if gid == 0:
            return None
        owner = None
        for ts in self.tilesets:
            if ts.firstgid <= gid and (owner is None or ts.firstgid > owner.firstgid):
                owner = ts
        return None if owner is None else (owner, gid - owner.firstgid)
