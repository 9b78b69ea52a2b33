"""Opening a hostile file in the editor: an error dialog naming the file, and the open work untouched.

Written against what a user sees, not how the window is built: the file is
chosen through the File > Open shortcut (Ctrl+O) with the file dialog answered,
the error is the critical message box, and "untouched" means the same map, the
same undo history (commands, position and clean point) and the same modified
mark in the title. The files are the hostile kinds of the fuzz campaign
(``bench/fuzz.py``), plus a batch of its seeded inputs.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from editor import filedialogs
from engine.formats import save_map
from engine.formats.errors import printable
from engine.hexgrid import Hex
from tests.editor.conftest import key
from tests.fuzzing.harness import RACES, make_socket, make_symlink_loop

_MAP = ('{"$schema": "map.schema.json", "format": 2, "name": "x", "modes": ["koth"], "orientation": "pointy", '
        '"rows": ["0. 0."]}')


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda p: p.write_bytes(data)


HOSTILE: dict[str, Callable[[Path], None]] = {
    "garbage": _bytes(bytes(range(256)) * 4),
    "UTF-16 with BOM": _bytes(_MAP.encode("utf-16")),
    "UTF-16 without BOM": _bytes(_MAP.encode("utf-16-le")),
    "UTF-8 BOM before broken JSON": _bytes(codecs.BOM_UTF8 + _MAP[:-5].encode()),
    "invalid UTF-8": _bytes(_MAP.replace('"x"', '"\udcff"').encode("utf-8", "surrogateescape")),
    "deep nesting": _bytes(b"[" * 100_000 + b"]" * 100_000),
    "huge number": _bytes(_MAP.replace('"format": 2', '"format": 1e999').encode()),
    "huge integer": _bytes(_MAP.replace('"format": 2', '"format": ' + "9" * 5000).encode()),
    "huge coordinates": _bytes(_MAP.replace('"rows"', '"origin": [100000000000000000000, 0], "rows"').encode()),
    "lone surrogate": _bytes(_MAP.replace('"x"', '"\\ud800"').encode()),
    "duplicate key": _bytes(_MAP.replace('"name": "x"', '"name": "x", "name": "y"').encode()),
    "NaN": _bytes(_MAP.replace('"format": 2', '"format": NaN').encode()),
    "a folder": lambda p: p.mkdir(),
    "a symlink loop": make_symlink_loop,
    "a pipe": lambda p: os.mkfifo(p),
    "a socket": make_socket,
    "a device": lambda p: p.symlink_to("/dev/zero"),
    "empty": _bytes(b""),
}


def _state(window) -> tuple:  # type: ignore[no-untyped-def]
    """What the user's work is: map, file, undo history and the modified mark."""
    stack = window.doc.undo_stack
    history = tuple(stack.text(i) for i in range(stack.count()))
    return (window.doc.map, window.doc.path, window.doc.scenario, history, stack.index(), stack.cleanIndex(),
            window.doc.dirty, window.isWindowModified(), window.windowTitle())


@pytest.fixture
def working(window, mouse, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A window with real work: two edits, saved after the first, so there is history and a modified mark."""
    key(window.view, "2")
    mouse.click(Hex(0, 0))
    window.documents.save_to(window.doc, tmp_path / "work.map.json")
    mouse.click(Hex(1, 0))
    assert window.doc.undo_stack.count() == 2 and window.doc.dirty
    return window


def _open_with_ctrl_o(window, path: Path, monkeypatch) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Press Ctrl+O, choose ``path`` in the file dialog, keep the unsaved work; returns the error dialogs shown."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(filedialogs, "open_file", lambda *a, **k: str(path))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a, **k: shown.append((title, text)))
    key(window.view, "Ctrl+O")
    return shown


@pytest.mark.parametrize("make", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_file_shows_an_error_naming_it_and_leaves_the_work_untouched(
        working, tmp_path: Path, monkeypatch, make) -> None:  # type: ignore[no-untyped-def]
    before = _state(working)
    bad = tmp_path / "hostile.map.json"
    make(bad)
    shown = _open_with_ctrl_o(working, bad, monkeypatch)
    assert len(shown) == 1, shown
    title, text = shown[0]
    assert "open" in title.lower() and str(bad) in text
    assert _state(working) == before


def test_a_file_name_that_is_not_utf8_is_shown_escaped(working, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = _state(working)
    bad = Path(os.fsdecode(bytes(tmp_path) + b"/bad-\xff.map.json"))
    bad.write_bytes(b"{broken")
    shown = _open_with_ctrl_o(working, bad, monkeypatch)
    assert len(shown) == 1 and "bad-\\xff.map.json" in shown[0][1]
    assert _state(working) == before


def test_seeded_inputs_of_the_fuzz_campaign_open_or_leave_the_work_untouched(
        working, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """60 inputs of the campaign (seed 1) for maps and scenarios: each opens, or shows one error and changes nothing."""
    from tests.fuzzing.harness import hostile_file, prepare_folder
    from tests.fuzzing.mutate import make_case

    folder = tmp_path / "library"
    prepare_folder(folder)
    cases = [c for c in (make_case(1, i) for i in range(400))
             if c.kind in ("map", "scenario") and len(c.data) < 64 * 1024
             and c.fs not in RACES][:60]
    opened = refused = 0
    for case in cases:
        before = _state(working)
        target = folder / case.filename
        with hostile_file(case, target):
            shown = _open_with_ctrl_o(working, target, monkeypatch)
        if shown:
            refused += 1
            assert len(shown) == 1 and printable(str(target)) in shown[0][1], (case.how, shown)
            assert _state(working) == before, case.how
        else:
            opened += 1
            assert working.doc.path == target and not working.doc.dirty, case.how
            # back to the work for the next input (through the user's path: open the saved file)
            save_map(before[0], tmp_path / "work.map.json")
            monkeypatch.setattr(filedialogs, "open_file", lambda *a, **k: str(tmp_path / "work.map.json"))
            key(working.view, "Ctrl+O")
    assert refused >= 30 and opened >= 1, (refused, opened)
