"""The map library (File ▸ Open folder…) on a folder of 500 maps, offscreen. Prints figures; asserts nothing.

Measured beside a reference run in the same process: validating the same files
one after another with the engine's runner (what ``hexfort validate --jobs 1``
does), so the ratios hold on a busy machine.

- list: opening the folder until every row is shown (names only);
- first screen: until the rows on screen have their picture and status;
- all, cold cache: until every row is filled (validation + picture + cache write);
- all, warm cache: a second library on the same folder (pictures and summaries from disk);
- UI stall: the longest gap between ticks of a 5 ms timer while the scan runs
  (how long the window could not answer).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/library_scan.py [N]``.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QElapsedTimer, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor.library.summary import library_files  # noqa: E402
from editor.library.window import LibraryWindow  # noqa: E402
from engine.validation.runner import validate_file  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def make_folder(root: Path, n: int) -> Path:
    """``n`` files: copies of the bundled maps and scenarios (scenarios keep their map beside them)."""
    folder = root / "library"
    sources = sorted(MAPS.glob("*.json"))
    i = 0
    while i < n:
        sub = folder / f"set{i // len(sources):03d}"
        shutil.copytree(MAPS, sub)
        i += len(sources)
    files = library_files(folder)
    for extra in files[n:]:
        extra.unlink()
    return folder


class StallMeter:
    """Records the longest gap between ticks of a 5 ms timer (the UI thread's longest busy stretch)."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.clock = QElapsedTimer()
        self.longest = 0
        self.timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.clock.start()
        self.timer.start()

    def _tick(self) -> None:
        self.longest = max(self.longest, self.clock.restart())

    def stop(self) -> int:
        self.timer.stop()
        return self.longest


def run_library(app: QApplication, folder: Path, cache: Path) -> dict[str, float]:
    lib = LibraryWindow(cache)
    lib.resize(1300, 800)
    lib.show()
    stall = StallMeter()
    t0 = time.perf_counter()
    lib.set_folder(folder)
    listed = time.perf_counter() - t0
    stall.start()
    first_screen = None
    while lib.model.scanned() < lib.model.rowCount():
        app.processEvents()
        if first_screen is None:
            vp = lib.table.viewport().rect()
            top, bottom = lib.table.rowAt(vp.top()), lib.table.rowAt(vp.bottom())
            bottom = bottom if bottom >= 0 else lib.proxy.rowCount() - 1
            rows = range(max(top, 0), bottom + 1)
            if rows and all(lib.proxy.index(r, 4).data() != "checking…" for r in rows):
                first_screen = time.perf_counter() - t0
        time.sleep(0.001)
    total = time.perf_counter() - t0
    longest = stall.stop()
    lib.close()
    return {"list": listed, "first": first_screen or total, "all": total, "stall_ms": longest}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_folder(Path(tmp), n)
        files = library_files(folder)
        t = time.perf_counter()
        for f in files:
            validate_file(f)
        ref = time.perf_counter() - t
        print(f"{len(files)} files; reference: validate_file one after another {ref:.2f} s "
              f"({1000 * ref / len(files):.1f} ms a file)")
        cold = run_library(app, folder, Path(tmp) / "cache")
        warm = run_library(app, folder, Path(tmp) / "cache")
        for name, r in (("cold cache", cold), ("warm cache", warm)):
            print(f"library, {name}: list {1000 * r['list']:.0f} ms · first screen {r['first']:.2f} s · "
                  f"all {r['all']:.2f} s ({r['all'] / ref:.2f}× the reference) · "
                  f"longest UI stall {r['stall_ms']:.0f} ms")


if __name__ == "__main__":
    main()
