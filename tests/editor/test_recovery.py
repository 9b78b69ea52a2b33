"""Crash recovery (#23): a copy per tab per session, written seconds after edits stop, off the UI thread;
one start-up dialog for every tab of every crashed session; restored tabs modified, linked to their
file, undoable back to it; killed saves' temporary files offered or cleared, nothing else touched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from editor import filedialogs, recovery_offer
from editor.document import read_document
from editor.recovery import (
    Recoverable,
    Session,
    TabState,
    copy_text,
    crashed_copies,
    file_sha256,
    load_copy,
    read_copy,
)
from editor.recovery_dialog import COLUMNS, RecoveryDialog
from editor.recovery_offer import gather_offers, offer_recovery
from engine.formats import load_map, load_scenario, save_map
from engine.formats.tempfiles import HOST, parse_temp_name
from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap
from tests.conftest import MAPS, REPO
from tests.engine.test_tempfiles import dead_pid, killed_save

NAMES = ("koth_crossroads.map.json", "koth_quarry.map.json")


def bumped(m: HexMap, *hexes: Hex) -> HexMap:
    """``m`` with each hex one level higher (2 wraps to 0), its terrain kept: always a change."""
    for h in hexes:
        c = m.cells[h]
        m = m.with_cell(h, Cell((c.height + 1) % 3, c.terrain, c.stairs_up))
    return m


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder holding copies of two bundled maps."""
    f = tmp_path / "maps"
    f.mkdir()
    for name in NAMES:
        shutil.copy(MAPS / name, f / name)
    return f


def crashed_session(root: Path, *states: TabState, saved_at: float | None = None) -> Path:
    """A session folder as an editor killed with these tabs modified leaves it (its process has ended)."""
    pid = dead_pid()
    folder = root / f"session-20250301T140312-{HOST}-{pid}-1"
    folder.mkdir(parents=True)
    (folder / "session.json").write_text(json.dumps({"hexfort_recovery_session": 1, "pid": pid, "host": HOST,
                                                     "process_start": None, "started": 0}))
    for i, state in enumerate(states, 1):
        (folder / f"tab-{i}.json").write_text(copy_text(state, saved_at or time.time()), encoding="utf-8")
    return folder


def edited_state(path: Path, *hexes: Hex) -> TabState:
    """A tab on ``path`` with ``hexes`` raised, as its copy records it."""
    m, setup = read_document(path)
    return TabState(path.name, bumped(m, *hexes), setup, path, file_sha256(path))


@pytest.fixture
def answer(monkeypatch):  # type: ignore[no-untyped-def]
    """How the recovery dialog will be answered: ``answer("Restore all")``, optionally with rows checked."""
    shown: list[RecoveryDialog] = []

    def set_answer(button: str, checked: set[int] | None = None) -> list[RecoveryDialog]:
        def run(d: RecoveryDialog) -> None:
            shown.append(d)
            if checked is not None:
                d.set_checked(checked)
            d.button(button).click()

        monkeypatch.setattr(recovery_offer, "run_dialog", run)
        return shown

    return set_answer


# -- copies: one per tab per session, debounced, off the UI thread ----------------------------------------


def test_sessions_never_share_copies_and_a_running_session_is_not_offered(make_window, small_map, paths) -> None:  # type: ignore[no-untyped-def]
    a = make_window(small_map)
    b = make_window(small_map)  # a second editor on the same user's folders
    for win, h in ((a, Hex(0, 0)), (b, Hex(1, 0))):
        win.doc.apply(bumped(win.doc.map, h), "raise")
    [copy_a] = a.documents.autosave()
    [copy_b] = b.documents.autosave()
    assert copy_a.parent != copy_b.parent and copy_a.parent.parent == copy_b.parent.parent == paths.recovery
    before = copy_a.read_bytes()
    b.doc.apply(bumped(b.doc.map, Hex(2, 0)), "raise")
    b.documents.autosave()
    assert copy_a.read_bytes() == before  # the other session's copy is never written over
    assert crashed_copies(paths.recovery) == []  # both sessions are running


