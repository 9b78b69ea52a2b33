"""Cart tracks: extend, trim and reroute at either end or in the middle, as pure edits and as gestures."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.edit_result import EditRefused
from editor.geometry import SymmetryKind, SymmetryMode
from editor.track_edits import (
    remove_end_step,
    splice_segment,
    track_extend,
    track_reroute,
    track_trim,
)
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from tests.editor.conftest import key

RED = Team.RED
ROW = tuple(Hex(q, 0) for q in range(-2, 3))  # -2,0 ... 2,0: a straight track along row 0


def H(text: str) -> Hex:
    return Hex.parse(text)


def hexes(text: str) -> tuple[Hex, ...]:
    return tuple(H(t) for t in text.split())


@pytest.fixture
def tracked(small_map: HexMap) -> HexMap:
    return small_map.with_feature_part("tracks", RED, ROW)


@pytest.mark.parametrize(
    ("steps", "at_start", "expected"),
    [
        ("3,0", False, "-2,0 -1,0 0,0 1,0 2,0 3,0"),  # grow the end
        ("-3,0 -4,0", True, "-4,0 -3,0 -2,0 -1,0 0,0 1,0 2,0"),  # grow the start, direction kept
        ("1,0", False, "-2,0 -1,0 0,0 1,0"),  # back over the track shortens the end
        ("-1,0", True, "-1,0 0,0 1,0 2,0"),  # ... and the start
        ("2,-1 2,-2", False, "-2,0 -1,0 0,0 1,0 2,0 2,-1 2,-2"),  # turning corners
    ],
)
def test_extend_either_end(tracked: HexMap, steps: str, at_start: bool, expected: str) -> None:
    edit = track_extend(tracked, RED, hexes(steps), at_start)
    assert edit.map.track(RED) == hexes(expected)
    assert set(ROW) <= edit.hexes or set(edit.map.track(RED)) <= edit.hexes


@pytest.mark.parametrize(
    ("steps", "at_start", "reason"),
    [
        ("4,0", False, "not next to the RED track's end 2,0"),
        ("-4,0", True, "not next to the RED track's end -2,0"),  # the start is the end being walked
        ("9,9", False, "not on the map"),
    ],
)
def test_extend_refuses_with_a_reason(tracked: HexMap, steps: str, at_start: bool, reason: str) -> None:
    with pytest.raises(EditRefused, match=reason):
        track_extend(tracked, RED, hexes(steps), at_start)


@pytest.mark.parametrize(
    ("at", "keep_end", "expected"),
    [
        ("0,0", False, "-2,0 -1,0 0,0"),
        ("0,0", True, "0,0 1,0 2,0"),
        ("-2,0", True, "-2,0 -1,0 0,0 1,0 2,0"),
        ("2,0", False, "-2,0 -1,0 0,0 1,0 2,0"),
    ],
)
def test_trim_at_either_end(tracked: HexMap, at: str, keep_end: bool, expected: str) -> None:
    assert track_trim(tracked, RED, H(at), keep_end).map.track(RED) == hexes(expected)


def test_trim_refuses_a_hex_off_the_track(tracked: HexMap) -> None:
    with pytest.raises(EditRefused, match="not a step"):
        track_trim(tracked, RED, H("0,1"))


@pytest.mark.parametrize(
    ("a", "via", "b", "expected"),
    [
        # insert: a detour between neighbours 0,0 and 1,0 through their common neighbour 1,-1
        ("0,0", "1,-1", "1,0", "-2,0 -1,0 0,0 1,-1 1,0 2,0"),
        # reroute: replace -1,0 0,0 1,0 by a bend through row -1
        ("-2,0", "-1,-1 0,-1 1,-1 2,-1", "2,0", "-2,0 -1,-1 0,-1 1,-1 2,-1 2,0"),
        # drawn backwards (from the later step to the earlier one): the track keeps its direction
        ("2,0", "2,-1 1,-1 0,-1 -1,-1", "-2,0", "-2,0 -1,-1 0,-1 1,-1 2,-1 2,0"),
        # the detour may run over the steps it replaces
        ("-2,0", "-1,-1 -1,0", "0,0", "-2,0 -1,-1 -1,0 0,0 1,0 2,0"),
        # a shortcut: empty detour between neighbouring steps drops nothing here, the steps between go
        ("-1,0", "", "0,0", "-2,0 -1,0 0,0 1,0 2,0"),
    ],
)
def test_reroute_in_the_middle(tracked: HexMap, a: str, via: str, b: str, expected: str) -> None:
    edit = track_reroute(tracked, RED, H(a), hexes(via) if via else (), H(b))
    assert edit.map.track(RED) == hexes(expected)


def test_reroute_shortcut_drops_a_loop(small_map: HexMap) -> None:
    loop = small_map.with_feature_part("tracks", RED, hexes("0,0 1,0 1,1 0,1 -1,1"))
    assert track_reroute(loop, RED, H("0,0"), (), H("0,1")).map.track(RED) == hexes("0,0 0,1 -1,1")


@pytest.mark.parametrize(
    ("a", "via", "b", "reason"),
    [
        ("0,0", "0,2", "1,0", "not neighbours"),
        ("-2,0", "-1,-1 0,-2", "0,0", "not neighbours"),
        ("0,0", "", "0,0", "another step"),
        ("0,0", "", "0,3", "not on it"),
    ],
)
def test_reroute_refuses_with_a_reason(tracked: HexMap, a: str, via: str, b: str, reason: str) -> None:
    with pytest.raises(EditRefused, match=reason):
        track_reroute(tracked, RED, H(a), hexes(via) if via else (), H(b))


def test_reroute_may_not_cross_the_kept_track(small_map: HexMap) -> None:
    m = small_map.with_feature_part("tracks", RED, hexes("-2,0 -1,0 0,0 1,0 1,-1 0,-1"))
    with pytest.raises(EditRefused, match="crosses"):
        track_reroute(m, RED, H("-2,0"), hexes("-1,-1 0,-1 0,0"), H("1,0"))


def test_remove_end_steps(tracked: HexMap) -> None:
    assert remove_end_step(tracked, RED).map.track(RED) == ROW[:-1]
    assert remove_end_step(tracked, RED, at_start=True).map.track(RED) == ROW[1:]
    assert remove_end_step(tracked.with_feature_part("tracks", RED, ()), RED).is_noop


def test_symmetric_partner_follows_both_ends(small_map: HexMap) -> None:
    sym = SymmetryMode(SymmetryKind.ROT180, (0, 0))
    m = small_map.with_feature_part("tracks", RED, hexes("-3,0 -2,0")).with_feature_part("tracks", Team.BLU, hexes("3,0 2,0"))
    m = track_extend(m, RED, [H("-4,0")], at_start=True, sym=sym).map
    assert m.track(Team.BLU) == hexes("4,0 3,0 2,0")


@pytest.mark.parametrize(
    ("path", "covered", "segment", "expected"),
    [
        ("", "0,0 1,0", "0,0 1,0", "0,0 1,0"),  # no track yet: the segment is the track
        ("-2,0 -1,0", "0,0 1,0", "0,0 1,0", "-2,0 -1,0 0,0 1,0"),  # joins the end
        ("2,0 3,0", "0,0 1,0", "0,0 1,0", "0,0 1,0 2,0 3,0"),  # joins the start
        ("-1,0 0,0 1,0 2,0", "0,0 1,0", "0,-1 1,-1", "-1,0 0,-1 1,-1 2,0"),  # replaces the run it covers
        ("-1,0 0,0 1,0 2,0", "0,0 1,0", "1,-1 0,-1", "-1,0 0,-1 1,-1 2,0"),  # turned round to join
        ("-3,0 -2,0", "2,0 3,0", "2,0 3,0", "-3,0 -2,0 2,0 3,0"),  # far away: after the end (a gap)
    ],
)
def test_splice_segment(path: str, covered: str, segment: str, expected: str) -> None:
    p = hexes(path) if path else ()
    assert splice_segment(p, set(hexes(covered)), hexes(segment)) == hexes(expected)


# -- gestures ------------------------------------------------------------------------------


def _start(window, path: tuple[Hex, ...]) -> None:  # type: ignore[no-untyped-def]
    window.doc.apply(window.doc.map.with_feature_part("tracks", RED, path), "track")
    window.doc.undo_stack.setClean()
    key(window.view, "Shift+R")
    assert window.tool.key == "track-red"


def test_drag_from_the_start_extends_the_start(window, mouse) -> None:  # type: ignore[no-untyped-def]
    _start(window, ROW)
    count = window.doc.undo_stack.count()
    mouse.drag([H("-2,0"), H("-3,0"), H("-4,1")])  # press on the start and drag away from it
    assert window.doc.map.track(RED) == hexes("-4,1 -3,0") + ROW
    assert window.doc.undo_stack.count() == count + 1  # one undo step for the stroke
    mouse.click(H("-4,2"))  # a click next to the start extends it too
    assert window.doc.map.track(RED)[0] == H("-4,2")


def test_drag_from_the_end_with_gaps_filled(window, mouse) -> None:  # type: ignore[no-untyped-def]
    _start(window, ROW)
    mouse.drag([H("2,0"), H("4,0")])  # the pointer jumped over 3,0
    assert window.doc.map.track(RED)[-3:] == hexes("2,0 3,0 4,0")


def test_detour_in_the_middle(window, mouse) -> None:  # type: ignore[no-untyped-def]
    _start(window, ROW)
    mouse.drag([H("-1,0"), H("-1,-1"), H("0,-1"), H("1,-1"), H("1,0")])
    assert window.doc.map.track(RED) == hexes("-2,0 -1,0 -1,-1 0,-1 1,-1 1,0 2,0")
    assert not window.view.preview.hexes  # the detour preview is gone
    key(window.view, "Ctrl+Z")
    assert window.doc.map.track(RED) == ROW


def test_detour_previews_then_refuses_ending_off_the_track(window, mouse) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    _start(window, ROW)
    vp = window.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mouse.point(H("0,0")))
    QTest.mouseMove(vp, mouse.point(H("0,-1")))
    QTest.mouseMove(vp, mouse.point(H("0,-2")))
    assert window.view.preview.hexes == {H("0,-1"), H("0,-2")}
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mouse.point(H("0,-2")))
    assert window.doc.map.track(RED) == ROW
    assert "release on a step" in window.view.toast_text


def test_clicks_cut_either_end_and_right_click_drops_a_step(window, mouse) -> None:  # type: ignore[no-untyped-def]
    _start(window, ROW)
    mouse.click(H("1,0"))  # cut back to it
    assert window.doc.map.track(RED) == hexes("-2,0 -1,0 0,0 1,0")
    mouse.click(H("-1,0"), mods=Qt.KeyboardModifier.ShiftModifier)  # Shift: cut the start
    assert window.doc.map.track(RED) == hexes("-1,0 0,0 1,0")
    mouse.click(H("-1,0"), Qt.MouseButton.RightButton)  # right-click on the start drops the first step
    assert window.doc.map.track(RED) == hexes("0,0 1,0")
    mouse.click(H("3,3"), Qt.MouseButton.RightButton)  # elsewhere: the last step
    assert window.doc.map.track(RED) == hexes("0,0")


def test_a_click_next_to_neither_end_says_why(window, mouse) -> None:  # type: ignore[no-untyped-def]
    _start(window, ROW)
    mouse.click(H("0,3"))
    assert window.doc.map.track(RED) == ROW
    assert "start -2,0 or end 2,0" in window.view.toast_text


def test_erasing_a_middle_step_says_at_once_that_the_track_now_jumps(window, mouse) -> None:  # type: ignore[no-untyped-def]
    """Erased from the middle (the eraser, or Delete on a selection), the track jumped over the hole with only the
    validator's HF107 to say so (a new-user audit): the notice names the jump and what to do."""
    _start(window, ROW)
    key(window.view, "E")
    mouse.click(H("0,0"))
    assert window.doc.map.track(RED) == hexes("-2,0 -1,0 1,0 2,0")
    assert "RED's cart track now jumps from -1,0 to 1,0" in window.view.toast_text
    assert "reroute it with the cart-track tool, or undo" in window.view.toast_text
    window.doc.undo_stack.undo()
    window.state.set_selection({H("1,0")})
    window.action_handler.delete_selection()
    assert "jumps from 0,0 to 2,0" in window.view.toast_text


