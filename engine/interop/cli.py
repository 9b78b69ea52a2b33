"""``hexfort import`` and ``hexfort export``: Tiled maps in and out on the command line.

Exit status 0 written, 1 the input cannot be converted or the output not written
(a message names the file, the layer and the tile or object, and the fix; nothing
is written), 2 usage (an output that is not a hexfort map or a Tiled map).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from engine.formats import load_any, save_map
from engine.formats.errors import LoadError, printable
from engine.interop.tiled_files import export_tiled, import_tiled_noting, tile_image_path, tiled_format
from engine.scenario import Scenario

__all__ = ["add_export_arguments", "add_import_arguments", "run_export", "run_import"]


def add_import_arguments(p: argparse.ArgumentParser) -> None:
    """Declare ``hexfort import MAP.tmx|MAP.tmj -o OUT.map.json [--terrain-table TABLE.json]``."""
    p.add_argument("path", metavar="TILED_MAP", help="a Tiled hexagonal map: .tmx (XML) or .tmj/.json (JSON)")
    p.add_argument("-o", "--output", required=True, metavar="OUT.map.json", help="the hexfort map to write")
    p.add_argument("--terrain-table", metavar="TABLE.json",
                   help="which hexfort hex each tile stands for, by tileset and tile id or by class "
                        "(schemas/terrain-table.schema.json); consulted before hexfort's default table")


def add_export_arguments(p: argparse.ArgumentParser) -> None:
    """Declare ``hexfort export MAP.map.json -o OUT.tmx|OUT.tmj``."""
    p.description = ("Write a hexfort map as a Tiled hexagonal map, and beside it OUT.tiles.png, the picture of "
                     "its tiles (coloured by height and terrain as hexfort draws them), which the map names by "
                     "its relative path: keep the two files together. Importing never needs the picture.")
    p.add_argument("path", metavar="MAP", help="a hexfort map or scenario (its map is exported)")
    p.add_argument("-o", "--output", required=True, metavar="OUT.tmx|OUT.tmj",
                   help="the Tiled map to write (an existing one keeps its other layers, objects and properties); "
                        "OUT.tiles.png is written beside it")


def run_import(args: argparse.Namespace, err: TextIO | None = None) -> int:
    """Convert a Tiled map to a hexfort map file; returns the exit status."""
    err = err or sys.stderr
    if not str(args.output).endswith(".json"):
        print(f"hexfort import: {printable(str(args.output))}: a hexfort map file ends in .json; name it NAME.map.json",
              file=err)
        return 2
    try:
        m, note = import_tiled_noting(args.path, args.terrain_table)
    except LoadError as e:
        _problems("hexfort import", e, err)
        return 1
    try:
        save_map(m, args.output)
    except OSError as e:
        print(f"hexfort import: cannot write {printable(str(args.output))}: {e.strerror or e}", file=err)
        return 1
    print(f"wrote {args.output} ({len(m.cells)} hexes, {m.meta.orientation.value})")
    if note:
        print(f"note: {note}")
    return 0


def run_export(args: argparse.Namespace, err: TextIO | None = None) -> int:
    """Write a hexfort map (or a scenario's map) as a Tiled map; returns the exit status."""
    err = err or sys.stderr
    try:
        fmt = tiled_format(args.output)
    except ValueError as e:
        print(f"hexfort export: {printable(str(e))}", file=err)
        return 2
    hexfort_name = next((e for e in (".map.json", ".scenario.json") if str(args.output).lower().endswith(e)), None)
    if hexfort_name is not None:  # a Tiled file under a hexfort name was written without a word (a new-user audit)
        stem = str(args.output)[: -len(hexfort_name)]
        print(f"hexfort export: {printable(str(args.output))}: a name ending {hexfort_name} is a hexfort file's; name "
              f"the Tiled map {printable(stem)}.tmj (or .tmx)", file=err)
        return 2
    if str(args.path).lower().endswith((".tmx", ".tmj")):  # it said "not valid JSON" (a new-user audit)
        print(f"hexfort export: {printable(str(args.path))}: this is already a Tiled map; hexfort import turns it "
              "into a hexfort map", file=err)
        return 2
    try:
        kind, value = load_any(args.path)
        if not isinstance(value, Scenario) and kind != "map":
            raise LoadError.single(args.path, "$.$schema", f"this is a {kind}, not a map or scenario")
        m = value.map if isinstance(value, Scenario) else value
        export_tiled(m, args.output)  # type: ignore[arg-type]
    except LoadError as e:
        _problems("hexfort export", e, err)
        return 1
    except OSError as e:
        print(f"hexfort export: cannot write {printable(str(args.output))}: {e.strerror or e}", file=err)
        return 1
    print(f"wrote {args.output} (Tiled {fmt.upper()}, {len(m.cells)} hexes) "  # type: ignore[union-attr]
          f"and its tiles' picture {tile_image_path(args.output).name}")
    for team, path in m.tracks.items():  # type: ignore[union-attr]
        gaps = [(a, b) for a, b in zip(path, path[1:], strict=False) if a.distance(b) != 1]
        if gaps:  # a folder audit's round trip filled one in silently, and could not read another back
            a, b = gaps[0]
            print(f"note: {team.value}'s cart track has a gap between {a} and {b} (HF107): Tiled draws it as one "
                  "line, so importing this file fills the gap along a straight line, or refuses where none joins them; "
                  "close it first to round-trip the map as it is (hexfort fix closes it)")
    return 0


def _problems(command: str, e: LoadError, err: TextIO) -> None:
    print(f"{command}: {e.file}: cannot convert, nothing written:", file=err)
    for p in e.problems:
        print(f"  {p}", file=err)
