"""Pieces of map: copy/paste and rotate/mirror carry cart tracks; stamps are saved, previewed, turned and painted."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest

from editor.edit_result import EditRefused
from editor.edits import fragment_of, paste_fragment, transform_selection
from editor.geometry import mirror_for
from editor.stamps import StampLibrary, fragment_from_map, fragment_to_map
from engine.hexgrid import Hex, Symmetry
from engine.mapmodel import HexMap, Orientation, Team
from tests.editor.conftest import key

RED, BLU = Team.RED, Team.BLU


def hexes(text: str) -> tuple[Hex, ...]:
    return tuple(Hex.parse(t) for t in text.split())


def test_copy_paste_carries_the_track_in_order(small_map: HexMap) -> None:
    m = small_map.with_feature_part("tracks", RED, hexes("-2,0 -1,0 0,0"))
    frag = fragment_of(m, hexes("-2,0 -1,0 0,0"), anchor=Hex(-1, 0))
    assert frag.tracks[RED] == hexes("-1,0 0,0 1,0")
    # pasted onto a map without a RED track: the pasted steps are the track
    bare = small_map
    assert paste_fragment(bare, frag, Hex(0, 2)).map.track(RED) == hexes("-1,2 0,2 1,2")
    # pasted next to the end of the existing track: it continues it
    assert paste_fragment(m, frag, Hex(2, 0)).map.track(RED) == hexes("-2,0 -1,0 0,0 1,0 2,0 3,0")


def test_paste_over_the_track_replaces_the_covered_steps(small_map: HexMap) -> None:
    m = small_map.with_feature_part("tracks", RED, hexes("-2,0 -1,0 0,0 1,0 2,0"))
    bent = small_map.with_feature_part("tracks", BLU, hexes("0,-1 1,-1"))
    frag = fragment_of(bent, hexes("0,-1 1,-1 0,0 1,0"), anchor=Hex(0, 0))
    frag = type(frag)(frag.cells, frag.spawns, frag.kits, frag.control, {RED: frag.tracks[BLU]})
    out = paste_fragment(m, frag, Hex(0, 0)).map
    assert out.track(RED) == hexes("-2,0 -1,0 0,-1 1,-1 2,0")


@pytest.mark.parametrize("how", ["rotate", "mirror"])
def test_rotate_and_mirror_carry_a_whole_track(small_map: HexMap, how: str) -> None:
    path = hexes("-1,0 0,0 1,0")
    m = small_map.with_feature_part("tracks", RED, path)
    sym = Symmetry(1) if how == "rotate" else mirror_for(Orientation.POINTY, "left-right")
    edit, new_sel = transform_selection(m, path, sym)
    moved = edit.map.track(RED)
    assert len(moved) == 3 and set(moved) == new_sel
    assert all(a.distance(b) == 1 for a, b in zip(moved, moved[1:], strict=False))
    assert moved[1] == Hex(0, 0)  # turned about its middle hex
    if how == "mirror":
        assert moved == tuple(reversed(path))  # left-right mirror of a row swaps its ends' places


def test_turning_part_of_a_track_onto_itself_is_refused(small_map: HexMap) -> None:
    m = small_map.with_feature_part("tracks", RED, hexes("-1,1 -1,0 0,0 1,0 1,-1"))
    with pytest.raises(EditRefused, match="over itself"):
        transform_selection(m, hexes("-1,0 0,0 1,0 1,-1"), Symmetry(3))


def test_paste_gesture_with_tracks_and_undo(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    window.doc.apply(small_map.with_feature_part("tracks", RED, hexes("-3,1 -2,1")), "track")
    window.state.set_selection(hexes("-3,1 -2,1"))
    key(window.view, "Ctrl+C")
    key(window.view, "Ctrl+V")
    assert window.tool.key == "paste"
    key(window.view, "Ctrl+R")  # turn the piece in hand
    QTest.mouseMove(window.view.viewport(), mouse.point(Hex(2, -2)))
    assert window.view.piece.piece is not None  # the piece is drawn under the pointer
    drawn = window.view.piece.piece.track(RED)
    mouse.click(Hex(2, -2))
    new_track = window.doc.map.track(RED)
    assert len(new_track) == 4 and set(drawn) <= set(new_track)
    key(window.view, "Ctrl+Z")
    assert window.doc.map.track(RED) == hexes("-3,1 -2,1")


def test_a_paste_that_carries_a_spawn_hex_says_where_the_zone_grew(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit copied a group of walls with a RED spawn hex in it and pasted it by BLU's side: a stray
    piece of RED's zone, which only HF315 reported, pointing at another hex. The paste says so where it lands."""
    window.state.set_selection([Hex(-4, 2), Hex(-3, 2)])  # RED's spawn hex and its neighbour
    key(window.view, "Ctrl+C")
    key(window.view, "Ctrl+V")
    mouse.click(Hex(2, 0))
    landed = set(window.doc.map.spawns[Team.RED]) - set(small_map.spawns[Team.RED])
    assert len(landed) == 1
    assert window.view.toast_text == (f"the copied hexes carried spawn hexes: the spawn zone grew, RED's at "
                                      f"{next(iter(landed))}; Ctrl+Z undoes it")
    key(window.view, "Ctrl+Z")
    key(window.view, "Ctrl+V")  # put back on its own place: the zone does not grow, nothing is said
    window.view._toast.hide()
    mouse.click(Hex(-4, 2))
    assert window.doc.map.spawns[Team.RED] == small_map.spawns[Team.RED] and not window.view.toast_text


