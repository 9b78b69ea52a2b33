"""Windows open no larger than the screen (a new-user audit, session 27: the playtest window, 1360×860, cut off its
End turn button and action log on a 1280×800 screen). The offscreen test screen is 800×800."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from editor.screen_fit import FRAME, fit_to_screen
from engine.formats import load_scenario
from engine.games.game import base_scenario

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _room(w: QWidget) -> tuple[int, int]:
    geometry = w.screen().availableGeometry()
    return geometry.width() - FRAME[0], geometry.height() - FRAME[1]


def test_a_window_larger_than_the_screen_gets_the_screen_and_a_smaller_one_its_own_size(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = QWidget()
    qtbot.addWidget(w)
    width, height = _room(w)
    fit_to_screen(w, width + 500, height + 300, centre=True)
    assert (w.width(), w.height()) == (width, height)
    fit_to_screen(w, width - 100, height - 100)
    assert (w.width(), w.height()) == (width - 100, height - 100)


def test_the_playtest_window_opens_within_the_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    from editor.playtest.session import GameSetup
    from editor.playtest.window import PlaytestWindow

    w = PlaytestWindow(GameSetup(base_scenario(load_scenario(MAPS / "teamplay_arena.scenario.json")), 3))
    qtbot.addWidget(w)
    width, height = _room(w)
    fits = w.minimumSizeHint().expandedTo(w.minimumSize())  # Qt never goes under the window's own minimum
    assert w.width() <= max(width, fits.width()) and w.height() <= max(height, fits.height())
    assert (w.width(), w.height()) != (1360, 860)
