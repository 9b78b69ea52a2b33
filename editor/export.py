"""Exporting maps as PNG, SVG and multi-page PDF at true scale (QtGui only, no widgets).

Used by the editor's File ▸ Export menu and by ``hexfort render``. The PDF is
tiled: each page shows a window of the board with ``overlap`` millimetres shared
with its neighbours, cut marks at the window's corners and a page label
("A1", "B1"... columns by letter, rows by number) so the sheets can be
trimmed and taped together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen
from PySide6.QtSvg import QSvgGenerator

from editor.render.painter import MapRenderer, RenderOptions, layout_for
from engine.mapmodel import HexMap

__all__ = ["PrintPlan", "export_pdf", "export_png", "export_svg", "export_any", "plan_pages"]

MM_PER_INCH = 25.4


def _renderer(m: HexMap, hex_size: float) -> MapRenderer:
    return MapRenderer(layout_for(m.meta.orientation, hex_size))


def _paint_title(p: QPainter, m: HexMap, rect: QRectF, size: float) -> None:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(size * 0.6)))
    f.setBold(True)
    p.setFont(f)
    p.setPen(QColor("#333333"))
    p.drawText(QRectF(rect.left(), rect.top(), rect.width(), size * 1.2), Qt.AlignmentFlag.AlignCenter, m.meta.name)


def export_png(m: HexMap, path: str | Path, hex_size: float = 32.0, coords: bool = False,
               heights: bool = False, background: str = "#ffffff") -> QImage:
    """Write ``m`` as a PNG with hexes of ``hex_size`` pixels (centre to corner); returns the image.

    Raises OSError when the file cannot be written.
    """
    r = _renderer(m, hex_size)
    rect = r.map_rect(m, 1)
    img = QImage(max(1, math.ceil(rect.width())), max(1, math.ceil(rect.height())), QImage.Format.Format_ARGB32)
    img.fill(QColor(background))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.translate(-rect.left(), -rect.top())
    r.paint(p, m, None, RenderOptions(coords=coords, heights=heights))
    p.end()
    if not img.save(str(path), "PNG"):
        raise OSError(f"cannot write {path}")
    return img


def export_svg(m: HexMap, path: str | Path, hex_size: float = 32.0, coords: bool = False,
               heights: bool = False) -> None:
    """Write ``m`` as an SVG drawing (vector, one unit per pixel at ``hex_size``)."""
    r = _renderer(m, hex_size)
    rect = r.map_rect(m, 1)
    gen = QSvgGenerator()
    gen.setFileName(str(path))
    gen.setSize(rect.size().toSize())
    gen.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    gen.setTitle(m.meta.name)
    gen.setDescription("hexfort map")
    p = QPainter(gen)
    if not p.isActive():
        raise OSError(f"cannot write {path}")
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.translate(-rect.left(), -rect.top())
    r.paint(p, m, None, RenderOptions(coords=coords, heights=heights))
    p.end()


@dataclass(frozen=True, slots=True)
class PrintPlan:
    """How a board is split over pages (all lengths in millimetres).

    ``board`` is the map's extent at true scale; each page prints a window of
    ``step`` plus ``overlap`` millimetres; ``cols`` × ``rows`` pages.
    """

    board_w: float
    board_h: float
    printable_w: float
    printable_h: float
    overlap: float
    cols: int
    rows: int

    @property
    def step_w(self) -> float:
        """Board width advanced per page column."""
        return self.printable_w - self.overlap

    @property
    def step_h(self) -> float:
        """Board height advanced per page row."""
        return self.printable_h - self.overlap

    @property
    def pages(self) -> int:
        """Number of sheets."""
        return self.cols * self.rows

    @staticmethod
    def label(col: int, row: int) -> str:
        """``A1`` for the top-left sheet, letters across, numbers down."""
        letters = ""
        n = col
        while True:
            letters = chr(ord("A") + n % 26) + letters
            n = n // 26 - 1
            if n < 0:
                break
        return f"{letters}{row + 1}"


# Space at the bottom of each sheet for the page label, in mm.
_LABEL_MM = 7.0


def plan_pages(board_w: float, board_h: float, printable_w: float, printable_h: float, overlap: float = 10.0) -> PrintPlan:
    """Split a ``board_w`` × ``board_h`` mm board over pages of the printable size.

    Raises ValueError when the overlap leaves no room on a page.
    """
    ph = printable_h - _LABEL_MM
    if overlap < 0 or printable_w - overlap <= 1 or ph - overlap <= 1:
        raise ValueError("the overlap is larger than the printable page")
    cols = max(1, math.ceil((board_w - overlap) / (printable_w - overlap)))
    rows = max(1, math.ceil((board_h - overlap) / (ph - overlap)))
    return PrintPlan(board_w, board_h, printable_w, ph, overlap, cols, rows)


def export_pdf(m: HexMap, path: str | Path, hex_mm: float = 25.4, page: str = "A4",
               overlap_mm: float = 10.0, margin_mm: float = 10.0, coords: bool = True,
               heights: bool = False, landscape: bool = False) -> PrintPlan:
    """Print ``m`` to a PDF at true scale: hexes ``hex_mm`` millimetres across the flats.

    ``page`` is ``"A4"`` or ``"Letter"``. Returns the page plan. Raises ValueError
    for an unknown page size or impossible overlap, OSError if writing fails.
    """
    sizes = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
    try:
        page_id = sizes[page.lower()]
    except KeyError:
        raise ValueError(f"page must be A4 or Letter, got {page!r}") from None
    r = _renderer(m, hex_mm / math.sqrt(3.0))  # one scene unit = one millimetre
    board = r.map_rect(m, 0).adjusted(-3, -3, 3, 3)
    writer = QPdfWriter(str(path))
    writer.setResolution(300)
    writer.setTitle(m.meta.name)
    writer.setCreator("hexfort")
    orient = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    writer.setPageLayout(QPageLayout(QPageSize(page_id), orient, QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
                                     QPageLayout.Unit.Millimeter))
    paint_rect = writer.pageLayout().paintRect(QPageLayout.Unit.Millimeter)
    plan = plan_pages(board.width(), board.height(), paint_rect.width(), paint_rect.height(), overlap_mm)
    dots_per_mm = writer.resolution() / MM_PER_INCH
    p = QPainter(writer)
    if not p.isActive():
        raise OSError(f"cannot write {path}")
    options = RenderOptions(coords=coords, heights=heights)
    label_font = QFont("DejaVu Sans")
    label_font.setPixelSize(3)
    mark = QPen(QColor("#000000"), 0.25)
    first = True
    for row in range(plan.rows):
        for col in range(plan.cols):
            if not first:
                writer.newPage()
            first = False
            p.resetTransform()
            p.scale(dots_per_mm, dots_per_mm)  # now in millimetres from the paint rect's corner
            window = QRectF(board.left() + col * plan.step_w, board.top() + row * plan.step_h,
                            plan.printable_w, plan.printable_h)
            p.save()
            p.setClipRect(QRectF(0, 0, plan.printable_w, plan.printable_h))
            p.translate(-window.left(), -window.top())
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            r.paint(p, m, window, options)
            p.restore()
            _cut_marks(p, plan, col, row, mark)
            p.setFont(label_font)
            p.setPen(QColor("#000000"))
            text = (f"{m.meta.name} · sheet {plan.label(col, row)}: column {col + 1} of {plan.cols}, "
                    f"row {row + 1} of {plan.rows} · hexes {hex_mm:g} mm · trim at the marks "
                    f"({plan.overlap:g} mm overlap)")
            p.drawText(QRectF(0, plan.printable_h + 1, plan.printable_w - 14, _LABEL_MM - 1),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            big = QFont(label_font)
            big.setPixelSize(6)
            big.setBold(True)
            p.setFont(big)
            p.drawText(QRectF(0, plan.printable_h + 1, plan.printable_w, _LABEL_MM - 1),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, plan.label(col, row))
    p.end()
    return plan


def _cut_marks(p: QPainter, plan: PrintPlan, col: int, row: int, pen: QPen) -> None:
    """Marks where this sheet is trimmed: the overlap starts ``overlap`` mm in on shared edges."""
    p.setPen(pen)
    o = plan.overlap
    left = o / 2 if col > 0 else 0.0
    top = o / 2 if row > 0 else 0.0
    right = plan.printable_w - (o / 2 if col < plan.cols - 1 else 0.0)
    bottom = plan.printable_h - (o / 2 if row < plan.rows - 1 else 0.0)
    k = 4.0
    for x, y, dx, dy in ((left, top, 1, 1), (right, top, -1, 1), (left, bottom, 1, -1), (right, bottom, -1, -1)):
        p.drawLine(QPointF(x - dx * k, y), QPointF(x + dx * k, y))
        p.drawLine(QPointF(x, y - dy * k), QPointF(x, y + dy * k))


def export_any(m: HexMap, path: str | Path, hex_size: float | None = None, coords: bool = False,
               heights: bool = False, page: str = "A4", overlap_mm: float = 10.0) -> str:
    """Export by file extension (.png, .svg, .pdf); returns the kind written; raises ValueError for others.

    ``hex_size`` is pixels centre-to-corner for PNG/SVG (default 32) and millimetres
    across the flats for PDF (default 25.4, one inch).
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".png":
        export_png(m, path, hex_size or 32.0, coords, heights)
        return "png"
    if suffix == ".svg":
        export_svg(m, path, hex_size or 32.0, coords, heights)
        return "svg"
    if suffix == ".pdf":
        export_pdf(m, path, hex_size or 25.4, page, overlap_mm, coords=coords, heights=heights)
        return "pdf"
    raise ValueError(f"cannot tell the format of {path!s}; use .png, .svg or .pdf")


