"""The drag-tool base: every painting tool fills the gaps of a fast drag and makes one undo step per stroke."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.tools.base import StrokeTool
from engine.hexgrid import Hex, hex_linedraw
from engine.mapmodel import Colour, HexMap, Team, Terrain
from tests.editor.conftest import key

A, B = Hex(-3, 0), Hex(3, -1)  # far apart: a single mouse move jumps over the hexes between
LINE = hex_linedraw(A, B)


def _painted(tool: str, m: HexMap) -> set[Hex]:
    """The hexes that show the tool's work on ``m``."""
    if tool == "height":
        return {h for h, c in m.cells.items() if c.height == 2}
    if tool == "terrain":
        return {h for h, c in m.cells.items() if c.terrain is Terrain.WALL}
    if tool == "eraser":
        return {h for h in LINE if h not in m.cells}
    if tool == "spawn-red":
        return set(m.spawns.get(Team.RED, ()))
    if tool == "control":
        return {h for cp in m.control_points for h in cp}
    if tool == "track-red":
        return set(m.track(Team.RED))
    if tool == "spawnpoint-yellow":
        return set(m.spawnpoints.get(Colour.YELLOW, ()))
    if tool == "ammo":
        return set(m.ammo)
    if tool == "rack":
        return set(m.racks)
    raise AssertionError(tool)


@pytest.mark.parametrize(("tool", "keys"), [
    ("height", ["2"]), ("terrain", ["Alt+2"]), ("eraser", ["E"]), ("spawn-red", ["R"]),
    ("control", ["P"]), ("track-red", ["Shift+R"]), ("spawnpoint-yellow", ["Ctrl+3"]), ("ammo", ["A"]),
    ("rack", ["G"]),
])
def test_a_jumping_drag_leaves_no_gap_and_is_one_undo_step(window, mouse, small_map, tool, keys) -> None:  # type: ignore[no-untyped-def]
    for k in keys:
        key(window.view, k)
    assert window.tool.key == tool and isinstance(window.tool, StrokeTool)
    vp = window.view.viewport()
    QTest.mouseMove(vp, mouse.point(A))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mouse.point(A))
    QTest.mouseMove(vp, mouse.point(B))  # one event, six hexes away
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mouse.point(B))
    assert set(LINE) <= _painted(tool, window.doc.map)
    if tool == "track-red":
        assert window.doc.map.track(Team.RED) == tuple(LINE)  # in drawing order
    assert window.doc.undo_stack.count() == 1
    painted = window.doc.map
    key(window.view, "Ctrl+Z")
    assert window.doc.map == small_map
    key(window.view, "Ctrl+Y")  # Redo too, as in many tools (a new-user audit pressed it first)
    assert window.doc.map == painted
    key(window.view, "Ctrl+Z")
    key(window.view, "Ctrl+Shift+Z")
    assert window.doc.map == painted


def test_covered_merges_footprints_in_order(window) -> None:  # type: ignore[no-untyped-def]
    tool = window.tools["height"]
    window.state.set_brush_size(7)
    covered = tool.covered([Hex(0, 0), Hex(1, 0)])
    assert covered[0] == Hex(0, 0) and len(covered) == len(set(covered)) == 10
