"""A uniformly random legal player (for tests and throughput figures)."""

from __future__ import annotations

import random

from engine.games.protocol import GameState
from engine.rules.actions import Action

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Picks uniformly among the legal actions, with its own seeded generator.

    Uniformity: it draws ``k = rng.randrange(n)`` with ``n`` the number of legal
    actions and plays the ``k``-th, so every legal action has probability ``1/n``.
    It reads them through :meth:`~engine.games.protocol.GameState.legal_actions_view`, which counts the
    actions and builds only the chosen one; ``view[k]`` is ``legal_actions()[k]``,
    so the generator draws and the games are the same as with the full list.
    Raises IndexError when asked to choose in a finished game (no legal action).
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """One legal action of ``state``, uniformly at random."""
        acts = state.legal_actions_view()
        return acts[self.rng.randrange(len(acts))]
