"""Draw the documentation screenshots of games in progress: ``python -m editor.playtest.screenshot OUT.png [payload]``.

King of the Board: plays the bundled Crossroads scenario with the normal AI on
both sides until a RED unit that can still move has an enemy in its sights, hands
RED to a human, hovers a reachable hex (reach highlights, the path, the enemy's
hit chance) and clicks a log line. Payload Race (``payload``): plays Canal the
same way until a RED token has a blast to fire, selects it and hovers the aim, so
the stencil's preview, both carts and the token list show. Run it under a display
(Xvfb) for real fonts.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Verb

__all__ = ["main"]

REPO = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    """Write the screenshot to ``argv[0]`` (default docs/images/playtest.png); returns the exit status."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from editor.playtest.explain import choices
    from editor.playtest.session import HUMAN, GameSetup
    from editor.playtest.window import PlaytestWindow
    from engine.formats import load_scenario

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else REPO / "docs" / "images" / "playtest.png"
    app = QApplication.instance() or QApplication(["hexfort"])
    if len(args) > 1 and args[1] == "payload":
        return _payload(out, app)
    scenario = load_scenario(REPO / "maps" / "koth_crossroads.scenario.json")
    w = PlaytestWindow(GameSetup(scenario, 1001, {Team.RED: "heuristic", Team.BLU: "heuristic"}))
    w.ctl.set_paused(True)
    w.resize(1500, 920)
    w.show()
    QTest.qWait(50)
    ctl = w.ctl
    for _ in range(400):
        st = ctl.state
        u = st.active_unit()
        if (st.turn >= 8 and st.current_team() is Team.RED and st.phase is Phase.ACT and u is not None
                and not st.has_moved and not st.has_attacked and choices(st, Verb.ATTACK)
                and len(choices(st, Verb.MOVE)) > 6):
            break
        team = st.current_team()
        if team is None:
            break
        ctl._apply(ctl.players[team].choose(st), ctl.players[team].name)  # noqa: SLF001 - scripted demo
    ctl.set_controller(Team.RED, HUMAN)
    ctl.set_paused(False)
    w.set_mode(Verb.MOVE)
    st = ctl.state
    moves = choices(st, Verb.MOVE)
    u = st.active_unit()
    assert u is not None
    here = st.board.hexes[u.cell]
    dest = max(moves, key=lambda h: (len(moves[h].path), -h.distance(here)) if len(moves[h].path) <= 4 else (0, 0))
    rolled = [i for i, e in enumerate(ctl.entries) if e.rolls]
    w.log.setCurrentRow(rolled[-1] if rolled else w.log.count() - 1)
    w.board.flash(())
    w.board.focus([here, *moves, *choices(st, Verb.ATTACK)], 1.45)
    p = w.board.point_of(dest)
    QTest.mouseMove(w.board.viewport(), QPoint(round(p.x()), round(p.y())))
    QTest.qWait(100)
    app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    ok = w.grab().save(str(out))
    print(f"wrote {out}" if ok else f"could not write {out}")
    w.close()
    return 0 if ok else 1



def _payload(out: Path, app) -> int:  # type: ignore[no-untyped-def]
    """The Payload Race screenshot (see the module docstring)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    from editor.playtest.explain import choices
    from editor.playtest.session import HUMAN, GameSetup
    from editor.playtest.window import PlaytestWindow
    from engine.formats import load_scenario

    scenario = load_scenario(REPO / "maps" / "payload_canal.scenario.json")
    w = PlaytestWindow(GameSetup(scenario, 2024, {Team.RED: "heuristic", Team.BLU: "heuristic"}))
    w.ctl.set_paused(True)
    w.resize(1500, 920)
    w.show()
    QTest.qWait(50)
    ctl = w.ctl
    shooter = None
    for _ in range(3000):
        st = ctl.state
        team = st.current_team()
        if team is None:
            break
        if st.turn >= 14 and team is Team.RED and st.phase is Phase.ACT and not st.done:
            blasts = [u for u in st.units_of(Team.RED) if st.ruleset.weapons[u.weapon].kind == "blast"
                      and choices(st, Verb.ATTACK, actor=st.board.hexes[u.cell])]
            if blasts:
                shooter = st.board.hexes[blasts[0].cell]
                break
        ctl._apply(ctl.players[team].choose(st), ctl.players[team].name)  # noqa: SLF001 - scripted demo
    ctl.set_controller(Team.RED, HUMAN)
    ctl.set_paused(False)
    st = ctl.state
    if shooter is not None:
        w.selected = shooter
        w.refresh()
        w.set_mode(Verb.ATTACK)
        aims = choices(st, Verb.ATTACK, actor=shooter)
        aim = max(aims, key=lambda h: (len(aims[h].area), aims[h].hit_chance))
        w.board.fit()
        p = w.board.point_of(aim)
        QTest.mouseMove(w.board.viewport(), QPoint(round(p.x()), round(p.y())))
    rolled = [i for i, e in enumerate(ctl.entries) if e.rolls]
    if rolled:
        w.log.setCurrentRow(rolled[-1])
    w.board.flash(())
    QTest.qWait(100)
    app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    ok = w.grab().save(str(out))
    print(f"wrote {out}" if ok else f"could not write {out}")
    w.close()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
