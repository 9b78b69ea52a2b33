"""Attack mode, specials, the start dialog and "play from here" through the widgets."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QMessageBox

from editor.playtest.koth.position import Placement
from editor.playtest.koth.setup_editor import SetupEditor
from editor.playtest.session import GameSetup
from editor.playtest.start_dialog import StartDialog
from engine.mapmodel import Team
from engine.rules.actions import Verb
from engine.rules.dice import ScriptedDice
from engine.textmap import koth_scenario
from tests.editor.test_playtest.conftest import FIELD, at, click_hex, hover_hex, walled_scenario


def _hot_seat(red, blu, seed: int = 5) -> GameSetup:  # type: ignore[no-untyped-def]
    n = max(len(red), len(blu))
    return GameSetup(koth_scenario(FIELD, red=red, blu=blu, rules={"team_size": n}), seed,
                     {Team.RED: "human", Team.BLU: "human"})


def test_attack_mode_shows_odds_and_area_and_a_click_attacks(qtbot, play_window):
    w = play_window(_hot_seat([("soldier", (2, 0))], [("heavy", (4, 0))]), dice_factory=lambda _: ScriptedDice([5, 6]))
    assert at(4, 0) in w.board.targets  # odds visible already while choosing a move
    assert w.press("attack")
    assert w.mode is Verb.ATTACK
    c = w.board.choices[at(4, 0)]
    assert c.label() == "100% −100"
    hover_hex(w.board, at(4, 0))
    assert w.board.play.area[at(4, 0)] == 100 and len(w.board.play.area) > 1
    click_hex(w.board, at(3, 1))
    assert "no unit on" in w.board.toast_text
    click_hex(w.board, at(4, 0))
    heavy = w.ctl.state.unit_at(at(4, 0))
    assert heavy.health == 300
    assert "soldier shot: 5 + 6 = 11 (needs 2) hit" in w.dice_label.text()
    assert w.log.lines()[-1].startswith("1. RED Soldier attacks")


def test_specials_are_buttons_with_tooltips(qtbot, play_window):
    w = play_window(_hot_seat([("sniper", (2, 0))], [("heavy", (5, 1))]))
    b = w.verb_buttons["scope"]
    assert "Scope" in b.toolTip() and "+20 damage" in b.toolTip()
    b.click()
    assert w.ctl.state.units_of(Team.RED)[0].scope == 1
    scope = w.verb_buttons["scope"]
    assert scope.refused and "already used a special" in scope.toolTip()  # one special per turn: kept, greyed
    assert not w.verb_buttons["end"].refused
    # a rocket jump is a board mode: its button shows the landing hexes
    w2 = play_window(_hot_seat([("soldier", (1, 1))], [("heavy", (5, 1))]))
    w2.verb_buttons["rocket_jump"].click()
    assert w2.mode is Verb.ROCKET_JUMP and at(3, 1) in w2.board.choices
    click_hex(w2.board, at(3, 1))
    so = w2.ctl.state.unit_at(at(3, 1))
    assert so is not None and so.health == 160


def test_medic_heal_shows_plus_and_heals(qtbot, play_window):
    w = play_window(_hot_seat([("medic", (1, 0)), ("soldier", (2, 0), 100)], [("heavy", (5, 1)), ("scout", (6, 0))]))
    w.press("attack")
    assert w.board.choices[at(2, 0)].label() == "+40"
    click_hex(w.board, at(2, 0))
    assert w.ctl.state.unit_at(at(2, 0)).health == 140


def test_start_dialog_builds_the_setup(qtbot):
    s = walled_scenario()
    d = StartDialog(s)
    qtbot.addWidget(d)
    d.seed.setValue(1234)
    d.controllers[Team.RED].setCurrentIndex(d.controllers[Team.RED].findData("random"))
    d.pick_buttons[Team.RED].click()
    d.first.setCurrentIndex(d.first.findData(Team.BLU))
    setup = d.setup()
    assert setup.seed == 1234 and setup.controller(Team.RED) == "random" and setup.controller(Team.BLU) == "heuristic"
    assert setup.picks[Team.RED] == ("scout",) and setup.first_team is Team.BLU
    old = d.seed.value()
    d.new_seed_button.click()
    assert d.seed.value() != old or d.seed.value() > 0


def test_play_from_here_puts_units_where_clicked(qtbot, play_window, monkeypatch):
    w = play_window(_hot_seat([("soldier", (1, 1))], [("heavy", (5, 1))]))
    d = SetupEditor(w.ctl.setup.scenario, w.ctl.state)
    qtbot.addWidget(d)
    assert [p.kind for p in d.placements()] == ["soldier", "heavy"]
    d.show()
    qtbot.waitExposed(d)
    d.board.fit()
    d.team.setCurrentIndex(d.team.findData(Team.RED))
    d.kind.setCurrentIndex(d.kind.findData("sniper"))
    click_hex(d.board, at(3, 0))
    d.set_values(1, health=50, scope=2)
    ps = d.placements()
    assert Placement(Team.RED, "sniper", at(3, 0), 50, 0, 0, 2) in ps
    assert w.start_position(ps)
    st = w.ctl.state
    sn = st.unit_at(at(3, 0))
    assert sn.kind == "sniper" and sn.health == 50 and sn.scope == 2
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", staticmethod(lambda *a, **k: told.append(a[2])))
    assert not w.save_replay_dialog() and "cannot record" in told[0]
    # a position the rules refuse changes nothing
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: told.append(a[2])))
    assert not w.start_position([Placement(Team.RED, "sniper", at(3, 0))])
    assert "BLU has no unit" in told[-1] and w.ctl.state is st


def test_new_game_dialog_restarts_with_its_choice(qtbot, play_window, monkeypatch):
    w = play_window(GameSetup(walled_scenario(), 9))
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(StartDialog, "setup", lambda self: GameSetup(walled_scenario(), 31))
    assert w.new_game_dialog()
    assert w.ctl.seed == 31


def test_setup_editor_spin_boxes_edit_health(qtbot):
    s = koth_scenario(FIELD)
    d = SetupEditor(s)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    d.board.fit()
    click_hex(d.board, at(2, 0))
    spin = d.table.cellWidget(0, 3)
    spin.setValue(80)
    spin.editingFinished.emit()
    qtbot.waitUntil(lambda: d.placements()[0].health == 80, timeout=2000)
    assert "BLU has no unit" in d.problems.text()
