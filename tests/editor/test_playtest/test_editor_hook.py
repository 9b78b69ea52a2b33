"""The editor's Playtest (F5) and Simulate… actions: the map as on screen, nothing lost on the way back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QMessageBox, QPushButton

from editor.playtest.start_dialog import StartDialog
from editor.playtest.window import PlaytestWindow
from engine.hexgrid import Hex
from engine.mapmodel import Cell, Team, Terrain
from tests.editor.conftest import REAL_MAY_LEAVE
from tests.editor.test_playtest.conftest import at, walled_scenario


@pytest.fixture
def asked(monkeypatch):  # type: ignore[no-untyped-def]
    """Answer "… anyway" to the validator-errors question; the boxes asked are listed."""
    boxes: list[QMessageBox] = []

    def go(box: QMessageBox) -> int:
        boxes.append(box)
        box.findChild(QPushButton, "go").click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", go)
    return boxes


@pytest.fixture
def editor(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    from editor.main_window import MainWindow

    win = MainWindow(walled_scenario().map, None, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.runner.delay_ms = 0
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_f5_plays_the_map_as_on_screen_and_back_loses_nothing(qtbot, editor, monkeypatch, asked):
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    # an unsaved edit: a wall where the point's neighbour was open ground
    h = Hex(1, 1)
    editor.doc.apply(editor.doc.map.with_cell(h, Cell(0, Terrain.WALL)), "wall")
    edited = editor.doc.map
    assert editor.doc.dirty
    assert editor.act_playtest.shortcut().toString() == "F5"
    editor.act_playtest.trigger()
    pw = editor.playtest_window
    qtbot.addWidget(pw)
    assert pw.ctl.state.scenario.map == edited  # unsaved edits included
    qtbot.waitUntil(lambda: pw.isVisible())
    pw.act_back.trigger()
    assert not pw.isVisible()
    assert editor.doc.map is edited and editor.doc.dirty and editor.doc.undo_stack.count() == 1


def _paused_playtest(qtbot, editor, monkeypatch):  # type: ignore[no-untyped-def]
    """A playtest of the editor's map, started and paused, its leave question the real one (the test config answers
    it for other tests)."""
    monkeypatch.setattr(PlaytestWindow, "may_leave", REAL_MAY_LEAVE)
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    editor.act_playtest.trigger()
    pw = editor.playtest_window
    qtbot.addWidget(pw)
    qtbot.waitUntil(lambda: pw.isVisible())
    pw.ctl.set_paused(True)
    return pw


def test_back_to_editor_asks_before_it_closes_a_game_in_progress(qtbot, editor, monkeypatch, asked):
    """A new-user audit played two hot-seat turns and lost them to "◀ Back to editor" without a word. With a decision
    made it asks: "Keep playing" (the default) stays, "Leave" closes; a game with nothing played closes at once."""
    pw = _paused_playtest(qtbot, editor, monkeypatch)
    pw.ctl.restart()  # back to the first decision, whoever moves first
    pw.ctl.set_paused(True)
    assert not pw.ctl.state.history and pw.may_leave()  # nothing to lose yet: no question
    assert pw.ctl.play(pw.ctl.state.legal_actions_view()[0])
    said: list[str] = []

    def answer(label: str):  # type: ignore[no-untyped-def]
        def go(box: QMessageBox) -> int:
            anyway = box.findChild(QPushButton, "go")  # the validator-errors question of a new playtest: go on
            if anyway is not None:
                anyway.click()
                return 0
            said.append(box.text())
            next(b for b in box.buttons() if b.text() == label).click()
            return 0
        return go

    monkeypatch.setattr(QMessageBox, "exec", answer("Keep playing"))
    pw.act_back.trigger()
    assert pw.isVisible() and said and said[0].startswith("The game is in progress (you have made 1 decision). Leaving")
    pw.close()  # the window's own close asks alike (a review: it lost the game without a word)
    assert pw.isVisible() and len(said) == 2
    started: list[int] = []
    monkeypatch.setattr(StartDialog, "exec", lambda self: started.append(1) or QDialog.DialogCode.Accepted)
    editor.act_playtest.trigger()  # a new playtest over it asks first; kept, no new game is even set up
    assert editor.playtest_window is pw and pw.isVisible() and len(said) == 3 and not started
    pw.ctl.set_controller(Team.RED, "random")  # AI against AI: nobody's game to lose, nothing asked
    pw.ctl.set_controller(Team.BLU, "random")
    pw.ctl.set_paused(True)
    assert pw.may_leave() and len(said) == 3
    pw.ctl.set_controller(Team.RED, "human")
    monkeypatch.setattr(QMessageBox, "exec", answer("Leave"))
    pw.act_back.trigger()
    assert not pw.isVisible()


def test_a_game_where_only_the_ai_has_moved_closes_without_a_question(qtbot, editor, monkeypatch, asked):
    """RED is the AI and moves first (King of the Board); BLU, the designer, has not moved yet: leaving loses no one's
    work, so nothing is asked (a review found the question after the AI's first move alone)."""
    pw = _paused_playtest(qtbot, editor, monkeypatch)
    pw.ctl.set_controller(Team.RED, "random")
    pw.ctl.set_controller(Team.BLU, "human")
    pw.ctl.restart()
    pw.ctl.set_paused(False)
    qtbot.waitUntil(lambda: bool(pw.ctl.state.history) and pw.ctl.is_human_turn(), timeout=60_000)
    pw.ctl.set_paused(True)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(f"asked: {box.text()}"))
    assert pw.may_leave()
    pw.act_back.trigger()
    assert not pw.isVisible()


