"""The file workflow of the main window: open, save, bad files, unsaved prompt, recent files, title."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QMessageBox

from editor import filedialogs
from editor.newmap import Shape
from engine.formats import load_map, save_map
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Mode, Team
from tests.editor.conftest import key


def test_title_shows_file_and_modified_mark(window, mouse, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert "[*]" in window.windowTitle() and not window.isWindowModified()
    key(window.view, "1")
    mouse.click(Hex(0, 0))
    assert window.isWindowModified()
    target = tmp_path / "small.map.json"
    window.documents.save_to(window.doc, target)
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("small.map.json")


def test_save_as_then_reopen_is_equal(window, mouse, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "2")
    mouse.drag([Hex(0, 0), Hex(1, 0)])
    target = tmp_path / "saved"
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(target))
    assert window.documents.save_as()
    saved = tmp_path / "saved.map.json"
    assert load_map(saved) == window.doc.map
    assert window.documents.recent_files()[0] == str(saved.resolve())
    edited = window.doc.map
    window.doc.undo_stack.undo()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.open_path(saved)
    assert window.doc.map == edited and not window.doc.dirty


def test_bad_file_shows_a_dialog_and_keeps_the_document(window, mouse, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "2")
    mouse.click(Hex(0, 0))
    before = window.doc.map
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    bad = tmp_path / "broken.map.json"
    bad.write_text('{"$schema": "map.schema.json", "format": 2, "name": "x", "rows": ["9z"]}')
    assert not window.open_path(bad, ask=False)
    assert shown and "broken.map.json" in shown[0]
    assert window.doc.map is before and window.doc.dirty
    missing = tmp_path / "nope.map.json"
    assert not window.open_path(missing, ask=False)
    assert len(shown) == 2 and window.doc.map is before


def test_failed_save_keeps_the_document_dirty(window, mouse, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "1")
    mouse.click(Hex(0, 0))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    assert not window.documents.save_to(window.doc, tmp_path / "no-such-dir" / "x.map.json")
    assert shown and window.doc.dirty
    # the folder in words, not errno's and the hidden temporary file's (a new-user audit saved to a read-only disk)
    assert f"the folder {tmp_path / 'no-such-dir'} does not exist" in shown[0] and ".tmp" not in shown[0]
    assert "File ▸ Save As… saves them elsewhere" in shown[0]


def test_a_save_refused_by_the_disk_names_the_folder() -> None:
    import errno

    from editor.document_manager import save_error_words

    where = Path("/maps/x.map.json")
    hidden = OSError(errno.EROFS, "Read-only file system", "/maps/.x.map.json.hexfort-1-2.tmp")
    assert save_error_words(where, hidden) == "the folder /maps is on a read-only disk"
    assert save_error_words(where, PermissionError(errno.EACCES, "Permission denied")).startswith(
        "you may not write in the folder /maps")
    assert save_error_words(where, ValueError("odd")) == "odd"


def test_closing_with_changes_asks(window, mouse, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "1")
    mouse.click(Hex(0, 0))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_new_map_dialog(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from editor import document_manager

    class Fake(document_manager.NewMapDialog):
        def exec(self) -> int:  # type: ignore[override]
            self.shape.setCurrentIndex(self.shape.findData(Shape.HEXAGON))
            self.width_.setValue(9)
            self.modes.boxes[Mode.PAYLOAD].setChecked(True)
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(document_manager, "NewMapDialog", Fake)
    untouched = len(window.documents.documents()) == 1 and window.doc.path is None and not window.doc.undo_stack.count()
    window.documents.new_map()
    m: HexMap = window.doc.map
    assert len(m) == 61 and m.meta.modes == (Mode.KOTH, Mode.PAYLOAD)
    assert window.doc.path is None and not window.doc.dirty
    # an untouched blank tab is replaced, as opening a file replaces it (it stayed beside the new map: an audit)
    assert untouched and len(window.documents.documents()) == 1
    window.doc.apply(window.doc.map.with_kits({next(iter(window.doc.map.cells))}), "kit")
    window.documents.new_map()
    assert len(window.documents.documents()) == 2  # a touched one stays


def test_recent_files_menu(window, tmp_path: Path, small_map) -> None:  # type: ignore[no-untyped-def]
    paths = []
    for i in range(3):
        p = tmp_path / f"m{i}.map.json"
        save_map(small_map, p)
        assert window.open_path(p, ask=False)
        paths.append(str(p.resolve()))
    assert window.documents.recent_files()[:3] == paths[::-1]
    actions = window.recent_menu.actions()
    assert [a.text() for a in actions[:3]] == ["m2.map.json", "m1.map.json", "m0.map.json"]
    actions[2].trigger()
    assert window.doc.path == Path(paths[0])


def test_unsaved_work_is_copied_for_recovery(window, mouse, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from editor.recovery import load_copy, read_copy

    assert window.documents.autosave() == []  # nothing unsaved yet
    key(window.view, "2")
    mouse.click(Hex(0, 0))
    [copy] = window.documents.autosave()
    assert load_copy(read_copy(copy))[0] == window.doc.map
    # saving removes the recovery copy
    window.documents.save_to(window.doc, tmp_path / "kept.map.json")
    assert not copy.exists()


def test_new_map_and_map_properties_want_at_least_one_game(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A new map with no game ticked became King of the Board unasked, while Map properties refused the same
    choice (a new-user audit): both keep OK off, saying why, until a game is ticked."""
    from PySide6.QtWidgets import QDialogButtonBox

    from editor.dialogs import MapPropertiesDialog, NewMapDialog
    from engine.mapmodel import MapMeta, Mode

    for d in (NewMapDialog(), MapPropertiesDialog(MapMeta("m", modes=(Mode.KOTH,)))):
        qtbot.addWidget(d)
        ok = d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        assert ok.isEnabled()
        for box in d.modes.boxes.values():
            box.setChecked(False)
        assert not ok.isEnabled() and "at least one game" in ok.toolTip()
        d.modes.boxes[Mode.PAYLOAD].setChecked(True)
        assert ok.isEnabled() and d.modes.modes() == (Mode.PAYLOAD,)


