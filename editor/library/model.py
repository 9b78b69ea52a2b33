"""The library's table model (one row per file) and the filter the window sorts and narrows it with.

Rows exist as soon as the folder is listed; a row's summary and thumbnail arrive
later from the scanner (:meth:`LibraryModel.update`), and the model says so with
``dataChanged``, so the view fills in by itself. Sorting uses :data:`SORT_ROLE`
(numbers where the column holds counts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QIcon, QImage, QPainter, QPen, QPixmap, QPolygonF

from editor.library.summary import THUMB_SIZE, MapSummary
from editor.menu_words import in_editor_words
from engine.games.modes import GAMES
from engine.mapmodel import Mode
from engine.validation.problem import Severity

__all__ = ["COLUMNS", "PATH_ROLE", "SORT_ROLE", "SUMMARY_ROLE", "LibraryFilter", "LibraryModel", "Row"]

COLUMNS = ("Map", "Author", "Modes", "Size", "Status", "Worst problem", "File")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
SUMMARY_ROLE = Qt.ItemDataRole.UserRole + 2
PATH_ROLE = Qt.ItemDataRole.UserRole + 3
#: Each mode's name, from the one list of modes.
MODE_NAMES = {m: rules.name for m, rules in GAMES.items()}
_STATUS_COLOR = {"error": QColor("#c62828"), "warning": QColor("#b26a00"), "ok": QColor("#2e7d32")}
_Index = QModelIndex | QPersistentModelIndex


@cache
def _no_picture() -> QIcon:
    """The picture of a file that holds no readable map: an empty hex with a red bar."""
    w, h = THUMB_SIZE
    pm = QPixmap(w, h)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = min(w, h) * 0.38
    hexagon = QPolygonF([QPointF(w / 2 + r * math.cos(math.radians(60 * i + 30)),
                                 h / 2 + r * math.sin(math.radians(60 * i + 30))) for i in range(6)])
    p.setPen(QPen(QColor("#9e9e9e"), 2, Qt.PenStyle.DashLine))
    p.setBrush(QColor("#eeeeee"))
    p.drawPolygon(hexagon)
    p.setPen(QPen(QColor("#c62828"), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(w / 2 - r * 0.45, h / 2), QPointF(w / 2 + r * 0.45, h / 2))
    p.end()
    return QIcon(pm)


@dataclass
class Row:
    """One file: its path, and its summary and picture once scanned."""

    path: Path
    summary: MapSummary | None = None
    icon: QIcon | None = None


class LibraryModel(QAbstractTableModel):
    """The files of one folder; rows are added at once, filled in as scans arrive."""

    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.folder: Path | None = None
        self._rows: list[Row] = []
        self._index: dict[Path, int] = {}

    # -- contents ----------------------------------------------------------------------

    def set_files(self, folder: Path, paths: list[Path]) -> None:
        """Show ``paths`` (files of ``folder``), none scanned yet."""
        self.beginResetModel()
        self.folder = folder
        self._rows = [Row(p) for p in paths]
        self._reindex()
        self.endResetModel()

    def _reindex(self) -> None:
        self._index = {r.path: i for i, r in enumerate(self._rows)}

    def paths(self) -> list[Path]:
        """Every file, in row order."""
        return [r.path for r in self._rows]

    def row_of(self, path: Path) -> int | None:
        """The row of ``path``, or None."""
        return self._index.get(path)

    def entry(self, row: int) -> Row:
        """The row's record."""
        return self._rows[row]

    def scanned(self) -> int:
        """How many rows have their summary."""
        return sum(r.summary is not None for r in self._rows)

    def add(self, path: Path) -> None:
        """Add a row for a new file (kept in path order)."""
        if path in self._index:
            return
        at = sum(1 for r in self._rows if r.path < path)
        self.beginInsertRows(QModelIndex(), at, at)
        self._rows.insert(at, Row(path))
        self._reindex()
        self.endInsertRows()

    def remove(self, path: Path) -> None:
        """Drop the row of a file that is gone."""
        row = self._index.get(path)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self._reindex()
        self.endRemoveRows()

    def update(self, path: Path, summary: MapSummary, image: QImage | None) -> None:
        """A scan arrived: fill the row in."""
        row = self._index.get(path)
        if row is None:
            return
        r = self._rows[row]
        r.summary = summary
        r.icon = QIcon(QPixmap.fromImage(image)) if image is not None else None
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def mark_stale(self, path: Path) -> None:
        """The file changed on disk: show it as being checked again."""
        row = self._index.get(path)
        if row is not None:
            self._rows[row].summary = None
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    # -- Qt model -------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's name
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's name
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def] # noqa: N802
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if not index.isValid():
            return None
        r = self._rows[index.row()]
        s, col = r.summary, index.column()
        if role == SUMMARY_ROLE:
            return s
        if role == PATH_ROLE:
            return r.path
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(r, col)
        if role == SORT_ROLE:
            return self._sort_key(r, col)
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return r.icon if r.icon is not None or s is None else _no_picture()
        if role == Qt.ItemDataRole.ForegroundRole and col in (4, 5) and s is not None:
            key = "error" if s.errors else "warning" if s.warnings else "ok"
            return QBrush(_STATUS_COLOR[key])
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(r)
        return None

    def _relative(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.folder)) if self.folder is not None else str(path)
        except ValueError:
            return str(path)

    def _text(self, r: Row, col: int) -> str:
        s = r.summary
        if col == 6:
            return self._relative(r.path)
        if s is None:
            return {0: r.path.name, 4: "checking…"}.get(col, "")
        if col == 0:
            return s.name + ("" if s.kind in ("map", None) else f"\n({s.kind})")
        if col == 1:
            return s.author
        if col == 2:
            return "\n".join(MODE_NAMES[m] for m in s.modes)
        if col == 3:
            return f"{s.columns} × {s.rows}\n{s.hexes} hexes" if s.hexes else ""
        if col == 4:
            return s.status()
        if col == 5:
            w = s.worst
            if w is None or w.severity is Severity.INFO:
                return ""
            where = f" ({w.location()})" if w.location() else ""
            return f"{w.code}{where}: {in_editor_words(w.message)}"
        return ""

    @staticmethod
    def _sort_key(r: Row, col: int):  # type: ignore[no-untyped-def]
        s = r.summary
        if col == 6:
            return str(r.path)
        if s is None:  # not scanned yet: after the scanned rows (in ascending order)
            return {3: 10**9, 4: (2, 0, 0)}.get(col, "\uffff" + r.path.name)
        if col == 0:
            return s.name.lower()
        if col == 1:
            return s.author.lower()
        if col == 2:
            return ",".join(m.value for m in s.modes)
        if col == 3:
            return s.hexes
        if col == 4:  # broken first when descending: errors, then warnings; ties keep file order
            return (1 if s.broken else 0, s.errors, s.warnings)
        if col == 5:
            w = s.worst
            return (w.severity.rank, w.code) if w is not None else (9, "")
        return str(r.path)

    def _tooltip(self, r: Row) -> str:
        s = r.summary
        if s is None:
            return f"{r.path}\nbeing checked…"
        lines = [str(r.path)]
        if s.modes:
            lines.append("Modes: " + ", ".join(MODE_NAMES[m] for m in s.modes))
        for p in sorted(s.problems, key=lambda p: (p.severity.rank, p.code))[:8]:
            where = f" ({p.location()})" if p.location() else ""
            lines.append(f"{p.code} {p.severity.value}: {in_editor_words(p.message)}{where}")
        if len(s.problems) > 8:
            lines.append(f"… and {len(s.problems) - 8} more")
        return "\n".join(lines)


