"""Painting Team Play's features in the editor: spawnpoints by colour, ammo tiles, weapon racks — with
undo, symmetry, erasing, copy and paste, stamps and resizing, and drawn on the canvas."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from editor.edits import Edit, changed_hexes, erase, fragment_of, paste_fragment, set_spawnpoints
from editor.geometry import SymmetryKind
from editor.render.style import CUBE_COLORS
from editor.resize import Margins, resize_map
from editor.stamps import fragment_from_map, fragment_to_map
from engine.hexgrid import Hex, Symmetry
from engine.mapmodel import Colour, Team
from tests.editor.conftest import key

A, B, C = Hex(-2, 1), Hex(1, 1), Hex(0, -2)


def _undo_all(window, original) -> None:  # type: ignore[no-untyped-def]
    while window.doc.undo_stack.canUndo():
        key(window.view, "Ctrl+Z")
    assert window.doc.map == original


def test_spawnpoint_tools_paint_one_colour_per_hex(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "Ctrl+1")
    assert window.tool.key == "spawnpoint-red" and "Team Play" in window.tool.tip
    mouse.click(A)
    assert window.doc.map.spawnpoints[Colour.RED] == {A}
    key(window.view, "Ctrl+2")
    mouse.click(A)  # blue on a red spawnpoint: it becomes blue
    assert Colour.RED not in window.doc.map.spawnpoints and window.doc.map.spawnpoints[Colour.BLUE] == {A}
    mouse.click(A)  # press on one of its own colour: removed
    assert not window.doc.map.spawnpoints
    key(window.view, "Ctrl+3")
    mouse.drag([B, Hex(2, 1)])
    assert window.doc.map.spawnpoints[Colour.YELLOW] == {B, Hex(2, 1)}
    assert "yellow spawnpoint" in window.doc.map.features_at(B)
    _undo_all(window, small_map)


def test_ammo_and_rack_tools_toggle_and_right_click_removes(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "A")
    mouse.click(A)
    mouse.click(B)
    assert window.doc.map.ammo == {A, B}
    mouse.click(A, Qt.MouseButton.RightButton)
    assert window.doc.map.ammo == {B}
    key(window.view, "G")
    mouse.click(C)
    assert window.doc.map.racks == {C}
    assert window.doc.undo_stack.count() == 4
    _undo_all(window, small_map)


def test_a_team_swapping_symmetry_paints_the_other_gate_on_the_image(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    """Red and blue spawnpoints are a Team Play map's two gates (the validator's sides, HF321/HF322): under a
    symmetry that swaps the teams a red spawnpoint's image is blue, as on the bundled maps — it painted red on both
    sides, and the mirror map had no blue gate (a new-user audit). Yellow stays yellow; racks are neutral."""
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    key(window.view, "Ctrl+1")
    mouse.click(A)
    assert window.doc.map.spawnpoints[Colour.RED] == {A} and window.doc.map.spawnpoints[Colour.BLUE] == {-A}
    mouse.click(A, Qt.MouseButton.RightButton)  # taking it off takes its image off too
    assert not window.doc.map.spawnpoints.get(Colour.RED) and not window.doc.map.spawnpoints.get(Colour.BLUE)
    key(window.view, "Ctrl+3")
    mouse.click(A)
    assert window.doc.map.spawnpoints[Colour.YELLOW] == {A, -A}
    window.symmetry_actions[SymmetryKind.ROT120].trigger()  # no team swap: the same colour on every image
    key(window.view, "Ctrl+2")
    mouse.click(Hex(2, 0))
    assert len(window.doc.map.spawnpoints[Colour.BLUE]) == 3
    window.symmetry_actions[SymmetryKind.ROT180].trigger()
    key(window.view, "G")
    mouse.click(B)
    assert window.doc.map.racks == {B, -B}
    _undo_all(window, small_map)


def test_erase_copy_paste_stamp_and_resize_carry_the_features(small_map) -> None:  # type: ignore[no-untyped-def]
    m = set_spawnpoints(small_map, Colour.BLUE, [A], True).map.with_feature("ammo", [B]).with_feature("racks", [C])
    gone = erase(m, [A, B]).map
    assert not gone.spawnpoints and not gone.ammo and gone.racks == {C}
    frag = fragment_of(m, [A, B, C], Hex(0, 0))
    assert frag.spawnpoints[Colour.BLUE] == {A} and frag.ammo == {B} and frag.racks == {C}
    turned = paste_fragment(gone, frag.transformed(Symmetry(rotation=3)), Hex(0, 0)).map
    assert turned.spawnpoints[Colour.BLUE] == {-A} and turned.ammo == {-B} and turned.racks == {C, -C}
    assert changed_hexes(m, turned) >= {A, B, -A, -B, -C}
    stamp = fragment_to_map(fragment_from_map(m))
    assert stamp.spawnpoints == m.spawnpoints and stamp.ammo == m.ammo and stamp.racks == m.racks
    cut = resize_map(m, Margins(left=-3))
    assert "1 blue spawnpoint" in cut.lost and not cut.map.spawnpoints


def test_the_canvas_draws_the_features(window, small_map) -> None:  # type: ignore[no-untyped-def]
    m = set_spawnpoints(small_map, Colour.YELLOW, [Hex(0, 0)], True).map.with_feature("ammo", [B]).with_feature("racks", [C])
    assert window.doc.apply(Edit(m, frozenset({Hex(0, 0), B, C})), "Team Play features")
    img = window.view.grab().toImage()
    assert _shows(img, CUBE_COLORS[Colour.YELLOW]) and _shows(img, QColor("#4b4f57"))
    assert _shows(img, QColor("#f4efe0"))


def _shows(img: QImage, colour: QColor) -> bool:
    """Whether some pixel of ``img`` is (nearly) ``colour``."""
    for y in range(0, img.height(), 2):
        for x in range(0, img.width(), 2):
            c = img.pixelColor(x, y)
            if abs(c.red() - colour.red()) + abs(c.green() - colour.green()) + abs(c.blue() - colour.blue()) < 20:
                return True
    return False


def test_painting_what_the_maps_game_does_not_play_with_is_said_at_once(window, mouse, repo) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit painted a RED spawn zone (R) on a Team Play map meaning a red spawnpoint (the tool beside it)
    and read "no red spawnpoint" with no word of why: painting is allowed (a map may be getting its second game),
    but the tool says at once that the map's game does not play with it (the validator's HF113)."""
    assert window.open_path(repo / "maps" / "teamplay_arena.map.json", ask=False)
    key(window.view, "R")
    mouse.click(Hex(0, 0))
    assert window.doc.map.spawns.get(Team.RED)
    assert "Team Play does not play with team spawn zones (HF113)" in window.statusBar().currentMessage()
    key(window.view, "Ctrl+Z")
    key(window.view, "Ctrl+1")  # its own tools say nothing of the kind
    window.statusBar().clearMessage()
    mouse.click(Hex(0, 0))
    assert "HF113" not in window.statusBar().currentMessage()
