"""The map library: a folder of bundled and broken maps, filtered, opened as tabs, fixed and saved;
thumbnails cached on disk and refreshed when a file changes; visible rows scanned first."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.library import scanner as scanner_module
from editor.library import summary as summary_module
from editor.library.cache import ThumbnailCache
from editor.library.model import COLUMNS
from editor.library.scanner import LibraryScanner, scan_one
from editor.library.summary import MapSummary, library_files, summarize
from editor.library.window import LibraryWindow, shown_path
from editor.newmap import Shape, blank_map
from engine.formats import load_map, save_map
from engine.mapmodel import Cell, Mode, Terrain
from tests.conftest import MAPS

BROKEN = ("kit_on_wall.map.json", "not_json.map.json", "no_bases.map.json")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The bundled maps and scenarios plus three broken maps (one in a subfolder), and a ruleset to skip."""
    d = tmp_path / "maps"
    shutil.copytree(MAPS, d)
    quarry = load_map(MAPS / "koth_quarry.map.json")  # a good map with one kit put on a wall
    kit = min(quarry.kits)
    m = quarry.with_meta(replace(quarry.meta, name="Kit on a wall")).with_cell(kit, Cell(quarry.cells[kit].height,
                                                                                            Terrain.WALL))
    save_map(m, d / BROKEN[0])
    (d / BROKEN[1]).write_text('{"$schema": "map.schema.json", "name": ')
    (d / "community").mkdir()
    save_map(blank_map(Shape.HEXAGON, 5, 5, name="No bases"), d / "community" / BROKEN[2])
    (d / "house.ruleset.json").write_text("{}")
    return d


def _broken_paths(folder: Path) -> set[Path]:
    return {folder / BROKEN[0], folder / BROKEN[1], folder / "community" / BROKEN[2]}


def _library(qtbot, folder: Path, cache: Path | None) -> LibraryWindow:  # type: ignore[no-untyped-def]
    lib = LibraryWindow(cache)
    qtbot.addWidget(lib)
    lib.show()
    lib.set_folder(folder)
    return lib


def _wait_scanned(qtbot, lib: LibraryWindow) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: lib.model.scanned() == lib.model.rowCount(), timeout=60_000)


def test_summaries_say_what_hexfort_validate_says(folder: Path) -> None:
    files = library_files(folder)
    bundled = len(list(MAPS.glob("*.json")))
    assert folder / "house.ruleset.json" not in files and len(files) == bundled + 3
    s, m = summarize(folder / BROKEN[0])
    quarry = load_map(MAPS / "koth_quarry.map.json")
    assert m is not None and s.name == "Kit on a wall" and s.hexes == len(quarry) and s.columns * s.rows >= s.hexes
    assert s.broken and s.worst is not None and s.worst.code == "HF101" and "error" in s.status()
    bad, none = summarize(folder / BROKEN[1])
    assert none is None and bad.name == BROKEN[1] and bad.worst.code == "HF001"
    ok, _ = summarize(folder / "koth_crossroads.scenario.json")
    assert ok.kind == "scenario" and not ok.broken and ok.modes == (Mode.KOTH,)
    assert MapSummary.from_json(s.to_json()) == s


def test_a_map_that_plays_but_favours_a_side_is_not_plain_valid(tmp_path: Path) -> None:
    """Issue #19: one spawn hex added on Crossroads reads "valid · 2 fairness warnings", worst HF315."""
    from engine.hexgrid import Hex
    from engine.mapmodel import Team
    from engine.validation.problem import Problem, Severity

    m = load_map(MAPS / "koth_crossroads.map.json")
    save_map(m.with_spawn_zone(Team.RED, set(m.spawns[Team.RED]) | {Hex(-10, -3)}), tmp_path / "plus.map.json")
    s, _ = summarize(tmp_path / "plus.map.json")
    assert not s.broken and s.status() == "valid · 2 fairness warnings"
    assert s.worst is not None and s.worst.code == "HF315" and "8 hexes" in s.worst.message
    other = Problem("HF110", Severity.WARNING, "stairs lead nowhere")
    assert replace(s, problems=(*s.problems, other)).status() == "valid · 2 fairness warnings, 1 other warning"
    assert replace(s, problems=(other,)).status() == "valid · 1 warning"
    note = Problem("HF401", Severity.INFO, "x")
    assert replace(s, problems=(note, note)).status() == "valid · 2 notes"  # written one way (it said "valid (2 notes)")
    assert replace(s, problems=(*s.problems, Problem("HF101", Severity.ERROR, "x"))).status() == "1 error, 2 warnings"


