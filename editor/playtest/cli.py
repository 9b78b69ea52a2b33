"""``hexfort play SCENARIO_OR_MAP``: open the playtest window directly (also on a replay file).

A file that cannot be read or played prints one clear message and exits with
status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

__all__ = ["add_play_arguments", "open_editor", "prepare", "run_play"]


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    """Declare ``hexfort play PATH [--seed S] [--red WHO] [--blu WHO] [--no-dialog]``."""
    from editor.playtest.session import CONTROLLERS

    who = ", ".join(CONTROLLERS)
    p.add_argument("path", metavar="SCENARIO_OR_MAP", help="a scenario, map or replay file")
    p.add_argument("--seed", type=int, default=None, help="dice seed (default: the scenario's, or a new one)")
    p.add_argument("--red", choices=tuple(CONTROLLERS), default=None, help=f"who plays RED ({who}); default human")
    p.add_argument("--blu", choices=tuple(CONTROLLERS), default=None, help=f"who plays BLU ({who}); default the normal AI (heuristic)")
    p.add_argument("--no-dialog", action="store_true", help="start at once, without the start dialog")


def prepare(args: argparse.Namespace, err: TextIO | None = None):  # type: ignore[no-untyped-def]
    """Read ``args.path``: ``("replay", path)``, ``("game", GameSetup)`` or None after printing why not to ``err``."""
    err = err if err is not None else sys.stderr
    from editor.playtest.session import HUMAN, GameSetup, base_scenario, new_seed, playability
    from engine.formats import LoadError, load_any
    from engine.formats.detect import detect_kind
    from engine.formats.jsonio import read_json_file
    from engine.mapmodel import HexMap, Team
    from engine.scenario import Scenario

    path = Path(args.path)
    try:
        kind = detect_kind(read_json_file(path))
        if kind == "replay":
            return "replay", path
        kind, value = load_any(path)
    except LoadError as e:
        print(f"hexfort play: {e}", file=err)
        return None
    if not isinstance(value, (HexMap, Scenario)):
        print(f"hexfort play: {path} is a {kind} file, not a map, scenario or replay", file=err)
        return None
    scenario = base_scenario(value, path)
    problems = playability(scenario)
    if problems:
        print(f"hexfort play: {path} cannot be played:", file=err)
        for p in problems:
            print(f"  - {p}", file=err)
        return None
    seed = args.seed if args.seed is not None else (scenario.seed or new_seed())
    controllers = {Team.RED: args.red or HUMAN, Team.BLU: args.blu or "heuristic"}
    return "game", GameSetup(scenario, seed, controllers)


def run_play(args: argparse.Namespace) -> int:
    """Open the playtest on ``args.path`` and run until it closes; 1 for a file that cannot be played."""
    prepared = prepare(args)
    if prepared is None:
        return 1
    from PySide6.QtWidgets import QApplication, QDialog

    from editor.playtest.window import PlaytestWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("hexfort")
    what, value = prepared
    if what == "game" and not args.no_dialog:
        from editor.playtest.start_dialog import StartDialog

        d = StartDialog(value.scenario, value)
        if d.exec() != QDialog.DialogCode.Accepted:
            return 0
        value = d.setup()
    if what == "replay":
        from editor.playtest.session import GameSetup, base_scenario
        from engine.formats import LoadError
        from engine.replay import load_replay

        try:
            replay, _ = load_replay(value)
        except LoadError as e:
            print(f"hexfort play: {e}", file=sys.stderr)
            return 1
        win = PlaytestWindow(GameSetup(base_scenario(replay.scenario), replay.seed), standalone=True)
        win.ctl.load_replay(value)
    else:
        win = PlaytestWindow(value, standalone=True)
    win.back_to_editor.connect(lambda: open_editor(win, Path(args.path) if what == "game" else None))
    win.show()
    return app.exec()


def open_editor(win, source: Path | None):  # type: ignore[no-untyped-def]
    """"Open in editor" of a standalone playtest: an editor on ``source`` (or on the map played).

    One editor per playtest window: asking again raises the editor already open
    (its unsaved edits stay). Returns the editor window.
    """
    from editor.main_window import MainWindow

    ed = getattr(win, "editor_window", None)
    if ed is None or not ed.isVisible():
        ed = MainWindow(win.ctl.setup.scenario.map, None)
        if source is not None and source.exists():
            ed.open_path(source, ask=False)
        win.editor_window = ed
        ed.show()
    ed.raise_()
    ed.activateWindow()
    return ed