_OTHER_EDITOR = """
import sys, time
from pathlib import Path
from editor.recovery import Session, TabState, copy_text
from engine.formats import load_map
m = load_map(sys.argv[2])
Session(Path(sys.argv[1])).write(1, copy_text(TabState("x.map.json", m, None, Path(sys.argv[2]), None), time.time()))
print("written", flush=True)
time.sleep(60)
"""


def test_a_session_is_crashed_once_its_process_is_gone(tmp_path: Path, folder: Path) -> None:
    root = tmp_path / "recovery"
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    p = subprocess.Popen([sys.executable, "-c", _OTHER_EDITOR, str(root), str(folder / NAMES[0])], env=env,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout is not None and p.stdout.readline() == "written\n"
        assert crashed_copies(root) == []  # its editor still runs
    finally:
        p.kill()
        p.wait()
        if p.stdout is not None:
            p.stdout.close()
    [copy] = crashed_copies(root)
    assert copy.original == folder / NAMES[0] and copy.source == "tab" and copy.writer == f"{HOST}-{p.pid}"
    assert load_copy(copy)[0] == load_map(folder / NAMES[0])


def test_a_copy_is_written_after_edits_pause_off_the_ui_thread_and_only_when_changed(window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    writer = window.documents.recovery
    writer.debounce_ms, writer.max_wait_ms = 150, 600
    threads: list[str] = []
    real_write = Session.write

    def spy(self, tab, text):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return real_write(self, tab, text)

    monkeypatch.setattr(Session, "write", spy)
    copied: list[HexMap] = []
    writer.copied.connect(lambda _doc, m: copied.append(m))
    doc = window.doc
    start = time.monotonic()
    doc.apply(bumped(doc.map, Hex(0, 0)), "raise")
    qtbot.wait(50)
    assert copied == []  # edits are still coming, maybe
    qtbot.waitUntil(lambda: len(copied) == 1, timeout=5000)
    assert time.monotonic() - start >= 0.15
    assert copied[0] is doc.map and load_copy(read_copy(writer.copy_path(doc)))[0] == doc.map
    assert threads == ["hexfort-recovery"]
    qtbot.wait(400)
    assert len(copied) == 1 and not writer.copy_now(doc)  # unchanged: not written again
    # edits that never pause are copied at least every max_wait_ms
    for i in range(24):
        doc.apply(bumped(doc.map, Hex(1, 0)), f"raise {i}")
        qtbot.wait(60)
    assert len(copied) >= 2
    qtbot.waitUntil(lambda: copied[-1] is doc.map, timeout=5000)


def test_saving_closing_or_undoing_to_the_saved_state_drops_the_copy_and_a_clean_exit_the_session(  # type: ignore[no-untyped-def]
        make_window, folder: Path, paths) -> None:
    win = make_window(load_map(folder / NAMES[0]), None)
    docs = win.documents
    docs.open_paths([folder / n for n in NAMES])
    first, second = docs.documents()
    for d in (first, second):
        d.apply(bumped(d.map, Hex(0, 0)), "raise")
    copies = docs.autosave()
    assert len(copies) == 2 and all(c.exists() for c in copies)
    assert docs.save(first)
    assert not copies[0].exists() and copies[1].exists()
    second.undo_stack.undo()  # back to the file's state: nothing unsaved
    docs.recovery.flush()
    assert not copies[1].exists()
    second.undo_stack.redo()
    [again] = docs.autosave()
    assert docs.close_document(second, ask=False)
    docs.recovery.flush()
    assert not again.exists()
    session = docs.recovery.session.folder
    assert session.is_dir()
    win.close()
    assert not session.exists() and list(paths.recovery.iterdir()) == []


# -- the start-up dialog ------------------------------------------------------------------------------------


def test_the_dialog_lists_every_tab_of_every_crashed_session(qtbot, window, folder: Path, paths) -> None:  # type: ignore[no-untyped-def]
    a, b = (folder / n for n in NAMES)
    crashed_session(paths.recovery, edited_state(a, Hex(0, 0), Hex(1, 0)))
    unsaved = TabState("Small (unsaved)", window.doc.map, None, None, None)
    crashed_session(paths.recovery, edited_state(b, Hex(0, 0)), unsaved)
    offers = gather_offers(crashed_copies(paths.recovery))
    d = RecoveryDialog(offers)
    qtbot.addWidget(d)
    rows = [[d.table.topLevelItem(i).text(c) for c in range(len(COLUMNS))] for i in range(d.table.topLevelItemCount())]
    assert len(rows) == 3
    by_file = {r[1]: r for r in rows}
    assert by_file[str(a)][0] == "Crossroads (map)" and by_file[str(a)][3] == "2 hexes changed"
    assert by_file[str(b)][3] == "1 hex changed"
    assert by_file["(not saved yet)"][3] == "never saved (61 hexes)"
    assert all(r[2].startswith("today ") for r in rows)
    assert all(d.table.topLevelItem(i).checkState(0) == Qt.CheckState.Checked for i in range(3))


def test_restore_all_opens_modified_tabs_linked_to_their_files_undoable_back_to_them(  # type: ignore[no-untyped-def]
        window, folder: Path, paths, answer) -> None:
    a, b = (folder / n for n in NAMES)
    states = [edited_state(a, Hex(0, 0), Hex(1, 0)), edited_state(b, Hex(0, 0))]
    old = [crashed_session(paths.recovery, s) for s in states]
    docs = window.documents
    docs.open_path(a, ask=False)  # the editor was started on one of them again: it is restored in place
    shown = answer("Restore all")
    assert offer_recovery(docs, window) == 2 and len(shown) == 1
    assert [d.path for d in docs.documents()] == [a, b]
    docs.recovery.flush()
    assert all(not f.exists() for f in old)  # decided: the crashed sessions are gone...
    assert all(docs.recovery.copy_path(d).exists() for d in docs.documents())  # ...their work is in this one
    assert crashed_copies(paths.recovery) == []
    for doc, state, path in zip(docs.documents(), states, (a, b), strict=True):
        assert doc.map == state.map and doc.dirty and doc.undo_stack.count() == 1
        i = docs.tabs.indexOf(docs.view(doc))
        assert docs.tabs.tabText(i).endswith(" *")
        doc.undo_stack.undo()
        assert doc.map == load_map(path) and not doc.dirty


def test_restore_checked_restores_one_and_keeps_the_other_for_later(window, folder: Path, paths, answer) -> None:  # type: ignore[no-untyped-def]
    a, b = (folder / n for n in NAMES)
    crashed_session(paths.recovery, edited_state(a, Hex(0, 0)), saved_at=time.time() - 60)
    crashed_session(paths.recovery, edited_state(b, Hex(0, 0)))
    answer("Restore checked", checked={1})  # rows oldest first: b's copy
    assert offer_recovery(window.documents, window) == 1
    assert [d.path for d in window.documents.documents() if d.path] == [b]
    window.documents.recovery.flush()
    [left] = crashed_copies(paths.recovery)
    assert left.original == a  # not decided yet: offered again at the next start


def test_restore_all_says_which_copies_it_could_not_read(window, folder: Path, paths, answer) -> None:  # type: ignore[no-untyped-def]
    """A copy the loader refuses (a scenario with a unit twice in a roster) was skipped by Restore all while the
    status bar said only "Restored 1 tab(s)" (a new-user audit): it says the copy is kept, and where."""
    from editor.scenario_setup import ScenarioSetup
    from engine.mapmodel import Mode, Team
    from engine.scenario import TeamSetup

    a = folder / NAMES[0]
    good = edited_state(a, Hex(0, 0))
    bad = replace(good, setup=ScenarioSetup(name="Duel", mode=Mode.KOTH).with_team(Team.RED,
                                                                                     TeamSetup(("scout", "scout"))))
    crashed_session(paths.recovery, good, bad)
    said: list[str] = []
    window.documents.message.connect(lambda text, _ms: said.append(text))
    answer("Restore all")
    assert offer_recovery(window.documents, window) == 1
    assert said[-1].startswith("Restored 1 tab(s)") and "1 copy that cannot be read kept in" in said[-1]


def test_discard_deletes_the_checked_copies_after_asking_and_later_keeps_them(  # type: ignore[no-untyped-def]
        window, folder: Path, paths, answer, monkeypatch) -> None:
    a, b = (folder / n for n in NAMES)
    crashed_session(paths.recovery, edited_state(a, Hex(0, 0)), edited_state(b, Hex(0, 0)))
    answer("Later")
    assert offer_recovery(window.documents, window) == 0
    assert len(crashed_copies(paths.recovery)) == 2
    asked: list[str] = []

    def question(_parent, title, *_a, **_k):  # type: ignore[no-untyped-def]
        asked.append(title)
        return QMessageBox.StandardButton.Cancel if len(asked) == 1 else QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)
    shown = answer("Discard checked…")
    assert offer_recovery(window.documents, window) == 0  # asked, cancelled: nothing deleted
    assert len(shown) == 2 and len(crashed_copies(paths.recovery)) == 2
    assert offer_recovery(window.documents, window) == 0
    assert asked == ["Discard unsaved work"] * 2
    assert crashed_copies(paths.recovery) == [] and list(paths.recovery.iterdir()) == []
    assert [d.path for d in window.documents.documents()] == [None]  # nothing opened


def test_the_dialog_is_driven_by_its_buttons_and_boxes(qtbot, window, folder: Path, paths, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = (folder / n for n in NAMES)
    crashed_session(paths.recovery, edited_state(a, Hex(0, 0)), edited_state(b, Hex(0, 0)))

    def click_through(d: RecoveryDialog) -> None:
        qtbot.addWidget(d)
        d.show()
        qtbot.waitExposed(d)
        [row] = [i for i, o in enumerate(d.offers) if o.copy.original == a]
        item = d.table.topLevelItem(row)
        d.table.setFocus()
        d.table.setCurrentItem(item)
        qtbot.keyClick(d.table, Qt.Key.Key_Space)  # untick a's row
        assert item.checkState(0) == Qt.CheckState.Unchecked
        qtbot.mouseClick(d.button("Restore checked"), Qt.MouseButton.LeftButton)

    monkeypatch.setattr(recovery_offer, "run_dialog", click_through)
    assert offer_recovery(window.documents, window) == 1
    assert [d.path for d in window.documents.documents() if d.path] == [b]


# -- restored tabs and Save ----------------------------------------------------------------------------------


def test_save_of_a_restored_tab_writes_its_own_file_without_asking_where(  # type: ignore[no-untyped-def]
        window, folder: Path, paths, answer, monkeypatch) -> None:
    a = folder / NAMES[0]
    state = edited_state(a, Hex(0, 0))
    old = crashed_session(paths.recovery, state)
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: pytest.fail("Save asked where to save"))
    answer("Restore all")
    offer_recovery(window.documents, window)
    doc = window.doc
    assert window.isWindowModified() and doc.path == a
    window.act_save.trigger()
    assert load_map(a) == state.map and not doc.dirty
    window.documents.recovery.flush()
    assert not old.exists() and not window.documents.recovery.copy_path(doc).exists()


def test_save_of_a_restored_tab_asks_when_its_file_changed_on_disk_meanwhile(  # type: ignore[no-untyped-def]
        window, folder: Path, paths, answer, monkeypatch) -> None:
    a = folder / NAMES[0]
    state = edited_state(a, Hex(0, 0))
    crashed_session(paths.recovery, state)
    answer("Restore all")
    offer_recovery(window.documents, window)
    doc = window.doc
    other = bumped(load_map(a), Hex(2, 0))
    save_map(other, a)  # another program writes the file while the tab is open
    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save])
    titles: list[str] = []

    def question(_parent, title, *_a, **_k):  # type: ignore[no-untyped-def]
        titles.append(title)
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", question)
    assert not window.documents.save(doc)
    assert load_map(a) == other and doc.dirty  # kept
    assert window.documents.save(doc)
    assert load_map(a) == state.map and not doc.dirty
    assert titles == ["The file changed on disk"] * 2
    assert window.documents.save(doc) and len(titles) == 2  # its own save is no change on disk


