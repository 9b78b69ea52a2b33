"""``hexfort render`` and ``hexfort edit``: argument declarations and runners.

``render`` needs QtGui but no window: with no display it uses Qt's offscreen
platform, so it runs on servers and in CI.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.simulation.balance import MapStudy

__all__ = ["add_edit_arguments", "add_render_arguments", "run_edit", "run_render", "write_balance_report"]


def add_edit_arguments(p: argparse.ArgumentParser) -> None:
    """Declare ``hexfort edit [MAP_OR_FOLDER] [MORE_MAPS ...]``."""
    p.add_argument("path", nargs="*", metavar="MAP_OR_FOLDER",
                   help="map or scenario files, one tab each (default: the bundled map), or a folder of maps to "
                        "show in the map library")


def add_render_arguments(p: argparse.ArgumentParser) -> None:
    """Declare ``hexfort render MAP -o OUT`` and its options."""
    p.add_argument("path", metavar="MAP", help="map or scenario file")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="output file: .png, .svg or .pdf")
    p.add_argument("--hex-size", type=float, default=None,
                   help="PNG/SVG: pixels from hex centre to corner (default 32); "
                        "PDF: millimetres across the flats (default 25.4)")
    p.add_argument("--coords", action="store_true", help="label every hex with its q,r coordinate")
    p.add_argument("--heights", action="store_true", help="print each hex's height")
    p.add_argument("--page", choices=("A4", "Letter"), default="A4", help="PDF paper size (default A4)")
    p.add_argument("--overlap", type=float, default=10.0,
                   help="PDF: millimetres shared by neighbouring sheets (default 10)")


def run_edit(path: Path | None, *more: Path) -> int:
    """Open the editor on ``path`` (a blank map when None or missing) and ``more`` files; returns the exit status."""
    from editor.app import run_editor

    return run_editor(path, more)


#: The hex sizes ``render`` takes: PNG/SVG pixels from centre to corner, PDF millimetres across the flats.
_PIXELS, _MILLIMETRES = (4.0, 200.0), (5.0, 150.0)


def _render_usage(args: argparse.Namespace) -> str:
    """What is wrong with ``render``'s options (each named with its range), or "": a negative hex size drew a
    scrambled picture, 0 fell back to the default, 1000 mm printed 11,934 pages, a negative overlap was "larger than
    the page", and a missing folder was "cannot write x: cannot write x" (a new-user audit)."""
    from engine.formats.writable import cannot_write

    pdf = str(args.output).lower().endswith(".pdf")
    if args.hex_size is not None:
        (lo, hi), unit = (_MILLIMETRES, "millimetres across the flats") if pdf else (_PIXELS, "pixels")
        if not lo <= args.hex_size <= hi:
            return f"--hex-size {args.hex_size:g}: give {lo:g} to {hi:g} {unit}"
    if not 0 <= args.overlap <= 50:
        return f"--overlap {args.overlap:g}: give 0 to 50 millimetres"
    why = cannot_write(args.output)
    return f"-o {args.output}: {why}" if why else ""


def run_render(args: argparse.Namespace) -> int:
    """Draw ``args.path`` to ``args.output``: 0 written, 1 unreadable map or unwritable file, 2 unknown format."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from editor.document import read_document
    from editor.export import export_any
    from engine.formats.errors import LoadError

    problem = _render_usage(args)
    if problem:
        print(f"hexfort render: {problem}", file=sys.stderr)
        return 2
    _app = QGuiApplication.instance() or QGuiApplication(["hexfort"])
    try:
        m, _setup = read_document(args.path)
    except LoadError as e:
        print(f"hexfort render: {e}", file=sys.stderr)
        return 1
    try:
        kind = export_any(m, args.output, args.hex_size, args.coords, args.heights, args.page, args.overlap)
    except ValueError as e:
        print(f"hexfort render: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"hexfort render: cannot write {args.output}: {e}", file=sys.stderr)
        return 1
    print(f"wrote {args.output} ({kind})")
    return 0


def write_balance_report(doc: dict[str, Any], studies: tuple[MapStudy, MapStudy | None], path: Path) -> None:
    """``hexfort balance``'s HTML report: the map drawn offscreen by the editor's renderer (no window)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from editor.balance_report import write_report

    _app = QGuiApplication.instance() or QGuiApplication(["hexfort"])
    write_report(doc, studies, path)
