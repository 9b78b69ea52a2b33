"""Playing one game between two players."""

from __future__ import annotations

from engine.games.protocol import GameState, Player
from engine.mapmodel import Team

__all__ = ["Player", "play_game"]


def play_game(state: GameState, players: dict[Team, Player], max_actions: int = 100_000) -> GameState:
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