def test_an_edit_that_leaves_the_tracks_whole_says_nothing_of_them() -> None:
    from editor.track_edits import new_jumps
    from engine.mapmodel import Cell, MapMeta

    m = HexMap.create(MapMeta("t"), {Hex(q, 0): Cell() for q in range(-3, 4)})
    a = m.with_feature_part("tracks", RED, hexes("-2,0 -1,0 0,0"))
    assert new_jumps(a, a.with_feature_part("tracks", RED, hexes("-2,0 -1,0 0,0 1,0"))) == ("", ())
    jumped = a.with_feature_part("tracks", RED, hexes("-2,0 0,0"))
    assert new_jumps(jumped, jumped.with_feature_part("tracks", RED, hexes("-2,0 0,0 1,0"))) == ("", ())  # old jump


def test_a_pasted_copy_of_a_whole_track_is_said_to_jump(tracked: HexMap) -> None:
    """Ctrl+A, Ctrl+C, Ctrl+V elsewhere joined the copied track onto RED's one track across the map (a new-user
    audit): the paste is kept (undo takes it back) and the jump it made is named."""
    from editor.edits import fragment_of, paste_fragment
    from editor.track_edits import new_jumps

    frag = fragment_of(tracked, set(ROW), ROW[0])
    pasted = paste_fragment(tracked, frag, H("-2,3")).map
    said, where = new_jumps(tracked, pasted)
    assert said.startswith("RED's cart track now jumps from 2,0 to -2,3") and set(where) == {H("2,0"), H("-2,3")}
