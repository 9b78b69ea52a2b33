"""``hexfort share MAP_OR_SCENARIO -o map.html [--balance report.json] [--replay REPLAY.json]``.

Writes one self-contained web page (:mod:`editor.share_page`). Needs QtGui but no
window: without a display it uses Qt's offscreen platform. Exit status 0 written,
1 an input cannot be read (the message names the file and the place) or the page
not written, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_share_arguments", "run_share"]


def add_share_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``share`` command's arguments."""
    p.add_argument("path", metavar="MAP_OR_SCENARIO", help="the map or scenario to show")
    p.add_argument("-o", "--output", required=True, metavar="PAGE.html", help="the web page to write")
    p.add_argument("--balance", metavar="REPORT.json",
                   help="a balance study (hexfort balance --format json) whose verdict the page shows")
    p.add_argument("--replay", metavar="REPLAY.json", help="a replay the page can step through")


def _inputs(args: argparse.Namespace) -> tuple[Any, Any, Any, Any]:
    """(map or scenario, problems, balance document, replay); raises LoadError."""
    from engine.formats import load_any
    from engine.formats.errors import LoadError
    from engine.formats.jsonio import read_json_file
    from engine.formats.schemas import validate_document
    from engine.replay import load_replay
    from engine.scenario import Scenario
    from engine.validation.runner import validate_file

    kind, value = load_any(args.path)
    if kind not in ("map", "scenario"):
        raise LoadError.single(args.path, "$.$schema", f"this is a {kind}; share a map or a scenario")
    problems = validate_file(Path(args.path)).problems
    balance = None
    if args.balance:
        balance = read_json_file(args.balance)
        validate_document(balance, "balance", args.balance)
    replay = load_replay(args.replay)[0] if args.replay else None
    if replay is not None:
        shown = value.map if isinstance(value, Scenario) else value
        if replay.scenario.map != shown:
            print(f"hexfort share: note: the replay was played on another version of {shown.meta.name}; "
                  "the page shows the replay's map", file=sys.stderr)
    return value, problems, balance, replay


def run_share(args: argparse.Namespace, err: TextIO | None = None) -> int:
    """Write the page; returns the exit status."""
    err = err or sys.stderr
    if not str(args.output).lower().endswith((".html", ".htm")):
        print(f"hexfort share: {args.output}: the page is written as .html", file=err)
        return 2
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from editor.share_page import write_share_page
    from engine.formats.errors import LoadError

    _app = QGuiApplication.instance() or QGuiApplication(["hexfort"])
    try:
        value, problems, balance, replay = _inputs(args)
    except LoadError as e:
        print(f"hexfort share: {e}", file=err)
        return 1
    try:
        size = write_share_page(args.output, value, problems, balance, replay)
    except OSError as e:
        print(f"hexfort share: cannot write {args.output}: {e.strerror or e}", file=err)
        return 1
    print(f"wrote {args.output} ({size / 1024:.0f} kB, self-contained)")
    return 0
