"""Every tool driven by real mouse gestures and key presses on the canvas, then undone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.geometry import SymmetryKind
from engine.hexgrid import Hex
from engine.mapmodel import Cell, Team, Terrain
from tests.editor.conftest import key

H0 = Hex(0, 0)


def _undo_all(window, original) -> None:  # type: ignore[no-untyped-def]
    while window.doc.undo_stack.canUndo():
        key(window.view, "Ctrl+Z")
    assert window.doc.map == original


def test_height_brush_drag_is_one_step(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "2")
    assert window.tool.key == "height" and window.state.height == 2
    mouse.drag([Hex(-2, 0), Hex(-1, 0), Hex(0, 0), Hex(1, 0)])
    assert all(window.doc.map.cells[Hex(q, 0)].height == 2 for q in (-2, -1, 0, 1))
    assert window.doc.undo_stack.count() == 1
    _undo_all(window, small_map)


def test_brush_size_keys_change_the_footprint(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "1")
    key(window.view, "]")
    assert window.state.brush_size == 7
    mouse.click(H0)
    assert sum(c.height == 1 for c in window.doc.map.cells.values()) == 7
    key(window.view, "]")
    key(window.view, "[")
    assert window.state.brush_size == 7
    _undo_all(window, small_map)


def test_terrain_brush_paints_walls_and_stairs_with_direction(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "Alt+2")
    assert window.tool.key == "terrain" and window.state.terrain is Terrain.WALL
    mouse.click(H0)
    assert window.doc.map.cells[H0].terrain is Terrain.WALL
    key(window.view, "Alt+4")
    key(window.view, "D")
    key(window.view, "D")
    mouse.click(Hex(1, 0))
    assert window.doc.map.cells[Hex(1, 0)] == Cell(0, Terrain.STAIRS, 2)
    _undo_all(window, small_map)


def test_eraser_removes_hexes_and_their_features(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "E")
    mouse.drag([Hex(0, 2), Hex(0, 3)])
    assert Hex(0, 3) not in window.doc.map and not window.doc.map.kits
    _undo_all(window, small_map)


def test_painting_off_the_map_adds_ground(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "1")
    mouse.click(Hex(5, 0))
    assert window.doc.map.cells[Hex(5, 0)] == Cell(1)
    _undo_all(window, small_map)


def test_flood_fill_uses_the_last_ink(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "1")
    mouse.click(H0)  # an island of height 1
    key(window.view, "F")
    key(window.view, "2")  # choosing a height keeps the fill tool
    assert window.tool.key == "fill"
    mouse.click(Hex(3, 0))
    m = window.doc.map
    assert m.cells[H0].height == 1 and all(c.height == 2 for h, c in m.cells.items() if h != H0)
    _undo_all(window, small_map)


def test_line_tool_previews_then_paints(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "Alt+2")
    key(window.view, "L")
    mouse.drag([Hex(-3, 0), Hex(0, 0), Hex(3, 0)])
    walls = {h for h, c in window.doc.map.cells.items() if c.terrain is Terrain.WALL}
    assert walls == {Hex(q, 0) for q in range(-3, 4)}
    assert window.doc.undo_stack.count() == 2 - 1  # terrain choice is not an edit
    _undo_all(window, small_map)


def test_spawn_painters_add_and_remove(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "R")
    mouse.drag([Hex(-3, 1), Hex(-3, 2)])
    assert {Hex(-3, 1), Hex(-3, 2)} <= window.doc.map.spawns[Team.RED]
    mouse.click(Hex(-3, 1))  # press on the zone removes
    assert Hex(-3, 1) not in window.doc.map.spawns[Team.RED]
    key(window.view, "B")
    mouse.click(Hex(2, 1), Qt.MouseButton.RightButton)  # right button removes (nothing there)
    mouse.click(Hex(2, 1))
    assert Hex(2, 1) in window.doc.map.spawns[Team.BLU]
    _undo_all(window, small_map)


def test_kit_and_control_point_tools(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "K")
    mouse.click(Hex(1, 1))
    assert Hex(1, 1) in window.doc.map.kits
    mouse.click(Hex(0, 3))
    assert Hex(0, 3) not in window.doc.map.kits
    key(window.view, "P")
    mouse.drag([H0, Hex(1, 0)])
    assert window.doc.map.control_points == (frozenset({H0, Hex(1, 0)}),)
    _undo_all(window, small_map)


def test_track_tool_click_drag_trim_and_refusal(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "Shift+R")
    assert window.tool.key == "track-red"
    mouse.click(Hex(-3, 0))
    mouse.click(Hex(-2, 0))
    mouse.drag([Hex(-1, 0), Hex(0, 0), Hex(1, 0)])
    assert window.doc.map.track(Team.RED) == tuple(Hex(q, 0) for q in range(-3, 2))
    count = window.doc.undo_stack.count()
    mouse.click(Hex(3, -3))  # not adjacent to the end: refused, with a visible reason
    assert window.doc.map.track(Team.RED)[-1] == Hex(1, 0)
    assert "not next to" in window.view.toast_text
    assert "not next to" in window.statusBar().currentMessage()
    assert window.view.flash.hexes
    assert window.doc.undo_stack.count() == count
    mouse.click(Hex(-1, 0))  # trim back
    assert window.doc.map.track(Team.RED)[-1] == Hex(-1, 0)
    mouse.click(Hex(0, 0), Qt.MouseButton.RightButton)  # right-click drops the last step
    assert window.doc.map.track(Team.RED)[-1] == Hex(-2, 0)
    window.act_reverse[Team.RED].trigger()
    assert window.doc.map.track(Team.RED) == (Hex(-2, 0), Hex(-3, 0))
    _undo_all(window, small_map)


def test_rect_select_copy_paste_and_cut(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "2")
    mouse.click(H0)
    key(window.view, "S")
    a, b = mouse.point(Hex(-1, 0)), mouse.point(Hex(1, 0))
    a.setY(a.y() - 5)
    b.setY(b.y() + 5)
    mouse.drag_points(a, b)
    assert window.state.selection == {Hex(-1, 0), H0, Hex(1, 0)}
    key(window.view, "Ctrl+C")
    key(window.view, "Ctrl+V")
    assert window.tool.key == "paste"
    mouse.click(Hex(0, -3))
    assert window.doc.map.cells[Hex(0, -3)].height == 2
    assert window.tool.key == "select"
    window.state.set_selection({H0})
    key(window.view, "Ctrl+X")
    assert H0 not in window.doc.map
    _undo_all(window, small_map)


def test_magic_wand_and_shift_adds(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "1")
    mouse.drag([Hex(-1, 0), H0])
    key(window.view, "W")
    mouse.click(H0)
    assert window.state.selection == {Hex(-1, 0), H0}
    mouse.click(Hex(3, 0), mods=Qt.KeyboardModifier.ShiftModifier)
    assert len(window.state.selection) == len(small_map)
    key(window.view, Qt.Key.Key_Escape)
    assert not window.state.selection
    _undo_all(window, small_map)


def test_rotate_and_mirror_selection(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "2")
    mouse.click(Hex(1, 0))
    window.state.set_selection({H0, Hex(1, 0)})
    key(window.view, "Ctrl+R")
    m = window.doc.map
    assert m.cells[Hex(1, 0)].height == 0 and sum(c.height for c in m.cells.values()) == 2
    key(window.view, "Ctrl+M")
    assert sum(c.height for c in window.doc.map.cells.values()) == 2
    _undo_all(window, small_map)


def test_live_symmetry_paints_blu_for_red(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    assert window.view.symmetry_mark.center is None
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    assert window.state.symmetry.center2 == (0, 0)
    assert window.view.symmetry_mark.center == (0.0, 0.0)  # the pivot is shown on the canvas
    key(window.view, "R")
    mouse.click(Hex(-3, 1))
    assert Hex(3, -1) in window.doc.map.spawns[Team.BLU]
    key(window.view, "2")
    mouse.click(Hex(2, 0))
    assert window.doc.map.cells[Hex(-2, 0)].height == 2
    assert window.doc.undo_stack.count() == 2
    # the symmetry centre tool moves the centre
    key(window.view, "Y")
    mouse.click(Hex(1, 0))
    assert window.state.symmetry.center2 == (2, 0)
    _undo_all(window, small_map)


def test_a_symmetry_that_leaves_hexes_without_an_image_says_so(window, small_map) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit mirrored a pointy-top rectangle left ↔ right, which its offset rows never allow, and learnt it
    only from the mismatches overlay. Choosing a symmetry now says how many hexes it leaves unmirrored."""
    told: list[str] = []
    window.state.notice.connect(lambda text, _hexes, _error: told.append(text))
    window.symmetry_actions[SymmetryKind.ROT180].trigger()  # the hexagon turns whole: nothing said
    assert not told
    window.symmetry_actions[SymmetryKind.OFF].trigger()
    from engine.mapmodel import Cell

    window.doc.apply(small_map.with_cells({Hex(5, 0): Cell()}), "one more hex")  # a hex whose image is off the map
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    assert told and told[-1].startswith("1 of the map's 62 hexes have no image on it under this symmetry")


