"""The editor's way into the playtest: the Playtest (F5) and Simulate… actions.

:func:`install_playtest_actions` adds both actions to the editor's main window
(a "Play" menu and a toolbar); the window hands in a callable giving the current
document, so this module never imports the window. Playtest plays the map *as it is on screen*
(unsaved edits included, and the scenario set-up when the document is a
scenario); the game works on that immutable snapshot, so nothing in the editor
changes while playing, and "Back to editor" returns to it as it was. A map the
validator finds errors in is played only after the user says so
(:mod:`~editor.playtest.preflight`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QMessageBox, QToolBar

from editor.playtest.preflight import confirm_despite_errors
from editor.playtest.session import base_scenario, playability
from engine.formats import LoadError, load_any
from engine.scenario import Scenario

if TYPE_CHECKING:
    from editor.document import MapDocument
    from editor.playtest.simulate_dialog import SimulateDialog
    from editor.playtest.window import PlaytestWindow

__all__ = ["current_scenario", "install_playtest_actions", "open_simulate", "start_playtest"]


def install_playtest_actions(win: QMainWindow, document: Callable[[], MapDocument | None]) -> None:
    """Add Playtest (F5) and Simulate… to ``win``: a Play menu and a small toolbar.

    ``document()`` is the document the actions play (None: no document is open).
    """
    play = QAction("▶ Playtest", win)
    play.setShortcut(QKeySequence("F5"))
    play.setToolTip("Play this map as it is now, against the AI or hot-seat (F5)")
    play.setStatusTip("Play this map as it is now (unsaved edits included)")
    play.triggered.connect(lambda: start_playtest(win, document()))
    sim = QAction("Simulate…", win)
    sim.setToolTip("Play many AI-vs-AI games on this map: is it balanced?")
    sim.setStatusTip("Play many AI-vs-AI games on this map and show who wins how often")
    sim.triggered.connect(lambda: open_simulate(win, document()))
    help_menu = next((a for a in win.menuBar().actions() if a.text() == "&Help"), None)  # Help stays last
    menu = QMenu("&Play", win)
    if help_menu is not None:
        win.menuBar().insertMenu(help_menu, menu)
    else:
        win.menuBar().addMenu(menu)
    menu.addActions([play, sim])
    bar = QToolBar("Play")
    bar.setObjectName("play_toolbar")
    bar.addActions([play, sim])
    win.addToolBar(bar)
    win.act_playtest = play  # type: ignore[attr-defined]
    win.act_simulate = sim  # type: ignore[attr-defined]


def current_scenario(doc: MapDocument) -> Scenario:
    """The document as a scenario: its own set-up on the current map, or a default one on the map."""
    if doc.scenario is not None:
        return doc.scenario.scenario(doc.map)
    return base_scenario(doc.map, doc.path)


def _refuse(win: QMainWindow, title: str, scenario: Scenario) -> bool:
    problems = playability(scenario)
    if problems:
        QMessageBox.warning(win, title, "This map cannot be played yet:\n• " + "\n• ".join(problems))
        return True
    return False


def start_playtest(win: QMainWindow, doc: MapDocument | None) -> PlaytestWindow | None:
    """Ask how to play (start dialog) and open the playtest window; None if refused or cancelled."""
    from editor.playtest.start_dialog import StartDialog
    from editor.playtest.window import PlaytestWindow

    if doc is None:
        return None
    scenario = current_scenario(doc)
    if _refuse(win, "Playtest", scenario) or not confirm_despite_errors(win, "Playtest", scenario):
        return None
    old = getattr(win, "playtest_window", None)
    if old is not None and old.isVisible() and not old.may_leave():  # asked before the new game is set up, not after
        old.raise_()  # a game in progress kept ("Keep playing"): no new one over it
        return None
    previous = getattr(win, "_playtest_setup", None)
    d = StartDialog(scenario, previous if previous is not None and previous.scenario == scenario else None, win)
    if d.exec() != QDialog.DialogCode.Accepted:
        return None
    setup = d.setup()
    win._playtest_setup = setup  # type: ignore[attr-defined]
    if old is not None:
        old.close_unasked()  # asked above
    try:
        pw = PlaytestWindow(setup)
    except (ValueError, KeyError) as e:  # RulesetError is a ValueError
        QMessageBox.warning(win, "Playtest", f"This game cannot start: {e}")
        return None
    def back() -> None:
        win.raise_()
        win.activateWindow()

    pw.back_to_editor.connect(back)
    win.playtest_window = pw  # type: ignore[attr-defined]
    pw.show()
    return pw


def open_simulate(win: QMainWindow, doc: MapDocument | None) -> SimulateDialog | None:
    """Open the Simulate… dialog on the map as it is (non-modal); None when the map cannot be played."""
    from editor.playtest.simulate_dialog import SimulateDialog

    if doc is None:
        return None
    scenario = current_scenario(doc)
    if _refuse(win, "Simulate", scenario) or not confirm_despite_errors(win, "Simulate", scenario,
                                                                         "Simulate anyway"):
        return None
    overlays = getattr(win, "overlays", None)  # the editor's Overlays panel shows the heat maps
    show = (lambda heat, source, played: overlays.set_heat(doc, heat, source, played)) if overlays is not None \
        else None
    def now() -> Scenario | None:
        """The map as it is when Run is pressed again (None, with a message, when it cannot be played now)."""
        latest = current_scenario(doc)
        if latest == scenario or latest == d.scenario:
            return latest
        if _refuse(d, "Simulate", latest) or not confirm_despite_errors(d, "Simulate", latest,  # type: ignore[arg-type]
                                                                         "Simulate anyway"):
            return None  # edited into errors: asked again, as the first Run was (a review)
        return latest

    def saved() -> Scenario | str:
        """The file as saved on disk, as the scenario it plays, or why it cannot be compared."""
        if doc.path is None or not doc.path.exists():
            return f"{doc.path} is not there any more" if doc.path is not None else "the map was never saved"
        try:
            kind, value = load_any(doc.path)
        except LoadError as e:
            return f"the saved file cannot be read ({e})"
        played = value if isinstance(value, Scenario) else base_scenario(value, doc.path) if kind == "map" else None
        if played is None or played.mode is not d.scenario.mode:
            return "the saved file plays another game than the map as it is now"
        return played

    d = SimulateDialog(scenario, win, show, now, saved if doc.path is not None else None,
                       doc.path.parent if doc.path is not None else None)  # Save report… beside the map (a review)
    win.simulate_dialog = d  # type: ignore[attr-defined]
    d.show()
    return d
