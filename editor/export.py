"""Exporting maps as PNG, SVG and multi-page PDF at true scale (QtGui only, no widgets).

Used by the editor's File ▸ Export menu and by ``hexfort render``. The PDF is
tiled: each sheet prints its own part of the board (its trim area) plus
``overlap`` millimetres shared with its right and lower neighbours, clipped to
that; cut marks in the margins show the trim lines (never drawn over the map),
and a page label ("A1", "B1"... columns by letter, rows by number) says where
the sheet goes, so the sheets can be trimmed and taped together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLineF, QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen
from PySide6.QtSvg import QSvgGenerator

from editor.render.painter import MapRenderer, RenderOptions, layout_for
from engine.mapmodel import HexMap

__all__ = ["PrintPlan", "Sheet", "export_any", "export_pdf", "export_png", "export_svg", "paint_sheet", "plan_pages",
           "plan_sheets"]

MM_PER_INCH = 25.4


def _renderer(m: HexMap, hex_size: float) -> MapRenderer:
    return MapRenderer(layout_for(m.meta.orientation, hex_size))


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
    if not img.save(str(path), "PNG"):  # type: ignore[call-overload]  # a str format works; the stubs say bytes
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


#: Cut marks: their distance from the printed area and their length, in mm. They sit in the
#: margins only, never over the map.
_MARK_GAP = 1.5
_MARK_LEN = 5.0
#: Text size of the sheet's description and of its big label, in mm.
_TEXT_MM = 3.5
_BIG_MM = 7.0
# Space at the bottom of each sheet for the cut marks under the map and the page label, in mm.
_LABEL_MM = _MARK_GAP + _MARK_LEN + 1.0 + 2.6 * _TEXT_MM


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


@dataclass(frozen=True, slots=True)
class Sheet:
    """Where things go on one printed sheet; page lengths in mm from the sheet's top-left corner.

    ``trim`` is the part of the board this sheet owns (cut the sheet along it);
    ``content`` is what is printed: the trim area plus ``overlap`` mm on the right
    and bottom edges shared with a neighbour (the strip the neighbouring sheet is
    glued over). ``window`` is the same rectangle in board millimetres. ``marks``
    are the cut-mark lines, all outside ``content``; ``label`` is the text area
    under the marks.
    """

    col: int
    row: int
    window: QRectF
    content: QRectF
    trim: QRectF
    marks: tuple[QLineF, ...]
    label: QRectF


def plan_sheets(plan: PrintPlan, board: QRectF, page_w: float, margin: float) -> list[Sheet]:
    """The sheets of ``plan`` for a ``board`` rectangle (board mm) on paper ``page_w`` mm wide.

    Pages go row by row from the top-left; the printed area starts ``margin`` mm in
    from the sheet's top-left corner.
    """
    out: list[Sheet] = []
    o = plan.overlap
    for row in range(plan.rows):
        for col in range(plan.cols):
            last_col, last_row = col == plan.cols - 1, row == plan.rows - 1
            x0 = board.left() + col * plan.step_w
            y0 = board.top() + row * plan.step_h
            trim_w = plan.step_w if not last_col else min(plan.printable_w, board.right() - x0)
            trim_h = plan.step_h if not last_row else min(plan.printable_h, board.bottom() - y0)
            content_w = trim_w + (0.0 if last_col else o)
            content_h = trim_h + (0.0 if last_row else o)
            content = QRectF(margin, margin, content_w, content_h)
            trim = QRectF(margin, margin, trim_w, trim_h)
            marks: list[QLineF] = []
            g, k = _MARK_GAP, _MARK_LEN
            for x in (trim.left(), trim.right()):
                marks.append(QLineF(x, content.top() - g, x, content.top() - g - k))
                marks.append(QLineF(x, content.bottom() + g, x, content.bottom() + g + k))
            for y in (trim.top(), trim.bottom()):
                marks.append(QLineF(content.left() - g, y, content.left() - g - k, y))
                marks.append(QLineF(content.right() + g, y, content.right() + g + k, y))
            label_top = content.bottom() + g + k + 1.0
            label = QRectF(margin, label_top, page_w - 2 * margin, 2.8 * _TEXT_MM)
            out.append(Sheet(col, row, QRectF(x0, y0, content_w, content_h), content, trim, tuple(marks), label))
    return out


def export_pdf(m: HexMap, path: str | Path, hex_mm: float = 25.4, page: str = "A4",
               overlap_mm: float = 10.0, margin_mm: float = 10.0, coords: bool = True,
               heights: bool = False, landscape: bool = False) -> PrintPlan:
    """Print ``m`` to a PDF at true scale: hexes ``hex_mm`` millimetres across the flats.

    Each sheet prints its trim area plus the overlap shared with its right and
    lower neighbours, clipped to that; cut marks sit in the margins only, beside
    the trim lines; the page label is under them. ``page`` is ``"A4"`` or
    ``"Letter"``. Returns the page plan. Raises ValueError for an unknown page size
    or impossible overlap, OSError if writing fails.
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
    # No printer margins: the sheet is laid out here, margins (with the cut marks) included.
    writer.setPageLayout(QPageLayout(QPageSize(page_id), orient, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter))
    full = writer.pageLayout().fullRect(QPageLayout.Unit.Millimeter)
    plan = plan_pages(board.width(), board.height(), full.width() - 2 * margin_mm, full.height() - 2 * margin_mm,
                      overlap_mm)
    dots_per_mm = writer.resolution() / MM_PER_INCH
    p = QPainter(writer)
    if not p.isActive():
        raise OSError(f"cannot write {path}")
    options = RenderOptions(coords=coords, heights=heights)
    for i, sheet in enumerate(plan_sheets(plan, board, full.width(), margin_mm)):
        if i:
            writer.newPage()
        p.resetTransform()
        p.scale(dots_per_mm, dots_per_mm)  # now in millimetres from the sheet's corner
        paint_sheet(p, r, m, plan, sheet, options, hex_mm)
    p.end()
    return plan


