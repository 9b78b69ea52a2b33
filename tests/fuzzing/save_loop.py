"""Savers for the kill-while-saving test: each edits and saves a large map and a scenario, until killed.

``python -m tests.fuzzing.save_loop FOLDER RECOVERY_FOLDER`` imports hexfort and
builds the maps once, then forks a saver for each ``go`` line it reads and prints
``pid N`` (so each saver starts at once and the test can kill many). A saver does
what the editor does, through its document, :class:`~editor.document.MapDocument`:
it holds two documents, the map ``FOLDER/large.map.json`` and the scenario
``FOLDER/large.scenario.json`` (its map embedded), and over and over, for each in
turn, edits it to the other of two versions (:meth:`MapDocument.apply`), copies
the modified document for crash recovery into its session's folder in
RECOVERY_FOLDER (:meth:`editor.recovery.Session.write`, as the editor's recovery
writer does) and saves it (:meth:`MapDocument.save`, as File ▸ Save does). It prints ``ready`` once all four files exist, and ``flush``
each time a save is about to flush a file or folder to disk -- then waits a few
milliseconds, as a slow disk would, so that the test killing it on that word
kills it in the middle of a save. The versions are :func:`maps`, so the test
knows what a complete file holds.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Final

from engine.hexgrid import ODD, OffsetCoord, roffset_to_cube
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain

#: Side of the square maps (100 x 100 = 10,000 hexes, about 30 kB of text each).
SIDE: Final = 100
#: The files the savers write in FOLDER.
MAP_FILE: Final = "large.map.json"
SCENARIO_FILE: Final = "large.scenario.json"
#: The scenario's name (its map is one of :func:`maps`).
SCENARIO_NAME: Final = "Large battle"


def maps() -> tuple[HexMap, HexMap]:
    """The two versions the savers switch between (different everywhere, same name)."""
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


def _save_forever(folder: Path, recovery: Path, a: HexMap, b: HexMap) -> None:
    from PySide6.QtCore import QCoreApplication

    from editor.document import MapDocument, ScenarioSetup
    from editor.recovery import Session, TabState, copy_text

    app = QCoreApplication.instance() or QCoreApplication([])  # noqa: F841 - Qt objects want an application
    docs = (MapDocument(a, folder / MAP_FILE), MapDocument(a, folder / SCENARIO_FILE, ScenarioSetup(SCENARIO_NAME)))
    session = Session(recovery)
    _announce_flushes()
    turn = 0
    while True:
        for tab, doc in enumerate(docs, 1):
            doc.apply(b if doc.map is a else a, "edit")  # the user changes the map...
            state = TabState(doc.display_name(), doc.map, doc.scenario, doc.path, None)
            session.write(tab, copy_text(state, time.time()))  # ...its copy is written for recovery...
            doc.save()  # ...and the user saves it
        if turn == 1:  # both versions of both files written once: every file exists
            sys.stdout.write("ready\n")
            sys.stdout.flush()
        turn += 1


def main(folder: Path, recovery: Path) -> None:
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
                _save_forever(folder, recovery, a, b)
            finally:
                os._exit(1)
        sys.stdout.write(f"pid {pid}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
