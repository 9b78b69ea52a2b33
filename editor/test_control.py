"""A control channel for tests that run the real editor as a separate process (never used otherwise).

``HEXFORT_TEST_CONTROL=stdio hexfort edit A B C`` starts the editor as usual and
also reads commands from its standard input, one JSON array a line, and answers on
its standard output, one ``@hexfort {json}`` line each. The kill test
(``tests/fuzzing/recovery_kills.py``) edits tabs through the document API with it,
learns when recovery copies reach the disk, saves, answers the recovery dialog and
reads what the tabs hold, then kills the process.

Commands: ``["tabs"]``, ``["edit", PATH, Q, R]`` (the hex one level higher, 2 wraps to 0), ``["save", PATH]``,
``["dialog"]``, ``["press", BUTTON_TEXT]``, ``["flushes", true|false]``. Events:
``window``, ``dialog`` (the recovery dialog is up, with its rows), ``ready`` (start-up
done), ``copied`` (a tab's recovery copy is on disk), ``flush`` (a file is about to be
flushed to disk, with the thread's name; only after ``["flushes", true]``, and
then each flush waits up to 20 ms, as a slow disk would, so a kill can land
mid-save), and one answer per command.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication

from editor import recovery_offer
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.recovery_dialog import RecoveryDialog
from editor.scenario_setup import ScenarioSetup
from engine.formats import dumps_map, dumps_scenario
from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap

__all__ = ["TestControl", "state_sha"]

_out_lock = threading.Lock()


def state_sha(m: HexMap, setup: ScenarioSetup | None = None) -> str:
    """A digest of a map (or scenario) by its canonical text: equal work, equal digest."""
    text = dumps_map(m) if setup is None else dumps_scenario(replace(setup, map_ref=None).scenario(m))
    return hashlib.sha256(text.encode()).hexdigest()


def _say(event: str, **fields: Any) -> None:
    with _out_lock:
        sys.stdout.write("@hexfort " + json.dumps({"event": event, **fields}) + "\n")
        sys.stdout.flush()


class TestControl(QObject):
    """Reads commands on a thread of its own and runs them on the UI thread."""

    line = Signal(str)

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.win: MainWindow | None = None
        self.dialog: RecoveryDialog | None = None
        self._revs: dict[MapDocument, list[tuple[HexMap, int]]] = {}
        self.line.connect(self._run)
        recovery_offer.run_dialog = self._show_dialog
        threading.Thread(target=self._read, name="hexfort-test-control", daemon=True).start()

    def _read(self) -> None:
        for text in sys.stdin:
            self.line.emit(text)

    def attach(self, win: MainWindow) -> None:
        """Watch ``win`` (called as soon as it exists)."""
        self.win = win
        win.documents.recovery.copied.connect(self._copied)
        _say("window", pid=os.getpid())

    def started(self) -> None:
        """Start-up is over (files opened, recovery offered)."""
        _say("ready")

    def _show_dialog(self, dialog: RecoveryDialog) -> object:
        self.dialog = dialog
        _say("dialog", rows=self._rows())
        try:
            return dialog.exec()
        finally:
            self.dialog = None

    def _rows(self) -> list[dict[str, Any]] | None:
        if self.dialog is None:
            return None
        return [{"title": o.copy.title, "original": str(o.copy.original) if o.copy.original else None,
                 "source": o.copy.source, "changes": o.changes, "file": str(o.copy.file),
                 "sha": state_sha(o.map, o.setup) if o.map is not None else None} for o in self.dialog.offers]

    def _doc(self, path: str) -> MapDocument:
        assert self.win is not None
        doc = self.win.documents.find(Path(path))
        if doc is None:
            raise KeyError(f"no tab for {path}")
        return doc

    def _rev(self, doc: MapDocument, m: HexMap) -> int:
        return next((rev for seen, rev in reversed(self._revs.get(doc, [])) if seen is m), -1)

    def _copied(self, doc: MapDocument, m: HexMap) -> None:
        path = doc.path if doc in self._revs or doc.path else None
        _say("copied", path=str(path) if path else None, rev=self._rev(doc, m), sha=state_sha(m, doc.scenario),
             at=time.time())

    def _run(self, text: str) -> None:
        try:
            command = json.loads(text)
            name, args = command[0], command[1:]
            getattr(self, f"_cmd_{name}")(*args)
        except Exception as e:  # an answer, never a crash: the test reads it
            _say("error", command=text.strip(), message=f"{type(e).__name__}: {e}")

    def _cmd_tabs(self) -> None:
        assert self.win is not None
        _say("tabs", tabs=[{"path": str(d.path) if d.path else None, "dirty": d.dirty, "title": d.display_name(),
                            "undo": d.undo_stack.count(), "sha": state_sha(d.map, d.scenario)}
                           for d in self.win.documents.documents()])

    def _cmd_edit(self, path: str, q: int, r: int) -> None:
        doc = self._doc(path)
        h = Hex(q, r)
        c = doc.map.cells[h]
        doc.apply(doc.map.with_cell(h, Cell((c.height + 1) % 3, c.terrain, c.stairs_up)), f"test edit {h}")
        revs = self._revs.setdefault(doc, [])
        rev = len(revs) + 1
        revs.append((doc.map, rev))
        _say("edited", path=path, rev=rev, sha=state_sha(doc.map, doc.scenario), at=time.time())

    def _cmd_save(self, path: str) -> None:
        assert self.win is not None
        doc = self._doc(path)
        ok = self.win.documents.save(doc)
        _say("saved", path=path, ok=ok, rev=self._rev(doc, doc.map), sha=state_sha(doc.map, doc.scenario))

    def _cmd_dialog(self) -> None:
        _say("dialog", rows=self._rows())

    def _cmd_press(self, text: str) -> None:
        if self.dialog is None:
            raise RuntimeError("no recovery dialog is open")
        self.dialog.button(text).click()
        _say("pressed", button=text)

    def _cmd_flushes(self, on: bool) -> None:
        real = getattr(os.fsync, "real_fsync", os.fsync)
        if not on:
            os.fsync = real
            _say("flushes", on=False)
            return
        rng = random.Random()

        def fsync(fd: int) -> None:
            _say("flush", thread=threading.current_thread().name)
            time.sleep(rng.uniform(0, 0.02))
            real(fd)

        fsync.real_fsync = real  # type: ignore[attr-defined]
        os.fsync = fsync
        _say("flushes", on=True)
