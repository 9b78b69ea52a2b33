"""Exported Tiled maps show their hexes in Tiled: the export writes the picture of hexfort's tileset beside
the map (``NAME.tiles.png``), the map names it with the tileset's size, Tiled's own renderer draws the map
from it (``tmxrasterizer``, skipped saying so when Tiled is not installed), and an import never needs it.
The picture is written whole or not at all, and never over a file hexfort did not write."""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from engine import palette
from engine.formats import load_map
from engine.formats.errors import LoadError
from engine.hexgrid import Hex
from engine.interop import export_tiled, import_tiled, read_tiled, tiled_files
from engine.interop.stagger import StaggeredGrid
from engine.interop.tiled_export import TOKENS
from engine.interop.tiled_model import TiledMap
from engine.mapmodel import Orientation, Terrain
from tests.engine.interop.png_pixels import read_png
from tests.engine.interop.tiled_tools import run_tiled, tiled_program

REPO = Path(__file__).resolve().parents[3]
#: A flat map (stagger axis x) and a pointy one (stagger axis y) with stairs.
MAPS = {"ridge": REPO / "maps" / "koth_ridge.map.json", "canal": REPO / "maps" / "payload_canal.map.json"}
CASES = [(name, fmt) for name in MAPS for fmt in ("tmx", "tmj")]


def _tileset(out: Path) -> dict[str, object]:
    """What the exported map says about hexfort's tileset and its image, read straight from the file."""
    if out.suffix == ".tmx":
        ts = next(t for t in ET.parse(out).getroot().iter("tileset") if t.get("name") == "hexfort")
        image = ts.find("image")
        assert image is not None
        return {"image": image.get("source"), "imagewidth": int(image.get("width", 0)),
                "imageheight": int(image.get("height", 0)), "tilewidth": int(ts.get("tilewidth", 0)),
                "tileheight": int(ts.get("tileheight", 0)), "columns": int(ts.get("columns", 0)),
                "tilecount": int(ts.get("tilecount", 0))}
    doc = json.loads(out.read_text(encoding="utf-8"))
    return next(t for t in doc["tilesets"] if t["name"] == "hexfort")


