"""The playtest window's actions and toolbars: game (undo, restart, replays...) and AI pace and replay steps.

The game's own actions (move, attack, end the turn, push the cart...) are the action
bar's buttons, with their shortcuts (:mod:`editor.playtest.action_bar`).

:func:`build_toolbars` makes every :class:`~PySide6.QtGui.QAction` of a
:class:`~editor.playtest.window.PlaytestWindow` (as ``win.act_*``, each with its
shortcut and a tooltip naming it) and its two toolbars; the actions call the
window's own methods and its controller.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

from editor.playtest.controller import AI_SPEEDS

__all__ = ["build_toolbars"]


def _act(win: Any, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None,  # type: ignore[no-untyped-def]
         tip: str = "") -> QAction:
    a = QAction(text, win)
    if shortcut is not None:
        a.setShortcut(QKeySequence(shortcut))
    if tip:
        a.setToolTip(tip + (f" ({a.shortcut().toString()})" if shortcut is not None else ""))
        a.setStatusTip(tip)
    a.triggered.connect(slot)
    win.addAction(a)
    return a


def build_toolbars(win: Any) -> None:
    """Give ``win`` (a playtest window) its actions and toolbars."""
    SK = QKeySequence.StandardKey
    if win.standalone:
        win.act_back = _act(win, "Open in editor", win.go_back, "Ctrl+E",
                            "Open this map in the map editor; the game stays open")
    else:
        win.act_back = _act(win, "◀ Back to editor", win.go_back, "Ctrl+E",
                            "Close the playtest and return to the map; nothing in the editor changes")
    win.act_undo = _act(win, "Undo", win.undo, SK.Undo, "Take back your last decision (and the AI's replies)")
    win.act_restart = _act(win, "Restart", lambda: win.ctl.restart(), "Ctrl+R",
                           "Play the same game again from the start, same seed")
    win.act_new_seed = _act(win, "New seed", lambda: win.ctl.restart(fresh_seed=True), "Ctrl+Shift+R",
                            "Start again with new dice")
    win.act_new_game = _act(win, "New game…", win.new_game_dialog, "Ctrl+N",
                            "Choose sides, units and seed again")
    win.act_from_here = _act(win, "Play from here…", win.play_from_here, None,
                             "Put units on chosen hexes, set health and markers, and play that situation")
    win.act_save_replay = _act(win, "Save replay…", win.save_replay_dialog, SK.Save,
                               "Save this game (seed and decisions) to a replay file")
    win.act_load_replay = _act(win, "Load replay…", win.load_replay_dialog, SK.Open,
                               "Open a replay and step through it")
    win.act_skip = _act(win, "Skip »", win.ctl.skip_ai, "Space", "Let the AI play on without pausing")
    win.act_pause = _act(win, "Pause AI", lambda: win.ctl.set_paused(win.act_pause.isChecked()), "P",
                         "Hold the AI before its next decision")
    win.act_pause.setCheckable(True)
    win.act_first = _act(win, "|◀", lambda: win.ctl.seek(0), "Home", "Replay: go to the start")
    win.act_prev = _act(win, "◀ Step", lambda: win.ctl.step(-1), "Left", "Replay: one decision back")
    win.act_next = _act(win, "Step ▶", lambda: win.ctl.step(1), "Right", "Replay: one decision forward")
    win.act_last = _act(win, "▶|", lambda: win.ctl.seek(len(win.ctl.cursor or ())), "End",
                        "Replay: go to the end")
    win.act_leave_replay = _act(win, "Leave replay", win.ctl.leave_replay, None,
                                "Stop watching the replay and play this set-up again")
    tb = QToolBar("Game")
    tb.setObjectName("game_toolbar")
    tb.setMovable(False)
    tb.addAction(win.act_back)
    tb.addSeparator()
    tb.addActions([win.act_undo, win.act_restart, win.act_new_seed, win.act_new_game, win.act_from_here])
    tb.addSeparator()
    tb.addActions([win.act_save_replay, win.act_load_replay])
    win.addToolBar(tb)
    ai = QToolBar("AI and replay")
    ai.setObjectName("ai_toolbar")
    ai.setMovable(False)
    ai.addWidget(QLabel(" AI pace "))
    win.speed = QComboBox()
    for name, ms in AI_SPEEDS.items():
        win.speed.addItem(name.title(), ms)
    win.speed.setCurrentIndex(win.speed.findData(win.ctl.ai_delay_ms))
    win.speed.setToolTip("How long the AI pauses before each decision")
    win.speed.currentIndexChanged.connect(lambda _i: win.ctl.set_ai_delay(win.speed.currentData()))
    ai.addWidget(win.speed)
    ai.addActions([win.act_pause, win.act_skip])
    ai.addSeparator()
    win.replay_label = QLabel()
    ai.addWidget(win.replay_label)
    ai.addActions([win.act_first, win.act_prev, win.act_next, win.act_last, win.act_leave_replay])
    win.addToolBar(ai)

