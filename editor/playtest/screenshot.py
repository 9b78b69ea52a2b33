"""Draw the documentation screenshot of a game in progress: ``python -m editor.playtest.screenshot OUT.png [MODE]``.

``MODE`` is a mode's value (default: the first installed mode). Each mode's
playtest package says what its picture shows (its presenter's
:attr:`~editor.playtest.presenters.Presenter.scene`, a function ``scene(out, app)``
that sets a game up with the helpers here — :func:`play_until`, :func:`hover`,
:func:`show_last_roll` — and saves the window with :func:`save`). Run it under a
display (Xvfb) for real fonts.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team

__all__ = ["hover", "main", "play_until", "save", "show_last_roll"]

REPO = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    """Write the screenshot to ``argv[0]`` (default docs/images/playtest.png); returns the exit status."""
    from PySide6.QtWidgets import QApplication

    from editor.playtest.presenters import presenter_for

    args = sys.argv[1:] if argv is None else argv
    if args[:1] in (["-h"], ["--help"]) or len(args) > 2:
        print(__doc__.split("\n\n", 1)[0] + f"\nmodes: {', '.join(m.value for m in Mode)}")
        return 0 if args[:1] in (["-h"], ["--help"]) else 2
    try:
        mode = Mode(args[1]) if len(args) > 1 else next(iter(Mode))
    except ValueError:
        print(f"no mode {args[1]!r}; modes: {', '.join(m.value for m in Mode)}")
        return 2
    out = Path(args[0]) if args else REPO / "docs" / "images" / "playtest.png"
    app = QApplication.instance() or QApplication(["hexfort"])
    scene = presenter_for(mode).scene
    if not scene:
        print(f"the {mode.value} playtest has no documentation scene")
        return 2
    module, _, name = scene.partition(":")
    return int(getattr(importlib.import_module(module), name)(out, app))


def play_until(scenario_file: str, seed: int, size: tuple[int, int], found: Callable[[Any], object]) -> Any:
    """A playtest window on ``scenario_file`` where the heuristic AI plays both sides until ``found(state)``
    answers something (or the game ends); then RED is handed to a human. Returns (window, the answer)."""
    from PySide6.QtTest import QTest

    from editor.playtest.session import HUMAN, GameSetup
    from editor.playtest.window import PlaytestWindow
    from engine.formats import load_scenario

    scenario = load_scenario(REPO / "maps" / scenario_file)
    w = PlaytestWindow(GameSetup(scenario, seed, {Team.RED: "heuristic", Team.BLU: "heuristic"}))
    w.ctl.set_paused(True)
    w.resize(*size)
    w.show()
    QTest.qWait(50)
    ctl = w.ctl
    answer = None
    for _ in range(3000):
        st = ctl.state
        team = st.current_team()
        if team is None:
            break
        answer = found(st)
        if answer:
            break
        ctl._apply(ctl.players[team].choose(st), ctl.players[team].name)  # noqa: SLF001 - scripted demo
    ctl.set_controller(Team.RED, HUMAN)
    ctl.set_paused(False)
    return w, answer


def hover(w: Any, h: Hex) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    p = w.board.point_of(h)
    QTest.mouseMove(w.board.viewport(), QPoint(round(p.x()), round(p.y())))


def save(w: Any, out: Path, app: Any) -> int:
    from PySide6.QtTest import QTest

    QTest.qWait(150)
    app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    ok = w.grab().save(str(out))
    print(f"wrote {out}" if ok else f"could not write {out}")
    w.close_unasked()
    return 0 if ok else 1


def show_last_roll(w: Any) -> None:
    rolled = [i for i, e in enumerate(w.ctl.entries) if e.rolls]
    w.log.setCurrentRow(rolled[-1] if rolled else w.log.count() - 1)
    w.board.flash(())


if __name__ == "__main__":
    raise SystemExit(main())
