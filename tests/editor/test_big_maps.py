"""The editor on big maps: the first view fills in over several frames, and a 40,000-hex map
opens and is validated without the window freezing."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.canvas import items
from editor.render.painter import MapRenderer, RenderOptions, layout_for
from engine.formats import save_map
from engine.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube
from engine.mapmodel import Cell, HexMap, MapMeta, Mode, Team, Terrain


def hex_at(col: int, row: int) -> Hex:
    """The hex in column ``col`` of row ``row`` of a map file's rows."""
    return roffset_to_cube(ODD, OffsetCoord(col, row))


def striped_map(side: int) -> HexMap:
    """A ``side`` × ``side`` map (odd-row offset rows, as files store them) with heights, walls,
    low obstacles and stairs in stripes."""
    cells = {}
    for row in range(side):
        for col in range(side):
            k = (3 * col + 5 * row) % 11
            cells[hex_at(col, row)] = (
                Cell(0, Terrain.WALL) if k == 0 else Cell(1, Terrain.LOW) if k == 1
                else Cell(0, Terrain.STAIRS, (col + row) % 6) if k == 2 else Cell(k % 3)
            )
    return HexMap.create(MapMeta("stripes"), cells)


def _paint(r: MapRenderer, m: HexMap, budget: float | None) -> QImage:
    rect = r.map_rect(m, 1)
    img = QImage(600, 600, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    s = min(600 / rect.width(), 600 / rect.height())
    p.scale(s, s)
    p.translate(-rect.left(), -rect.top())
    r.paint(p, m, rect, RenderOptions(), budget_s=budget)
    p.end()
    return img


def record_paints(renderer: MapRenderer, monkeypatch) -> list[bool]:  # type: ignore[no-untyped-def]
    """After each paint of ``renderer``, whether it left ground out (appended to the returned list)."""
    out: list[bool] = []
    real_paint = renderer.paint

    def paint(*args, **kw):  # type: ignore[no-untyped-def]
        n = real_paint(*args, **kw)
        out.append(renderer.incomplete)
        return n

    monkeypatch.setattr(renderer, "paint", paint)
    return out


def test_a_paint_out_of_budget_leaves_ground_out_and_later_paints_finish_it(qapp) -> None:  # type: ignore[no-untyped-def]
    """With no time to spare each paint builds one chunk more; the last equals one full paint."""
    m = striped_map(40)
    full = _paint(MapRenderer(layout_for(m.meta.orientation)), m, None)
    r = MapRenderer(layout_for(m.meta.orientation))
    first = _paint(r, m, 0.0)
    assert r.incomplete and not r.missing.isEmpty()
    assert first != full
    paints = 1
    while r.incomplete and paints < 100:
        last = _paint(r, m, 0.0)
        paints += 1
    assert 5 < paints < 100 and r.missing.isEmpty()
    assert last == full


def test_the_map_item_fills_in_what_a_paint_left_out(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The canvas builds the missing ground slice by slice and repaints each slice, with no input
    from the user, until nothing is left out."""
    monkeypatch.setattr(items, "PAINT_BUDGET_S", 0.0)
    win = make_window(striped_map(40))
    item, renderer = win.view.map_item, win.view.renderer
    incomplete = record_paints(renderer, monkeypatch)
    renderer.set_map(win.doc.map)  # drop the caches the first show filled
    item.update()
    qtbot.waitUntil(lambda: bool(incomplete) and not item.filling, timeout=20_000)
    assert incomplete[0] and len(incomplete) >= 5  # the first paint left ground out; slices followed
    assert renderer.build_missing(renderer.map_rect(win.doc.map, 1), 0.0).isEmpty()  # none left to build


@pytest.mark.slow
def test_a_40000_hex_map_opens_and_is_checked_off_the_ui_thread(make_window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The largest map the format allows: its first view is drawn over several paints and every
    check of it runs in the worker thread, so the window keeps answering (bench/editor_big_map.py
    measures how long the UI thread is ever busy at once)."""
    from editor import problem_runner

    m = striped_map(200)
    red, blu = [hex_at(c, 0) for c in range(3)], [hex_at(199 - c, 199) for c in range(3)]
    point = hex_at(100, 100)
    cells = dict(m.cells) | dict.fromkeys(red + blu, Cell(0)) | {point: Cell(2)}
    m = HexMap.create(m.meta, cells, {Team.RED: red, Team.BLU: blu}, (), [[point]])
    assert len(m) == 40_000
    path = tmp_path / "huge.map.json"
    save_map(m, path)
    monkeypatch.setattr(QMessageBox, "critical", lambda _w, _t, text: pytest.fail(text))
    checked_on: list[str] = []
    real_checks = problem_runner.run_checks

    def run_checks(*args):  # type: ignore[no-untyped-def]
        checked_on.append(threading.current_thread().name)
        return real_checks(*args)

    monkeypatch.setattr(problem_runner, "run_checks", run_checks)
    win = make_window(HexMap.blank([Hex(0, 0)]))
    renderer = win.view.renderer
    paints = record_paints(renderer, monkeypatch)
    checked_on.clear()
    got: list[list[object]] = []
    win.runner.updated.connect(got.append)
    assert win.open_path(path, ask=False)
    deadline = time.perf_counter() + 120
    item = win.view.map_item
    while (not got or not got[-1] or win.runner.pending or item.filling) and time.perf_counter() < deadline:
        QApplication.processEvents()
        time.sleep(0.001)
    assert got and got[-1] and not win.runner.pending and not item.filling
    assert checked_on and all(name.startswith("hexfort-check") for name in checked_on), checked_on
    assert True in paints and len(paints) >= 5 and paints[-1] is False  # filled in over several paints
    win.doc.undo_stack.setClean()


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("mode", [Mode.KOTH, Mode.PAYLOAD])
def test_the_exposure_overlay_counts_what_one_sight_check_per_pair_counts(seed: int, mode: Mode) -> None:
    """The overlay sweeps once per point hex (a 40,000-hex map took seconds pair by pair); the
    numbers are the ones the pairwise count gives, under either game's sight rule."""
    from editor.overlays import control_point_exposure
    from engine.rules.board import Board
    from engine.rules.sight import Sight
    from tests.engine.test_validation_scaling import random_koth_map

    m = random_koth_map(seed)
    m = HexMap.create(MapMeta("both", modes=(mode,)), dict(m.cells), m.spawns, (), m.control_points)
    board = Board.for_map(m)
    sight = Sight.for_board(board, mode is not Mode.PAYLOAD)
    cp = [board.index[h] for point in m.control_points for h in point]
    for team in Team:
        got = control_point_exposure(m, team)
        reach = overlay_reach(m, team, mode)
        want = {board.hexes[i]: n for i in reach if i not in cp and (n := sum(sight.sees(i, j) for j in cp))}
        assert got == want


def overlay_reach(m: HexMap, team: Team, mode: Mode) -> list[int]:
    """Where the overlay's walkers get to: the mode's climbing rule, the team's closed enemy base."""
    from engine.rules.board import Board
    from engine.rules.movement import Climb, MoveProfile, flood

    starts = [h for h in m.spawns.get(team, ()) if m.cells[h].terrain is not Terrain.WALL]
    climb = Climb.STAIRS_ONLY if mode is Mode.PAYLOAD else Climb.ONE_LEVEL
    return flood(Board.for_map(m), starts, MoveProfile(climb, team=team)).indices() if starts else []


def test_a_slice_due_after_its_window_closed_is_let_go(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A budgeted paint leaves a slice for a timer; when the tab or window closes first, the item is gone by the time
    the timer fires, and the slice is dropped without touching it (a loaded machine's run of the tabs tests raised
    "Internal C++ object (MapItem) already deleted" from that timer, in the Qt event loop)."""
    from shiboken6 import delete, isValid

    monkeypatch.setattr(items, "PAINT_BUDGET_S", 0.0)
    win = make_window(striped_map(40))
    item, renderer = win.view.map_item, win.view.renderer
    renderer.set_map(win.doc.map)  # drop the caches the first show filled: the next paint leaves ground out
    item.update()
    qtbot.waitUntil(lambda: item.filling, timeout=20_000)
    delete(item)  # as a closed tab's scene deletes its items, before the slice's timer fires
    assert not isValid(item)
    qtbot.waitUntil(lambda: not item.filling, timeout=20_000)  # the timer fired, found the item gone, and stopped
