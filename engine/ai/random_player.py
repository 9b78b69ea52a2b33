"""A uniformly random legal player (for tests and throughput figures)."""

from __future__ import annotations

import random

from engine.rules.actions import Action
from engine.rules.koth import KothState

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Picks uniformly among the legal actions, with its own seeded generator.

    Raises IndexError when asked to choose in a finished game (no legal action).
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KothState) -> Action:
        """One legal action of ``state``, uniformly at random."""
        acts = state.legal_actions()
        return acts[self.rng.randrange(len(acts))]