class LibraryFilter(QSortFilterProxyModel):
    """Narrows the library: only broken files, only one mode, and text (name, author, file, problem codes)."""

    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.only_broken = False
        self.mode: Mode | None = None
        self.text = ""
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    def _refilter(self, **settings: object) -> None:
        """Change filter settings and filter the rows again (Qt ≥ 6.9 wants the change bracketed)."""
        bracket = hasattr(self, "beginFilterChange")
        if bracket:
            self.beginFilterChange()
        for k, v in settings.items():
            setattr(self, k, v)
        if bracket:
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()

    def set_only_broken(self, on: bool) -> None:
        """Show only files with errors (files still being checked are hidden meanwhile)."""
        self._refilter(only_broken=on)

    def set_mode(self, mode: Mode | None) -> None:
        """Show only maps made for ``mode`` (None: every mode)."""
        self._refilter(mode=mode)

    def set_text(self, text: str) -> None:
        """Show only files whose name, author, file name or problem codes contain ``text``."""
        self._refilter(text=text.strip().lower())

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:  # noqa: N802 - Qt's name
        model = self.sourceModel()
        assert isinstance(model, LibraryModel)
        r = model.entry(source_row)
        s = r.summary
        if (self.only_broken or self.mode is not None) and s is None:
            return False
        if self.only_broken and s is not None and not s.broken:
            return False
        if self.mode is not None and s is not None and self.mode not in s.modes:
            return False
        if self.text:
            hay = [str(r.path.name)]
            if s is not None:
                hay += [s.name, s.author, *(p.code for p in s.problems)]
            if not any(self.text in h.lower() for h in hay):
                return False
        return True

    def lessThan(self, left: _Index, right: _Index) -> bool:  # noqa: N802 - Qt's name
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        try:
            return a < b
        except TypeError:
            return str(a) < str(b)