def test_a_copy_whose_file_is_gone_or_broken_restores_as_it_was_modified(window, folder: Path, paths, answer) -> None:  # type: ignore[no-untyped-def]
    a, b = (folder / n for n in NAMES)
    states = [edited_state(a, Hex(0, 0)), edited_state(b, Hex(0, 0))]
    crashed_session(paths.recovery, *states)
    a.unlink()
    b.write_text("{ broken", encoding="utf-8")
    shown = answer("Restore all")
    assert offer_recovery(window.documents, window) == 2
    changes = {o.copy.original: o.changes for o in shown[0].offers}
    assert changes == {a: "its file is gone; restoring saves it anew", b: "its file cannot be read now"}
    for state in states:
        doc = window.documents.find(state.original)
        assert doc is not None and doc.map == state.map and doc.dirty and doc.undo_stack.count() == 0
    assert window.documents.save(window.documents.find(a)) and load_map(a) == states[0].map


def test_a_scenario_comes_back_with_its_map_file_and_ruleset_beside_it(tmp_path: Path, window, paths, answer) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "rules").mkdir()
    shutil.copy(REPO / "engine" / "data" / "koth.ruleset.json", tmp_path / "rules" / "house.ruleset.json")
    shutil.copy(MAPS / "koth_crossroads.map.json", tmp_path / "koth_crossroads.map.json")
    doc = json.loads((MAPS / "koth_crossroads.scenario.json").read_text(encoding="utf-8"))
    doc["ruleset"] = "rules/house.ruleset.json"
    doc["$schema"] = str(REPO / "schemas" / "scenario.schema.json")
    scenario = tmp_path / "game.scenario.json"
    scenario.write_text(json.dumps(doc), encoding="utf-8")
    state = edited_state(scenario, Hex(0, 0))
    assert state.setup is not None and state.setup.map_ref == "koth_crossroads.map.json"
    crashed_session(paths.recovery, replace(state, setup=replace(state.setup, seed=77)))
    answer("Restore all")
    assert offer_recovery(window.documents, window) == 1
    restored = window.doc
    assert restored.scenario is not None and restored.scenario.map_ref == "koth_crossroads.map.json"
    assert restored.scenario.seed == 77 and restored.scenario.ruleset_ref == "rules/house.ruleset.json"
    assert window.documents.save(restored)
    saved = load_scenario(scenario)
    assert saved.seed == 77 and saved.map == state.map and saved.map_ref == "koth_crossroads.map.json"
    assert load_map(tmp_path / "koth_crossroads.map.json") == state.map  # the map file is written too


