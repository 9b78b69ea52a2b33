"""Map ▸ Suggest balance fixes…: the action, the dock it opens and its wiring to the current tab.

:func:`install_balance_fixes` adds the dock (hidden until first used, then below
the Problems dock) and the action at the end of the window's Map menu;
the dock follows the current document and its canvas. The window only calls the
installer, so the menus and docks it builds itself stay as they are.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMessageBox

from editor.docks.balance_fixes import BalanceFixesPanel
from editor.document_manager import DocumentManager
from editor.playtest.hooks import current_scenario
from editor.playtest.session import playability

__all__ = ["install_balance_fixes"]


def _map_menu(win: QMainWindow) -> QMenu | None:
    for a in win.menuBar().actions():
        if a.menu() is not None and a.text().replace("&", "") == "Map":
            return a.menu()  # type: ignore[return-value]
    return None


def install_balance_fixes(win: QMainWindow, documents: DocumentManager,
                          settings: QSettings | None = None) -> BalanceFixesPanel:
    """Add the Balance fixes dock and Map ▸ Suggest balance fixes… to ``win``; returns the dock's panel. With
    ``settings`` the dock's Time, Players and Parallel jobs are the ones chosen last."""
    panel = BalanceFixesPanel()
    panel.scenario_of = current_scenario
    if settings is not None:
        panel.keep_choices(settings)
    dock = QDockWidget("Balance fixes", win)
    dock.setObjectName("balance-fixes")
    dock.setWidget(panel)
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    problems = win.findChild(QDockWidget, "problems")
    if problems is not None:  # below the problems list, whose warnings the proposals answer
        win.splitDockWidget(problems, dock, Qt.Orientation.Vertical)
    dock.hide()
    act = QAction("Suggest &balance fixes…", win)
    act.setToolTip("Play AI games to find the smallest edit that makes this map fair, then preview and apply it")
    act.setStatusTip(act.toolTip())

    def suggest() -> None:
        doc = documents.current
        if doc is None:
            return
        scenario = current_scenario(doc)
        unplayable = playability(scenario)
        if unplayable:
            QMessageBox.warning(win, "Suggest balance fixes", "This map cannot be played yet:\n• " +
                                "\n• ".join(unplayable))
            return
        if not dock.isVisible():
            tall = problems.height() if problems is not None and problems.isVisible() else 0
            dock.show()
            if tall:  # the problems' place shared: most for the proposals, the problems still in view
                win.resizeDocks([problems, dock], [tall * 2 // 5, tall - tall * 2 // 5], Qt.Orientation.Vertical)
            dock.raise_()
            # the settings first, as the "…" promises: a new-user audit saw ten minutes of two processes start at
            # the click, before it could choose the time or the jobs
            if not panel.running:
                panel.ask_to_start()
            return
        dock.raise_()
        panel.start(scenario)

    act.triggered.connect(suggest)
    menu = _map_menu(win)
    if menu is not None:
        menu.addSeparator()
        simulate = getattr(win, "act_simulate", None)
        if simulate is not None:  # "is my map fair?" beside its fixes: a new user looked for it here, not under Play
            fair = QAction("Is it &fair? Simulate…", win)
            fair.setStatusTip(simulate.statusTip())
            fair.triggered.connect(simulate.trigger)
            menu.addAction(fair)
            win.act_is_it_fair = fair  # type: ignore[attr-defined]
        menu.addAction(act)
    documents.current_changed.connect(lambda doc: panel.set_document(doc, documents.view(doc) if doc else None))
    panel.set_document(documents.current, documents.view())
    win.act_suggest_fixes = act  # type: ignore[attr-defined]
    win.balance_fixes = panel  # type: ignore[attr-defined]
    return panel
