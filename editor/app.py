"""Starting the editor: the QApplication, the first document and the main window."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError
from engine.mapmodel import HexMap

__all__ = ["create_window", "run_editor", "starting_map"]


def starting_map(path: Path | None) -> tuple[HexMap, Path | None, str | None]:
    """The map to open first: ``path`` if it loads, else a blank map; plus an error text if it did not."""
    from editor.document import read_document
    from editor.newmap import Shape, blank_map

    if path is not None:
        try:
            m, _setup = read_document(path)
            return m, path, None
        except LoadError as e:
            return blank_map(Shape.RECTANGLE, 19, 13), None, str(e)
    return blank_map(Shape.RECTANGLE, 19, 13), None, None


def create_window(path: Path | None = None, **window_options: Any):  # type: ignore[no-untyped-def]
    """Build the main window on ``path`` (a blank map if it is None or cannot be read).

    A folder opens the map library on it, beside a blank map (as File ▸ Open folder… does).
    ``window_options`` go to :class:`~editor.main_window.MainWindow` (settings, paths).
    """
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    from editor.main_window import MainWindow

    folder = path if path is not None and path.is_dir() else None
    m, opened, error = starting_map(None if folder is not None else path)
    win = MainWindow(m, None, **window_options)
    if folder is not None:
        # after the main window has shown itself, so the library comes up in front of it
        QTimer.singleShot(0, lambda: win.show_library(folder))
    if opened is not None:
        win.documents.open_path(opened, ask=False)  # replaces the untouched blank map
    if error is not None:
        QMessageBox.warning(win, "Cannot open the file", f"{error}\n\nStarting with a blank map instead.")
    offer_recovery(win)
    return win


def offer_recovery(win) -> bool:  # type: ignore[no-untyped-def]
    """If a previous session left unsaved work, offer to open it (as an unsaved document)."""
    from PySide6.QtWidgets import QMessageBox

    from editor.recovery import recovered_files

    found = recovered_files(win.documents.recovery_folder)
    if not found:
        return False
    latest = found[0]
    answer = QMessageBox.question(
        win, "Recover unsaved work",
        f"hexfort found unsaved work from an earlier session:\n{latest.name}\n\nOpen it now? "
        "(No keeps it for later; it is deleted once you save or discard it.)",
    )
    if answer != QMessageBox.StandardButton.Yes:
        return False
    return win.documents.recover(latest) is not None  # unsaved: Save asks where


def run_editor(path: Path | None = None) -> int:
    """Run the editor until its window closes; returns the exit status."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("hexfort")
    app.setOrganizationName("hexfort")
    win = create_window(path)
    win.show()
    if win.view is not None:
        win.view.fit()
    return app.exec()
