"""The problems dock: validator findings grouped by severity, jump-to-hexes, quick fixes."""

from __future__ import annotations

import textwrap

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import MapDocument
from editor.menu_words import in_editor_words
from editor.problem_runner import ProblemRunner
from editor.quickfix import QuickFix, suggest_fixes
from engine.mapmodel import MapEditError
from engine.validation.problem import Problem, Severity

__all__ = ["ProblemsPanel"]

_TITLES = {Severity.ERROR: "Errors", Severity.WARNING: "Warnings", Severity.INFO: "Notes"}
_COLORS = {Severity.ERROR: "#c62828", Severity.WARNING: "#b26a00", Severity.INFO: "#1565c0"}
_ROLE = Qt.ItemDataRole.UserRole


class ProblemsPanel(QWidget):
    """Lists the current document's problems; ``activated(problem)`` on double-click, ``clicked(problem)`` on a
    click (the user's, not a selection the list keeps while it is rebuilt), ``selected(problem|None)``.

    :meth:`set_document` points the panel at another document and its runner
    (the current tab changed); with None the panel is empty.
    """

    activated = Signal(object)
    selected = Signal(object)
    clicked = Signal(object)

    def __init__(self, doc: MapDocument | None = None, runner: ProblemRunner | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: MapDocument | None = None
        self.runner: ProblemRunner | None = None
        self.summary = QLabel("Checking…")
        # A push button, not a QToolButton: an instant-popup tool button draws its menu arrow over
        # the text without making room for it; a push button's size hint includes the arrow.
        self.fix_button = QPushButton("Quick fix")
        self.fix_button.setToolTip("Repair the selected problem (undoable)")
        self.fix_button.setMenu(QMenu(self.fix_button))
        self.fix_button.setEnabled(False)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Problem", "Where"])
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setUniformRowHeights(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.currentItemChanged.connect(self._current_changed)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.fix_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(top)
        lay.addWidget(self.tree)
        self.tree.viewport().installEventFilter(self)
        self.set_document(doc, runner)

    def set_document(self, doc: MapDocument | None, runner: ProblemRunner | None) -> None:
        """Show ``doc``'s problems as ``runner`` finds them (None: no document)."""
        if self.runner is not None:
            self.runner.updated.disconnect(self.show_problems)
        self.doc, self.runner = doc, runner
        if runner is not None:
            runner.updated.connect(self.show_problems)
            self.show_problems(runner.problems)
        else:
            self.tree.clear()
            self.summary.setText("No map open")
            self._current_changed(None, None)

    # -- list -----------------------------------------------------------------------

    def show_problems(self, problems: list[Problem]) -> None:
        """Rebuild the list (keeps the selected problem selected when it is still there)."""
        current = self.current_problem()
        self.tree.clear()
        groups: dict[Severity, QTreeWidgetItem] = {}
        counts = {s: 0 for s in Severity}
        for p in sorted(problems, key=lambda p: (p.severity.rank, p.code)):
            counts[p.severity] += 1
        select: QTreeWidgetItem | None = None
        for sev in Severity:
            if not counts[sev]:
                continue
            g = QTreeWidgetItem([f"{_TITLES[sev]} ({counts[sev]})", ""])
            g.setForeground(0, QBrush(QColor(_COLORS[sev])))
            f = g.font(0)
            f.setBold(True)
            g.setFont(0, f)
            g.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(g)
            groups[sev] = g
        for p in sorted(problems, key=lambda p: (p.severity.rank, p.code, p.hexes)):
            item = QTreeWidgetItem([self._wrap(f"{p.code}  {in_editor_words(p.message)}"), p.location()])
            item.setData(0, _ROLE, p)
            item.setToolTip(0, f"{p.code} ({p.severity.value}): {in_editor_words(p.message)}")
            item.setForeground(0, QBrush(QColor(_COLORS[p.severity]).darker(140)))
            groups[p.severity].addChild(item)
            if p == current:
                select = item
        self.tree.expandAll()
        n_err, n_warn = counts[Severity.ERROR], counts[Severity.WARNING]
        if not problems and self.runner is not None and self.runner.pending:
            self.summary.setText("Checking…")
        elif not problems:
            self.summary.setText("✔ No problems")
        else:
            self.summary.setText(f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}, "
                                 f"{counts[Severity.INFO]} note{'s' * (counts[Severity.INFO] != 1)}")
        if select is not None:
            self.tree.setCurrentItem(select)
        else:
            self._current_changed(None, None)

    def _wrap(self, text: str) -> str:
        """Break ``text`` into lines that fit the problem column (QTreeWidget does not wrap by itself)."""
        width = self.tree.viewport().width() - 90 - 40
        chars = max(28, int(width / max(1.0, self.tree.fontMetrics().averageCharWidth())))
        return textwrap.fill(text, chars, subsequent_indent="       ")

    def eventFilter(self, obj, e) -> bool:  # type: ignore[no-untyped-def] # noqa: N802 - Qt's name
        if obj is self.tree.viewport() and e.type() == QEvent.Type.Resize:
            for item in self.problem_items():
                p = item.data(0, _ROLE)
                item.setText(0, self._wrap(f"{p.code}  {in_editor_words(p.message)}"))
        return False

    def problem_items(self) -> list[QTreeWidgetItem]:
        """Every problem row (not the group headers)."""
        out: list[QTreeWidgetItem] = []
        for i in range(self.tree.topLevelItemCount()):
            g = self.tree.topLevelItem(i)
            if g is not None:
                out.extend(c for j in range(g.childCount()) if (c := g.child(j)) is not None)
        return out

    def current_problem(self) -> Problem | None:
        """The selected problem, if any."""
        item = self.tree.currentItem()
        return item.data(0, _ROLE) if item is not None else None

    # -- interaction ------------------------------------------------------------------

    def _clicked(self, item: QTreeWidgetItem, _col: int) -> None:
        p = item.data(0, _ROLE)
        if p is not None:
            self.clicked.emit(p)

    def _double_clicked(self, item: QTreeWidgetItem, _col: int) -> None:
        p = item.data(0, _ROLE)
        if p is not None:
            self.activated.emit(p)

    def _current_changed(self, item: QTreeWidgetItem | None, _prev: QTreeWidgetItem | None) -> None:
        p = item.data(0, _ROLE) if item is not None else None
        self.selected.emit(p)
        fixes = suggest_fixes(self.doc.map, p) if p is not None and self.doc is not None else []
        menu = self.fix_button.menu()
        menu.clear()  # deletes the previous problem's actions (the menu owns them)
        for fix in fixes:
            menu.addAction(self._fix_action(fix, menu))
        self.fix_button.setEnabled(bool(fixes))

    def _fix_action(self, fix: QuickFix, parent: QMenu) -> QAction:
        a = QAction(fix.label, parent)
        a.triggered.connect(lambda: self.apply_fix(fix))
        return a

    def fixes_for_current(self) -> list[QuickFix]:
        """Quick fixes offered for the selected problem."""
        p = self.current_problem()
        return suggest_fixes(self.doc.map, p) if p is not None and self.doc is not None else []

    def apply_fix(self, fix: QuickFix) -> bool:
        """Push ``fix`` on the undo stack; False if it no longer applies."""
        if self.doc is None:
            return False
        try:
            edit = fix.apply(self.doc.map)
        except MapEditError:
            return False
        return self.doc.apply(edit, f"Quick fix: {fix.label}")

    def _context_menu(self, pos) -> None:  # type: ignore[no-untyped-def]
        item = self.tree.itemAt(pos)
        p = item.data(0, _ROLE) if item is not None else None
        if p is None or self.doc is None:
            return
        menu = QMenu(self)
        show = menu.addAction("Show on map")
        show.triggered.connect(lambda: self.activated.emit(p))
        for fix in suggest_fixes(self.doc.map, p):
            menu.addAction(self._fix_action(fix, menu))
        menu.popup(self.tree.viewport().mapToGlobal(pos))