def paint_sheet(p: QPainter, r: MapRenderer, m: HexMap, plan: PrintPlan, sheet: Sheet, options: RenderOptions,
                hex_mm: float) -> None:
    """Draw one sheet on ``p`` (in millimetres from the sheet's corner): map, cut marks, label."""
    p.save()
    p.setClipRect(sheet.content)
    p.translate(sheet.content.left() - sheet.window.left(), sheet.content.top() - sheet.window.top())
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    r.paint(p, m, sheet.window, options)
    p.restore()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(QColor("#000000"), 0.25))
    p.drawLines(list(sheet.marks))
    # the overlap strips, shown in the margin beside the marks: glued under the neighbouring sheet
    strip = QColor(0, 0, 0, 40)
    c, t, g = sheet.content, sheet.trim, _MARK_GAP
    if c.right() > t.right():
        p.fillRect(QRectF(t.right(), c.top() - g - 1.2, c.right() - t.right(), 1.2), strip)
        p.fillRect(QRectF(t.right(), c.bottom() + g, c.right() - t.right(), 1.2), strip)
    if c.bottom() > t.bottom():
        p.fillRect(QRectF(c.left() - g - 1.2, t.bottom(), 1.2, c.bottom() - t.bottom()), strip)
        p.fillRect(QRectF(c.right() + g, t.bottom(), 1.2, c.bottom() - t.bottom()), strip)
    label = plan.label(sheet.col, sheet.row)
    big = QFont("DejaVu Sans")
    big.setPixelSize(round(_BIG_MM))
    big.setBold(True)
    p.setFont(big)
    p.setPen(QColor("#000000"))
    big_w = _BIG_MM * 0.75 * max(2, len(label)) + 2
    p.drawText(QRectF(sheet.label.right() - big_w, sheet.label.top(), big_w, sheet.label.height()),
               Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, label)
    small = QFont("DejaVu Sans")
    small.setPixelSize(round(_TEXT_MM))
    p.setFont(small)
    text = (f"{m.meta.name} · sheet {label}: column {sheet.col + 1} of {plan.cols}, row {sheet.row + 1} of "
            f"{plan.rows} · hexes {hex_mm:g} mm across\nCut along the marks; the grey-marked "
            f"{plan.overlap:g} mm strips go under the next sheet.")
    p.drawText(QRectF(sheet.label.left(), sheet.label.top(), sheet.label.width() - big_w - 3, sheet.label.height()),
               Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, text)
    p.restore()


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


