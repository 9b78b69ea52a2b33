"""Starting the editor: the QApplication, the first document and the main window."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError
from engine.mapmodel import HexMap

__all__ = ["create_window", "run_editor", "starting_map"]


def starting_map(path: Path | None) -> tuple[HexMap | None, Path | None, str | None]:
    """The map to open first: ``path`` if it loads, else a blank map (19 × 12, the New map dialog's default: an even
    number of rows turns 180° onto itself, where the old 19 × 13 had no team symmetry — a new-user audit); plus an
    error text if it did not."""
    from editor.document import read_document
    from editor.newmap import BLANK_SIZE, Shape, blank_map

    if path is not None:
        try:
            m, _setup = read_document(path)
            return m, path, None
        except LoadError as e:
            return blank_map(Shape.RECTANGLE, *BLANK_SIZE), None, str(e)
    return blank_map(Shape.RECTANGLE, *BLANK_SIZE), None, None


def create_window(path: Path | None = None, more: Sequence[Path] = (),
                  on_window: Callable[[Any], None] | None = None, **window_options: Any):  # type: ignore[no-untyped-def]
    """Build the main window on ``path`` (a blank map if it is None or cannot be read) and ``more`` files.

    A folder opens the map library on it (as File ▸ Open folder… does) and no blank map: the
    window waits for a map to be opened from the library.
    ``window_options`` go to :class:`~editor.main_window.MainWindow` (settings, paths);
    ``on_window`` sees the window as soon as it exists, before any file opens.
    Then unsaved work left by editors that did not close (and by saves cut short
    in the folders just opened) is offered in one dialog.
    """
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    from editor.main_window import MainWindow
    from editor.recovery_offer import offer_recovery

    folder = path if path is not None and path.is_dir() else None
    m, opened, error = starting_map(path) if folder is None else (None, None, None)
    win = MainWindow(m, None, **window_options)
    if on_window is not None:
        on_window(win)
    if folder is not None:
        # after the main window has shown itself, so the library comes up in front of it
        QTimer.singleShot(0, lambda: win.show_library(folder))
    docs = win.documents
    docs.announce_rescues = False  # rescued saves are offered with everything else, below
    try:
        if opened is not None:
            docs.open_path(opened, ask=False)  # replaces the untouched blank map
        docs.open_paths(more)
        if folder is not None:
            docs.sweep(folder)
    finally:
        docs.announce_rescues = True
    if error is not None:
        QMessageBox.warning(win, "Cannot open the file", f"{error}\n\nStarting with a blank map instead.")
    offer_recovery(docs, win)
    return win


def run_editor(path: Path | None = None, more: Sequence[Path] = ()) -> int:
    """Run the editor on ``path`` and ``more`` files until its window closes; returns the exit status.

    With ``HEXFORT_TEST_CONTROL=stdio`` in the environment (tests only) the editor
    also takes commands on its standard input (:mod:`editor.test_control`).
    """
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("hexfort")
    app.setOrganizationName("hexfort")
    control = None
    if os.environ.get("HEXFORT_TEST_CONTROL") == "stdio":
        from editor.test_control import TestControl

        control = TestControl(app)
    win = create_window(path, more, control.attach if control is not None else None)
    if control is not None:
        control.started()
    win.show()
    if win.view is not None:
        win.view.fit()
    return app.exec()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.app [MAP_OR_FOLDER ...]``: the editor, as ``hexfort edit`` starts it (it used to exit 0
    without a word — a new-user audit)."""
    import argparse

    p = argparse.ArgumentParser(prog="python -m editor.app", description="The hexfort editor (as hexfort edit).")
    p.add_argument("maps", nargs="*", type=Path, metavar="MAP_OR_FOLDER", help="maps or folders to open")
    paths = p.parse_args(argv).maps
    from editor.display_check import display_problem

    problem = display_problem("edit")
    if problem is not None:  # no display: say so and how to get one, as hexfort edit does
        print(problem, file=sys.stderr)
        return 2
    return run_editor(paths[0] if paths else None, paths[1:])


if __name__ == "__main__":
    sys.exit(main())