# -- what killed saves leave behind ---------------------------------------------------------------------------


def test_a_killed_saves_temporary_file_is_offered_when_the_folder_is_opened_and_the_rest_cleared(  # type: ignore[no-untyped-def]
        window, folder: Path, paths, answer) -> None:
    a, b = (folder / n for n in NAMES)
    whole = killed_save(a)  # its work differs from the file: it may be the newest
    cut = killed_save(b, "half")
    same = folder / f".{NAMES[1]}.hexfort-{dead_pid()}-{HOST}-abcdefgh.tmp"
    shutil.copy(b, same)  # a save of what the file holds already
    foreign = {folder / ".koth_quarry.map.json.abcdefgh.tmp": "someone else's",
               folder / f".{NAMES[1]}.hexfort-{os.getpid()}-{HOST}-abcdefgh.tmp": "being written by this editor"}
    for p in foreign:
        p.write_text("{}", encoding="utf-8")
    shown = answer("Restore all")
    window.open_path(b, ask=False)  # opening a file of the folder clears it
    assert not whole.exists() and not cut.exists() and not same.exists()
    assert all(p.read_text(encoding="utf-8") == "{}" for p in foreign)
    window.documents.recovery.flush()
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()  # the offer comes right after the open
    assert len(shown) == 1 and [o.copy.source for o in shown[0].offers] == ["interrupted save"]
    rescued = window.documents.find(a)
    assert rescued is not None and rescued.dirty and rescued.map != load_map(a)
    assert rescued.map == bumped(load_map(a), Hex(0, 0))