def test_playtest_refuses_a_map_that_cannot_be_played(qtbot, editor, monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: told.append(a[2])))
    m = editor.doc.map
    editor.doc.apply(m.with_spawn_zone(Team.BLU, ()), "no BLU base")
    editor.act_playtest.trigger()
    assert told and "BLU has no spawn zone" in told[0]
    assert getattr(editor, "playtest_window", None) is None


def test_simulate_dialog_runs_off_the_ui_thread_and_can_be_cancelled(qtbot, editor, asked):
    editor.act_simulate.trigger()
    d = editor.simulate_dialog
    qtbot.addWidget(d)
    # a fixed number of games: "until decided" (the default) could decide and end the batch between the first
    # progress report and the click, and the click then had nothing to cancel (a flake seen 3 runs in 8)
    d.until.setChecked(False)
    d.games.setValue(100_000)
    d.run()
    assert d.running
    qtbot.waitUntil(lambda: d.progress.value() >= 1, timeout=60_000)  # the UI thread kept running meanwhile
    with qtbot.waitSignal(d.finished_batch, timeout=60_000):  # generous: CI machines may be busy
        d.cancel_button.click()
    assert not d.running and d.was_cancelled
    assert 1 <= len(d.results) < 100_000
    assert "cancelled" in d.report.toPlainText()
    assert d.summary is not None and d.summary.games == len(d.results)


def test_simulate_dialog_summary_matches_the_engine(qtbot, editor, asked):
    from engine.simulation.batch import run_batch, summarise

    editor.act_simulate.trigger()
    d = editor.simulate_dialog
    qtbot.addWidget(d)
    d.until.setChecked(False)
    d.games.setValue(6)
    d.seed.setValue(9)
    with qtbot.waitSignal(d.finished_batch, timeout=30_000):
        d.run_button.click()
    expected = summarise(run_batch(d.scenario, 6, 9))
    assert d.summary == expected
    assert d.progress.value() == 6  # the bar ends at the games the answer rests on (it lagged by one or two: an audit)
    assert "RED wins" in d.report.toPlainText() and "verdict" in d.report.toPlainText()


def test_simulate_run_again_plays_the_map_as_edited_since(qtbot, editor, asked):
    """A new-user audit edited the map with the dialog open, pressed Run again and got the old map's figures, word for
    word. Each Run plays the map as it is then, and says it was edited since the last run."""
    from engine.simulation.batch import run_batch, summarise

    editor.act_simulate.trigger()
    d = editor.simulate_dialog
    qtbot.addWidget(d)
    d.until.setChecked(False)
    d.games.setValue(4)
    with qtbot.waitSignal(d.finished_batch, timeout=30_000):
        d.run_button.click()
    before = d.scenario.map
    editor.doc.apply(editor.doc.map.with_cell(Hex(1, 1), Cell(0, Terrain.WALL)), "wall")
    d.run_button.click()
    assert "edited since the last run" in d.report.toPlainText()
    qtbot.waitUntil(lambda: not d.running, timeout=30_000)
    assert d.scenario.map == editor.doc.map != before
    assert d.summary == summarise(run_batch(d.scenario, 4, d.seed.value()))  # the edited map's own games