def test_a_drag_across_the_symmetry_axis_keeps_the_hexes_it_painted(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    """A review: with a half turn on, a RED spawn drag from 1,0 over the centre to -1,0 turned 1,0 — painted RED by the
    drag itself — into BLU's, as the image of -1,0. The hexes a stroke paints stay as painted; images fill the rest."""
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    key(window.view, "R")
    mouse.drag([Hex(1, 0), Hex(0, 0), Hex(-1, 0)])
    spawns = window.doc.map.spawns
    assert {Hex(1, 0), Hex(0, 0), Hex(-1, 0)} <= spawns[Team.RED]
    assert not {Hex(1, 0), Hex(-1, 0)} & spawns[Team.BLU]
    assert window.doc.undo_stack.count() == 1
    _undo_all(window, small_map)


def test_hover_shows_the_hex_in_the_status_bar(window, mouse) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    QTest.mouseMove(window.view.viewport(), mouse.point(Hex(0, 3)))
    text = window.hover_label.text()
    assert "hex 0,3" in text and "height 0" in text and "first-aid kit" in text


def test_the_status_bar_follows_an_edit_under_a_still_pointer(window, mouse) -> None:  # type: ignore[no-untyped-def]
    """Painted under the pointer without moving it, the hex's words stayed as they were (a new-user audit)."""
    from PySide6.QtTest import QTest

    QTest.mouseMove(window.view.viewport(), mouse.point(Hex(1, 1)))
    assert "height 0" in window.hover_label.text()
    key(window.view, "2")  # height 2
    mouse.click(Hex(1, 1))
    assert "hex 1,1" in window.hover_label.text() and "height 2" in window.hover_label.text()
    window.doc.undo_stack.undo()
    assert "height 0" in window.hover_label.text()


def test_a_long_status_message_is_cut_to_the_room_and_whole_in_the_tooltip(window) -> None:  # type: ignore[no-untyped-def]
    """A long tool hint ran under the "ink:" label (a new-user audit): cut with "…" to the room left, whole on hover."""
    long = "a hint " * 200
    window.say(long)
    shown = window.statusBar().currentMessage()
    assert shown.endswith("…") and len(shown) < len(long) and window.statusBar().toolTip() == long
    window.say("short")
    assert window.statusBar().currentMessage() == "short" and window.statusBar().toolTip() == ""


def test_starting_units_tool_places_drags_and_takes_off_units_each_one_undo_step(window, mouse) -> None:  # type: ignore[no-untyped-def]
    """Starting units were typed only (``soldier@-7,-3``; a new-user audit): the Starting units tool (N) places the
    next typed unit with a click, moves one by dragging it, takes it off with a right-click; each is one undo step,
    and the canvas draws where the units stand."""
    key(window.view, "N")
    assert window.tool.key == "units"
    mouse.click(H0)  # no scenario yet: told, nothing changes
    assert window.doc.scenario is None and "Make a scenario for this map" in window.statusBar().currentMessage()
    window.scenario_panel.make_scenario()
    window.scenario_panel.units[Team.RED].setText("scout, soldier")
    window.scenario_panel._edit_team(Team.RED)
    key(window.view, "H")
    window.scenario_panel.place.click()  # the panel's button picks the tool too
    assert window.tool.key == "units"
    steps = window.doc.undo_stack.count()
    mouse.click(Hex(-4, 2))  # RED's spawn zone: RED's next unit
    mouse.click(Hex(-2, 1))
    assert [u.hex for u in window.doc.scenario.teams[Team.RED].starting] == [Hex(-4, 2), Hex(-2, 1)]
    assert {(h, t) for h, t, _k in window.view.units.units} == {(Hex(-4, 2), Team.RED), (Hex(-2, 1), Team.RED)}
    mouse.drag([Hex(-2, 1), Hex(-1, 1), Hex(0, 1)])
    assert window.doc.scenario.teams[Team.RED].starting[1].hex == Hex(0, 1)
    mouse.click(Hex(-4, 2), Qt.MouseButton.RightButton)
    assert window.doc.scenario.teams[Team.RED].starting[0].hex is None
    assert window.doc.undo_stack.count() == steps + 4
    assert window.scenario_panel.units[Team.RED].text() == "scout, soldier@0,1"  # the panel follows
    for _ in range(4):
        key(window.view, "Ctrl+Z")
    assert all(u.hex is None for u in window.doc.scenario.teams[Team.RED].starting)


def test_a_unit_dragged_over_a_hex_it_may_not_start_on_is_previewed_red_before_the_release(window, mouse) -> None:  # type: ignore[no-untyped-def]
    """Session 14's audit: the drag preview looked the same over a hex the drop would refuse, and only the release
    said no. The preview is now drawn red (a second highlight) where the unit may not go, as the release decides."""
    from PySide6.QtTest import QTest

    window.scenario_panel.make_scenario()
    window.scenario_panel.units[Team.RED].setText("soldier")
    window.scenario_panel._edit_team(Team.RED)
    window.set_tool("units")
    mouse.click(Hex(-4, 2))
    enemy = next(iter(window.doc.map.spawns[Team.BLU]))
    vp, view = window.view.viewport(), window.view
    QTest.mouseMove(vp, mouse.point(Hex(-4, 2)))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mouse.point(Hex(-4, 2)))
    QTest.mouseMove(vp, mouse.point(enemy))  # BLU's spawn zone: refused
    assert view.refused_preview.hexes == {enemy} and not view.preview.hexes
    QTest.mouseMove(vp, mouse.point(Hex(0, 1)))  # open ground: fine
    assert view.preview.hexes == {Hex(0, 1)} and not view.refused_preview.hexes
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mouse.point(Hex(0, 1)))
    assert window.doc.scenario.teams[Team.RED].starting[0].hex == Hex(0, 1)
    assert not view.preview.hexes and not view.refused_preview.hexes


def test_the_place_button_is_off_where_units_take_no_hex(window, repo) -> None:  # type: ignore[no-untyped-def]
    """Team Play's characters enter at spawnpoints (003): the panel's Place button is off and says why, where it
    used to place characters the game then refused to start with (a new-user audit)."""
    assert window.open_path(repo / "maps" / "teamplay_arena.scenario.json", ask=False)
    button = window.scenario_panel.place
    assert not button.isEnabled() and "take no hex" in button.toolTip()
    assert window.open_path(repo / "maps" / "koth_ridge.scenario.json", ask=False)
    assert window.scenario_panel.place.isEnabled()