def test_the_library_clears_a_listed_folder(window, folder: Path, paths, answer, qtbot) -> None:  # type: ignore[no-untyped-def]
    cut = killed_save(folder / NAMES[0], "half")
    whole = killed_save(folder / NAMES[1])
    shown = answer("Later")
    lib = window.show_library(folder)
    qtbot.addWidget(lib)
    assert not cut.exists() and not whole.exists()
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=5000)
    [offer] = shown[0].offers
    assert offer.copy.original == folder / NAMES[1] and offer.changes == "1 hex changed"
    assert [c.source for c in crashed_copies(paths.recovery)] == ["interrupted save"]  # kept for later


def test_saving_clears_the_folder_saved_to(window, folder: Path, answer) -> None:  # type: ignore[no-untyped-def]
    cut = killed_save(folder / NAMES[0], "half")
    answer("Later")
    assert window.documents.save_to(window.doc, folder / "new.map.json")
    assert not cut.exists() and parse_temp_name(cut) is not None


# -- what is worth asking about -------------------------------------------------------------------------------


def _copy(root: Path, state: TabState, source: str, writer: str, saved_at: float, name: str) -> Recoverable:
    root.mkdir(parents=True, exist_ok=True)
    f = root / name
    f.write_text(copy_text(state, saved_at), encoding="utf-8")
    return replace(read_copy(f), source=source, writer=writer)