def test_simulate_compares_the_map_as_edited_with_the_saved_file(qtbot, tmp_path, asked, monkeypatch):
    """The editor could not compare two versions (a new-user audit): "Compare with the saved file" plays the file as
    saved and the map as it is now on the same games, as hexfort balance SAVED --compare NOW, and heads the dialog
    with the change."""
    from editor.main_window import MainWindow
    from editor.playtest.session import ai_name
    from engine.formats import save_map
    from engine.games.game import base_scenario
    from engine.simulation.balance import StudyPlan, run_study, study_of
    from engine.simulation.comparison import headline
    from engine.simulation.headline import answer

    path = tmp_path / "walled.map.json"
    save_map(walled_scenario().map, path)
    win = MainWindow(walled_scenario().map, path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.doc.apply(win.doc.map.with_cell(Hex(1, 1), Cell(0, Terrain.WALL)), "wall")
    win.act_simulate.trigger()
    d = win.simulate_dialog
    qtbot.addWidget(d)
    assert d.compare.isEnabled()
    d.compare.setChecked(True)
    d.until.setChecked(False)
    d.games.setValue(8)
    with qtbot.waitSignal(d.finished_batch, timeout=60_000):
        d.run_button.click()
    saved, now = base_scenario(walled_scenario().map, path), d.scenario
    assert d.saved_study is not None and d.saved_study.scenario.map == saved.map and now.map == win.doc.map
    plan = StudyPlan(saved, (("heuristic", "heuristic"),), 8, d.seed.value(), now)
    main, other = study_of(plan, run_study(plan))
    said = headline(main, answer(main, other), ai_name, other, ("the saved file", "the map as it is now")).text
    assert d.answer.text().startswith(f"<b>Saved → now: {said}</b>") and "The saved file, on the same games" in \
        d.report.toPlainText()
    assert "cancelled" not in d.report.toPlainText()  # the saved section was labelled "cancelled early" (an audit)
    # Save report…: the balance report's one web page, the comparison's too (only hexfort balance -o wrote it: audit)
    from editor import filedialogs
    from editor.balance_report import report_data

    offered: list[str] = []  # Save report… offers the map's own folder first (a review: the home folder)
    monkeypatch.setattr(filedialogs, "save_file", lambda *a, **k: offered.append(a[2]) or "")
    assert not d.save_report() and offered and Path(offered[0]).parent == tmp_path
    assert d.save_report_button.isEnabled() and d.save_report(tmp_path / "cmp.html")
    data = report_data((tmp_path / "cmp.html").read_text(encoding="utf-8"))
    assert data["compare"]["file"] == "the map as it is now" and data["file"] == "the saved file"
    assert data["compare"]["headline"] == said and "Report saved: " in d.report.toPlainText()
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a, **k: told.append(a[2])))
    assert not d.save_report(tmp_path / "no-such-folder" / "r.html") and told and "no-such-folder" in told[0]
    # back to the map as saved: played once, and said (it played the same map twice: a review)
    win.action_handler.act_undo.trigger()
    with qtbot.waitSignal(d.finished_batch, timeout=60_000):
        d.run_button.click()
    assert d.saved_study is None and d.report.toPlainText().startswith("The map is as saved: nothing to compare")


def test_the_map_menu_asks_is_it_fair(qtbot, editor, asked):
    """A new user looking for "is my map fair?" searched the Map menu, beside Suggest balance fixes…, and did not find
    Simulate… under Play (a new-user audit). The Map menu has it too, the same dialog."""
    titles = [a.text() for a in editor.menuBar().actions()[2].menu().actions()]  # File, Edit, Map
    assert titles.index("Is it &fair? Simulate…") + 1 == titles.index("Suggest &balance fixes…")
    editor.act_is_it_fair.trigger()
    assert editor.simulate_dialog is not None and editor.simulate_dialog.isVisible()
    qtbot.addWidget(editor.simulate_dialog)


