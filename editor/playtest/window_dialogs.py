"""The playtest window's dialogs: save and load replays, a new game, and "play from here".

A mixin of :class:`~editor.playtest.window.PlaytestWindow` (it uses the window's
``ctl``, ``board`` and status bar). Every dialog changes the game only through the
controller; a file that cannot be written or read shows a message and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QMessageBox

from editor import filedialogs
from editor.paths import file_slug
from editor.playtest.presenters import presenter_for
from editor.save_errors import save_error_words

__all__ = ["REPLAY_FILTER", "WindowDialogs"]

REPLAY_FILTER = "hexfort replays (*.replay.json *.json);;All files (*)"

#: The folder a replay was last saved to or loaded from in this run; before any, the home folder (not the folder
#: hexfort was started from: its own checkout, for a new-user audit).
_last_folder: list[Path] = []


def _replay_folder() -> Path:
    return _last_folder[-1] if _last_folder and _last_folder[-1].is_dir() else Path.home()


def _remember(path: str) -> None:
    _last_folder[:] = [Path(path).parent]


class WindowDialogs:
    """Replays, a new game and "play from here" for the playtest window (mixed into it)."""

    ctl: Any
    board: Any

    def save_replay_dialog(self) -> bool:
        """Ask for a file and save the replay; a failure shows a message and changes nothing."""
        blocked = self.ctl.replay_blocked
        if blocked:
            QMessageBox.information(self, "Save replay", f"Cannot save a replay: {blocked}.")  # type: ignore[arg-type]
            return False
        name = f"{file_slug(self.ctl.state.scenario.name)}_seed{self.ctl.seed}.replay.json"
        path = filedialogs.save_file(self, "Save replay", str(_replay_folder() / name), REPLAY_FILTER)  # type: ignore[arg-type]
        if not path:
            return False
        _remember(path)
        try:
            self.ctl.save_replay(path)
        except OSError as e:
            QMessageBox.critical(self, "Save replay",  # type: ignore[arg-type]
                                 f"Cannot write {path}:\n{save_error_words(Path(path), e)}")
            return False
        self.statusBar().showMessage(  # type: ignore[attr-defined]
            f"Saved the replay to {path}", 5000)
        return True

    def load_replay_dialog(self) -> bool:
        """Ask for a replay file and show it from its start."""
        path = filedialogs.open_file(self, "Load replay", str(_replay_folder()), REPLAY_FILTER)  # type: ignore[arg-type]
        if not path:
            return False
        _remember(path)
        ok = self.ctl.load_replay(path)
        if ok:
            self.statusBar().showMessage(  # type: ignore[attr-defined]
            f"Replay {Path(path).name}: step with the arrow keys", 6000)
            self.board.flash(())
        return bool(ok)

    def new_game_dialog(self) -> bool:
        """Show the start dialog again; a new game starts when it is accepted."""
        from editor.playtest.start_dialog import StartDialog

        d = StartDialog(self.ctl.setup.scenario, self.ctl.setup, self)  # type: ignore[arg-type]
        if d.exec() != StartDialog.DialogCode.Accepted:
            return False
        self.ctl.new_game(d.setup())
        return True

    def play_from_here(self) -> bool:
        """Open the mode's position editor on the current position; play the position it returns."""
        position = presenter_for(self.ctl.state.scenario.mode).position
        if position is None:
            return False
        d = position.dialog(self, self.ctl.setup.scenario, self.ctl.state)  # type: ignore[arg-type]  # the window
        if d.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.start_position(d.placements())

    def start_position(self, placements: list[Any]) -> bool:
        """Play ``placements`` ("play from here"); a position the rules refuse shows why and changes nothing."""
        position = presenter_for(self.ctl.state.scenario.mode).position
        assert position is not None
        base = self.ctl.setup.scenario
        problems = position.problems(base, placements)
        if problems:
            QMessageBox.warning(self, "Play from here",  # type: ignore[arg-type]
                                "This position cannot be played:\n• " + "\n• ".join(problems))
            return False
        scenario = position.scenario(base, placements, self.ctl.seed)
        try:
            self.ctl.new_game(self.ctl.setup, placements, scenario)
        except (ValueError, KeyError) as e:
            QMessageBox.warning(self, "Play from here", f"This position cannot be played: {e}")  # type: ignore[arg-type]
            return False
        return True
