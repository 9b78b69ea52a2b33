""""Play from here": put units on chosen hexes, set their health and markers, and play that.

The dialog edits a list of :class:`~editor.playtest.position.Placement` values
(model) shown on a :class:`~editor.playtest.board_view.BoardView` and in a table
(views). Click an empty hex to put the chosen team's chosen unit there (a unit
already fielded by that team moves instead); click a unit to select its row;
Delete removes the selected unit. :meth:`SetupEditor.placements` is the result.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.playtest.board_view import BoardView
from editor.playtest.koth.marks import Burn, PointMark, Scope, Uber
from editor.playtest.koth.picture import letters
from editor.playtest.koth.position import Placement, placement_problems, placements_of
from editor.playtest.picture import BoardPicture, Decoration, UnitMark
from editor.playtest.session import roster, rules_of
from editor.screen_fit import fit_to_screen
from engine.games.protocol import GameState
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.scenario import Scenario

__all__ = ["SetupEditor"]

_COLUMNS = ("Team", "Unit", "Hex", "Health", "Burn", "Uber", "Scope")


class SetupEditor(QDialog):
    """Edit a position on ``scenario``'s map, starting from ``state``'s units (or none)."""

    def __init__(self, scenario: Scenario, state: GameState | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Play from here — set up a situation")
        self.scenario = scenario
        self.rules = rules_of(scenario)
        self._placements: list[Placement] = placements_of(state) if state is not None else []
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Place"))
        self.team = QComboBox()
        for t in Team:
            self.team.addItem(t.value, t)
        self.team.currentIndexChanged.connect(self._fill_kinds)
        bar.addWidget(self.team)
        self.kind = QComboBox()
        bar.addWidget(self.kind)
        bar.addWidget(QLabel("— click a hex on the board; click a unit to select it"))
        bar.addStretch(1)
        self.remove_button = QPushButton("Remove selected")
        self.remove_button.clicked.connect(self.remove_selected)
        bar.addWidget(self.remove_button)
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear)
        bar.addWidget(self.clear_button)
        lay.addLayout(bar)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.board = BoardView(scenario.map)
        self.board.hex_clicked.connect(self.click)
        split.addWidget(self.board)
        self.table = QTableWidget(0, len(_COLUMNS))
        self.table.setHorizontalHeaderLabels(_COLUMNS)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        split.addWidget(self.table)
        split.setSizes([620, 460])
        lay.addWidget(split, 1)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("QLabel { color: #b3261e; }")
        lay.addWidget(self.problems)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Play from here")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self, self.remove_selected)
        fit_to_screen(self, 1150, 680)
        self._fill_kinds()
        self._sync()

    # -- model -----------------------------------------------------------------------------

    def placements(self) -> list[Placement]:
        """The position as edited (RED's units first, each team in blueprint order)."""
        return [p for t in Team for p in self._placements if p.team is t]

    def place(self, team: Team, kind: str, h: Hex) -> None:
        """Put ``team``'s ``kind`` on ``h`` (moving it if that team already fields it); replaces a unit on ``h``."""
        old = next((p for p in self._placements if p.team is team and p.kind == kind), None)
        kept = [p for p in self._placements if p.hex != h or p is old]
        if old is None:
            kept.append(Placement(team, kind, h))
        else:
            kept[kept.index(old)] = replace(old, hex=h)
        self._placements = kept
        self._sync()

    def set_values(self, row: int, health: int | None = None, burn: int | None = None, uber: int | None = None,
                   scope: int | None = None) -> None:
        """Change health or markers of the unit in table row ``row``."""
        rows = self.placements()
        if not 0 <= row < len(rows):
            return
        p = rows[row]
        full = self.rules.units[p.kind].max_health
        q = Placement(p.team, p.kind, p.hex,
                      p.health if health is None else (None if health >= full else health),
                      p.burn if burn is None else burn, p.uber if uber is None else uber,
                      p.scope if scope is None else scope)
        self._placements[self._placements.index(p)] = q
        self._sync(keep_row=row)

    def remove_selected(self) -> None:
        """Remove the unit of the selected row."""
        row = self.table.currentRow()
        rows = self.placements()
        if 0 <= row < len(rows):
            self._placements.remove(rows[row])
            self._sync()

    def clear(self) -> None:
        """Remove every unit."""
        self._placements = []
        self._sync()

    # -- views -------------------------------------------------------------------------------

    def _fill_kinds(self) -> None:
        team = Team(self.team.currentData())
        self.kind.clear()
        for k in roster(self.scenario, team):
            self.kind.addItem(self.rules.units[k].name, k)

    def click(self, h: Hex) -> None:
        """A click on the board: select the unit there, or place the chosen unit."""
        rows = self.placements()
        for i, p in enumerate(rows):
            if p.hex == h:
                self.table.selectRow(i)
                return
        if h not in self.scenario.map.cells:
            self.board.tell(f"{h} is off the map")
            return
        kind = self.kind.currentData()
        if kind:
            self.place(Team(self.team.currentData()), kind, h)

    def _picture(self) -> BoardPicture:
        units = []
        for i, p in enumerate(self.placements()):
            st = self.rules.units[p.kind]
            decor: list[Decoration] = [d for d, n in ((Burn(p.burn), p.burn), (Uber(p.uber), p.uber),
                                                       (Scope(p.scope), p.scope)) if n]
            units.append(UnitMark(i, p.hex, p.team, p.kind, st.name, letters(p.kind), p.health or st.max_health,
                                  st.max_health, decor=tuple(decor)))
        points = tuple(PointMark(k, cp, None, False) for k, cp in enumerate(self.scenario.map.control_points))
        return BoardPicture(tuple(units), points)

    def _sync(self, keep_row: int | None = None) -> None:
        self.board.show_picture(self._picture(), None)
        rows = self.placements()
        self.table.blockSignals(True)
        self.table.setRowCount(len(rows))
        for i, p in enumerate(rows):
            st = self.rules.units[p.kind]
            for c, text in enumerate((p.team.value, st.name, str(p.hex))):
                it = QTableWidgetItem(text)
                it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(i, c, it)
            self.table.setCellWidget(i, 3, self._spin(1, st.max_health, p.health or st.max_health,
                                                      lambda v, i=i: self.set_values(i, health=v), 20))
            self.table.setCellWidget(i, 4, self._spin(0, 2, p.burn, lambda v, i=i: self.set_values(i, burn=v)))
            self.table.setCellWidget(i, 5, self._spin(0, 3, p.uber, lambda v, i=i: self.set_values(i, uber=v)))
            scope_max = 5 if "scope" in st.specials else 0
            self.table.setCellWidget(i, 6, self._spin(0, scope_max, p.scope, lambda v, i=i: self.set_values(i, scope=v)))
        self.table.blockSignals(False)
        self.table.resizeColumnsToContents()
        if keep_row is not None and keep_row < len(rows):
            self.table.selectRow(keep_row)
        problems = placement_problems(self.scenario, rows)
        self.problems.setText("" if not problems else "Cannot play yet: " + "; ".join(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)

    @staticmethod
    def _spin(lo: int, hi: int, value: int, slot, step: int = 1) -> QSpinBox:  # type: ignore[no-untyped-def]
        s = QSpinBox()
        s.setRange(lo, hi)
        s.setSingleStep(step)
        s.setValue(value)
        s.setEnabled(hi > lo)
        # deferred: the slot rebuilds the table, which replaces (and deletes) this very spin box
        def finished() -> None:
            value = s.value()
            QTimer.singleShot(0, lambda: slot(value))

        s.editingFinished.connect(finished)
        return s

    def _selection_changed(self) -> None:
        row = self.table.currentRow()
        rows = self.placements()
        self.board.flash([rows[row].hex] if 0 <= row < len(rows) else [])