def test_simulate_until_decided_heads_the_dialog_with_the_answer(qtbot, editor, asked):
    """By default the dialog plays until decided (at most the games set), as hexfort balance --games auto, and
    shows the answer first: favoured or even or undecided with about how many more games, and the games."""
    from engine.simulation.autostop import default_max_games

    editor.act_simulate.trigger()
    d = editor.simulate_dialog
    qtbot.addWidget(d)
    assert d.until.isChecked() and d.games_label.text() == "At most"
    assert d.games.value() == default_max_games(d.scenario.mode, [("heuristic", "heuristic")])
    d.players.setCurrentIndex(d.players.findData("random,random"))
    d.games.setValue(12)
    with qtbot.waitSignal(d.finished_batch, timeout=60_000):
        d.run_button.click()
    assert d.verdict is not None and d.verdict.games == 12 and not d.verdict.decided
    shown = d.answer.text()
    assert d.answer.isVisible() and d.verdict.sides in shown and d.verdict.first_move in shown
    assert "more games would likely decide it" in shown and "12 games, not decided yet" in shown
    assert "(stopped: the budget of 12 games ran out)" in shown
    d.until.setChecked(False)
    assert d.games_label.text() == "Games"


def test_simulate_keeps_the_number_of_games_the_user_set(qtbot, tmp_path, asked):
    """The "At most" default follows the players and the compare box (what a minute buys) until the user sets a
    number; ticking Compare then reset a typed 500 to the compare default (a new-user audit). It is kept now."""
    from editor.main_window import MainWindow
    from engine.formats import save_map
    from engine.simulation.autostop import default_max_games

    path = tmp_path / "walled.map.json"
    save_map(walled_scenario().map, path)
    win = MainWindow(walled_scenario().map, path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.act_simulate.trigger()
    d = win.simulate_dialog
    qtbot.addWidget(d)
    mode = d.scenario.mode
    d.players.setCurrentIndex(d.players.findData("random,random"))
    assert d.games.value() == default_max_games(mode, [("random", "random")])
    d.compare.setChecked(True)
    assert d.games.value() == default_max_games(mode, [("random", "random")], compare=True)
    d.games.setValue(500)
    d.compare.setChecked(False)
    d.players.setCurrentIndex(d.players.findData("heuristic,heuristic"))
    d.until.setChecked(False)
    d.until.setChecked(True)
    assert d.games.value() == 500


def _point_on_a_wall(editor) -> None:  # type: ignore[no-untyped-def]
    """An HF101 error: the control point's hex becomes a wall."""
    editor.doc.apply(editor.doc.map.with_cell(at(2, 1), Cell(0, Terrain.WALL)), "wall on the point")


@pytest.mark.parametrize(("action", "title", "go_text"), [("act_playtest", "Playtest", "Play anyway"),
                                                         ("act_simulate", "Simulate", "Simulate anyway")])
def test_validator_errors_ask_before_playing_and_cancel_is_the_default(qtbot, editor, monkeypatch,
                                                                       action, title, go_text):
    boxes: list[QMessageBox] = []
    real_exec = QMessageBox.exec  # the suite's stand-in: presses the default button

    def record(box: QMessageBox) -> int:
        boxes.append(box)
        return real_exec(box)

    monkeypatch.setattr(QMessageBox, "exec", record)
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    _point_on_a_wall(editor)
    getattr(editor, action).trigger()
    assert len(boxes) == 1
    box = boxes[0]
    assert box.windowTitle() == title
    assert "validator error" in box.text()
    assert "HF101" in box.informativeText()
    assert box.defaultButton() is box.escapeButton()
    assert box.defaultButton().text() == "Cancel"
    assert box.findChild(QPushButton, "go").text() == go_text
    # Cancel (the default) starts nothing
    assert getattr(editor, "playtest_window", None) is None
    assert getattr(editor, "simulate_dialog", None) is None


def test_play_anyway_starts_the_playtest_on_a_map_with_errors(qtbot, editor, monkeypatch, asked):
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    _point_on_a_wall(editor)
    editor.act_playtest.trigger()
    assert len(asked) == 1
    pw = editor.playtest_window
    qtbot.addWidget(pw)
    assert pw.ctl.state.scenario.map == editor.doc.map


def test_a_map_without_errors_plays_without_asking(qtbot, make_window, repo, monkeypatch):
    from editor.document import read_document
    from editor.playtest.preflight import validator_errors
    from editor.playtest.session import base_scenario

    boxes: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(box) or 0)
    monkeypatch.setattr(StartDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    path = repo / "maps" / "koth_crossroads.map.json"
    m = read_document(path)[0]
    assert not validator_errors(base_scenario(m))  # warnings and notes may be there: they never ask
    win = make_window(m, path)
    win.act_playtest.trigger()
    assert boxes == []
    qtbot.addWidget(win.playtest_window)
    win.playtest_window.close()


@pytest.mark.parametrize("pair", ["heuristic,heuristic", "heuristic,random", "random,random"])
def test_simulate_speaks_of_the_players_as_its_menu_does(qtbot, editor, asked, pair):
    """The menu said "Normal AI vs normal AI" and the report "heuristic vs heuristic": one vocabulary now."""
    from editor.playtest.session import ai_name

    editor.act_simulate.trigger()
    d = editor.simulate_dialog
    qtbot.addWidget(d)
    d.players.setCurrentIndex(d.players.findData(pair))
    d.until.setChecked(False)
    d.games.setValue(2)
    with qtbot.waitSignal(d.finished_batch, timeout=30_000):
        d.run_button.click()
    a, b = pair.split(",")
    menu, report = d.players.currentText(), d.report.toPlainText()
    head = report.splitlines()[0]
    assert head.endswith(f"{ai_name(a)} vs {ai_name(b)}")
    assert menu.lower() == f"{ai_name(a)} vs {ai_name(b)}".lower()
    assert f"{a} vs {b}" not in report
    if a != b:  # the per-player line uses the same names
        by_player = next(line for line in report.splitlines() if "by player" in line)
        assert ai_name(a) in by_player or ai_name(b) in by_player
        assert "heuristic " not in by_player.replace("(heuristic)", "")


def test_simulate_gives_the_verdict_and_lays_its_heat_maps_over_the_canvas(qtbot, editor, asked):
    editor.act_simulate.trigger()
    d = editor.simulate_dialog
    qtbot.addWidget(d)
    d.players.setCurrentIndex(d.players.findData("heuristic,random"))
    d.until.setChecked(False)
    d.games.setValue(4)
    assert not d.heat_button.isEnabled()
    with qtbot.waitSignal(d.finished_batch, timeout=30_000):
        d.run_button.click()
    report = d.report.toPlainText()
    assert "favoured" in report and "first" in report.lower()  # the verdict of hexfort balance
    d.heat_button.click()
    panel = editor.overlays
    assert panel.current() == "balance"
    panel.team.setCurrentIndex(panel.team.findData(Team.RED))
    panel.heat_layer.setCurrentIndex(panel.heat_layer.findData("stand"))
    panel.refresh()
    shown = editor._view.overlay.colors
    stood = d.study.pairings[0].heat["stand"][Team.RED]
    assert shown and set(shown) == {d.study.hexes[c] for c in stood}
    assert "RED: where units stand in 4 games" in panel.legend.text()
    assert "edited since" not in panel.legend.text()  # said only of a map edited since the run (an audit)
    panel.heat_layer.setCurrentIndex(panel.heat_layer.findData("scores"))
    panel.refresh()
    point = set(walled_scenario().map.control_points[0])
    assert set(editor._view.overlay.colors) <= point  # points are scored on the point's hexes
    editor.doc.apply(editor.doc.map.with_cell(Hex(1, 1), Cell(0, Terrain.WALL)), "wall")
    panel.refresh()
    assert "The map has been edited since that run" in panel.legend.text()


def test_the_dialogs_footnote_says_which_question_is_still_open() -> None:
    """"200 games, not decided yet" under "BLU is favoured" read as undoing the side answer when only the first-mover
    question was open (an editor audit): the footnote names the open question."""
    from editor.playtest.simulate_dialog import _decided_words
    from engine.simulation.verdict import Verdict

    def asked(sides: bool, first: bool) -> Verdict:
        return Verdict("", "", (), questions=({"question": "sides", "test": {"decided": sides}},
                                              {"question": "first_move", "test": {"decided": first}}))

    assert _decided_words(asked(True, False)) == "the side question decided, moving first not decided yet"
    assert _decided_words(asked(False, True)) == "the side question not decided yet, moving first decided"
    assert _decided_words(asked(False, False)) == "not decided yet"
    assert _decided_words(Verdict("", "", (), decided=True)) == "decided"
