"""Driving a playtest game: human actions, AI turns on a timer, undo, restart, replays.

:class:`PlaytestController` owns the game state (a :class:`~engine.games.protocol.GameState`) and
the action log, and is the only thing that changes them. Widgets call its
methods and redraw on its signals (model → signals → view). AI decisions are
played one per timer tick, with a visible pause the user can shorten, skip or
pause, so the event loop always runs between two AI decisions and the window
never freezes. A player that searches (the strong AI, anything with
``start(state)`` returning a search to ``run(stop=...)``) thinks in a worker
thread on a copy of the game (:class:`~editor.playtest.thinking.Thinker`);
Skip makes it play the best it has found so far. A loaded replay puts the
controller in replay mode: the game then only moves by :meth:`step`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QObject, QTimer, Signal

from editor.playtest.journal import LogEntry, entry_after, opening, snapshot
from editor.playtest.presenters import presenter_for
from editor.playtest.replay_cursor import ReplayCursor
from editor.playtest.session import HUMAN, GameSetup, game_scenario, make_players, new_seed
from editor.playtest.thinking import Thinker, searches
from engine.ai.match import Player
from engine.formats.errors import LoadError
from engine.games.game import Game
from engine.games.protocol import GameState
from engine.games.state import IllegalActionError, Phase
from engine.mapmodel import Team
from engine.replay import Replay, load_replay, save_replay
from engine.rules.actions import Action
from engine.rules.dice import Dice
from engine.ruleset import RulesetError

__all__ = ["AI_SPEEDS", "PlaytestController"]

#: AI pause per decision, by name, in milliseconds.
AI_SPEEDS: Final[dict[str, int]] = {"slow": 1200, "normal": 550, "fast": 150, "instant": 0}


class PlaytestController(QObject):
    """One playtest game (or replay) and everything that changes it.

    Signals: ``changed()`` after any change of the position; ``log_reset()`` when
    the log was rebuilt (new game, undo, replay step back); ``entry_added(LogEntry)``
    for each new action; ``ai_thinking(bool)`` while an AI decision is pending;
    ``problem(str)`` for a failure the user must read (bad replay file...);
    ``thinking(int, int)`` (play-outs done, budget) while a searching AI thinks.

    ``dice_factory`` makes each new game's dice from its seed (a test scripts the
    throws with it); by default the dice are seeded. Raises RulesetError /
    ValueError from the constructor when the set-up cannot start a game (callers
    check :func:`~editor.playtest.session.playability`).
    """

    changed = Signal()
    log_reset = Signal()
    entry_added = Signal(object)
    ai_thinking = Signal(bool)
    problem = Signal(str)
    thinking = Signal(int, int)

    def __init__(self, setup: GameSetup, placements: list[Any] | None = None,
                 scenario_override=None, parent: QObject | None = None,  # type: ignore[no-untyped-def]
                 dice_factory: Callable[[int], Dice] | None = None) -> None:
        super().__init__(parent)
        #: makes each new game's dice from its seed (tests script them); None: seeded dice
        self.dice_factory = dice_factory
        self.setup = setup
        self.placements = list(placements or [])
        self._scenario_override = scenario_override
        self.ai_delay_ms = AI_SPEEDS["normal"]
        self.paused = False
        self._skipping = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._ai_step)
        #: the searching AI's worker (one decision at a time); its answers come back queued
        self.thinker = Thinker(self)
        self.thinker.decided.connect(self._thought)
        self.thinker.failed.connect(self._ai_failed)
        self.thinker.progressed.connect(self.thinking)
        self.cursor: ReplayCursor | None = None
        self.entries: list[LogEntry] = []
        #: history positions of the human decisions answered at once, having one possible answer
        self.answered: set[int] = set()
        self.players: dict[Team, Player] = {}
        self.state: GameState = self._new_state()
        self.entries = self._opening_entries()

    # -- state --------------------------------------------------------------------------

    def _new_state(self) -> GameState:
        scenario = (self._scenario_override if self._scenario_override is not None else game_scenario(self.setup))
        dice = self.dice_factory(self.setup.seed) if self.dice_factory is not None else None
        state = Game.of(scenario).new_initial_state(self.setup.seed, dice)
        position = presenter_for(scenario.mode).position
        if self.placements and position is not None:
            position.apply(state, self.placements)
        self.players = make_players(self.setup)
        return state

    def _opening_entries(self) -> list[LogEntry]:
        """The log of the game just started: its opening (a roll-off, a draw), if it had one."""
        first = opening(self.state)
        return [first] if first is not None else []

    @property
    def replay_mode(self) -> bool:
        """True while showing a loaded replay (no playing, only stepping)."""
        return self.cursor is not None

    @property
    def seed(self) -> int:
        """The dice seed of the game shown."""
        return self.state.dice.seed

    def is_human_turn(self) -> bool:
        """Whether the board may play a decision now (a human side decides, not a replay)."""
        return not self.replay_mode and self.setup.is_human(self.state.current_team())

    def controller_name(self, team: Team) -> str:
        """"human" or the AI's name playing ``team`` (the replay's player names in replay mode)."""
        if self.cursor is not None:
            return dict(self.cursor.replay.players).get(team.value, "replay")
        return self.setup.controller(team)

    # -- playing ----------------------------------------------------------------------------

    def start(self) -> None:
        """Begin: let the AI move if it decides first."""
        self.log_reset.emit()
        self.changed.emit()
        self._schedule()

    def play(self, action: Action) -> bool:
        """Play a human decision; False (nothing changes) if it is not the human's turn or not legal."""
        if not self.is_human_turn() or not self.state.is_legal(action):
            return False
        self._apply(action, HUMAN)
        return True

    def _apply(self, action: Action, by: str, note: str = "") -> None:
        before = snapshot(self.state, action)
        self.state.apply(action)
        entry = entry_after(before, self.state, action, by)
        if note:
            entry = dataclasses.replace(entry, text=f"{entry.text} ({note})")
        self.entries.append(entry)
        self.entry_added.emit(entry)
        self.changed.emit()
        self._schedule()

    def single_answer(self) -> Action | None:
        """The one possible answer of a human decision between actions (a prompt with one option), which
        is played at once unless the set-up asks for every answer (:attr:`GameSetup.ask_single`)."""
        st = self.state
        if self.setup.ask_single or not self.is_human_turn() or st.phase is Phase.ACT:
            return None
        legal = st.legal_actions_view()
        return legal[0] if len(legal) == 1 else None

    def _schedule(self) -> None:
        """Answer a one-option human decision at once; start the pause before the next AI decision, if an AI
        decides now."""
        only = self.single_answer()
        if only is not None and not self.paused:
            self.answered.add(len(self.state.history))
            self._apply(only, HUMAN, "the only choice")
            return
        if self.replay_mode or self.paused or self.state.is_terminal():
            self._skipping = False
            self._timer.stop()
            self.ai_thinking.emit(False)
            return
        team = self.state.current_team()
        if team is None or team not in self.players:
            self._skipping = False
            self.ai_thinking.emit(False)
            return
        self._timer.start(0 if self._skipping else self.ai_delay_ms)
        self.ai_thinking.emit(True)  # after the start: whoever asks sees the AI pending

    def _ai_step(self) -> None:
        team = self.state.current_team()
        if self.replay_mode or team is None or team not in self.players or self.paused:
            self.ai_thinking.emit(False)
            return
        player = self.players[team]
        if searches(player):
            # the search plays on a copy in a worker thread; _thought plays its answer here (Skip hurries
            # the search under way; the next decisions are searched in full, without the pause)
            self.thinker.think(player, self.state, team)
            self.ai_thinking.emit(True)  # still deciding: now thinking rather than pausing
            return
        try:
            action = player.choose(self.state)
            self._apply(action, player.name)
        except Exception as e:  # noqa: BLE001 - an AI failure must not take the window down
            self._ai_failed(player.name, team.value, str(e))

    def _thought(self, action: Action, name: str) -> None:
        """A searching AI's answer for the position it was asked about (still the current one)."""
        team = self.state.current_team()
        if self.replay_mode or team is None or team not in self.players or not self.state.is_legal(action):
            self._schedule()  # the game moved on meanwhile (never expected: every such change cancels)
            return
        self._apply(action, name)

    def _ai_failed(self, name: str, team: str, error: str) -> None:
        self.paused = True
        self.ai_thinking.emit(False)
        self.problem.emit(f"The {name} AI could not decide for {team}: {error}. "
                          "The AI is paused; undo, or play on by hand.")

    @property
    def ai_pending(self) -> bool:
        """True while an AI decision is waiting for its timer or a searching AI is thinking."""
        return self._timer.isActive() or self.thinker.busy

    def set_ai_delay(self, ms: int) -> None:
        """Change the AI's pause per decision (applies from the next one; a running pause restarts)."""
        self.ai_delay_ms = max(0, int(ms))
        if self._timer.isActive() and not self._skipping:
            self._timer.start(self.ai_delay_ms)

    def skip_ai(self) -> None:
        """Play the AI's decisions without pausing until a human decides (or the game ends).

        A searching AI that is thinking plays the best it has found so far, at once.
        """
        self._skipping = True
        self.paused = False
        if self.thinker.busy:
            self.thinker.play_now()
            return
        self._schedule()

    def set_paused(self, paused: bool) -> None:
        """Hold (or resume) the AI; a human can still play their own decisions."""
        self.paused = paused
        if paused:
            self._timer.stop()
            self.thinker.cancel()
        self._schedule()
        self.changed.emit()

    def set_controller(self, team: Team, name: str) -> None:
        """Hand ``team`` to a human or an AI from now on ("take over" a side mid-game)."""
        controllers = dict(self.setup.controllers)
        controllers[team] = name
        self.setup = dataclasses.replace(self.setup, controllers=controllers)
        self.thinker.cancel()
        self.players = make_players(self.setup)
        self.changed.emit()
        self._schedule()

    # -- undo and restart ---------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back."""
        return not self.replay_mode and self.state.can_undo()

    def undo(self) -> bool:
        """Take back the last human decision and every AI decision after it.

        With no human side, takes back one decision and pauses the AI. Returns
        False when there is nothing to undo.
        """
        if not self.can_undo():
            return False
        self._timer.stop()
        self.thinker.cancel()
        self._skipping = False
        humans = any(self.setup.is_human(t) for t in Team)
        while self.state.can_undo():
            self.state.undo()
            if self.entries:
                self.entries.pop()
            answered = len(self.state.history) in self.answered
            self.answered.discard(len(self.state.history))
            if not humans or (self.setup.is_human(self.state.current_team()) and not answered):
                break
        if not humans:
            self.paused = True
        self.log_reset.emit()
        self.changed.emit()
        self._schedule()
        return True

    def restart(self, fresh_seed: bool = False, seed: int | None = None) -> None:
        """Start the game again from the beginning, with the same seed, a given one or a new one."""
        self._timer.stop()
        self.thinker.cancel()
        self._skipping = False
        self.cursor = None
        if fresh_seed or seed is not None:
            self.setup = self.setup.with_seed(seed if seed is not None else new_seed())
        self.state = self._new_state()
        self.entries = self._opening_entries()
        self.answered = set()
        self.start()

    def new_game(self, setup: GameSetup, placements: list[Any] | None = None, scenario_override=None) -> None:  # type: ignore[no-untyped-def]
        """Replace the game by a new set-up (start dialog again, or "play from here").

        Raises RulesetError/ValueError, leaving the current game as it was, when
        the set-up cannot start.
        """
        old = (self.setup, self.placements, self._scenario_override)
        self.setup, self.placements, self._scenario_override = setup, list(placements or []), scenario_override
        try:
            self._new_state()
        except Exception:
            self.setup, self.placements, self._scenario_override = old
            raise
        self.restart()

    # -- replays ---------------------------------------------------------------------------------

    @property
    def replay_blocked(self) -> str:
        """Why the game cannot be saved as a replay that reproduces ('' when it can)."""
        position = presenter_for(self.state.scenario.mode).position
        return position.replay_blocked(self.placements) if self.placements and position is not None else ""

    def replay(self) -> Replay:
        """The replay of the game so far (or the loaded replay in replay mode)."""
        if self.cursor is not None:
            return self.cursor.replay
        names = {t: self.setup.controller(t) for t in Team}
        return Replay.of(self.state, names)

    def save_replay(self, path: str | Path) -> None:
        """Write the replay; raises OSError when the file cannot be written."""
        r = self.replay()
        final = self.cursor.replay.play(keep_undo=False) if self.cursor is not None else self.state
        save_replay(r, path, final)

    def load_replay(self, path: str | Path) -> bool:
        """Show a replay file from its start (replay mode); False after ``problem`` for a bad file."""
        try:
            replay, _final = load_replay(path)
            cursor = ReplayCursor(replay)
        except LoadError as e:
            self.problem.emit(str(e))
            return False
        except (IllegalActionError, RulesetError, ValueError) as e:
            self.problem.emit(f"{path}: cannot replay this game: {e}")
            return False
        self._timer.stop()
        self.thinker.cancel()
        self._skipping = False
        self.cursor = cursor
        self.state = cursor.state
        self.entries = self._opening_entries()
        self.log_reset.emit()
        self.changed.emit()
        self.ai_thinking.emit(False)
        if replay.rule_changes:  # it reproduced, but say the rules were not the same
            self.problem.emit(f"{Path(path).name} was recorded under other rules but replays the "
                              f"same: {'; '.join(replay.rule_changes)}")
        return True

    def step(self, delta: int) -> int:
        """Move ``delta`` actions forward (negative: back) in the replay; returns the new position."""
        cur = self.cursor
        if cur is None:
            return 0
        if delta < 0:
            for _ in range(-delta):
                if cur.back() is None:
                    break
                if self.entries:
                    self.entries.pop()
            self.log_reset.emit()
        else:
            for _ in range(delta):
                a = cur.next_action()
                if a is None:
                    break
                before = snapshot(cur.state, a)
                cur.forward()
                entry = entry_after(before, cur.state, a, {t: self.controller_name(t) for t in Team})
                self.entries.append(entry)
                self.entry_added.emit(entry)
        self.changed.emit()
        return cur.position

    def seek(self, position: int) -> int:
        """Go to ``position`` in the replay (0 = start, len = end)."""
        cur = self.cursor
        if cur is None:
            return 0
        return self.step(max(0, min(len(cur), position)) - cur.position)

    def leave_replay(self) -> None:
        """Back from replay mode to the game of the current set-up (restarted)."""
        self.restart()

