"""Terrain tables: which hexfort hex each tile of a Tiled map stands for.

A tile says it itself with a ``hexfort`` property (a token such as ``"1#"``);
otherwise a table maps it, by tileset name and local tile id (``tiles``) or by
the tile's class (``classes``). Tables follow ``schemas/terrain-table.schema.json``;
hexfort ships a default one (``engine/data/tiled-terrain.table.json``) of common
class names, consulted after any table the user gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from engine.formats.jsonio import read_json_file
from engine.formats.schemas import validate_document

__all__ = ["DEFAULT_TABLE", "TerrainTable", "default_table", "load_table"]

DEFAULT_TABLE = Path(__file__).resolve().parents[1] / "data" / "tiled-terrain.table.json"


@dataclass(frozen=True)
class TerrainTable:
    """Tokens by (tileset name, local tile id) and by tile class; ``then`` is consulted when this has none."""

    tiles: Mapping[str, Mapping[int, str]] = field(default_factory=dict)
    classes: Mapping[str, str] = field(default_factory=dict)
    then: TerrainTable | None = None

    def token(self, tileset: str, tile_id: int, cls: str) -> str | None:
        """The token of a tile, or None when neither this table nor the next one knows it."""
        found = self.tiles.get(tileset, {}).get(tile_id)
        if found is None and cls:
            found = self.classes.get(cls, self.classes.get(cls.lower()))
        if found is None and self.then is not None:
            return self.then.token(tileset, tile_id, cls)
        return found

    def followed_by(self, other: TerrainTable | None) -> TerrainTable:
        """This table, then ``other`` for what it does not know."""
        return TerrainTable(self.tiles, self.classes, other if self.then is None else self.then.followed_by(other))


def load_table(path: str | Path) -> TerrainTable:
    """A terrain table file; raises LoadError naming the file and the JSON path."""
    doc = read_json_file(path)
    validate_document(doc, "terrain-table", path)
    tiles = {name: {int(k): v for k, v in ids.items()} for name, ids in doc.get("tiles", {}).items()}
    return TerrainTable(tiles, dict(doc.get("classes", {})))


@cache
def default_table() -> TerrainTable:
    """The table hexfort ships (common tile class names)."""
    return load_table(DEFAULT_TABLE)
