"""Live problems (check_map), jump to hexes, quick fixes on the undo stack, overlays, scenario panel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.geometry import SymmetryKind
from editor.overlays import control_point_exposure, sight_from, symmetry_mismatches, turns_to_reach
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team, Terrain
from tests.editor.conftest import key

pytest.importorskip("engine.validation.checks")


def _codes(window) -> set[str]:  # type: ignore[no-untyped-def]
    return {p.code for p in window.runner.problems}


def test_problems_update_live_as_you_paint(window, mouse, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert "HF106" in _codes(window)  # no control point yet
    key(window.view, "P")
    mouse.click(Hex(0, 0))
    qtbot.waitUntil(lambda: "HF106" not in _codes(window), timeout=3000)
    assert "HF103" in _codes(window)  # ... and it is below height 2
    assert window.problems.summary.text().count("error") == 1


def test_double_click_jumps_and_highlights(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    items = [i for i in window.problems.problem_items() if i.data(0, 256).hexes]
    assert items
    item = items[0]
    window.problems.tree.setCurrentItem(item)
    assert window.view.problem_marks.hexes == set(item.data(0, 256).hexes)
    rect = window.problems.tree.visualItemRect(item)
    vp = window.problems.tree.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=rect.center())  # a view only double-clicks
    qtbot.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=rect.center())  # the item it pressed
    assert window.view.focus_mark.hexes == {h for h in item.data(0, 256).hexes if h in window.doc.map}


def test_one_click_on_a_problem_off_screen_brings_its_hexes_into_view(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit zoomed in, panned away and clicked a problem once: its hexes were marked off screen and
    nothing visible changed. One click now scrolls to them when none is in view (a double-click centres)."""
    item = next(i for i in window.problems.problem_items() if i.data(0, 256).hexes)
    hexes = [h for h in item.data(0, 256).hexes if h in window.doc.map]
    window.view.set_zoom(6.0)
    target = window.view.renderer.hexes_rect(hexes, pad=0.5)
    window.view.centerOn(target.center().x() + 3000, target.center().y() + 3000)  # far away
    seen = lambda: window.view.mapToScene(window.view.viewport().rect()).boundingRect()  # noqa: E731
    assert not seen().intersects(target)
    rect = window.problems.tree.visualItemRect(item)
    qtbot.mouseClick(window.problems.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert seen().intersects(target)


def test_quick_fix_goes_on_the_undo_stack(window, mouse, qtbot) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "Alt+2")
    mouse.click(Hex(0, 3))  # a wall under the kit: HF101
    window.runner.run_now()
    item = next(i for i in window.problems.problem_items() if i.data(0, 256).code == "HF101")
    window.problems.tree.setCurrentItem(item)
    window.problems.clicked.emit(item.data(0, 256))  # a click brings the hex into view and washes it orange
    assert Hex(0, 3) in window.view.focus_mark.hexes
    assert window.problems.fix_button.isEnabled()
    fixes = window.problems.fixes_for_current()
    before = window.doc.undo_stack.count()
    window.problems.fix_button.menu().actions()[0].trigger()
    assert window.doc.undo_stack.count() == before + 1
    assert Hex(0, 3) not in window.doc.map.kits
    window.runner.run_now()  # the problem is gone: its outline and wash go with it (they stayed: a new-user audit)
    assert not window.view.problem_marks.hexes and not window.view.focus_mark.hexes
    assert fixes[0].label.startswith("Remove")
    window.doc.undo_stack.undo()
    assert Hex(0, 3) in window.doc.map.kits


def test_quick_fix_button_has_room_for_its_text_and_menu_arrow(window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QStyle

    b = window.problems.fix_button
    arrow = b.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, b)
    margin = b.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, b)
    text = b.fontMetrics().horizontalAdvance(b.text())
    assert b.menu() is not None
    # the menu arrow gets room of its own beside the text (an instant-popup QToolButton drew it over the "x")
    assert b.sizeHint().width() >= text + arrow + 2 * margin
    assert b.width() >= b.sizeHint().width()  # and the dock never squeezes it


