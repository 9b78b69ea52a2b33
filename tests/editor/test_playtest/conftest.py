"""Fixtures for playtest tests: tiny scenarios where a game is won in a few decisions, and board clicks."""

from __future__ import annotations

from types import MappingProxyType

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from editor.playtest.session import GameSetup  # noqa: E402
from engine.hexgrid import Hex  # noqa: E402
from engine.mapmodel import Team  # noqa: E402
from engine.scenario import Scenario, TeamSetup  # noqa: E402
from engine.textmap import hex_at, koth_scenario  # noqa: E402

#: A wall splits the map: BLU can never reach the control point, so RED wins by standing on it.
WALLED = """
0.R 0.  0.  0#  0.  0.B
0.R 0.  0.C 0#  0.  0.B
0.R 0.  0.  0#  0.  0.B
"""

#: An open field with some height, a kit and a low obstacle, for attacks and explanations.
FIELD = """
0.R 0.  0.  0.  0.  0.  0.B
0.R 0.  0o  0.C 1.  0.  0.B
0.R 0.+ 0.  0.  0#  0.  0.B
"""


def walled_scenario(points: int = 3) -> Scenario:
    """One unit a side, picked at set-up; RED wins after ``points`` turns on the point."""
    s = koth_scenario(WALLED, rules={"team_size": 1, "points_to_win": points})
    teams = {Team.RED: TeamSetup(("scout",)), Team.BLU: TeamSetup(("heavy",))}
    return Scenario(s.name, s.mode, s.map, rules=s.rules, teams=MappingProxyType(teams))


@pytest.fixture
def walled() -> Scenario:
    """:func:`walled_scenario` with three points to win (RED's turn, BLU's turn, RED's turn)."""
    return walled_scenario()


@pytest.fixture
def field_setup() -> GameSetup:
    """Hot-seat on :data:`FIELD`: RED soldier and medic vs BLU heavy, placed by the scenario."""
    s = koth_scenario(FIELD, red=[("soldier", (1, 1)), ("medic", (1, 0))], blu=[("heavy", (5, 1))],
                      rules={"team_size": 2})
    return GameSetup(s, 5, {Team.RED: "human", Team.BLU: "human"})


def at(col: int, row: int) -> Hex:
    """The hex in text column ``col`` of row ``row``."""
    return hex_at(col, row)


def click_hex(board, h: Hex) -> None:  # type: ignore[no-untyped-def]
    """A real left click on the board's viewport at the centre of ``h``."""
    p = board.point_of(h)
    pt = QPoint(round(p.x()), round(p.y()))
    vp = board.viewport()
    QTest.mouseMove(vp, pt)
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt)


def hover_hex(board, h: Hex) -> None:  # type: ignore[no-untyped-def]
    """Move the pointer over ``h``."""
    p = board.point_of(h)
    QTest.mouseMove(board.viewport(), QPoint(round(p.x()), round(p.y())))


@pytest.fixture
def play_window(qtbot):  # type: ignore[no-untyped-def]
    """Build and show a PlaytestWindow with no AI pause."""
    from editor.playtest.window import PlaytestWindow

    def make(setup: GameSetup, **kw):  # type: ignore[no-untyped-def]
        w = PlaytestWindow(setup, **kw)
        w.ctl.set_ai_delay(0)
        qtbot.addWidget(w)
        w.resize(1280, 800)
        w.show()
        qtbot.waitExposed(w)
        w.board.fit()
        return w

    return make
