"""Does the editor stay responsive on the largest map the format allows (40,000 hexes)? Prints figures.

The real main window is shown (offscreen) and a 1 ms timer ticks on the UI
thread; the longest gap between two ticks is the longest the window froze.
Measured, for the 40,000-hex map and beside it (same process) the 900-hex
reference map, and once more for the big map with its first view drawn in one
paint, as the canvas did before (``PAINT_BUDGET_S = None``):

- open: ``MainWindow.open_path`` (read, parse, schema, model, new document,
  the views' reset) — this runs on the UI thread by design, like any editor's
  File > Open; printed as its own figure;
- validation after opening: from the open returning until the problems dock
  has the result (the checks run in the worker thread) and until the first
  view is complete: both times, and the longest UI stall meanwhile;
- an edit: paint one hex, then until the re-check's result arrives: the
  longest UI stall (the edit itself and the debounced re-check in the worker).

Target: no stall over ~100 ms (a frame is 16 ms; a tenth of a second is where
a pause is felt). Before the first view was drawn in slices the 40,000-hex map
froze the window for ~0.85 s (1.7 s while the worker validated beside it);
Python's own pauses (a full garbage collection with a 40,000-hex map in memory
takes ~70 ms) and other processes on a shared machine set the floor.
Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/editor_big_map.py [SIZE]``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import big_map  # noqa: E402
from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from engine.formats import save_map  # noqa: E402
from engine.hexgrid import Hex  # noqa: E402
from engine.mapmodel import HexMap  # noqa: E402

REFERENCE_SIZE = 30


class Ticker:
    """Timestamps of a 1 ms timer on the UI thread; gaps between them are stalls."""

    def __init__(self) -> None:
        self.stamps: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(1)
        self.timer.timeout.connect(lambda: self.stamps.append(time.perf_counter()))

    def longest_gap(self, start: float, end: float) -> float:
        """Longest time between ticks (or the window's ends) within ``start..end``."""
        ts = [start] + [t for t in self.stamps if start <= t <= end] + [end]
        return max(b - a for a, b in zip(ts, ts[1:], strict=False))


def wait_until(app: QApplication, done, timeout: float = 120.0) -> float:  # type: ignore[no-untyped-def]
    """Run the event loop until ``done()``; return the time it became true."""
    limit = time.perf_counter() + timeout
    while not done():
        app.processEvents()
        time.sleep(0.0005)
        if time.perf_counter() > limit:
            raise TimeoutError("the editor did not finish in time")
    return time.perf_counter()


def measure(app: QApplication, win, ticker: Ticker, path: Path) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Open ``path`` in ``win``, wait for its problems, paint one hex, wait again; the figures."""
    from editor.edits import HeightInk, paint

    runner = win.runner
    got: list[int] = []
    runner.updated.connect(lambda ps: got.append(len(ps)))
    t0 = time.perf_counter()
    win.open_path(path, ask=False)
    t1 = time.perf_counter()
    t2 = wait_until(app, lambda: got and not runner.pending)
    t_view = wait_until(app, lambda: not win.view.renderer.incomplete)  # the first view filled in
    h = min(win.doc.map.cells)
    c = win.doc.map.cells[h]
    n_before = len(got)
    t3 = time.perf_counter()
    win.doc.apply(paint(win.doc.map, [h], HeightInk((c.height + 1) % 3)), "bench")
    t4 = wait_until(app, lambda: len(got) > n_before and not runner.pending)
    runner.updated.disconnect()
    return {
        "hexes": len(win.doc.map),
        "open": t1 - t0,
        "validate": t2 - t1,
        "validate_stall": ticker.longest_gap(t1, max(t2, t_view)),
        "view": t_view - t1,
        "edit_total": t4 - t3,
        "edit_stall": ticker.longest_gap(t3, t4),
        "problems": got[-1],
        "threaded": runner.threaded_runs,
    }


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    app = QApplication.instance() or QApplication([])
    from editor.main_window import MainWindow

    tmp = Path(tempfile.mkdtemp())
    paths = {}
    for s in (REFERENCE_SIZE, size):
        paths[s] = tmp / f"map{s}.map.json"
        save_map(big_map(s), paths[s])
    settings = QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(HexMap.blank([Hex(0, 0)]), None, settings=settings)
    win.show()
    ticker = Ticker()
    ticker.timer.start()
    app.processEvents()
    print(f"Qt platform {app.platformName()}; stalls = longest gap between ticks of a 1 ms UI-thread timer")
    from editor.canvas import items

    budget = items.PAINT_BUDGET_S
    for s, how in ((REFERENCE_SIZE, budget), (size, budget), (size, None), (REFERENCE_SIZE, budget)):
        items.PAINT_BUDGET_S = how  # None: the first view drawn in one paint, as before
        r = measure(app, win, ticker, paths[s])
        note = "first view at once (as before)" if how is None else "first view in slices"
        print(f"{r['hexes']:>7,} hexes, {note}: open {r['open'] * 1000:5.0f} ms (UI thread) | "
              f"validation {r['validate'] * 1000:6.0f} ms, view {r['view'] * 1000:5.0f} ms, "
              f"longest stall {r['validate_stall'] * 1000:5.0f} ms | "
              f"edit + re-check {r['edit_total'] * 1000:6.0f} ms, longest stall {r['edit_stall'] * 1000:5.0f} ms | "
              f"{r['problems']} problems, {r['threaded']} worker runs so far")
    ticker.timer.stop()
    win.doc.undo_stack.setClean()
    win.runner.shutdown()
    win.close()


if __name__ == "__main__":
    main()