def test_work_the_file_holds_repeats_and_copies_overtaken_by_their_own_save_are_not_asked_about(  # type: ignore[no-untyped-def]
        tmp_path: Path, folder: Path) -> None:
    a, b = (folder / n for n in NAMES)
    root = tmp_path / "r"
    t = time.time()
    as_file = _copy(root, edited_state(a), "tab", "h-1", t, "1.json")
    edited = edited_state(b, Hex(0, 0))
    twice_old = _copy(root, edited, "tab", "h-2", t, "2.json")
    twice_new = _copy(root, edited, "tab", "h-3", t + 1, "3.json")
    tab = _copy(root, edited_state(a, Hex(0, 0)), "tab", "h-4", t, "4.json")
    save = _copy(root, edited_state(a, Hex(0, 0), Hex(1, 0)), "interrupted save", "h-4", t + 1, "5.json")
    other_writer_tab = _copy(root, edited_state(a, Hex(2, 0)), "tab", "h-5", t, "6.json")
    kept = gather_offers([as_file, twice_old, twice_new, tab, save, other_writer_tab])
    assert {o.copy for o in kept} == {other_writer_tab, twice_new, save}
    assert sorted(p.name for p in root.iterdir()) == ["3.json", "5.json", "6.json"]


def test_a_killed_scenario_save_is_offered_as_a_scenario(window, tmp_path: Path, answer) -> None:  # type: ignore[no-untyped-def]
    from engine.formats import dumps_scenario

    for name in ("koth_crossroads.map.json", "koth_crossroads.scenario.json"):
        shutil.copy(MAPS / name, tmp_path / name)
    scenario = tmp_path / "koth_crossroads.scenario.json"
    s = load_scenario(scenario)
    temp = tmp_path / f".{scenario.name}.hexfort-{dead_pid()}-{HOST}-abcdefgh.tmp"
    temp.write_text(dumps_scenario(replace(s, seed=4242)), encoding="utf-8")  # the map stays a file beside it
    shown = answer("Restore all")
    window.open_path(tmp_path / "koth_crossroads.map.json", ask=False)
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    assert not temp.exists()
    [offer] = shown[0].offers
    assert offer.copy.kind == "scenario" and offer.changes == "scenario changed"
    doc = window.documents.find(scenario)
    assert doc is not None and doc.dirty and doc.scenario is not None
    assert doc.scenario.seed == 4242 and doc.scenario.map_ref == "koth_crossroads.map.json"


def test_tabs_opened_from_the_map_library_are_copied_too(window, folder: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    lib = window.show_library(folder)
    qtbot.addWidget(lib)
    lib.open_requested.emit([folder / n for n in NAMES])
    docs = window.documents
    assert [d.path for d in docs.documents()] == [folder / n for n in NAMES]
    for d in docs.documents():
        d.apply(bumped(d.map, Hex(0, 0)), "raise")
    copies = docs.autosave()
    assert [read_copy(c).original for c in copies] == [folder / n for n in NAMES]
