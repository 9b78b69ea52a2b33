"""Zoom and pan by wheel, keys and middle drag; map properties; export and print from the menus."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog

from editor import filedialogs
from editor.main_window import direction_arrow
from engine.hexgrid import Hex
from engine.mapmodel import MapMeta, Mode, Orientation
from tests.editor.conftest import key


def test_zoom_keys_wheel_and_fit(window) -> None:  # type: ignore[no-untyped-def]
    v = window.view
    fitted = v.zoom
    key(v, Qt.Key.Key_Plus)
    assert v.zoom > fitted
    key(v, "Ctrl+0")
    assert abs(v.zoom - fitted) < 1e-6
    pos = QPointF(v.viewport().rect().center())
    ev = QWheelEvent(pos, v.viewport().mapToGlobal(pos), QPoint(), QPoint(0, 240), Qt.MouseButton.NoButton,
                     Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(v.viewport(), ev)
    assert v.zoom > fitted
    v.set_zoom(100)
    assert v.zoom == 8.0  # clamped


def test_middle_drag_and_space_drag_pan(window) -> None:  # type: ignore[no-untyped-def]
    v = window.view
    v.set_zoom(3.0)
    vp = v.viewport()
    bar = v.horizontalScrollBar()
    start = bar.value()
    QTest.mousePress(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(400, 300))
    QTest.mouseMove(vp, QPoint(300, 300))
    QTest.mouseRelease(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(300, 300))
    assert bar.value() > start
    count = window.doc.undo_stack.count()
    QTest.keyPress(v, Qt.Key.Key_Space)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(300, 300))
    QTest.mouseMove(vp, QPoint(420, 300))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(420, 300))
    QTest.keyRelease(v, Qt.Key.Key_Space)
    assert window.doc.undo_stack.count() == count  # space-drag pans, never paints


def test_bringing_hexes_into_view_scrolls_only_for_hexes_off_screen(window) -> None:  # type: ignore[no-untyped-def]
    """A balance proposal's preview: hexes already on screen leave the map where the user put it (a new-user audit
    saw half the map scrolled away for a hex in plain view); a hex off screen is scrolled to."""
    v = window.view
    v.set_zoom(3.0)
    shown = v.mapToScene(v.viewport().rect()).boundingRect()
    inside = min(window.doc.map.cells, key=lambda h: (v.renderer.center(h) - shown.center()).manhattanLength())
    bars = (v.horizontalScrollBar().value(), v.verticalScrollBar().value())
    v.bring_into_view([inside])
    assert (v.horizontalScrollBar().value(), v.verticalScrollBar().value()) == bars
    outside = max(window.doc.map.cells, key=lambda h: (v.renderer.center(h) - shown.center()).manhattanLength())
    assert not shown.contains(v.renderer.center(outside))
    v.bring_into_view([outside])
    assert v.mapToScene(v.viewport().rect()).boundingRect().contains(v.renderer.center(outside))


def test_map_properties_are_undoable(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from editor import action_handler

    class Props(action_handler.MapPropertiesDialog):
        def exec(self) -> int:  # type: ignore[override]
            self.name.setText("Renamed")
            self.author.setText("me")
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(action_handler, "MapPropertiesDialog", Props)
    window.act_props.trigger()
    assert window.doc.map.meta == MapMeta("Renamed", "me", "", (Mode.KOTH, Mode.PAYLOAD), Orientation.POINTY)
    assert "Renamed" in window.windowTitle()
    window.doc.undo_stack.undo()
    assert window.doc.map.meta.name == "Small"


def test_export_and_print_from_the_menu(window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from editor import document_manager

    out = {"png": tmp_path / "m.png", "svg": tmp_path / "m.svg", "pdf": tmp_path / "m.pdf"}
    which = iter(["png", "svg", "pdf"])
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: str(out[next(which)]))

    class Export(document_manager.ExportDialog):
        def exec(self) -> int:  # type: ignore[override]
            self.hex_px.setValue(12.0)
            self.coords.setChecked(True)
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(document_manager, "ExportDialog", Export)
    window.act_export_png.trigger()
    window.act_export_svg.trigger()

    class Print(document_manager.PrintDialog):
        def exec(self) -> int:  # type: ignore[override]
            self.page.setCurrentText("Letter")
            self.hex_mm.setValue(30.0)
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(document_manager, "PrintDialog", Print)
    window.act_print.trigger()
    assert all(p.stat().st_size > 1000 for p in out.values())
    from PySide6.QtGui import QImage

    assert QImage(str(out["png"])).width() < 300  # 12 px hexes
    assert "page" in window.statusBar().currentMessage()


def test_stairs_arrows_follow_the_orientation() -> None:
    assert direction_arrow(0, Orientation.POINTY) == "→"
    assert direction_arrow(2, Orientation.FLAT) == "↑"


def test_problem_highlight_follows_the_selected_problem(window) -> None:  # type: ignore[no-untyped-def]
    window.problems.tree.setCurrentItem(None)
    assert not window.view.problem_marks.hexes
    item = next(i for i in window.problems.problem_items() if i.data(0, 256).hexes)
    window.problems.tree.setCurrentItem(item)
    assert window.view.problem_marks.hexes
    _ = Hex


@pytest.mark.parametrize("save", [False, True])
def test_file_dialogs_open_big_enough_with_fitted_columns(qtbot, tmp_path: Path, save: bool) -> None:  # type: ignore[no-untyped-def]
    """Qt's file dialog opened at ~630 px wide and cut its columns to "JS…ma"."""
    from PySide6.QtWidgets import QFileDialog, QHeaderView, QTreeView

    (tmp_path / "a_rather_long_map_name.map.json").write_text("{}")
    d = filedialogs.make_dialog(None, "Open", str(tmp_path), "hexfort maps (*.json)", save)
    qtbot.addWidget(d)
    assert d.acceptMode() is (QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    assert d.width() >= filedialogs.DEFAULT_SIZE.width() and d.height() >= filedialogs.DEFAULT_SIZE.height()
    view = d.findChild(QTreeView, "treeView")
    if view is None:
        pytest.skip("a native file dialog: the platform lays it out")
    header = view.header()
    assert header.sectionResizeMode(0) is QHeaderView.ResizeMode.Stretch
    assert all(header.sectionResizeMode(c) is QHeaderView.ResizeMode.ResizeToContents for c in range(1, header.count()))
    d.show()
    qtbot.waitUntil(lambda: view.model().rowCount(view.rootIndex()) > 0, timeout=5000)
    qtbot.wait(50)
    for c in range(1, header.count()):  # every size, type and date shown whole
        index = view.model().index(0, c, view.rootIndex())
        needed = view.sizeHintForColumn(c)
        assert header.sectionSize(c) >= needed, (c, view.model().data(index))


def test_a_map_opens_fitted_to_its_view_and_keeps_fitting_until_the_user_zooms(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Canal (a wide map) opened in a new tab shows every hex, and resizing the window refits it; a zoom by the
    user is kept."""
    repo = Path(__file__).resolve().parents[2]
    window.documents.open_path(repo / "maps" / "payload_canal.map.json", ask=False)
    qtbot.wait(20)
    v = window.view
    vp = v.viewport().rect()

    def all_in_view() -> bool:
        r = v.mapFromScene(v.renderer.map_rect(v.doc.map, 1)).boundingRect()
        return vp.contains(r.adjusted(2, 2, -2, -2))

    assert v.doc.path is not None and v.doc.path.name == "payload_canal.map.json"
    assert all_in_view()
    window.resize(1100, 760)
    qtbot.wait(20)
    vp = v.viewport().rect()
    assert all_in_view()
    key(v, Qt.Key.Key_Plus)
    zoomed = v.zoom
    window.resize(1300, 860)
    qtbot.wait(20)
    assert v.zoom == zoomed


def test_the_window_fits_the_screen_on_a_first_start_and_comes_back_where_it_was_closed(  # type: ignore[no-untyped-def]
        qtbot, small_map, settings, paths) -> None:
    from editor.main_window import MainWindow

    first = MainWindow(small_map, None, settings=settings, paths=paths)
    qtbot.addWidget(first)
    room = first.screen().availableGeometry()  # 800×800 on the offscreen platform
    least = first.minimumSizeHint()  # what the toolbars and docks need at the least
    assert first.width() <= max(room.width(), least.width()) < 1500 and first.height() <= room.height()
    first.show()
    qtbot.waitExposed(first)
    first.resize(room.width() * 2 // 3, room.height() * 2 // 3)
    size = first.size()
    assert first.close()
    again = MainWindow(small_map, None, settings=settings, paths=paths)
    qtbot.addWidget(again)
    assert again.size() == size


def test_every_tool_shows_on_a_screen_under_1000_pixels_tall_and_the_height_swatches_carry_no_text(  # type: ignore[no-untyped-def]
        qtbot, small_map, settings, paths) -> None:
    """At 1400×900 the tools column hid its last four tools (stamps, symmetry centre) behind a » button and the
    options bar its symmetry box: the column keeps the style's icon size on short screens, and the height buttons
    show their swatch (which carries the level) without "Height 1" beside it."""
    from PySide6.QtWidgets import QToolBar, QToolButton

    from editor.main_window import MainWindow

    w = MainWindow(small_map, None, settings=settings, paths=paths)
    qtbot.addWidget(w)
    w.resize(w.width(), w.screen().availableGeometry().height())  # 800 pixels tall on the offscreen platform
    w.show()
    qtbot.waitExposed(w)
    tools = w.findChild(QToolBar, "tools")
    buttons = [tools.widgetForAction(a) for a in tools.actions() if not a.isSeparator()]
    # every tool but Starting units (Tools menu, key N and the Scenario panel's button: a 22nd did not fit)
    assert len(buttons) == len(w.tools) - 1 == 21 and all(b is not None and b.isVisible() for b in buttons)
    options = w.findChild(QToolBar, "options")
    swatches = [options.widgetForAction(a) for a in w.height_actions]
    assert all(isinstance(b, QToolButton) and b.toolButtonStyle() is Qt.ToolButtonStyle.ToolButtonIconOnly
               for b in swatches)
