"""Draw the documentation screenshots of games in progress:
``python -m editor.playtest.screenshot OUT.png [payload|teamplay]``.

King of the Board: plays the bundled Crossroads scenario with the heuristic AI on
both sides until a RED unit that can still move has an enemy in its sights, hands
RED to a human, hovers a reachable hex (reach highlights, the path, the enemy's
hit chance) and clicks a log line. Payload Race (``payload``): plays Canal the
same way until a RED token has a blast to fire, selects it and hovers the aim, so
the stencil's preview, both carts and the token list show. Team Play
(``teamplay``): plays the Bunker (two RED players against three BLU) until a RED
character may fire two weapons, one of them over several hexes, selects it,
picks that weapon and hovers the aim, so the weapon buttons, the area and its
damage show beside both teams' player boards, buffers and hands. Run it under a
display (Xvfb) for real fonts.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Verb

__all__ = ["main"]

REPO = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    """Write the screenshot to ``argv[0]`` (default docs/images/playtest.png); returns the exit status."""
    from PySide6.QtWidgets import QApplication

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else REPO / "docs" / "images" / "playtest.png"
    app = QApplication.instance() or QApplication(["hexfort"])
    scene = {"payload": _payload, "teamplay": _teamplay}.get(args[1] if len(args) > 1 else "", _koth)
    return scene(out, app)


def _play_until(scenario_file: str, seed: int, size: tuple[int, int], found: Callable[[Any], object]) -> Any:
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


def _hover(w: Any, h: Hex) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    p = w.board.point_of(h)
    QTest.mouseMove(w.board.viewport(), QPoint(round(p.x()), round(p.y())))


def _save(w: Any, out: Path, app: Any) -> int:
    from PySide6.QtTest import QTest

    QTest.qWait(150)
    app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    ok = w.grab().save(str(out))
    print(f"wrote {out}" if ok else f"could not write {out}")
    w.close()
    return 0 if ok else 1


def _show_last_roll(w: Any) -> None:
    rolled = [i for i, e in enumerate(w.ctl.entries) if e.rolls]
    w.log.setCurrentRow(rolled[-1] if rolled else w.log.count() - 1)
    w.board.flash(())


def _koth(out: Path, app: Any) -> int:
    """King of the Board (see the module docstring)."""
    from editor.playtest.explain import choices

    def found(st: Any) -> bool:
        u = st.active_unit()
        return bool(st.turn >= 8 and st.current_team() is Team.RED and st.phase is Phase.ACT and u is not None
                    and not st.has_moved and not st.has_attacked and choices(st, Verb.ATTACK)
                    and len(choices(st, Verb.MOVE)) > 6)

    w, _ = _play_until("koth_crossroads.scenario.json", 1001, (1500, 920), found)
    w.set_mode(Verb.MOVE)
    st = w.ctl.state
    moves = choices(st, Verb.MOVE)
    u = st.active_unit()
    assert u is not None
    here = st.board.hexes[u.cell]
    dest = max(moves, key=lambda h: (len(moves[h].path), -h.distance(here)) if len(moves[h].path) <= 4 else (0, 0))
    _show_last_roll(w)
    w.board.focus([here, *moves, *choices(st, Verb.ATTACK)], 1.45)
    _hover(w, dest)
    return _save(w, out, app)


def _payload(out: Path, app: Any) -> int:
    """Payload Race (see the module docstring)."""
    from editor.playtest.explain import choices

    def found(st: Any) -> Hex | None:
        if st.turn >= 14 and st.current_team() is Team.RED and st.phase is Phase.ACT and not st.done:
            blasts = [u for u in st.units_of(Team.RED) if st.ruleset.weapons[u.weapon].kind == "blast"
                      and choices(st, Verb.ATTACK, actor=st.board.hexes[u.cell])]
            if blasts:
                return st.board.hexes[blasts[0].cell]  # type: ignore[no-any-return]
        return None

    w, shooter = _play_until("payload_canal.scenario.json", 2024, (1500, 920), found)
    st = w.ctl.state
    if shooter is not None:
        w.selected = shooter
        w.refresh()
        w.set_mode(Verb.ATTACK)
        aims = choices(st, Verb.ATTACK, actor=shooter)
        aim = max(aims, key=lambda h: (len(aims[h].area), aims[h].hit_chance))
        w.board.fit()
        _hover(w, aim)
    _show_last_roll(w)
    return _save(w, out, app)


def _teamplay(out: Path, app: Any) -> int:
    """Team Play (see the module docstring)."""

    def found(st: Any) -> Any:
        if st.turn < 6 or st.current_team() is not Team.RED or st.phase is not Phase.ACT or st.active_unit():
            return None
        for u in st.characters(Team.RED):
            opts = st.attack_options(st.board.hexes[u.cell]) if u.cell >= 0 and not st.acted(u) else []
            wide = [o for o in opts if len(o.area) > 2]
            if wide and len({o.action.detail for o in opts}) > 1:  # an area, and a weapon to pick
                return max(wide, key=lambda o: (len(o.area), o.damage))
        return None

    w, aim = _play_until("teamplay_bunker.scenario.json", 3002, (1600, 1000), found)
    if aim is not None:
        a = aim.action
        w.selected = a.actor
        w.picks[Verb.ATTACK] = a.detail
        w.set_mode(Verb.ATTACK)
        w.board.fit()
        _hover(w, a.target)
    w.board.flash(())
    return _save(w, out, app)


if __name__ == "__main__":
    raise SystemExit(main())
