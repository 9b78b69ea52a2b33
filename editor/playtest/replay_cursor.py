"""Stepping through a recorded game forwards and backwards (Qt-free).

A :class:`ReplayCursor` plays a :class:`~engine.replay.Replay` on a fresh game
one action at a time; stepping back uses the game's own undo, so every position
is exactly the one the recorded game went through (dice included).
"""

from __future__ import annotations

from engine.games.game import Game
from engine.games.protocol import GameState
from engine.replay import Replay
from engine.rules.actions import Action

__all__ = ["ReplayCursor"]


class ReplayCursor:
    """A position in a replay: ``state`` after the first ``position`` actions.

    The replay must be legal (as :func:`~engine.replay.load_replay` checks);
    :meth:`forward` raises :class:`~engine.games.state.IllegalActionError` otherwise.
    """

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.state: GameState = Game.of(replay.scenario).new_initial_state(replay.seed)
        self.position = 0

    def __len__(self) -> int:
        return len(self.replay.actions)

    @property
    def at_start(self) -> bool:
        """True before the first action."""
        return self.position == 0

    @property
    def at_end(self) -> bool:
        """True after the last action."""
        return self.position >= len(self.replay.actions)

    def next_action(self) -> Action | None:
        """The action :meth:`forward` would play (None at the end)."""
        return None if self.at_end else self.replay.actions[self.position]

    def forward(self) -> Action | None:
        """Play the next action and return it (None, doing nothing, at the end)."""
        a = self.next_action()
        if a is None:
            return None
        self.state.apply(a)
        self.position += 1
        return a

    def back(self) -> Action | None:
        """Take back the last played action and return it (None, doing nothing, at the start)."""
        if self.at_start:
            return None
        self.position -= 1
        return self.state.undo()

    def seek(self, position: int) -> None:
        """Go to ``position`` (clamped to 0..len) by stepping."""
        position = max(0, min(len(self), position))
        while self.position < position:
            self.forward()
        while self.position > position:
            self.back()
