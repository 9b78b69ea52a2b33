"""Several maps as tabs: one document per tab, each with its own undo stack and modified mark;
the title, the actions and the docks follow the current tab; closing a modified tab asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from engine.formats import load_map
from engine.hexgrid import Hex
from engine.mapmodel import Team
from tests.conftest import MAPS
from tests.editor.conftest import Mouse, key


@pytest.fixture
def two(window, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The window with two bundled maps open (copies in tmp): Crossroads, then Canal (current)."""
    paths = []
    for name in ("koth_crossroads.map.json", "payload_canal.map.json"):
        p = tmp_path / name
        p.write_bytes((MAPS / name).read_bytes())
        assert window.open_path(p, ask=False)
        paths.append(p)
    window.documents.check_delay_ms = 0
    for d in window.documents.documents():
        window.documents.runner(d).delay_ms = 0
    return window, paths


def test_the_untouched_blank_map_is_replaced_then_each_file_gets_a_tab(two) -> None:  # type: ignore[no-untyped-def]
    window, paths = two
    tabs = window.documents.tabs
    assert tabs.count() == 2  # the fixture's untouched small map made room for the first file
    assert [tabs.tabText(i) for i in range(2)] == ["koth_crossroads.map.json", "payload_canal.map.json"]
    assert window.doc.path == paths[1] and window.windowTitle().startswith("payload_canal.map.json")
    assert window.open_path(paths[0])  # already open: its tab is shown, nothing is read again
    assert tabs.count() == 2 and window.doc.path == paths[0]
    assert window.windowTitle().startswith("koth_crossroads.map.json")


def test_each_tab_has_its_own_undo_stack_and_modified_mark(two) -> None:  # type: ignore[no-untyped-def]
    window, _ = two
    tabs = window.documents.tabs
    canal = window.doc
    mouse = Mouse(window.view)
    window.view.fit()
    key(window.view, "2")
    h = next(iter(sorted(canal.map.cells)))
    mouse.click(h)
    assert canal.dirty and tabs.tabText(1).endswith(" *") and window.isWindowModified()
    key(window.view, "Ctrl+Tab")  # next tab (wraps to the first)
    crossroads = window.doc
    assert crossroads is not canal and not crossroads.dirty and not window.isWindowModified()
    assert not window.action_handler.act_undo.isEnabled()  # Crossroads has nothing to undo
    assert window.history.stack() is crossroads.undo_stack
    key(window.view, "Ctrl+Shift+Tab")
    assert window.doc is canal and window.action_handler.act_undo.isEnabled()
    window.action_handler.act_undo.trigger()
    assert not canal.dirty and tabs.tabText(1) == "payload_canal.map.json"
    assert not crossroads.undo_stack.count()


def test_docks_follow_the_current_document(two) -> None:  # type: ignore[no-untyped-def]
    window, _ = two
    canal = window.doc
    window.runner.run_now()
    assert window.problems.doc is canal and window.problems.runner is window.documents.runner(canal)
    window.overlays.set_overlay("reach", Team.RED, "scout")
    assert window.view.overlay.colors
    window.documents.tabs.setCurrentIndex(0)
    crossroads = window.doc
    assert window.problems.doc is crossroads and window.scenario_panel.doc is crossroads
    assert window.overlays.current() == "none"  # each document keeps its own overlay choice
    # a scenario in one tab is not one in the other
    window.scenario_panel.make.click()
    assert crossroads.scenario is not None and canal.scenario is None
    window.documents.tabs.setCurrentIndex(1)
    assert window.overlays.current() == "reach"
    assert window.scenario_panel.make.isVisibleTo(window.scenario_panel)  # Canal is still a plain map
    assert not window.scenario_panel.form_box.isVisibleTo(window.scenario_panel)
    # problems shown are the current document's: breaking Canal shows up only there
    canal.apply(canal.map.with_spawn_zone(Team.BLU, ()), "no BLU spawn")
    window.runner.run_now()
    codes = {p.data(0, 256).code for p in window.problems.problem_items()}
    assert "HF105" in codes
    window.documents.tabs.setCurrentIndex(0)
    window.runner.run_now()
    assert "HF105" not in {p.data(0, 256).code for p in window.problems.problem_items()}


