"""``hexfort play``: bad files give one clear message and status 1, good ones open the window."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from editor.cli import main
from editor.playtest.window import PlaytestWindow
from engine.formats import save_map, save_scenario
from engine.games.game import new_game
from engine.mapmodel import Team
from engine.replay import Replay, save_replay
from tests.editor.test_playtest.conftest import walled_scenario


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "file not found"),
        ("{not json", "bad.json"),
        (json.dumps({"rows": ["0. 0."]}), "bad.json"),
        (json.dumps({"units": {}, "options": {}, "name": "x", "format": 1}), "bad.json"),
    ],
)
def test_bad_files_print_one_message_and_exit_1(tmp_path, capsys, content, expected):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert main(["play", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hexfort play: ") and expected in err
    assert "Traceback" not in err


def test_a_map_without_bases_says_what_is_missing(tmp_path, capsys):
    m = walled_scenario().map
    for team in list(m.spawns):
        m = m.with_spawn_zone(team, ())
    path = tmp_path / "nobase.map.json"
    save_map(m, path)
    assert main(["play", str(path)]) == 1
    err = capsys.readouterr().err
    assert "cannot be played" in err and "RED has no spawn zone" in err and "BLU has no spawn zone" in err


def test_no_traceback_from_a_real_process(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("[1, 2")
    r = subprocess.run([sys.executable, "-m", "editor.cli", "play", str(path)], capture_output=True, text=True,
                       timeout=60, cwd=Path(__file__).resolve().parents[3])
    assert r.returncode == 1
    assert "hexfort play:" in r.stderr and "Traceback" not in r.stderr


def test_play_opens_the_window_on_a_scenario_and_on_a_replay(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    s = walled_scenario()
    path = tmp_path / "walled.scenario.json"
    save_scenario(s, path)
    assert main(["play", str(path), "--no-dialog", "--seed", "5", "--red", "random", "--blu", "random"]) == 0
    wins = [w for w in QApplication.topLevelWidgets() if isinstance(w, PlaytestWindow) and w.isVisible()]
    assert wins and wins[-1].ctl.seed == 5 and wins[-1].ctl.setup.controller(Team.RED) == "random"
    assert wins[-1].standalone and wins[-1].act_back.text() == "Open in editor"
    for w in wins:
        qtbot.addWidget(w)
        w.ctl.set_paused(True)
        w.close()
    state = new_game(s)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    rp = tmp_path / "game.replay.json"
    save_replay(Replay.of(state), rp)
    assert main(["play", str(rp)]) == 0
    wins = [w for w in QApplication.topLevelWidgets() if isinstance(w, PlaytestWindow) and w.isVisible()]
    assert wins[-1].ctl.replay_mode and len(wins[-1].ctl.cursor) == 3
    for w in wins:
        qtbot.addWidget(w)
        w.close()


def test_standalone_play_offers_open_in_editor_and_keeps_the_game(qtbot, tmp_path, monkeypatch):
    """``hexfort play`` has no editor to go back to: the button opens one on the file, the game stays."""
    from PySide6.QtCore import QSettings

    import editor.main_window as main_window
    from editor.playtest.cli import open_editor
    from editor.playtest.session import GameSetup

    ini = str(tmp_path / "settings.ini")
    monkeypatch.setattr(main_window, "QSettings", lambda *a: QSettings(ini, QSettings.Format.IniFormat))
    s = walled_scenario()
    path = tmp_path / "walled.scenario.json"
    save_scenario(s, path)
    w = PlaytestWindow(GameSetup(s, 3), standalone=True)
    qtbot.addWidget(w)
    w.show()
    w.ctl.set_paused(True)
    assert w.act_back.text() == "Open in editor" and "Back" not in w.act_back.toolTip()
    opened = []
    w.back_to_editor.connect(lambda: opened.append(open_editor(w, path)))
    w.act_back.trigger()
    assert w.isVisible()  # the game is not thrown away
    ed = opened[0]
    qtbot.addWidget(ed)
    assert ed.isVisible() and ed.doc.path == path and ed.doc.map == s.map
    w.act_back.trigger()
    assert opened[1] is ed  # one editor, raised again


def test_from_the_editor_the_button_goes_back_and_closes(qtbot):
    from editor.playtest.session import GameSetup

    w = PlaytestWindow(GameSetup(walled_scenario(), 3))
    qtbot.addWidget(w)
    w.show()
    w.ctl.set_paused(True)
    assert w.act_back.text() == "◀ Back to editor"
    with qtbot.waitSignal(w.back_to_editor):
        w.act_back.trigger()
    assert not w.isVisible()


def test_a_missing_file_is_named_before_the_display_is_asked(tmp_path, capsys, monkeypatch):
    """Without a display, play nofile.json said "no display", which hid the mistyped name (a new-user audit)."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["play", str(tmp_path / "nofile.json")]) == 1
    assert "nofile.json: file not found" in capsys.readouterr().err
