"""Editor canvas benchmarks on a 100 × 100 (10,000-hex) map, offscreen.

Measures what issue 5 budgets:

- paint one hex: the redraw work after painting one hex (the map item repaints the
  changed hex's rectangle, as the view does after ``update(rect)``) — budget 1 ms;
  also the whole edit (pure edit + undo command + signal + cache invalidation);
- full redraw: the whole map fitted in a 1600 × 1000 viewport, warm caches — budget 40 ms;
  plus a cold first paint and a zoomed-in full viewport;
- open: read the file, replace the document, first full paint — budget 1 s.

Run: ``QT_QPA_PLATFORM=offscreen python bench/editor_canvas.py``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QRectF, QSettings  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem  # noqa: E402

from engine.formats import save_map  # noqa: E402
from engine.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube  # noqa: E402
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain  # noqa: E402

VIEW_W, VIEW_H = 1600, 1000


def bench_map(width: int = 100, height: int = 100, seed: int = 1) -> HexMap:
    """A pointy ``width`` × ``height`` map with walls, low obstacles, stairs, spawns, kits and a point."""
    rng = random.Random(seed)
    cells: dict[Hex, Cell] = {}
    for row in range(height):
        for col in range(width):
            h = roffset_to_cube(ODD, OffsetCoord(col, row))
            r = rng.random()
            if r < 0.10:
                cells[h] = Cell(rng.choice((0, 1)), Terrain.WALL)
            elif r < 0.14:
                cells[h] = Cell(0, Terrain.LOW)
            elif r < 0.16:
                cells[h] = Cell(0, Terrain.STAIRS, rng.randrange(6))
            else:
                cells[h] = Cell(rng.choice((0, 0, 0, 1, 1, 2)))
    red = [roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(45, 55) for c in range(0, 4)]
    blu = [roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(45, 55) for c in range(96, 100)]
    mid = [roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(48, 52) for c in range(48, 52)]
    kits = [roffset_to_cube(ODD, OffsetCoord(c, r)) for c, r in ((20, 20), (80, 80), (20, 80), (80, 20))]
    track = [roffset_to_cube(ODD, OffsetCoord(c, 30)) for c in range(10, 90)]
    return HexMap.create(MapMeta(name="bench 100x100"), cells, {Team.RED: red, Team.BLU: blu}, kits, [mid],
                         {Team.RED: track})


def timings(fn: Callable[[], object], repeat: int) -> list[float]:
    """Seconds per call of ``fn``, ``repeat`` times."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def report(name: str, ts: list[float], budget_ms: float | None = None) -> None:
    ms = sorted(t * 1000 for t in ts)
    med = statistics.median(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    verdict = "" if budget_ms is None else (" ok" if med <= budget_ms else " OVER BUDGET")
    budget = "" if budget_ms is None else f" (budget {budget_ms:g} ms){verdict}"
    print(f"{name:<52} median {med:8.2f} ms  p90 {p90:8.2f} ms{budget}")


def main() -> None:
    app = QApplication.instance() or QApplication([])
    from editor.canvas import items
    from editor.edits import HeightInk, paint
    from editor.main_window import MainWindow

    # These figures are of whole paints: no time budget, so a cold paint builds every chunk it
    # shows (the canvas normally builds at most PAINT_BUDGET_S of them per paint; editor_big_map.py).
    items.PAINT_BUDGET_S = None

    m = bench_map()
    tmp = Path(tempfile.mkdtemp())
    path = tmp / "bench.map.json"
    save_map(m, path)
    settings = QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)
    print(f"map: {len(m):,} hexes; viewport {VIEW_W}x{VIEW_H}; Qt platform {app.platformName()}")

    # -- open: read + replace document + first full paint ----------------------------
    win = MainWindow(HexMap.blank([Hex(0, 0)]), None, settings=settings)
    win.resize(VIEW_W, VIEW_H)
    item = win.view.map_item
    renderer = win.view.renderer
    image = QImage(VIEW_W, VIEW_H, QImage.Format.Format_ARGB32_Premultiplied)

    def paint_view(rect: QRectF, scale: float, whole: bool = True) -> None:
        if whole:
            image.fill(QColor("#d9dde3"))
        p = QPainter(image)
        p.scale(scale, scale)
        p.translate(-rect.left(), -rect.top())
        if not whole:  # like the view: clip to the dirty rectangle and clear only that
            p.setClipRect(rect)
            p.fillRect(rect, QColor("#d9dde3"))
        opt = QStyleOptionGraphicsItem()
        opt.exposedRect = rect  # type: ignore[attr-defined]
        item.paint(p, opt)
        p.end()

    def fit() -> tuple[QRectF, float]:
        r = renderer.map_rect(win.doc.map, 1)
        return r, min(VIEW_W / r.width(), VIEW_H / r.height())

    def open_once() -> None:
        from editor.document import read_document

        mm, setup = read_document(path)
        win.doc.replace_all(mm, path, setup)
        r, s = fit()
        paint_view(r, s)

    report("open 10k-hex map (read + document + first paint)", timings(open_once, 3), 1000)
    win.runner.shutdown()

    # -- full redraw -------------------------------------------------------------
    rect, scale = fit()
    report("full redraw, whole map in view (warm caches)", timings(lambda: paint_view(rect, scale), 15), 40)

    def cold() -> None:
        renderer.set_map(win.doc.map)
        paint_view(rect, scale)

    report("full redraw, whole map in view (cold caches)", timings(cold, 5))
    zoom_rect = QRectF(rect.left(), rect.top(), VIEW_W, VIEW_H)
    paint_view(zoom_rect, 1.0)
    report("full viewport at 100% zoom (~900 hexes, antialiased)", timings(lambda: paint_view(zoom_rect, 1.0), 15))

    # -- paint one hex ------------------------------------------------------------
    rng = random.Random(5)
    hexes = rng.sample(sorted(win.doc.map.cells), 60)
    heights = iter(range(10**6))

    def edit_one() -> Hex:
        h = hexes[next(heights) % len(hexes)]
        c = win.doc.map.cells[h]
        win.doc.apply(paint(win.doc.map, [h], HeightInk((c.height + 1) % 3)), "bench")
        return h

    report("paint one hex: edit + undo command + signal", timings(edit_one, 60))
    redraws = []
    for _ in range(60):
        h = edit_one()
        dirty = renderer.hexes_rect([h], pad=0.3)  # what MapItem.map_changed passes to update()
        t = time.perf_counter()
        paint_view(dirty, 1.0, whole=False)
        redraws.append(time.perf_counter() - t)
    report("paint one hex: redraw of the changed rectangle", redraws, 1)
    print(f"  (hexes painted per one-hex redraw: {item.last_paint_hexes})")
    win.doc.undo_stack.setClean()
    win.close()


if __name__ == "__main__":
    main()
