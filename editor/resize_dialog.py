"""The Resize or shift map dialog: margins per side, a move, new ground or not, and a live summary."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.edit_result import EditRefused
from editor.resize import Margins, grid_size, resize_map
from editor.scenario_setup import ScenarioSetup
from engine.mapmodel import HexMap, MapEditError

__all__ = ["ResizeDialog"]

#: The most columns or rows one side may grow by at once.
MAX_GROW = 200


class ResizeDialog(QDialog):
    """Asks how to resize ``m``; the summary line says what the result would be (and what is lost)."""

    def __init__(self, m: HexMap, scenario: ScenarioSetup | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Resize or shift map")
        self._map, self._scenario = m, scenario
        cols, rows = grid_size(m)
        self.spins: dict[str, QSpinBox] = {}
        sides = QGroupBox("Columns and rows to add (negative: cut)")
        grid = QGridLayout(sides)
        for name, (r, c), lo in (("top", (0, 1), rows), ("left", (1, 0), cols), ("right", (1, 2), cols),
                                 ("bottom", (2, 1), rows)):
            s = QSpinBox()
            s.setRange(-(lo - 1), MAX_GROW)
            s.setPrefix(f"{name} ")
            s.valueChanged.connect(self._update)
            grid.addWidget(s, r, c)
            self.spins[name] = s
        self.size_label = QLabel(f"{cols} × {rows}")
        grid.addWidget(self.size_label, 1, 1)
        move = QGroupBox("Move the whole map by")
        mf = QFormLayout(move)
        self.shift_cols = QSpinBox()
        self.shift_rows = QSpinBox()
        for s, what in ((self.shift_cols, "columns (right +)"), (self.shift_rows, "rows (down +)")):
            s.setRange(-MAX_GROW, MAX_GROW)
            s.valueChanged.connect(self._update)
            mf.addRow(what, s)
        self.fill_box = QCheckBox("New columns and rows are open ground (else they stay empty)")
        self.fill_box.setChecked(True)
        self.fill_box.toggled.connect(self._update)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        for w in (sides, move, self.fill_box, self.summary, self.buttons):
            lay.addWidget(w)
        self._update()

    def margins(self) -> Margins:
        """The margins chosen."""
        v = {k: s.value() for k, s in self.spins.items()}
        return Margins(v["left"], v["top"], v["right"], v["bottom"])

    def shift(self) -> tuple[int, int]:
        """The move chosen, in (columns, rows)."""
        return self.shift_cols.value(), self.shift_rows.value()

    def fill(self) -> bool:
        """Whether new parts of the frame become ground."""
        return self.fill_box.isChecked()

    def _update(self, *_: object) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            r = resize_map(self._map, self.margins(), self.shift(), self.fill(), self._scenario)
        except (EditRefused, MapEditError) as e:
            self.summary.setText(f"<span style='color:#c62828'>{e}</span>")
            ok.setEnabled(False)
            return
        cols, rows = grid_size(r.map)
        self.size_label.setText(f"→ {cols} × {rows}")
        color = "#b26a00" if r.lost else "#2e7d32"
        self.summary.setText(f"<span style='color:{color}'>{r.summary()}</span>")
        ok.setEnabled(True)
