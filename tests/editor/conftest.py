"""Fixtures for editor tests: small maps, a main window, and real mouse gestures on the canvas."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from editor.playtest.installed import PACKAGES  # noqa: E402
from engine.hexgrid import Hex, hex_spiral  # noqa: E402
from engine.mapmodel import Cell, HexMap, MapMeta, Mode, Team  # noqa: E402

# The test-only fourth mode (tests/toymode), installed beside the bundled ones: its playtest side.
PACKAGES.install("tests.toymode.playtest")


@pytest.fixture
def small_map() -> HexMap:
    """A radius-4 hexagon of open ground (61 hexes) with a few features."""
    cells = {h: Cell() for h in hex_spiral(Hex(0, 0), 4)}
    return HexMap.create(
        MapMeta(name="Small", modes=(Mode.KOTH, Mode.PAYLOAD)),
        cells,
        spawns={Team.RED: [Hex(-4, 2)], Team.BLU: [Hex(4, -2)]},
        kits=[Hex(0, 3)],
    )


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Editor settings kept in a temporary ini file (never the user's)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def paths(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The editor's data and cache folders, kept in the test's temporary folder (never the user's)."""
    from editor.paths import EditorPaths

    return EditorPaths(tmp_path / "data", tmp_path / "cache")


@pytest.fixture
def make_window(qtbot, settings, paths):  # type: ignore[no-untyped-def]
    """Build a shown MainWindow on a map; the map is zoomed so hexes are big enough to hit."""
    from editor.main_window import MainWindow

    def make(m: HexMap, path: Path | None = None) -> MainWindow:
        win = MainWindow(m, path, settings=settings, paths=paths)
        win.documents.check_delay_ms = 0
        win.runner.delay_ms = 0
        qtbot.addWidget(win)
        win.resize(1400, 900)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        return win

    return make


@pytest.fixture
def window(make_window, small_map):  # type: ignore[no-untyped-def]
    """A MainWindow on :func:`small_map`."""
    return make_window(small_map)


class Mouse:
    """Real mouse gestures on a MapView's viewport, addressed by hex."""

    def __init__(self, view) -> None:  # type: ignore[no-untyped-def]
        self.view = view

    def point(self, h: Hex) -> QPoint:
        """The viewport pixel at the centre of ``h``."""
        c = self.view.renderer.center(h)
        return self.view.mapFromScene(QPointF(c.x(), c.y()))

    def click(self, h: Hex, button: Qt.MouseButton = Qt.MouseButton.LeftButton,
              mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """Press and release on ``h``."""
        vp = self.view.viewport()
        QTest.mouseMove(vp, self.point(h))
        QTest.mousePress(vp, button, mods, self.point(h))
        QTest.mouseRelease(vp, button, mods, self.point(h))

    def drag(self, hexes: Iterable[Hex], button: Qt.MouseButton = Qt.MouseButton.LeftButton,
             mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """Press on the first hex, move through the others, release on the last."""
        hs = list(hexes)
        vp = self.view.viewport()
        QTest.mouseMove(vp, self.point(hs[0]))
        QTest.mousePress(vp, button, mods, self.point(hs[0]))
        for h in hs[1:]:
            QTest.mouseMove(vp, self.point(h))
        QTest.mouseRelease(vp, button, mods, self.point(hs[-1]))

    def drag_points(self, a: QPoint, b: QPoint, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """Drag from viewport pixel ``a`` to ``b`` (rectangle selection)."""
        vp = self.view.viewport()
        QTest.mouseMove(vp, a)
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, mods, a)
        mid = QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2)
        QTest.mouseMove(vp, mid)
        QTest.mouseMove(vp, b)
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, mods, b)


@pytest.fixture
def mouse(window) -> Mouse:  # type: ignore[no-untyped-def]
    """Gestures on the :func:`window`'s canvas."""
    return Mouse(window.view)


def key(widget, k: Qt.Key | str, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    """Press a key (or a QKeySequence text like "Ctrl+Z") on ``widget`` so window shortcuts fire."""
    from PySide6.QtGui import QKeySequence

    if isinstance(k, str):
        seq = QKeySequence(k)
        combo = seq[0]
        QTest.keyClick(widget, combo.key(), combo.keyboardModifiers())
    else:
        QTest.keyClick(widget, k, mods)



def _real_may_leave():  # type: ignore[no-untyped-def]
    from editor.playtest.window import PlaytestWindow

    return PlaytestWindow.may_leave


#: The real question before a playtest's game is closed, taken when this file is read, before any test's fixture
#: answers it (:func:`_no_blocking_prompts`); the tests of that question put it back.
REAL_MAY_LEAVE = _real_may_leave()

@pytest.fixture(autouse=True)
def _no_blocking_prompts(monkeypatch):  # type: ignore[no-untyped-def]
    """An unsaved-changes prompt nobody arranged for (e.g. when qtbot closes a dirty window
    at teardown) answers Discard, and a hand-built QMessageBox answers with its default
    button, instead of blocking the offscreen test run forever.
    Tests that check a prompt monkeypatch ``QMessageBox.question`` / ``exec`` themselves."""
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)

    def press_default(box: QMessageBox) -> int:
        """A message box built by hand and exec'd answers with its default button (as Enter would)."""
        default = box.defaultButton()
        if default is not None:
            default.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", press_default)
    # a playtest closed at a test's end (qtbot's teardown) leaves its game: "Keep playing", the prompt's default,
    # would keep the window open into the next test. The tests of that prompt put the real one back (REAL_MAY_LEAVE)
    from editor.playtest.window import PlaytestWindow

    monkeypatch.setattr(PlaytestWindow, "may_leave", lambda self: True)