def test_the_save_question_names_a_new_map_without_the_tab_suffix(window, mouse, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"Save the changes to Audit KotB (unsaved)?" read oddly (a new-user audit): a map never saved is "the new map"."""
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _w, _t, text, *a, **k: asked.append(text) or QMessageBox.StandardButton.Cancel)
    key(window.view, "2")
    mouse.click(Hex(0, 0))
    assert window.doc.path is None and not window.documents.maybe_save(window.doc)
    assert asked == [f"Save the changes to the new map \u201c{window.doc.map.meta.name}\u201d?"]


def test_a_new_map_is_first_offered_the_last_folder_used(window, tmp_path: Path, small_map, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The first Save of a new map opened in the folder hexfort was started from (a new-user audit): it is offered
    the folder of the file opened or saved last, else the home folder."""
    from editor import filedialogs

    offered: list[str] = []
    monkeypatch.setattr(filedialogs, "save_file", lambda _w, _t, start, _f: offered.append(start) or "")
    window.documents.settings.setValue("recent", [])
    window.documents.save_as()
    assert Path(offered[-1]).parent == Path.home()
    folder = tmp_path / "community"
    folder.mkdir()
    save_map(small_map, folder / "a.map.json")
    window.documents.remember(folder / "a.map.json")
    window.documents.save_as()
    assert Path(offered[-1]).parent == folder.resolve() and offered[-1].endswith(".map.json")


def test_new_map_defaults_to_a_shape_that_can_be_its_own_mirror_image(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A new user painted mirror-image spawn columns on the default 19 × 13 rectangle and got HF403 "no rotation or
    mirror swaps RED and BLU": a pointy-top rectangle of an odd number of rows has no team symmetry. The default has
    an even number of rows, and an odd one is explained in the dialog."""
    from editor.dialogs import NewMapDialog
    from engine.validation.symmetry import best_team_symmetry

    d = NewMapDialog()
    qtbot.addWidget(d)
    assert d.height_.value() % 2 == 0 and d.symmetry_hint.isHidden()
    m = d.result_map()
    rows: dict[int, list] = {}
    for h in m.cells:
        rows.setdefault(h.r, []).append(h)
    red = [min(v, key=lambda h: h.q) for v in rows.values()]
    blu = [max(v, key=lambda h: h.q) for v in rows.values()]
    fit = best_team_symmetry(m.with_spawn_zone(Team.RED, red).with_spawn_zone(Team.BLU, blu))
    assert fit is not None and fit.exact
    # the start-up blank map is the dialog's default too (it stayed 19 × 13: a new-user audit)
    from editor.app import starting_map
    from editor.newmap import BLANK_SIZE

    blank, _, _ = starting_map(None)
    assert blank is not None and (d.width_.value(), d.height_.value()) == BLANK_SIZE
    assert len({h.r for h in blank.cells}) == BLANK_SIZE[1] and BLANK_SIZE[1] % 2 == 0
    d.height_.setValue(13)
    assert not d.symmetry_hint.isHidden() and "odd number of rows" in d.symmetry_hint.text()


def test_save_as_of_a_scenario_gives_it_a_map_file_of_its_own(window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit saved variants of one scenario (a shorter track, walls, the original) beside each other: every
    Save As rewrote the one map file they all named, so all ended as the last one saved and the original's map was
    gone. Save As now writes ``<name>.map.json`` beside the new scenario, which names it; the original stays."""
    import shutil

    from engine.formats import load_scenario
    from engine.mapmodel import Cell, Terrain

    maps = Path(__file__).resolve().parents[2] / "maps"
    for f in ("payload_canal.scenario.json", "payload_canal.map.json"):
        shutil.copy(maps / f, tmp_path / f)
    original = (tmp_path / "payload_canal.map.json").read_bytes()
    assert window.open_path(tmp_path / "payload_canal.scenario.json", ask=False)
    doc = window.doc
    h = next(h for h, c in sorted(doc.map.cells.items()) if c.terrain is Terrain.OPEN and not doc.map.features_at(h))
    doc.apply(doc.map.with_cell(h, Cell(doc.map.cells[h].height, Terrain.WALL)), "wall")
    v2 = tmp_path / "canal_v2.scenario.json"
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(v2))
    assert window.documents.save_as()
    assert (tmp_path / "payload_canal.map.json").read_bytes() == original  # the original's map is untouched
    saved = load_scenario(v2)
    assert saved.map_ref == "canal_v2.map.json" and saved.map.cells[h].terrain is Terrain.WALL
    # the next Ctrl+S writes the same pair; a map file changed on disk meanwhile is not replaced unasked
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Cancel)
    doc.apply(doc.map.with_cell(h, Cell(doc.map.cells[h].height)), "open it again")
    assert window.documents.save()
    assert not asked and load_scenario(v2).map.cells[h].terrain is Terrain.OPEN
    (tmp_path / "canal_v2.map.json").write_bytes(original)  # another tab or program writes that map file
    doc.apply(doc.map.with_cell(h, Cell(doc.map.cells[h].height, Terrain.WALL)), "wall again")
    assert not window.documents.save()
    assert asked and "canal_v2.map.json" in asked[0] and "changed on disk" in asked[0]
    assert (tmp_path / "canal_v2.map.json").read_bytes() == original and doc.dirty