def test_selection_belongs_to_its_tab(two) -> None:  # type: ignore[no-untyped-def]
    window, _ = two
    window.state.set_selection([Hex(0, 0)])
    window.documents.tabs.setCurrentIndex(0)
    assert not window.state.selection and not window.action_handler.act_copy.isEnabled()
    window.documents.tabs.setCurrentIndex(1)
    assert window.state.selection == {Hex(0, 0)} and window.action_handler.act_copy.isEnabled()


def test_closing_a_modified_tab_asks_and_can_save(two, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    window, paths = two
    canal = window.doc
    canal.apply(canal.map.with_kits([min(canal.map.cells)]), "a kit")
    edited = canal.map
    asked: list[str] = []

    def answer(button):  # type: ignore[no-untyped-def]
        def ask(parent, title, text, *a, **k):  # type: ignore[no-untyped-def]
            asked.append(text)
            return button
        return ask

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    key(window.view, "Ctrl+W")
    assert window.documents.tabs.count() == 2 and "payload_canal.map.json" in asked[0]
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Save))
    assert window.documents.close_document()
    assert window.documents.tabs.count() == 1 and load_map(paths[1]) == edited
    assert window.windowTitle().startswith("koth_crossroads.map.json")


def test_with_no_document_everything_waits(two) -> None:  # type: ignore[no-untyped-def]
    window, _ = two
    assert window.documents.close_all()
    assert window.doc is None and window.view is None and window.windowTitle() == "hexfort"
    h = window.action_handler
    for a in (h.act_undo, h.act_select_all, h.act_rotate, h.act_props, h.act_resize, window.act_save,
              window.act_close, window.tool_actions["height"], window.act_playtest):
        assert not a.isEnabled(), a.text()
    assert window.act_new.isEnabled() and window.act_open.isEnabled() and window.act_open_folder.isEnabled()
    assert window.central.currentIndex() == 1  # the "No map open" page
    assert window.problems.summary.text() == "No map open"
    window.open_path(MAPS / "koth_quarry.map.json", ask=False)
    assert window.doc is not None and window.tool_actions["height"].isEnabled()
    assert window.central.currentIndex() == 0


def test_every_tab_with_unsaved_work_gets_its_own_recovery_copy(window, small_map) -> None:  # type: ignore[no-untyped-def]
    from editor.recovery import load_copy, read_copy

    docs = window.documents
    first = window.doc
    second = docs.add(small_map)  # same map name, both never saved
    for d in (first, second):
        d.apply(d.map.with_kits([Hex(1, 1)] if d is first else [Hex(-1, 1)]), "kit")
    copies = docs.autosave()
    assert len(set(copies)) == 2
    assert {frozenset(load_copy(read_copy(c))[0].kits) for c in copies} == {frozenset({Hex(1, 1)}), frozenset({Hex(-1, 1)})}


def test_a_closed_tabs_view_lets_go_of_the_windows_selection(two, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit: after a tab was closed, every selection change in another tab raised "HexHighlightItem
    already deleted" in the console — the closed view's lambda on the window-wide state kept it (and its scene) alive."""
    import gc

    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    window, _ = two
    canal = window.doc
    before = window.state.receivers("2selection_changed()")
    assert window.documents.close_document(canal, ask=False)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the closed view's deleteLater
    gc.collect()
    h = next(iter(sorted(window.doc.map.cells)))
    window.state.set_selection({h})  # raised from the closed view's slot before
    assert window.view.selection.hexes == {h}
    assert window.state.receivers("2selection_changed()") == before - 1  # the closed view's connection is gone


def test_a_map_opened_while_symmetry_is_on_shows_its_centre(window, tmp_path: Path, small_map) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit set a half turn, closed the map and opened it again: painting still mirrored, but no centre
    was drawn until the symmetry changed (a new view took the window's symmetry only from its next change)."""
    from editor.geometry import SymmetryKind
    from engine.formats import save_map

    p = tmp_path / "a.map.json"
    save_map(small_map, p)
    assert window.open_path(p, ask=False)
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    assert window.view.symmetry_mark.center is not None
    assert window.documents.close_document(window.doc, ask=False)
    assert window.open_path(p, ask=False)
    assert window.state.symmetry.active and window.view.symmetry_mark.center == (0.0, 0.0)
