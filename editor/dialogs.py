"""Small dialogs: new map, map properties, PDF print options."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from editor.newmap import BLANK_SIZE, Shape, blank_map
from engine.games.modes import GAMES
from engine.mapmodel import HexMap, MapMeta, Mode, Orientation, default_modes

__all__ = ["ExportDialog", "MapPropertiesDialog", "NewMapDialog", "PrintDialog"]



def _buttons(d: QDialog) -> QDialogButtonBox:
    b = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    b.accepted.connect(d.accept)
    b.rejected.connect(d.reject)
    return b


class _ModeChecks(QWidget):
    """A box per game; ``changed`` when one is ticked or cleared."""

    changed = Signal()

    def __init__(self, checked: tuple[Mode, ...]) -> None:
        super().__init__()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.boxes = {}
        for md in Mode:
            cb = QCheckBox(GAMES[md].name)
            cb.setChecked(md in checked)
            cb.toggled.connect(self.changed)
            lay.addWidget(cb)
            self.boxes[md] = cb

    def modes(self) -> tuple[Mode, ...]:
        return tuple(md for md, cb in self.boxes.items() if cb.isChecked())

    def guard(self, buttons: QDialogButtonBox) -> None:
        """Keep ``buttons``' OK off while no game is ticked, saying why: a new map made with none became King of the
        Board unasked, while Map properties refused the same choice (a new-user audit)."""
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)

        def update() -> None:
            ok.setEnabled(bool(self.modes()))
            ok.setToolTip("" if self.modes() else "Tick at least one game the map is made for")

        self.changed.connect(update)
        update()


class NewMapDialog(QDialog):
    """Asks for name, shape, size, orientation and modes; :meth:`result_map` builds the blank map."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New map")
        self.name = QLineEdit("Untitled")
        self.shape = QComboBox()
        self.shape.addItem("Rectangle", Shape.RECTANGLE)
        self.shape.addItem("Hexagon", Shape.HEXAGON)
        self.width_ = QSpinBox()
        self.width_.setRange(1, 200)
        self.width_.setValue(BLANK_SIZE[0])
        self.height_ = QSpinBox()
        self.height_.setRange(1, 200)
        self.height_.setValue(BLANK_SIZE[1])  # even: a pointy-top rectangle of an odd number of rows has no team symmetry
        self.orientation = QComboBox()
        self.orientation.addItem("Pointy top", Orientation.POINTY)
        self.orientation.addItem("Flat top", Orientation.FLAT)
        self.modes = _ModeChecks(default_modes())
        self.shape.currentIndexChanged.connect(lambda *_: self.height_.setEnabled(Shape(self.shape.currentData()) is Shape.RECTANGLE))
        #: Says when the shape chosen cannot be its own mirror image (a new user painted mirror-image spawn columns
        #: on the old default, 19 × 13, and got HF403 "no rotation or mirror swaps RED and BLU", with no reason given).
        self.symmetry_hint = QLabel()
        self.symmetry_hint.setWordWrap(True)
        self.symmetry_hint.setStyleSheet("color: #8a5a00")
        for box in (self.shape, self.orientation):
            box.currentIndexChanged.connect(lambda *_: self._hint())
        self.height_.valueChanged.connect(lambda *_: self._hint())
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Shape", self.shape)
        form.addRow("Width (hexes across)", self.width_)
        form.addRow("Height (rows)", self.height_)
        form.addRow("Orientation", self.orientation)
        form.addRow("", self.symmetry_hint)
        form.addRow("Made for", self.modes)
        buttons = _buttons(self)
        self.modes.guard(buttons)
        form.addRow(buttons)
        self._hint()

    def _hint(self) -> None:
        """Warn of a pointy-top rectangle with an odd number of rows: every other row is shifted half a hex, and
        turned round, those rows shift the other way, so no turn or mirror takes the map onto itself."""
        odd = (Shape(self.shape.currentData()) is Shape.RECTANGLE and self.height_.value() % 2 == 1
               and Orientation(self.orientation.currentData()) is Orientation.POINTY)
        self.symmetry_hint.setText("With an odd number of rows this rectangle is not its own mirror image: RED's and "
                                   "BLU's halves will differ by a hex in every shifted row. Choose an even number of "
                                   "rows (or a hexagon) for a map the two sides can share." if odd else "")
        self.symmetry_hint.setVisible(odd)

    def result_map(self) -> HexMap:
        """The blank map the fields describe; raises ValueError/MapEditError for bad input."""
        modes = self.modes.modes() or default_modes()
        return blank_map(Shape(self.shape.currentData()), self.width_.value(), self.height_.value(),
                         Orientation(self.orientation.currentData()), modes, self.name.text().strip() or "Untitled")


class MapPropertiesDialog(QDialog):
    """Edits name, author, description and modes; :meth:`meta` returns the new metadata."""

    def __init__(self, meta: MapMeta, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Map properties")
        self._meta = meta
        self.name = QLineEdit(meta.name)
        self.author = QLineEdit(meta.author)
        self.description = QPlainTextEdit(meta.description)
        self.modes = _ModeChecks(meta.modes)
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Author", self.author)
        form.addRow("Description", self.description)
        form.addRow("Made for", self.modes)
        buttons = _buttons(self)
        self.modes.guard(buttons)
        form.addRow(buttons)

    def meta(self) -> MapMeta:
        """The edited metadata (raises MapEditError for an empty name or no mode)."""
        return MapMeta(self.name.text().strip(), self.author.text().strip(), self.description.toPlainText().strip(),
                       self.modes.modes(), self._meta.orientation)


class PrintDialog(QDialog):
    """Options for printing at true scale: hex size, paper, overlap, coordinates."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print to PDF")
        self.hex_mm = QDoubleSpinBox()
        self.hex_mm.setRange(5.0, 100.0)
        self.hex_mm.setValue(25.4)
        self.hex_mm.setSuffix(" mm across flats")
        self.page = QComboBox()
        self.page.addItems(["A4", "Letter"])
        self.overlap = QDoubleSpinBox()
        self.overlap.setRange(0.0, 40.0)
        self.overlap.setValue(10.0)
        self.overlap.setSuffix(" mm")
        self.landscape = QCheckBox("Landscape")
        self.coords = QCheckBox("Label hexes with coordinates")
        self.coords.setChecked(True)
        form = QFormLayout(self)
        form.addRow("Hex size", self.hex_mm)
        form.addRow("Paper", self.page)
        form.addRow("Overlap", self.overlap)
        form.addRow(self.landscape)
        form.addRow(self.coords)
        form.addRow(_buttons(self))


class ExportDialog(QDialog):
    """Options for PNG/SVG export: hex size in pixels, coordinates and height numerals."""

    def __init__(self, kind: str, coords: bool = False, heights: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Export {kind.upper()}")
        self.hex_px = QDoubleSpinBox()
        self.hex_px.setRange(4.0, 200.0)
        self.hex_px.setValue(32.0)
        self.hex_px.setSuffix(" px from centre to corner")
        self.coords = QCheckBox("Label hexes with coordinates")
        self.coords.setChecked(coords)
        self.heights = QCheckBox("Print height numerals")
        self.heights.setChecked(heights)
        form = QFormLayout(self)
        form.addRow("Hex size", self.hex_px)
        form.addRow(self.coords)
        form.addRow(self.heights)
        form.addRow(_buttons(self))