def test_save_as_asks_before_it_replaces_a_map_file_that_is_not_the_scenarios(window, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                              monkeypatch) -> None:
    """Saving a scenario as ``plan.scenario.json`` beside a map file ``plan.map.json`` it never used asks first; a
    scenario saved over its own pair (the file there names that map) does not ask twice."""
    import shutil

    maps = Path(__file__).resolve().parents[2] / "maps"
    for f in ("koth_ridge.scenario.json", "koth_ridge.map.json"):
        shutil.copy(maps / f, tmp_path / f)
    shutil.copy(maps / "koth_quarry.map.json", tmp_path / "plan.map.json")
    before = (tmp_path / "plan.map.json").read_bytes()
    assert window.open_path(tmp_path / "koth_ridge.scenario.json", ask=False)
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Cancel)
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(tmp_path / "plan.scenario.json"))
    assert not window.documents.save_as()
    assert asked and "plan.map.json" in asked[0] and "not the map this scenario was opened with" in asked[0]
    assert (tmp_path / "plan.map.json").read_bytes() == before and not (tmp_path / "plan.scenario.json").exists()
    pair = tmp_path / "pair"
    pair.mkdir()
    for f in ("koth_ridge.scenario.json", "koth_ridge.map.json"):
        shutil.copy(maps / f, pair / f)
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(pair / "koth_ridge.scenario.json"))
    assert window.documents.save_as() and len(asked) == 1  # over a scenario and its map: the save dialog asked


def test_a_scenario_and_its_map_both_changed_on_disk_are_one_question_not_two(window, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                              monkeypatch) -> None:
    """Session 22's note: saving a scenario whose file and map file another program had both rewritten asked Save /
    Cancel twice in a row. It is one question naming both; Cancel writes neither, Save writes both."""
    import json

    from engine.formats import load_scenario

    path = _copy_pair(tmp_path, "koth_ridge")
    assert window.open_path(path, ask=False)
    doc = window.doc
    h = _a_wall(doc)
    scenario_before = json.loads(path.read_text(encoding="utf-8"))
    scenario_before["description"] = "rewritten by another program"
    path.write_text(json.dumps(scenario_before), encoding="utf-8")
    map_file = tmp_path / "koth_ridge.map.json"
    map_file.write_bytes(map_file.read_bytes() + b"\n")  # the map file rewritten too (same map, other bytes)
    disk = (path.read_bytes(), map_file.read_bytes())
    asked: list[tuple[str, str]] = []
    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save])
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append((a[1], a[2])) or next(answers))
    assert not window.documents.save()
    assert len(asked) == 1 and asked[0][0] == "Replace files changed on disk?", asked
    assert "koth_ridge.scenario.json changed on disk" in asked[0][1] and "koth_ridge.map.json" in asked[0][1]
    assert (path.read_bytes(), map_file.read_bytes()) == disk and doc.dirty  # Cancel wrote neither
    assert window.documents.save() and len(asked) == 2 and not doc.dirty
    assert load_scenario(path).map.cells[h] == doc.map.cells[h]  # Save wrote both: the wall is in the map file


