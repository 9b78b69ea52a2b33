"""PNG, SVG and PDF export, the page plan, and the headless ``hexfort render`` command."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from editor.cli import main
from editor.export import export_pdf, export_png, export_svg, plan_pages
from engine.formats import save_map
from engine.mapmodel import HexMap


def test_png_svg_pdf(tmp_path: Path, small_map: HexMap, qapp) -> None:  # type: ignore[no-untyped-def]
    img = export_png(small_map, tmp_path / "m.png", 20.0, coords=True)
    assert not img.isNull() and QImage(str(tmp_path / "m.png")).size() == img.size()
    big = export_png(small_map, tmp_path / "big.png", 40.0)
    assert big.width() > 1.8 * img.width()
    export_svg(small_map, tmp_path / "m.svg")
    assert (tmp_path / "m.svg").read_text().lstrip().startswith("<?xml")
    plan = export_pdf(small_map, tmp_path / "m.pdf", hex_mm=40.0, page="A4")
    data = (tmp_path / "m.pdf").read_bytes()
    assert data.startswith(b"%PDF") and plan.pages > 1
    assert data.count(b"/Type /Page\n") == plan.pages


@pytest.mark.parametrize(
    ("board", "pages"),
    [((100, 100), (1, 1)), ((190, 100), (1, 1)), ((380, 300), (3, 2)), ((1000, 10), (6, 1))],
)
def test_page_plan(board: tuple[float, float], pages: tuple[int, int]) -> None:
    plan = plan_pages(board[0], board[1], 190.0, 277.0, overlap=10.0)
    assert (plan.cols, plan.rows) == pages
    # the sheets cover the whole board, and neighbours share the overlap
    assert plan.cols * plan.step_w + plan.overlap >= board[0]
    assert plan.rows * plan.step_h + plan.overlap >= board[1]
    assert plan.label(0, 0) == "A1" and plan.label(27, 2) == "AB3"


def test_plan_refuses_an_overlap_bigger_than_the_page() -> None:
    with pytest.raises(ValueError, match="overlap"):
        plan_pages(100, 100, 20, 20, overlap=30)


@pytest.mark.parametrize(("board", "page"), [((380, 300), (210, 297)), ((1000, 10), (297, 210)), ((100, 100), (216, 279))])
def test_sheets_keep_marks_off_the_map_and_print_only_trim_plus_overlap(board, page) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QRectF

    from editor.export import plan_sheets

    margin = 10.0
    rect = QRectF(-40, -25, *board)
    plan = plan_pages(rect.width(), rect.height(), page[0] - 2 * margin, page[1] - 2 * margin, overlap=10.0)
    sheets = plan_sheets(plan, rect, page[0], margin)
    assert len(sheets) == plan.pages
    paper = QRectF(0, 0, *page)
    for sh in sheets:
        last_col, last_row = sh.col == plan.cols - 1, sh.row == plan.rows - 1
        # printed: the trim area plus the overlap on shared edges, nothing more
        assert sh.content.topLeft() == sh.trim.topLeft()
        assert sh.content.width() == pytest.approx(sh.trim.width() + (0 if last_col else plan.overlap))
        assert sh.content.height() == pytest.approx(sh.trim.height() + (0 if last_row else plan.overlap))
        assert sh.window.size() == sh.content.size()
        # neighbouring trim areas meet exactly: the board is cut once, shared strips are glued under
        if not last_col:
            assert sh.window.left() + sh.trim.width() == pytest.approx(rect.left() + (sh.col + 1) * plan.step_w)
        # marks: in the margins beside the trim lines, never over the printed map, on the paper
        assert len(sh.marks) == 8
        for line in sh.marks:
            for pt in (line.p1(), line.p2()):
                assert not sh.content.adjusted(-0.5, -0.5, 0.5, 0.5).contains(pt)
                assert paper.adjusted(2, 2, -2, -2).contains(pt)
            assert line.x1() in (sh.trim.left(), sh.trim.right()) or line.y1() in (sh.trim.top(), sh.trim.bottom())
        # the label sits under the marks, on the paper, clear of the map
        assert sh.label.top() > max(line.y1() for line in sh.marks if line.x1() == line.x2())
        assert paper.contains(sh.label) and not sh.label.intersects(sh.content)


def test_a_printed_sheet_leaves_the_margins_blank(small_map: HexMap, qapp) -> None:  # type: ignore[no-untyped-def]
    """Rasterise a sheet: nothing of the map outside its printed area (it used to run past the marks)."""
    import math

    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QPainter

    from editor.export import _renderer, paint_sheet, plan_sheets
    from editor.render.painter import RenderOptions

    r = _renderer(small_map, 40.0 / math.sqrt(3.0))
    board = r.map_rect(small_map, 0).adjusted(-3, -3, 3, 3)
    plan = plan_pages(board.width(), board.height(), 190.0, 277.0, overlap=10.0)
    assert plan.cols > 1
    px = 4  # pixels per mm
    for sheet in plan_sheets(plan, board, 210.0, 10.0):
        img = QImage(210 * px, 297 * px, QImage.Format.Format_RGB32)
        img.fill(QColor("#ffffff"))
        p = QPainter(img)
        p.scale(px, px)
        paint_sheet(p, r, small_map, plan, sheet, RenderOptions(coords=True), 40.0)
        p.end()
        # a 1 mm band around the printed area, inside the marks' gap, must stay paper-white
        c = sheet.content
        for band in (QRectF(c.left(), c.top() - 1.2, c.width(), 1.0), QRectF(c.right() + 0.2, c.top(), 1.0, c.height()),
                     QRectF(c.left() - 1.2, c.top(), 1.0, c.height()), QRectF(c.left(), c.bottom() + 0.2, c.width(), 1.0)):
            for y in range(round(band.top() * px), round(band.bottom() * px)):
                for x in range(round(band.left() * px), round(band.right() * px), 3):
                    assert img.pixelColor(x, y) == QColor("#ffffff"), (sheet.col, sheet.row, x / px, y / px)


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_render_command(tmp_path: Path, small_map: HexMap, suffix: str, qapp, capsys) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "m.map.json"
    save_map(small_map, src)
    out = tmp_path / f"out{suffix}"
    assert main(["render", str(src), "-o", str(out), "--coords"]) == 0
    assert out.stat().st_size > 1000


def test_render_command_errors(tmp_path: Path, small_map: HexMap, qapp, capsys) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "m.map.json"
    save_map(small_map, src)
    assert main(["render", str(src), "-o", str(tmp_path / "x.gif")]) == 2
    bad = tmp_path / "bad.map.json"
    bad.write_text("{")
    assert main(["render", str(bad), "-o", str(tmp_path / "x.png")]) == 1
    assert "bad.map.json" in capsys.readouterr().err


def test_bundled_maps_open_in_the_editor(make_window, repo: Path) -> None:  # type: ignore[no-untyped-def]
    from editor.document import read_document

    files = sorted((repo / "maps").glob("*.json"))
    if not files:
        pytest.skip("no bundled maps yet")
    win = make_window(read_document(files[0])[0])
    for f in files:
        assert win.open_path(f, ask=False), f
        assert len(win.doc.map) > 0 and not win.doc.dirty
        assert win.view.map_item.boundingRect().isValid()


@pytest.mark.parametrize(("extra", "out", "said"), [
    (("--hex-size", "-5"), "x.png", "--hex-size -5: give 4 to 200 pixels"),  # drew a scrambled picture
    (("--hex-size", "0"), "x.png", "--hex-size 0: give 4 to 200 pixels"),  # fell back to the default
    (("--hex-size", "1000"), "x.pdf", "--hex-size 1000: give 5 to 150 millimetres"),  # printed 11,934 pages
    (("--overlap", "-3"), "x.pdf", "--overlap -3: give 0 to 50 millimetres"),  # "larger than the page"
    ((), "gone/x.png", "gone is not an existing folder"),  # "cannot write x: cannot write x"
])
def test_render_options_out_of_range_are_named(tmp_path: Path, small_map: HexMap, qapp, capsys,  # type: ignore[no-untyped-def]
                                               extra: tuple[str, ...], out: str, said: str) -> None:
    """A new-user audit's findings: each option out of its range is named with the range, before drawing."""
    src = tmp_path / "m.map.json"
    save_map(small_map, src)
    assert main(["render", str(src), "-o", str(tmp_path / out), *extra]) == 2
    assert said in capsys.readouterr().err and not (tmp_path / out).exists()