def test_slow_checks_run_off_the_ui_thread(window, mouse, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.runner.last_seconds = 1.0  # pretend the last run was slow
    key(window.view, "1")
    mouse.click(Hex(1, 1))
    qtbot.waitUntil(lambda: window.runner.threaded_runs >= 1, timeout=3000)
    qtbot.waitUntil(lambda: window.runner.problems and window.runner.last_seconds < 1.0, timeout=5000)


def test_overlay_panel_shows_turns_to_reach(window) -> None:  # type: ignore[no-untyped-def]
    window.overlays.set_overlay("reach", Team.RED, "scout")
    colors = window.view.overlay.colors
    assert colors and Hex(-4, 2) in colors
    window.overlays.set_overlay("none")
    assert not window.view.overlay.colors


def test_team_play_reaches_from_each_spawnpoint_colour(window, repo) -> None:  # type: ignore[no-untyped-def]
    """On a Team Play map "Turns to reach from spawn" said "RED has no spawn zone to start from" and drew nothing,
    offered Control-point exposure and named a character "Dstructor" (a new-user audit). It reaches from a chosen
    spawnpoint colour (003: characters enter at the colour their player discards), in the characters' names."""
    from editor.overlays import turns_to_reach as reach
    from engine.mapmodel import Colour

    assert window.open_path(repo / "maps" / "teamplay_arena.map.json", ask=False)
    panel = window.overlays
    panel.set_overlay("reach")
    assert panel.team_label.text() == "From" and [panel.team.itemData(i) for i in range(panel.team.count())] == \
        list(Colour)
    panel.team.setCurrentIndex(panel.team.findData(Colour.BLUE))
    kind = panel.unit.currentData()
    assert window.view.overlay.colors.keys() == reach(window.doc.map, Colour.BLUE, kind).keys() != set(), panel.legend.text()
    assert "from the blue spawnpoints" in panel.legend.text()
    assert "D-Struct-Or" in [panel.unit.itemText(i) for i in range(panel.unit.count())]
    exposure = panel.kind.model().item(panel.kind.findData("exposure"))
    assert not exposure.isEnabled()
    panel.set_overlay("balance")  # the Simulate heat maps are by team, in the game's words
    assert panel.team_label.text() == "Team" and panel.team.currentData() in (Team.RED, Team.BLU)
    assert panel.heat_layer.itemText(0) == "Where characters stand" and "characters stand" in panel.legend.text()


def test_opening_another_map_resets_the_overlay(window, repo, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The overlay used to carry over and be computed for the next map (a big map came up solid red)."""
    window.overlays.set_overlay("reach", Team.RED, "scout")
    assert window.view.overlay.colors
    assert window.open_path(repo / "maps" / "koth_crossroads.map.json", ask=False)
    assert window.overlays.current() == "none" and not window.view.overlay.colors
    qtbot.wait(300)  # the debounced refresh after the map change keeps it clear
    assert not window.view.overlay.colors and not window.view.map_item.tint
    window.overlays.set_overlay("reach")  # and it works on the new map when chosen again
    assert window.view.overlay.colors


@pytest.mark.parametrize(("turns", "top", "color"), [
    (0, 6, "#1a9850"), (6, 6, "#d73027"), (9, 6, "#d73027"),  # a small map: red is 6+
    (0, 14, "#1a9850"), (7, 14, "#fee08b"), (13, 14, "#f46d43"), (14, 14, "#d73027"),  # a big map spreads out
    (3, 2, "#fee08b"),  # the scale never gets shorter than six turns
])
def test_heat_scale_spreads_over_the_map(turns: int, top: int, color: str) -> None:
    from editor.docks.overlays import heat_color

    assert heat_color(turns, top=top).name() == color


@pytest.mark.parametrize(("zoom", "shown"), [(0.3, False), (0.5, False), (0.64, True), (1.0, True), (3.0, True)])
def test_overlay_numbers_are_readable_or_hidden(window, zoom: float, shown: bool) -> None:  # type: ignore[no-untyped-def]
    from editor.canvas.items import LABEL_MAX_PX, LABEL_MIN_PX

    px = window.view.overlay.label_pixels(zoom)
    assert (px is not None) == shown
    if px is not None:
        assert LABEL_MIN_PX <= px <= LABEL_MAX_PX and LABEL_MIN_PX >= 11  # never the old 7 px at 64 %


def test_sight_overlay_follows_the_hovered_hex(window, mouse, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    window.overlays.set_overlay("sight")
    QTest.mouseMove(window.view.viewport(), mouse.point(Hex(0, 0)))
    qtbot.waitUntil(lambda: bool(window.view.overlay.colors), timeout=2000)


def test_symmetry_overlay(window) -> None:  # type: ignore[no-untyped-def]
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    window.overlays.set_overlay("symmetry")
    # the ground and spawns are symmetric; the lone kit at 0,3 has no partner at 0,-3
    assert set(window.view.overlay.colors) == {Hex(0, 3), Hex(0, -3)}
    assert symmetry_mismatches(window.doc.map, window.state.symmetry) == {Hex(0, 3), Hex(0, -3)}


def test_overlay_maths(small_map) -> None:  # type: ignore[no-untyped-def]
    turns = turns_to_reach(small_map, Team.RED, "heavy")
    assert turns[Hex(-4, 2)] == 0 and max(turns.values()) >= 2
    assert Hex(4, -2) not in turns  # the enemy base is closed
    seen = sight_from(small_map, Hex(0, 0))
    assert all(seen.values())  # flat open ground: everything is visible
    walled = small_map.with_cells({Hex(1, 0): small_map.cells[Hex(1, 0)].__class__(1, Terrain.WALL)})
    assert not sight_from(walled, Hex(0, 0))[Hex(3, 0)]
    m = small_map.with_control_points([[Hex(0, 0)]])
    assert control_point_exposure(m, Team.RED)


def test_scenario_panel_edits_are_undoable(window) -> None:  # type: ignore[no-untyped-def]
    panel = window.scenario_panel
    panel.make.click()
    assert window.doc.scenario is not None and window.doc.scenario.mode is Mode.KOTH
    panel.units[Team.RED].setText("scout, soldier@-4,2")
    panel._edit_team(Team.RED)
    setup = window.doc.scenario.teams[Team.RED]
    assert [u.unit for u in setup.starting] == ["scout", "soldier"] and setup.starting[1].hex == Hex(-4, 2)
    panel.units[Team.BLU].setText("wizard")
    panel._edit_team(Team.BLU)
    assert "unknown unit" in panel.error.text()
    row = next(i for i in range(panel.rules.rowCount()) if panel.rules.item(i, 0).text() == "points_to_win")
    panel.rules.item(row, 1).setText("5")
    assert window.doc.scenario.rules == {"points_to_win": 5}
    window.doc.undo_stack.undo()
    window.doc.undo_stack.undo()
    window.doc.undo_stack.undo()
    assert window.doc.scenario is None
    assert panel.make.isVisibleTo(panel)


def test_scenario_panel_refuses_a_roster_twice_and_pushes_no_empty_step(window) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit saved a roster "scout, scout, …" that the loader then refused (the file was lost to the editor),
    and a field left without a change pushed an undo step ("Undo Edit BLU team") that cost Redo. The roster is refused
    with the unit named; leaving a field unchanged, or undoing, pushes nothing."""
    panel = window.scenario_panel
    panel.make.click()
    steps = window.doc.undo_stack.count()
    panel.roster[Team.RED].setText("scout, scout, medic")
    panel._edit_team(Team.RED)
    assert "'scout' is listed twice in the RED roster" in panel.error.text()
    assert "c62828" in panel.roster[Team.RED].styleSheet() and "twice" in panel.roster[Team.RED].toolTip()
    assert window.doc.undo_stack.count() == steps and not window.doc.scenario.teams.get(Team.RED)
    panel.roster[Team.RED].setText("")
    panel._edit_team(Team.BLU)  # focus left BLU's fields, nothing typed
    panel._edit_team(Team.RED)
    assert window.doc.undo_stack.count() == steps
    panel.roster[Team.RED].setText("scout, medic")
    panel._edit_team(Team.RED)
    assert window.doc.undo_stack.count() == steps + 1
    assert not panel.roster[Team.RED].styleSheet() and "twice" not in panel.roster[Team.RED].toolTip()
    window.doc.undo_stack.undo()
    panel._edit_team(Team.RED)  # the field, refreshed by the undo, loses focus
    assert window.doc.undo_stack.count() == steps + 1 and window.doc.undo_stack.canRedo()
    window.doc.undo_stack.redo()
    panel.first.setCurrentIndex(panel.first.findData(Team.BLU))  # named in the history by its field (an audit)
    assert window.doc.undo_stack.text(window.doc.undo_stack.count() - 1) == "Set first team"


def test_big_maps_are_checked_in_the_worker_when_opened(window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(window.runner, "SYNC_OPEN_LIMIT", 10)  # the small map counts as big
    window.doc.replace_all(window.doc.map, None)
    assert window.runner.pending and window.problems.summary.text() == "Checking…"
    qtbot.waitUntil(lambda: not window.runner.pending, timeout=5000)
    assert window.runner.threaded_runs >= 1 and "HF106" in _codes(window)


def test_scenario_checks_reach_the_problems_dock(window) -> None:  # type: ignore[no-untyped-def]
    """A scenario document is checked like a scenario file: HF6xx problems show in the dock."""
    panel = window.scenario_panel
    panel.make.click()
    panel.units[Team.RED].setText("scout, soldier, pyro, heavy")
    panel._edit_team(Team.RED)
    window.runner.run_now()
    assert "HF603" in _codes(window)
    panel.units[Team.RED].setText("scout@4,-2")
    panel._edit_team(Team.RED)
    window.runner.run_now()
    assert "HF603" not in _codes(window) and "HF602" in _codes(window)  # inside the BLU base


def test_scenario_panel_edits_a_payload_scenario_with_weapon_cards(window) -> None:  # type: ignore[no-untyped-def]
    panel = window.scenario_panel
    panel.make.click()
    panel.mode.setCurrentIndex(panel.mode.findData(Mode.PAYLOAD))
    assert window.doc.scenario.mode is Mode.PAYLOAD
    rules = {panel.rules.item(i, 0).text() for i in range(panel.rules.rowCount())}
    assert "roll_for_first" in rules and "points_to_win" not in rules  # Payload Race's own options
    panel.units[Team.RED].setText("heavy@-4,2:tomislav, medic:kritzkrieg")
    panel._edit_team(Team.RED)
    start = window.doc.scenario.teams[Team.RED].starting
    assert [(u.unit, u.weapon) for u in start] == [("heavy", "tomislav"), ("medic", "kritzkrieg")]
    assert panel.units[Team.RED].text() == "heavy@-4,2:tomislav, medic:kritzkrieg"
    panel.units[Team.RED].setText("heavy:rocket_launcher")
    panel._edit_team(Team.RED)
    assert "cannot carry 'rocket_launcher'" in panel.error.text()
    assert window.doc.scenario.teams[Team.RED].starting == start  # nothing changed
    window.doc.undo_stack.undo()
    assert window.doc.scenario.teams.get(Team.RED) is None or not window.doc.scenario.teams[Team.RED].starting


def test_scenario_panel_hints_name_the_games_own_units(window, repo) -> None:  # type: ignore[no-untyped-def]
    """In Team Play the hints named King of the Board's scout, soldier and medic (a new-user audit)."""
    panel = window.scenario_panel
    assert window.open_path(repo / "maps" / "koth_crossroads.scenario.json", ask=False)
    assert "scout" in panel.roster[Team.RED].placeholderText()
    assert window.open_path(repo / "maps" / "teamplay_arena.scenario.json", ask=False)
    assert not window.docks["scenario"].visibleRegion().isEmpty()  # a scenario opens on its set-up (an audit)
    assert "scout" not in panel.roster[Team.RED].placeholderText()
    assert "sprog" in panel.roster[Team.RED].placeholderText() + panel.roster[Team.RED].toolTip()


def test_ctrl_z_in_a_scenario_field_undoes_the_document(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+Z with the cursor in a scenario field did nothing (the field claims the key for its own, empty, history:
    a new-user audit); with nothing of its own to undo, it undoes the document."""
    from PySide6.QtTest import QTest

    panel = window.scenario_panel
    panel.make.click()
    panel.units[Team.RED].setText("scout")
    panel._edit_team(Team.RED)
    assert window.doc.scenario.teams[Team.RED].starting
    field = panel.roster[Team.BLU]  # untouched: nothing of its own to undo
    field.setFocus()
    QTest.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.doc.scenario.teams.get(Team.RED)


def test_placed_starting_units_are_drawn_on_the_canvas(window, repo) -> None:  # type: ignore[no-untyped-def]
    """A scenario's starting units were text only: a unit typed onto a wall showed only when its HF602 was clicked
    (a new-user audit). Each unit placed on a hex is drawn there, in its team's colour, labelled so kinds differ."""
    assert window.open_path(repo / "maps" / "koth_crossroads.scenario.json", ask=False)
    setup = window.doc.scenario
    placed = {(u.hex, t, u.unit) for t in Team for u in setup.teams[t].starting if u.hex is not None}
    assert placed and set(window.view.units.units) == placed
    labels = {window.view.units.label(k) for _h, _t, k in placed}
    assert len(labels) == len({k for _h, _t, k in placed})  # Scout and Soldier told apart
    # the playtest's counter letters, not others of the editor's own ("M" here, "Md" there: an audit)
    from editor.playtest.presenters import presenter_for
    assert {k: window.view.units.label(k) for _h, _t, k in placed} == {
        k: presenter_for(setup.mode).letters(k) for _h, _t, k in placed}
    panel = window.scenario_panel
    panel.units[Team.RED].setText("scout@0,0")
    panel._edit_team(Team.RED)
    assert (Hex(0, 0), Team.RED, "scout") in window.view.units.units  # follows the set-up
    window.doc.undo_stack.undo()
    assert set(window.view.units.units) == placed


def test_the_pickups_heat_map_is_greyed_in_a_game_without_pickups(window, repo) -> None:  # type: ignore[no-untyped-def]
    """Payload Race has no pickups (ModeRules.pickups): an editor audit found "Where pickups are taken" offered there,
    with "no pickups recorded". It is greyed (with why) on Canal and offered again on a King of the Board map."""
    panel = window.overlays

    def pickups_item():  # type: ignore[no-untyped-def]
        return panel.heat_layer.model().item(panel.heat_layer.findData("pickups"))

    assert window.open_path(repo / "maps" / "payload_canal.map.json", ask=False)
    panel.set_overlay("reach", Team.RED, "scout")  # and the reach legend says how it differs from HF301's count
    assert "count standing beside it, where pushes are made" in panel.legend.text()
    panel.set_overlay("balance")
    assert not pickups_item().isEnabled() and "has no pickups" in pickups_item().toolTip()
    assert window.open_path(repo / "maps" / "koth_ridge.map.json", ask=False)
    panel.set_overlay("balance")
    assert pickups_item().isEnabled()


def test_an_almost_symmetric_map_is_matched_to_its_mirror_image_as_one_undo_step(make_window) -> None:  # type: ignore[no-untyped-def]
    """HF402 said "make them match" and offered nothing (an editor audit). The Quick fix menu offers both ways —
    one side as the model — and either makes the map its own mirror image in one undoable step."""
    from pathlib import Path

    from engine.formats import load_map
    from engine.mapmodel import Cell

    ridge = load_map(Path(__file__).resolve().parents[2] / "maps" / "koth_ridge.map.json")
    slip = ridge.with_cell(Hex(-15, 4), Cell(ridge.cells[Hex(-15, 4)].height, Terrain.WALL))
    win = make_window(slip)
    win.runner.run_now()
    item = next(i for i in win.problems.problem_items() if i.data(0, 256).code == "HF402")
    win.problems.tree.setCurrentItem(item)
    labels = [a.text() for a in win.problems.fix_button.menu().actions()]
    assert labels == ["Make BLU's side match RED's (1 hex)", "Make RED's side match BLU's (1 hex)"]
    before = win.doc.undo_stack.count()
    win.problems.fix_button.menu().actions()[1].trigger()
    assert win.doc.undo_stack.count() == before + 1 and win.doc.map == ridge
    win.runner.run_now()
    assert "HF402" not in _codes(win) and "HF401" in _codes(win)
    win.doc.undo_stack.undo()
    assert win.doc.map == slip