def test_stamp_library_round_trip(tmp_path, small_map: HexMap) -> None:  # type: ignore[no-untyped-def]
    m = small_map.with_feature_part("tracks", RED, hexes("0,0 1,0")).with_control_points([hexes("0,1 1,1")])
    frag = fragment_of(m, hexes("0,0 1,0 0,1 1,1 0,3"), anchor=Hex(0, 0))
    lib = StampLibrary(tmp_path / "stamps")
    assert lib.stamps() == []
    saved = lib.save("Cart bend #1", frag)
    assert saved.path.name == "cart_bend_1.map.json"
    (tmp_path / "stamps" / "junk.map.json").write_text("{ not json")
    [loaded] = lib.stamps()
    assert loaded.name == "Cart bend #1" and loaded.fragment == frag
    assert [p.name for p, _ in lib.broken()] == ["junk.map.json"]
    assert fragment_from_map(fragment_to_map(frag, "x")) == frag
    with pytest.raises(EditRefused, match="name"):
        lib.save("  ", frag)


def test_save_selection_as_stamp_then_paint_it_turned(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "2")
    mouse.click(Hex(0, 0))
    window.state.set_selection(hexes("0,0 1,0"))
    panel = window.stamps_panel
    stamp = panel.save_selection("Step")
    assert stamp is not None and stamp.path.parent == window.paths.stamps
    assert [s.name for s in panel.stamps()] == ["Step"]
    assert panel.choose("Step")
    assert window.tool.key == "stamp" and window.state.stamp_name == "Step"
    count = window.doc.undo_stack.count()
    key(window.view, "Ctrl+R")  # turn the stamp in hand 60°
    QTest.mouseMove(window.view.viewport(), mouse.point(Hex(-2, 2)))
    preview = window.view.piece.piece
    assert preview is not None and preview.cells[Hex(-2, 2)].height == 2  # the stamp's own ground, drawn
    assert set(window.view.hover_mark.hexes) == {Hex(-2, 2), Hex(-2, 3)}  # turned: 1,0 became 0,1
    mouse.click(Hex(-2, 2))
    assert window.doc.map.cells[Hex(-2, 2)].height == 2 and window.doc.map.cells[Hex(-2, 3)].height == 0
    assert window.doc.undo_stack.count() == count + 1
    assert window.doc.undo_stack.undoText() == "Stamp Step"
    assert window.tool.key == "stamp"  # stays on for the next one
    key(window.view, "Ctrl+Z")
    assert window.doc.map.cells[Hex(-2, 2)].height == 0


def test_a_stamp_that_carries_a_spawn_hex_tells_the_status_bar_not_the_pointer(window, mouse, small_map) -> None:  # type: ignore[no-untyped-def]
    """A stamp is chosen for what it holds and placed again and again: where it grows a spawn zone that is said in the
    status bar (and flashed), not in a toast at every click, as a paste's slip is (a review)."""
    told: list[tuple[str, bool]] = []
    window.state.notice.connect(lambda text, _hexes, error: told.append((text, error)))
    window.state.set_selection([Hex(-4, 2), Hex(-3, 2)])  # RED's spawn hex and its neighbour
    assert window.stamps_panel.save_selection("Door") is not None and window.stamps_panel.choose("Door")
    mouse.click(Hex(2, 0))
    grown = [(text, error) for text, error in told if "spawn zone grew" in text]
    assert grown and grown[-1][0].startswith("the stamp carried spawn hexes: the spawn zone grew, RED's at ")
    assert grown[-1][1] is False and not window.view.toast_text


def test_stamp_tool_without_a_stamp_says_what_to_do(window, mouse) -> None:  # type: ignore[no-untyped-def]
    key(window.view, "Ctrl+Shift+T")
    assert window.tool.key == "stamp"
    mouse.click(Hex(0, 0))
    assert "Stamps panel" in window.view.toast_text
    assert window.doc.undo_stack.count() == 0