@pytest.mark.parametrize(("name", "fmt"), CASES)
def test_the_export_names_a_picture_beside_it_with_the_tilesets_size(name: str, fmt: str, tmp_path: Path) -> None:
    m = load_map(MAPS[name])
    out = tmp_path / f"{name}.{fmt}"
    export_tiled(m, out)
    ts = _tileset(out)
    assert ts["image"] == f"{name}.tiles.png"  # relative: the two files move together
    picture = read_png(tmp_path / f"{name}.tiles.png")
    columns, count = ts["columns"], ts["tilecount"]
    assert isinstance(columns, int) and isinstance(count, int) and count == len(TOKENS)
    rows = -(-count // columns)
    assert (picture.width, picture.height) == (ts["imagewidth"], ts["imageheight"])
    assert (picture.width, picture.height) == (columns * ts["tilewidth"], rows * ts["tileheight"])
    # each tile is its hex, coloured as hexfort colours it: the centre of tile 3k+1 (height k, wall) is the
    # wall's colour, the centre of tile 3k (height k, open ground) the ground's; outside the hex, nothing
    tw, th = int(ts["tilewidth"]), int(ts["tileheight"])  # type: ignore[call-overload]
    for height in range(3):
        for offset, fill in ((0, palette.HEIGHT_FILL), (1, palette.WALL_FILL)):
            tile = TOKENS.index(f"{height}{'.#'[offset]}")
            x0, y0 = (tile % columns) * tw, (tile // columns) * th
            assert picture.colour(x0 + tw // 2, y0 + th // 2) == fill[height]
            assert picture.pixel(x0 + tw // 2, y0 + th // 2)[3] == 255
            assert picture.pixel(x0, y0)[3] == 0  # a corner of the tile lies outside its hex
    pointy = m.meta.orientation is Orientation.POINTY
    assert (tw < th) == pointy  # pointy hexes are taller than wide, in the picture as in the map


def test_the_picture_is_the_same_bytes_every_time_and_is_not_rewritten_when_unchanged(tmp_path: Path) -> None:
    m = load_map(MAPS["ridge"])
    export_tiled(m, tmp_path / "a.tmx")
    export_tiled(m, tmp_path / "b.tmj")
    assert (tmp_path / "a.tiles.png").read_bytes() == (tmp_path / "b.tiles.png").read_bytes()
    stamp = (tmp_path / "a.tiles.png").stat().st_mtime_ns
    os.utime(tmp_path / "a.tiles.png", ns=(stamp - 10**9, stamp - 10**9))
    export_tiled(m, tmp_path / "a.tmx")
    assert (tmp_path / "a.tiles.png").stat().st_mtime_ns == stamp - 10**9


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_an_import_never_needs_the_picture(fmt: str, tmp_path: Path) -> None:
    m = load_map(MAPS["canal"])
    out = tmp_path / f"canal.{fmt}"
    export_tiled(m, out)
    (tmp_path / "canal.tiles.png").write_bytes(b"not a picture")
    assert import_tiled(out) == m
    (tmp_path / "canal.tiles.png").unlink()
    assert import_tiled(out) == m


def test_a_file_of_the_pictures_name_that_hexfort_did_not_write_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / "ridge.tiles.png"
    mine.write_bytes(b"\x89PNG\r\n\x1a\n a map maker's own picture")
    with pytest.raises(LoadError) as info:
        export_tiled(load_map(MAPS["ridge"]), tmp_path / "ridge.tmx")
    assert info.value.file == str(mine) and "leaves it alone" in info.value.message
    assert mine.read_bytes().endswith(b"own picture")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ridge.tiles.png"]  # and no map either


def test_a_map_that_cannot_be_written_leaves_no_picture_behind(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def full(path: object, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tiled_files, "atomic_write_text", full)
    with pytest.raises(OSError):
        export_tiled(load_map(MAPS["ridge"]), tmp_path / "ridge.tmx")
    assert list(tmp_path.iterdir()) == []


# -- Tiled's own renderer ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rasterizer() -> str:
    return tiled_program("tmxrasterizer")


@pytest.mark.parametrize(("name", "fmt"), CASES)
def test_tiled_draws_the_exported_map_from_the_picture(rasterizer: str, name: str, fmt: str,
                                                       tmp_path: Path) -> None:
    m = load_map(MAPS[name])
    out = tmp_path / f"{name}.{fmt}"
    export_tiled(m, out)
    done = run_tiled([rasterizer, "--no-smoothing", "--hide-layer", "hexfort features", out.name, "drawn.png"],
                     tmp_path, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    drawn = read_png(tmp_path / "drawn.png")
    tm = read_tiled(out)
    assert (drawn.width, drawn.height) == _map_size(tm)
    # the centre of every hex is drawn in hexfort's colour for its height and terrain (stairs have their
    # arrow there): the picture is cut into the right tiles, and each lands on its own hex
    grid = StaggeredGrid(tm.stagger_axis, tm.stagger_index, tm.tile_width, tm.tile_height, tm.side,
                         Hex.parse(str(tm.properties["hexfort_origin"])))
    wrong = []
    for h, cell in m.cells.items():
        if cell.terrain is Terrain.STAIRS:
            continue
        want = palette.LOW_FILL if cell.terrain is Terrain.LOW else palette.ground_fill(cell.height, cell.terrain)
        x, y = grid.centre(*grid.to_cell(h))
        if drawn.colour(int(x), int(y)) != want:
            wrong.append((h, cell, drawn.colour(int(x), int(y)), want))
    assert not wrong, wrong[:5]


def _map_size(tm: TiledMap) -> tuple[int, int]:
    """The size in pixels Tiled gives a hexagonal map (``HexagonalRenderer::mapBoundingRect``; maps of more
    than one row and column)."""
    if tm.stagger_axis == "x":
        offset = (tm.tile_width - tm.side) // 2
        return tm.width * (offset + tm.side) + offset, tm.height * tm.tile_height + tm.tile_height // 2
    offset = (tm.tile_height - tm.side) // 2
    return tm.width * tm.tile_width + tm.tile_width // 2, tm.height * (offset + tm.side) + offset
