"""Playing through the window by clicks: set-up, moves, undo, a win, replays."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor import filedialogs
from editor.playtest.session import GameSetup
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Verb
from tests.editor.test_playtest.conftest import at, click_hex, hover_hex


def _wait_human(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: w.ctl.is_human_turn() or w.ctl.state.is_terminal(), timeout=5000)


def test_full_game_by_clicks_human_vs_ai_with_undo_and_replay(qtbot, play_window, walled, tmp_path, monkeypatch):
    w = play_window(GameSetup(walled, 11, {Team.RED: "human", Team.BLU: "heuristic"}))
    st = w.ctl.state
    assert st.phase is Phase.SPAWN and w.mode is Verb.SPAWN
    # a click outside RED's base is refused with a reason
    click_hex(w.board, at(2, 1))
    assert "spawn base" in w.board.toast_text
    click_hex(w.board, at(0, 1))  # RED places its scout
    _wait_human(qtbot, w)  # BLU's AI places its heavy
    st = w.ctl.state
    assert st.unit_at(at(0, 1)).kind == "scout"
    assert any(u.kind == "heavy" for u in st.units_of(Team.BLU))
    assert st.phase is Phase.ACT and st.current_team() is Team.RED
    # the active unit is selected: every reachable hex is shown, with the path on hover
    assert w.mode is Verb.MOVE and at(2, 1) in w.board.choices
    hover_hex(w.board, at(2, 1))
    assert w.board.play.path[0] == at(0, 1) and w.board.play.path[-1] == at(2, 1)
    # an illegal click says why
    click_hex(w.board, at(3, 1))
    assert w.board.toast_text.startswith("wall at")
    # move somewhere, undo, then move onto the point
    click_hex(w.board, at(1, 0))
    assert w.ctl.state.unit_at(at(1, 0)) is not None
    w.act_undo.trigger()
    assert w.ctl.state.unit_at(at(0, 1)).kind == "scout" and w.ctl.state.unit_at(at(1, 0)) is None
    click_hex(w.board, at(2, 1))
    w.verb_buttons["end"].click()  # first point at the end of RED's turn
    assert w.ctl.state.scores()[Team.RED] == 1
    _wait_human(qtbot, w)  # BLU's AI turn
    assert w.ctl.state.scores()[Team.RED] == 2  # a side alone on the point scores at every turn's end
    qtbot.mouseClick(w.verb_buttons["end"], Qt.MouseButton.LeftButton)
    st = w.ctl.state
    assert st.is_terminal() and st.winner() is Team.RED
    assert "RED wins" in w.turn_label.text()
    assert any("RED wins!" in line for line in w.log.lines())
    final = st.fingerprint()
    n = len(st.history)
    # save the replay, load it, step to the end: the same final state
    path = tmp_path / "game.replay.json"
    offered: list[str] = []
    from editor.playtest import window_dialogs

    monkeypatch.setattr(window_dialogs, "_last_folder", [])  # this run's first replay (the folder is kept per run)
    monkeypatch.setattr(filedialogs, "save_file", lambda _w, _t, start, _f: offered.append(start) or str(path))
    # a disk that refuses the file: the folder in words, not errno's (a review, as for the map's own save)
    import errno

    from PySide6.QtWidgets import QMessageBox

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a, **k: told.append(a[2])))
    real_save = w.ctl.save_replay

    def refused(_path):  # type: ignore[no-untyped-def]
        raise OSError(errno.EROFS, "Read-only file system", str(_path) + ".tmp")

    monkeypatch.setattr(w.ctl, "save_replay", refused)
    assert not w.save_replay_dialog()
    assert told == [f"Cannot write {path}:\nthe folder {tmp_path} is on a read-only disk"]
    monkeypatch.setattr(w.ctl, "save_replay", real_save)
    offered.clear()
    monkeypatch.setattr(window_dialogs, "_last_folder", [])
    assert w.save_replay_dialog()
    assert path.exists()
    # offered first in the home folder (not the folder hexfort was started from), under a name any system takes
    name = Path(offered[0]).name
    assert Path(offered[0]).parent == Path.home() and ":" not in name and name.endswith(f"_seed{w.ctl.seed}.replay.json")
    monkeypatch.setattr(filedialogs, "open_file", lambda _w, _t, start, _f: offered.append(start) or str(path))
    assert w.load_replay_dialog()
    assert offered[1] == str(tmp_path)  # the folder a replay was last saved to
    assert w.ctl.replay_mode and w.ctl.cursor.position == 0
    for _ in range(n):
        w.act_next.trigger()
    assert w.ctl.cursor.at_end and w.ctl.state.fingerprint() == final
    # and back again, then forward once more
    w.act_prev.trigger()
    assert not w.ctl.state.is_terminal()
    w.act_next.trigger()
    assert w.ctl.state.fingerprint() == final
    w.act_first.trigger()
    assert w.ctl.cursor.position == 0 and w.log.count() == 0
    w.act_last.trigger()
    assert w.ctl.state.fingerprint() == final and w.log.count() == n
    # clicking the board in a replay explains how to step
    click_hex(w.board, at(1, 1))
    assert "replay" in w.board.toast_text.lower()


def test_log_line_click_highlights_its_hexes(qtbot, play_window, walled):
    w = play_window(GameSetup(walled, 3, {Team.RED: "human", Team.BLU: "heuristic"}))
    click_hex(w.board, at(0, 1))
    _wait_human(qtbot, w)
    click_hex(w.board, at(2, 1))
    lines = w.log.lines()
    assert lines[-1].startswith("3. RED Scout moves 0,1 → 2,1")
    w.log.setCurrentRow(2)
    assert w.board.flashed == {at(0, 1), at(2, 1)}


def test_ai_pause_is_visible_and_skippable(qtbot, play_window, walled):
    w = play_window(GameSetup(walled, 3, {Team.RED: "heuristic", Team.BLU: "heuristic"}))
    w.ctl.set_ai_delay(60_000)
    w.ctl.restart()
    assert w.ctl.ai_pending  # waiting visibly, not blocking
    assert len(w.ctl.state.history) == 0
    w.act_skip.trigger()
    qtbot.waitUntil(lambda: w.ctl.state.is_terminal(), timeout=10_000)
    assert w.ctl.state.winner() is Team.RED


def test_undo_takes_back_the_ai_reply_too(qtbot, play_window, walled):
    w = play_window(GameSetup(walled, 3, {Team.RED: "human", Team.BLU: "heuristic"}))
    click_hex(w.board, at(0, 1))
    _wait_human(qtbot, w)
    assert len(w.ctl.state.history) == 2
    w.act_undo.trigger()
    assert len(w.ctl.state.history) == 0 and w.ctl.is_human_turn()
    assert w.log.count() == 0


def test_restart_same_and_new_seed(qtbot, play_window, walled):
    w = play_window(GameSetup(walled, 42, {Team.RED: "human", Team.BLU: "heuristic"}))
    click_hex(w.board, at(0, 1))
    _wait_human(qtbot, w)
    w.act_restart.trigger()
    assert w.ctl.seed == 42 and w.ctl.state.history == []
    w.act_new_seed.trigger()
    assert w.ctl.seed != 42


def test_bad_replay_file_shows_a_message(qtbot, play_window, walled, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    bad = tmp_path / "bad.replay.json"
    bad.write_text("{not json")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: shown.append(a[2])))
    monkeypatch.setattr(filedialogs, "open_file", lambda *a, **k: str(bad))
    w = play_window(GameSetup(walled, 1))
    assert not w.load_replay_dialog()
    assert shown and "bad.replay.json" in shown[0]
    assert not w.ctl.replay_mode


def test_a_replay_recorded_under_other_rules_that_replays_the_same_says_so(qtbot, play_window, walled, tmp_path,
                                                                          monkeypatch):
    import json

    from PySide6.QtWidgets import QMessageBox

    from engine.replay import Replay, save_replay

    w = play_window(GameSetup(walled, 1))
    path = tmp_path / "game.replay.json"
    save_replay(Replay.of(w.ctl.state), path, w.ctl.state)
    doc = json.loads(path.read_text())
    doc["rules"]["engine"] += 1  # as a newer hexfort would record it
    path.write_text(json.dumps(doc))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: shown.append(a[2])))
    monkeypatch.setattr(filedialogs, "open_file", lambda *a, **k: str(path))
    assert w.load_replay_dialog() and w.ctl.replay_mode
    assert shown and "recorded under other rules but replays the same" in shown[0] and "version 2" in shown[0]


def test_window_never_touches_files_it_was_not_asked_to(play_window, walled, tmp_path):
    w = play_window(GameSetup(walled, 1))
    assert list(Path(tmp_path).iterdir()) == []
    w.go_back()
    assert not w.isVisible()


def test_an_ai_failure_pauses_the_ai_and_says_so(qtbot, play_window, walled, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: told.append(a[2])))
    w = play_window(GameSetup(walled, 3, {Team.RED: "human", Team.BLU: "heuristic"}))

    def broken(state):  # type: ignore[no-untyped-def]
        raise RuntimeError("no idea")

    monkeypatch.setattr(w.ctl.players[Team.BLU], "choose", broken)
    click_hex(w.board, at(0, 1))
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert "no idea" in told[0] and w.ctl.paused and not w.ctl.ai_pending


def test_spawn_pick_buttons_keep_their_places_while_units_are_picked(qtbot, play_window):
    """Pick Scout, then Soldier, then click where Heavy was: a Heavy is placed (it used to be an Engineer)."""
    from PySide6.QtTest import QTest

    from engine.textmap import koth_scenario
    from tests.editor.test_playtest.conftest import FIELD

    s = koth_scenario(FIELD, rules={"team_size": 3})
    w = play_window(GameSetup(s, 3, {Team.RED: "human", Team.BLU: "human"}))

    def settled() -> None:
        qtbot.waitUntil(lambda: all(b.isVisible() for b in w.choice_buttons.values()))
        w.buttons_grid.activate()

    def where(kind: str):  # type: ignore[no-untyped-def]
        b = w.verb_buttons[f"spawn:{kind}"]
        return b.mapTo(w, b.rect().center())

    settled()
    heavy_at = where("heavy")
    before = {k: where(k.removeprefix("spawn:")) for k in w.choice_buttons}
    for kind, row in (("scout", 0), ("soldier", 1)):
        QTest.mouseClick(w.verb_buttons[f"spawn:{kind}"], Qt.MouseButton.LeftButton)
        click_hex(w.board, at(0, row))
        settled()
        assert w.ctl.state.unit_at(at(0, row)).kind == kind
        assert {k: where(k.removeprefix("spawn:")) for k in w.choice_buttons} == before  # nothing moved
        assert not w.verb_buttons[f"spawn:{kind}"].isEnabled()  # picked: shown, but greyed out
    under = w.childAt(heavy_at)
    while under is not None and under not in w.verb_buttons.values():
        under = under.parentWidget()
    assert under is w.verb_buttons["spawn:heavy"] and under.isEnabled()
    QTest.mouseClick(under, Qt.MouseButton.LeftButton)
    click_hex(w.board, at(0, 2))
    assert w.ctl.state.unit_at(at(0, 2)).kind == "heavy"


@pytest.mark.parametrize(("col", "row", "words"), [
    (2, 1, "low obstacle on height-0 ground · a unit here stands at height 1"),  # said only "height 0"
    (4, 1, "open ground · height 1"),
    (4, 2, "wall · nothing stands there"),
    (3, 1, "open ground · height 0 · control point"),
])
def test_hover_says_the_terrain_and_the_height_a_unit_stands_at(qtbot, play_window, field_setup, col, row, words):
    w = play_window(field_setup)
    hover_hex(w.board, at(col, row))
    qtbot.waitUntil(lambda: bool(w.hover_label.text().strip()))
    assert w.hover_label.text().strip() == f"{at(col, row)} · {words}"
