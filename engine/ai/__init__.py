"""Computer players; they use only the public game-state API.

Every player has ``name`` and ``choose(state) -> Action`` returning one of
``state.legal_actions()``. :func:`play_game` plays one game between two players.
"""

from __future__ import annotations

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.match import Player, play_game
from engine.ai.random_player import RandomPlayer
from engine.ai.search import SearchPlayer

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "SearchPlayer", "play_game"]
