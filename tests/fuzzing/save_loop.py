"""Savers for the kill-while-saving test: each saves two large maps, turn about, until killed.

``python -m tests.fuzzing.save_loop TARGET RECOVERY_FOLDER`` imports hexfort and
builds the maps once, then forks a saver for each ``go`` line it reads and prints
``pid N`` (so each saver starts at once and the test can kill many). A saver
saves map A, then B, then A... to TARGET with :func:`engine.formats.save_map` and,
each time, copies the document for crash recovery through the editor's autosave
path (:func:`editor.recovery.write_recovery` of a modified
:class:`~editor.document.MapDocument`). It prints ``ready`` once both files
exist, and ``flush`` each time a save is about to flush a file or folder to disk
-- then waits a few milliseconds, as a slow disk would, so that the test killing
it on that word kills it in the middle of a save. The maps are :func:`maps`, so
the test knows what a complete file holds.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

from engine.hexgrid import ODD, OffsetCoord, roffset_to_cube
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain

#: Side of the square maps (100 x 100 = 10,000 hexes, about 30 kB of text each).
SIDE = 100


def maps() -> tuple[HexMap, HexMap]:
    """The two maps the loop saves in turn (different everywhere, same name)."""
    out = []
    for seed in (1, 2):
        rng = random.Random(seed)
        cells = {}
        for row in range(SIDE):
            for col in range(SIDE):
                h = roffset_to_cube(ODD, OffsetCoord(col, row))
                cells[h] = Cell(0, Terrain.WALL) if rng.random() < 0.1 else Cell(rng.choice((0, 0, 1, 2)))
        corners = [roffset_to_cube(ODD, OffsetCoord(c, r)) for c, r in ((0, 0), (SIDE - 1, SIDE - 1))]
        for h in corners:
            cells[h] = Cell()
        out.append(HexMap.create(MapMeta(name="Large", description=f"version {seed}"), cells,
                                 spawns={Team.RED: [corners[0]], Team.BLU: [corners[1]]}))
    return out[0], out[1]


def _announce_flushes() -> None:
    """Say "flush" before every fsync, then dawdle a little, like a slow disk."""
    real_fsync = os.fsync
    rng = random.Random()

    def fsync(fd: int) -> None:
        sys.stdout.write("flush\n")
        sys.stdout.flush()
        time.sleep(rng.uniform(0, 0.02))
        real_fsync(fd)

    os.fsync = fsync  # type: ignore[assignment]


def _save_forever(target: Path, recovery: Path, a: HexMap, b: HexMap) -> None:
    from PySide6.QtCore import QCoreApplication

    from editor.document import MapDocument
    from editor.recovery import write_recovery
    from engine.formats import save_map

    app = QCoreApplication.instance() or QCoreApplication([])  # noqa: F841 - Qt objects want an application
    doc = MapDocument(a, target)
    _announce_flushes()
    turn = 0
    while True:
        save_map((a, b)[turn % 2], target)
        doc.apply((b, a)[turn % 2], "edit")  # a change each turn keeps the document modified
        write_recovery(doc, recovery)
        if turn == 1:
            sys.stdout.write("ready\n")
            sys.stdout.flush()
        turn += 1


def main(target: Path, recovery: Path) -> None:
    """Fork a saver per ``go`` on stdin (killed savers are reaped by the system)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import editor.document  # noqa: F401 - import once, before forking
    import editor.recovery  # noqa: F401
    import engine.formats  # noqa: F401

    a, b = maps()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    for line in sys.stdin:
        if line.strip() != "go":
            continue
        pid = os.fork()
        if pid == 0:
            try:
                _save_forever(target, recovery, a, b)
            finally:
                os._exit(1)
        sys.stdout.write(f"pid {pid}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
