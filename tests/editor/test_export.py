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
