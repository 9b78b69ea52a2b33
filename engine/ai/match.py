"""Playing one game between two players."""

from __future__ import annotations

from typing import Protocol

from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.koth import KothState

__all__ = ["Player", "play_game"]


class Player(Protocol):
    """Anything that picks a legal action for the side to move."""

    name: str

    def choose(self, state: KothState) -> Action:
        """One of ``state.legal_actions()``."""
        ...


def play_game(state: KothState, players: dict[Team, Player], max_actions: int = 100_000) -> KothState:
    """Let ``players`` play ``state`` to the end (in place) and return it.

    Raises RuntimeError if the game has not ended after ``max_actions`` decisions
    (the ruleset's turn limit normally ends every game long before).
    """
    for _ in range(max_actions):
        team = state.current_team()
        if team is None:
            return state
        state.apply_unchecked(players[team].choose(state))
    raise RuntimeError(f"game not over after {max_actions} actions")