def test_open_folder_filter_broken_open_two_fix_one_and_save(window, qtbot, folder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    lib = window.show_library(folder)
    qtbot.addWidget(lib)
    assert lib.model.rowCount() == len(list(MAPS.glob("*.json"))) + 3 and lib.model.scanned() == 0  # listed at once
    assert lib.model.index(0, 4).data() == "checking…"
    _wait_scanned(qtbot, lib)
    assert not lib.progress.isVisible() and "3 broken" in lib.counts.text()
    lib.set_filter(only_broken=True)
    assert set(lib.visible_paths()) == _broken_paths(folder)
    lib.set_filter(text="hf101", only_broken=True)
    assert lib.visible_paths() == [folder / BROKEN[0]]
    lib.set_filter(mode=Mode.PAYLOAD)
    assert {p.name for p in lib.visible_paths()} == {
        "payload_bridges.map.json", "payload_bridges.scenario.json", "payload_canal.map.json",
        "payload_canal.scenario.json"}
    # sorted by status, broken first
    lib.set_filter()
    lib.table.sortByColumn(COLUMNS.index("Status"), Qt.SortOrder.DescendingOrder)
    assert set(lib.visible_paths()[:3]) == _broken_paths(folder)
    # open two broken maps as tabs (the unreadable one cannot open and says so)
    lib.set_filter(only_broken=True)
    told: list[str] = []
    monkeypatch.setattr("PySide6.QtWidgets.QMessageBox.critical", lambda _p, _t, text, *a: told.append(text))
    lib.select_paths(sorted(_broken_paths(folder)))
    lib.open_selected()
    assert told and BROKEN[1] in told[0]
    docs = window.documents.documents()
    assert sorted(d.path.name for d in docs) == ["kit_on_wall.map.json", "no_bases.map.json"]
    assert window.doc is docs[-1]  # the last one opened is current
    window.documents.set_current(next(d for d in docs if d.path.name == "kit_on_wall.map.json"))
    # its problems dock is filled; a quick fix repairs it; save
    items = [i for i in window.problems.problem_items() if i.data(0, 256).code == "HF101"]
    assert items
    window.problems.tree.setCurrentItem(items[0])
    window.problems.fix_button.menu().actions()[0].trigger()
    assert window.doc.dirty
    assert window.documents.save()
    row = lib.model.row_of(folder / BROKEN[0])
    qtbot.waitUntil(lambda: (s := lib.model.entry(row).summary) is not None and not s.broken, timeout=30_000)
    assert folder / BROKEN[0] not in lib.visible_paths()  # the watcher saw the save: no longer broken
    # the other tab is untouched and still broken
    other = next(d for d in docs if d.path.name == "no_bases.map.json")
    assert not other.dirty and folder / "community" / BROKEN[2] in lib.visible_paths()


def test_thumbnails_are_cached_and_refreshed_when_the_file_changes(qtbot, folder, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cache = tmp_path / "cache"
    lib = _library(qtbot, folder, cache)
    _wait_scanned(qtbot, lib)
    row = lib.model.row_of(folder / "koth_quarry.map.json")
    assert lib.model.entry(row).icon is not None and not lib.model.entry(row).icon.isNull()
    assert len(list(cache.glob("*.png"))) == len(list(MAPS.glob("*.json"))) + 2  # every readable map has a picture; not_json has none
    lib.close()  # a closed library stops watching: only the second one below rescans
    assert not lib.watcher.files()
    # a second library on the same folder reads everything from the cache: no file is validated again
    calls: list[Path] = []
    real = scanner_module.read_map
    monkeypatch.setattr(scanner_module, "read_map", lambda p: (calls.append(p), real(p))[1])
    again = _library(qtbot, folder, cache)
    _wait_scanned(qtbot, again)
    assert calls == []
    # a file that changes is scanned again (the watcher sees it), and only that one
    quarry = folder / "koth_quarry.map.json"
    m = summarize(quarry)[1]
    assert m is not None
    save_map(m.with_kits([]), quarry)
    qtbot.waitUntil(lambda: calls == [quarry], timeout=30_000)
    _wait_scanned(qtbot, again)
    assert len([p for p in cache.glob("*.png") if p.name.startswith(_key_prefix(quarry))]) == 1  # old one gone
    # files that appear or go are added and dropped
    (folder / "payload_canal.scenario.json").unlink()
    save_map(m, folder / "community" / "copy.map.json")
    qtbot.waitUntil(lambda: folder / "community" / "copy.map.json" in again.model.paths(), timeout=30_000)
    qtbot.waitUntil(lambda: folder / "payload_canal.scenario.json" not in again.model.paths(), timeout=30_000)


def _key_prefix(path: Path) -> str:
    return ThumbnailCache(Path("."))._stem(path, 0, 0).split("-")[0]


def test_rows_on_screen_are_scanned_first(qtbot, folder) -> None:  # type: ignore[no-untyped-def]
    files = library_files(folder)
    sc = LibraryScanner(None, threads=1)
    order: list[Path] = []
    sc.scanned.connect(lambda p, s, i: order.append(p))
    sc.start(files)  # the first file is already running
    sc.prioritize(files[-3:])
    qtbot.waitUntil(lambda: len(order) == len(files), timeout=60_000)
    assert order[1:4] == files[-3:]
    assert sorted(order) == sorted(files)


def test_the_window_asks_for_the_visible_rows_first(qtbot, folder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    asked: list[list[Path]] = []
    real = LibraryScanner.prioritize
    monkeypatch.setattr(LibraryScanner, "prioritize", lambda self, ps: (asked.append(list(ps)), real(self, iter(asked[-1])))[1])
    lib = _library(qtbot, folder, None)
    lib.resize(900, 400)  # a few rows fit
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    qtbot.wait(100)  # the resize asks again, for fewer rows
    first = asked[-1]
    assert 1 <= len(first) < lib.model.rowCount()
    assert first == lib.visible_paths()[: len(first)]
    lib.table.scrollToBottom()
    qtbot.waitUntil(lambda: asked[-1][-1] == lib.visible_paths()[-1], timeout=5000)
    assert len(asked[-1]) < lib.model.rowCount()


def test_scan_one_survives_an_unwritable_cache(folder, tmp_path) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    summary, image = scan_one(folder / "koth_ridge.map.json", ThumbnailCache(blocker / "cache"))
    assert summary.name and image is not None and not image.isNull()


def test_hexfort_edit_on_a_folder_opens_the_library_on_it(qtbot, folder: Path, settings, paths) -> None:  # type: ignore[no-untyped-def]
    """``hexfort edit FOLDER`` (the editor's start on a folder) shows that folder's maps in the library."""
    from editor.app import create_window

    win = create_window(folder, settings=settings, paths=paths)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.library_window is not None and win.library_window.isVisible(), timeout=5_000)
    assert win.library_window.folder == folder.resolve()
    assert win.library_window.model.rowCount() == len(library_files(folder))
    assert win.doc is None and not win.documents.documents()  # no empty Untitled tab with its problems beside it
    _wait_scanned(qtbot, win.library_window)
    win.documents.open_path(folder / "koth_ridge.map.json", ask=False)  # what Enter on a row does
    assert win.doc is not None and win.doc.path == folder / "koth_ridge.map.json"
    assert len(win.documents.documents()) == 1


def test_a_crash_while_scanning_a_file_shows_as_its_problem(qtbot, folder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A bug on one file is that file's HF999 problem in the library; the scan goes on."""

    def crash(*_a: object, **_k: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(scanner_module, "scan_one", crash)
    relay = scanner_module._Relay()
    got: list[MapSummary] = []
    relay.done.connect(lambda _gen, _path, summary, _image: got.append(summary))
    scanner_module._Task(relay, 1, folder / "koth_quarry.map.json", None, None).run()
    assert [p.code for p in got[0].problems] == ["HF999"]
    assert "internal error while reading this file (RuntimeError: boom)" in got[0].problems[0].message


@pytest.mark.parametrize(("folder", "home", "shown"), [
    ("/home/sam/community-maps", "/home/sam", "~/community-maps"),
    ("/home/sam/maps/2024", "/home/sam", "~/maps/2024"),
    ("/home/sam", "/home/sam", "~"),
    ("/home/samuel/maps", "/home/sam", "/home/samuel/maps"),
    ("/srv/maps", "/home/sam", "/srv/maps"),
])
def test_the_header_shows_folders_in_the_home_folder_from_the_tilde(folder: str, home: str, shown: str) -> None:
    assert shown_path(Path(folder), Path(home)) == shown


def test_the_header_names_the_folder_shortly_and_safely(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", str(tmp_path))
    d = tmp_path / "<b>maps & more"
    d.mkdir()
    save_map(blank_map(Shape.HEXAGON, 3, 3, name="One"), d / "one.map.json")
    lib = _library(qtbot, d, None)
    assert lib.folder_label.text().startswith("<b>~/&lt;b&gt;maps &amp; more</b> — 1 file")
    assert lib.folder_label.toolTip() == str(d.resolve())
    _wait_scanned(qtbot, lib)


def test_a_file_that_does_not_load_keeps_the_name_it_gives(tmp_path: Path) -> None:
    """A scenario whose map file is missing showed only its file name in the library, though its JSON names it (a
    new-user audit); a file whose JSON does not read still shows its file name."""
    doc = json.loads((MAPS / "koth_ridge.scenario.json").read_text(encoding="utf-8"))
    doc["map"] = "gone.map.json"
    path = tmp_path / "lost.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    s, m = summarize(path)
    assert m is None and s.broken and s.name == doc["name"]


def test_a_worker_process_that_dies_blames_no_file(qtbot, folder) -> None:  # type: ignore[no-untyped-def]
    """A folder audit's script broke the library's worker pool, and every file after that was marked "internal
    error … please report this file". A worker killed (by the OOM killer, say) now costs nothing but its speed:
    the file is checked in the scan's thread and the next ones in new workers."""
    import os
    import signal

    files = library_files(folder)
    sc = LibraryScanner(None, threads=1, processes=1)
    sc._validation()  # starts the workers
    assert sc._ready is not None and sc._ready.result(timeout=120)
    for pid in list(sc._executor._processes):  # type: ignore[union-attr]
        os.kill(pid, signal.SIGKILL)
    got: list[MapSummary] = []
    sc.scanned.connect(lambda _p, summary, _i: got.append(summary))
    sc.start(files)
    qtbot.waitUntil(lambda: len(got) == len(files), timeout=120_000)
    assert not [p for s in got for p in s.problems if p.code == "HF999"]
    sc.shutdown()


def test_a_map_failing_its_schema_still_shows_its_author_and_games(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A map with one misspelt key fails its schema: the library showed its name and a blank author and games (a
    new-user audit); what its JSON still says is shown."""
    doc = json.loads((MAPS / "koth_ridge.map.json").read_text(encoding="utf-8"))
    doc["spwans"] = doc.pop("spawns")
    doc["author"] = "A. Mapmaker"
    path = tmp_path / "typo.map.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    reads: list[Path] = []
    real = summary_module.read_json_file
    monkeypatch.setattr(summary_module, "read_json_file", lambda p: (reads.append(p), real(p))[1])
    s, m = summarize(path)
    assert m is None and s.broken and (s.name, s.author, s.modes) == (doc["name"], "A. Mapmaker", (Mode.KOTH,))
    assert reads == [path]  # its JSON is read once for all three, not once per field (session 22's note)
