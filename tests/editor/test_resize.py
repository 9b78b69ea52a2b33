"""Resize, crop and shift a map: the frame changes, the content is kept (or what is cut is reported)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog

from editor.edit_result import EditRefused
from editor.newmap import Shape, blank_map
from editor.resize import Margins, crop_margins, grid_box, grid_size, resize_map
from editor.scenario_setup import ScenarioSetup
from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap, MapEditError, Orientation, Team, Terrain
from engine.scenario import TeamSetup, UnitStart


def _rect(orientation: Orientation = Orientation.POINTY) -> HexMap:
    m = blank_map(Shape.RECTANGLE, 6, 4, orientation)
    return m.with_cell(Hex(1, 1), Cell(2, Terrain.WALL)).with_kits([Hex(0, 0)]).with_feature_part("tracks",
        Team.RED, [Hex(2, 0), Hex(3, 0)])


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize(
    ("margins", "size", "added"),
    [
        (Margins(1, 0, 2, 0), (9, 4), 12),
        (Margins(0, 1, 0, 2), (6, 7), 18),
        (Margins(2, 2, 2, 2), (10, 8), 56),
        (Margins(), (6, 4), 0),
    ],
)
def test_growing_keeps_every_hex_and_feature(orientation: Orientation, margins: Margins, size: tuple[int, int],
                                             added: int) -> None:
    m = _rect(orientation)
    r = resize_map(m, margins)
    assert grid_size(r.map) == size and r.added == added and not r.removed and not r.lost
    assert all(r.map.cells[h] == c for h, c in m.cells.items())  # nothing moved, nothing changed
    assert r.map.kits == m.kits and r.map.tracks == m.tracks


def test_growing_without_fill_only_changes_nothing() -> None:
    m = _rect()
    r = resize_map(m, Margins(3, 3, 3, 3), fill=False)
    assert r.map == m and r.added == 0


def test_cutting_reports_what_is_lost() -> None:
    m = _rect()
    r = resize_map(m, Margins(left=-1, top=-1))
    assert grid_size(r.map) == (5, 3)
    assert Hex(0, 0) not in r.map and not r.map.kits
    assert r.lost == ("1 first-aid kit", "2 RED track steps")  # row 0 held the whole track
    assert "cut" in r.summary() and "losing 1 first-aid kit, 2 RED track steps" in r.summary()


@pytest.mark.parametrize("shift", [(1, 0), (0, 2), (2, 1), (-1, -3)])
def test_shift_is_rigid(shift: tuple[int, int]) -> None:
    m = _rect()
    r = resize_map(m, Margins(3, 3, 3, 3), shift, fill=False)
    assert len(r.map) == len(m)  # grown frame, nothing cut
    for h, c in m.cells.items():  # every hex moved by the same vector, neighbours kept
        assert r.map.cells[h + r.vector] == c
    assert r.map.track(Team.RED) == tuple(h + r.vector for h in m.track(Team.RED))


def test_shift_moves_scenario_units_and_frees_cut_ones() -> None:
    m = _rect()
    setup = ScenarioSetup(teams={Team.RED: TeamSetup((), (UnitStart("scout", Hex(3, 2)), UnitStart("soldier", Hex(0, 0))))})
    r = resize_map(m, Margins(left=-1), (0, 0), True, setup)
    assert r.scenario is not None
    units = r.scenario.teams[Team.RED].starting
    assert units[0].hex == Hex(3, 2) and units[1].hex is None
    assert any("soldier" in x for x in r.lost)


def test_nothing_left_is_refused() -> None:
    with pytest.raises(EditRefused, match="cannot lose"):
        resize_map(_rect(), Margins(left=-6))


@pytest.mark.parametrize(
    ("margins", "fill", "message"),
    [
        (Margins(right=395), False, "at most 400 × 400"),
        (Margins(bottom=200, right=200), True, "42,024 hexes; a map has at most 40,000"),
    ],
)
def test_a_frame_no_map_file_holds_is_refused(margins: Margins, fill: bool, message: str) -> None:
    with pytest.raises(EditRefused, match=message):
        resize_map(_rect(), margins, fill=fill)


def test_a_slanted_map_of_the_most_hexes_saves_and_opens_again(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A 200 × 200 parallelogram: 40,000 hexes in rows of ~50,000 places (holes around the slant)."""
    from engine.formats import load_map, save_map

    m = HexMap.blank(Hex(q, r) for q in range(200) for r in range(200))
    with pytest.raises(MapEditError, match="at most 40,000 hexes"):
        m.with_cells({Hex(-1, 0): Cell(0)})
    save_map(m, tmp_path / "big.map.json")
    assert load_map(tmp_path / "big.map.json").cells == m.cells


def test_crop_margins_fit_the_selection() -> None:
    m = _rect()
    sel = [Hex(1, 1), Hex(2, 1), Hex(1, 2)]
    r = resize_map(m, crop_margins(m, sel), fill=False)
    assert grid_box(r.map) == grid_box(m, sel)


def test_resize_dialog_then_undo(window, monkeypatch, small_map) -> None:  # type: ignore[no-untyped-def]
    from editor import action_handler

    seen: list[str] = []

    class Grow(action_handler.ResizeDialog):
        def exec(self) -> int:  # type: ignore[override]
            self.spins["right"].setValue(2)
            self.shift_cols.setValue(1)
            seen.append(self.summary.text())
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(action_handler, "ResizeDialog", Grow)
    cols, rows = grid_size(small_map)
    window.action_handler.act_resize.trigger()
    m = window.doc.map
    assert grid_size(m) == (cols + 2, rows)
    assert seen and "new hexes" in seen[0]
    assert Hex(-4, 2) + Hex(1, 0) in m.spawns[Team.RED]  # the spawn moved with the ground
    assert window.doc.undo_stack.count() == 1
    window.action_handler.act_undo.trigger()
    assert window.doc.map == small_map


def test_crop_to_selection_action(window, small_map) -> None:  # type: ignore[no-untyped-def]
    assert not window.action_handler.act_crop.isEnabled()
    window.state.set_selection([Hex(0, 0), Hex(1, 0), Hex(0, 1)])
    assert window.action_handler.act_crop.isEnabled()
    window.action_handler.act_crop.trigger()
    assert grid_size(window.doc.map) == (2, 2)
    assert not window.doc.map.kits  # the kit at 0,3 was outside: cut, and said so
    assert "first-aid kit" in window.statusBar().currentMessage()