def _copy_pair(tmp_path: Path, name: str, ref: str | None = None) -> Path:
    """The bundled ``name`` scenario and its map copied into ``tmp_path`` (its map at ``ref`` when given)."""
    import json
    import shutil

    maps = Path(__file__).resolve().parents[2] / "maps"
    doc = json.loads((maps / f"{name}.scenario.json").read_text(encoding="utf-8"))
    target = tmp_path / (ref or f"{name}.map.json")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(maps / f"{name}.map.json", target)
    doc["map"] = ref or f"{name}.map.json"
    (tmp_path / f"{name}.scenario.json").write_text(json.dumps(doc), encoding="utf-8")
    return tmp_path / f"{name}.scenario.json"


def _a_wall(doc) -> Hex:  # type: ignore[no-untyped-def]
    from engine.mapmodel import Cell, Terrain

    h = next(h for h, c in sorted(doc.map.cells.items()) if c.terrain is Terrain.OPEN and not doc.map.features_at(h))
    doc.apply(doc.map.with_cell(h, Cell(doc.map.cells[h].height, Terrain.WALL)), "wall")
    return h


def test_a_plain_save_keeps_a_map_ref_into_a_folder(window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A review: Ctrl+S rewrote "maps/ridge.map.json" to "ridge.map.json" and the scenario no longer loaded."""
    from engine.formats import load_scenario

    path = _copy_pair(tmp_path, "koth_ridge", "maps/ridge.map.json")
    assert window.open_path(path, ask=False)
    h = _a_wall(window.doc)
    assert window.documents.save()
    s = load_scenario(path)
    assert s.map_ref == "maps/ridge.map.json" and s.map.cells[h].terrain.value == "wall"


def test_undo_after_save_as_keeps_the_new_map_file(window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A review: the undo stack's set-ups named the original's map, so Undo and Redo after Save As pointed the variant
    at it again and the next save overwrote it."""
    from dataclasses import replace

    path = _copy_pair(tmp_path, "payload_canal")
    original = (tmp_path / "payload_canal.map.json").read_bytes()
    assert window.open_path(path, ask=False)
    doc = window.doc
    assert doc.set_scenario(replace(doc.scenario, description="variant"))
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(tmp_path / "canal_v2.scenario.json"))
    assert window.documents.save_as()
    doc.undo_stack.undo()
    doc.undo_stack.redo()
    assert doc.scenario.map_ref == "canal_v2.map.json"
    _a_wall(doc)
    assert window.documents.save()
    assert (tmp_path / "payload_canal.map.json").read_bytes() == original


def test_save_as_onto_the_opened_map_asks_and_a_scenario_never_takes_a_map_files_name(  # type: ignore[no-untyped-def]
        window, tmp_path: Path, monkeypatch) -> None:
    """A review: Save As "ridge.scenario.json" of a variant on ridge.map.json replaced that shared map unasked, and a
    scenario saved as "koth_ridge.map.json" broke the scenario whose map that was."""
    import json

    path = _copy_pair(tmp_path, "koth_ridge")
    variant = tmp_path / "variant.scenario.json"
    variant.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    path.unlink()  # only the variant names koth_ridge.map.json; Save As "koth_ridge.scenario.json" would take it over
    before = (tmp_path / "koth_ridge.map.json").read_bytes()
    assert window.open_path(variant, ask=False)
    _a_wall(window.doc)
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Cancel)
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(path))
    assert not window.documents.save_as()
    assert asked and "is the map this scenario was opened with" in asked[0]
    assert (tmp_path / "koth_ridge.map.json").read_bytes() == before
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(tmp_path / "v2.map.json"))
    assert window.documents.save_as()
    assert (tmp_path / "v2.scenario.json").exists() and not (tmp_path / "v2.map.json").read_text(
        encoding="utf-8").count('"map":')  # the scenario took .scenario.json; v2.map.json is its map
    assert json.loads((tmp_path / "v2.scenario.json").read_text(encoding="utf-8"))["map"] == "v2.map.json"
