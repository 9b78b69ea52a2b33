"""Tiled files on disk: reading either format, importing, and exporting atomically (nothing written half).

An export writes two files: the map, and beside it the picture of hexfort's
tileset (``NAME.tiles.png`` for ``NAME.tmx``/``NAME.tmj``), which the map names by
its relative path so Tiled shows the hexes. Each is written whole or not at all;
the image first, and removed again if it was new and the map could not be written.
An import never opens the image.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from engine.formats.errors import LoadError
from engine.formats.jsonio import atomic_write_bytes, atomic_write_text
from engine.interop.png import written_by_hexfort
from engine.interop.terrain_table import TerrainTable, default_table, load_table
from engine.interop.tiled_export import hexfort_sheet, map_to_tiled
from engine.interop.tiled_import import ground_note, map_from_tiled
from engine.interop.tiled_model import TiledError, TiledMap
from engine.interop.tmj import read_tmj, tmj_text
from engine.interop.tmx import read_tmx, tmx_text
from engine.mapmodel import HexMap

__all__ = ["TILED_SUFFIXES", "export_tiled", "import_tiled", "import_tiled_noting", "read_tiled", "tile_image_path", "tiled_format",
           "tiled_text"]

#: File endings of Tiled maps: XML (.tmx) and JSON (.tmj, or .json as Tiled wrote before 1.8).
TILED_SUFFIXES: Final = (".tmx", ".tmj", ".json")


def tiled_format(path: str | Path) -> str:
    """``"tmx"`` or ``"tmj"`` from a file name; raises ValueError for another ending."""
    suffix = Path(path).suffix.lower()
    if suffix == ".tmx":
        return "tmx"
    if suffix in (".tmj", ".json"):
        return "tmj"
    raise ValueError(f"{Path(path).name}: a Tiled map ends in .tmx (XML) or .tmj (JSON)")


def tile_image_path(path: str | Path) -> Path:
    """Where the export of the Tiled map ``path`` puts its tileset picture: ``NAME.tiles.png`` beside it."""
    p = Path(path)
    return p.with_name(p.stem + ".tiles.png")


def read_tiled(path: str | Path) -> TiledMap:
    """Read a Tiled map (.tmx or .tmj/.json); raises LoadError (a file of another ending included)."""
    try:
        fmt = tiled_format(path)
    except ValueError as e:
        raise TiledError(path, "", str(e)) from None
    return read_tmx(path) if fmt == "tmx" else read_tmj(path)


def import_tiled(path: str | Path, table: str | Path | TerrainTable | None = None) -> HexMap:
    """The hexfort map of a Tiled file; ``table`` (a terrain table or its file) is consulted before the default
    table. Raises LoadError naming the file (the map's or the table's), the layer and the tile or object."""
    return import_tiled_noting(path, table)[0]


def import_tiled_noting(path: str | Path,
                        table: str | Path | TerrainTable | None = None) -> tuple[HexMap, str]:
    """:func:`import_tiled`, and which tile layer the ground was read from when the file has several
    (:func:`~engine.interop.tiled_import.ground_note`; "" otherwise), from one reading of the file."""
    if isinstance(table, (str, Path)):
        table = load_table(table)
    lookup = table.followed_by(default_table()) if table is not None else default_table()
    tm = read_tiled(path)
    return map_from_tiled(tm, path, lookup), ground_note(tm)


def tiled_text(m: HexMap, fmt: str, keep: TiledMap | None = None, file: str | Path = "<output>",
               image: str = "") -> str:
    """The Tiled text (``fmt`` ``"tmx"`` or ``"tmj"``) of ``m``, keeping ``keep``'s other layers and properties;
    ``image`` is the tileset picture's path relative to the map (none when empty)."""
    tm = map_to_tiled(m, keep, file, image)
    return tmx_text(tm) if fmt == "tmx" else tmj_text(tm)


def export_tiled(m: HexMap, path: str | Path) -> None:
    """Write ``m`` as a Tiled map at ``path`` (format from its ending) and its tile picture beside it, atomically.

    An existing Tiled map at ``path`` keeps its other layers, tilesets and
    properties. Raises ValueError for an ending that is not a Tiled map's, LoadError
    when an existing file there is not a Tiled map of that format, or one at the
    picture's name (:func:`tile_image_path`) is not a picture hexfort wrote (both are
    left alone), or the map's layers no longer fit; OSError when a file cannot be
    written (the map is then untouched, and a picture that was not there is removed).
    """
    fmt = tiled_format(path)
    keep = None
    if Path(path).exists():
        try:
            keep = read_tiled(path)
        except LoadError as e:
            raise TiledError(path, e.where, f"{e.message} — the file exists and is not a Tiled map hexfort can "
                                            "update; hexfort leaves it alone: choose another name") from None
    image = tile_image_path(path)
    existed = image.exists() or image.is_symlink()
    if existed and not written_by_hexfort(image):
        raise TiledError(image, "", "the map's tile picture goes here, but this file is not one hexfort wrote; "
                                    "hexfort leaves it alone: choose another name for the map")
    text = tiled_text(m, fmt, keep, path, image.name)
    picture = hexfort_sheet(m.meta.orientation).png
    if not existed or image.read_bytes() != picture:
        atomic_write_bytes(image, picture)
    try:
        atomic_write_text(path, text)
    except BaseException:
        if not existed:
            image.unlink(missing_ok=True)
        raise
