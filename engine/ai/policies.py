"""Roll-out policies: the fast players a search asks "how good is each action?" and lets play on.

A :class:`ScoringPlayer` is a player that can also score every legal action.
The roll-out policy of a mode is the heuristic when it plays that mode
(:attr:`HeuristicPlayer.modes <engine.ai.heuristic.HeuristicPlayer.modes>`; it
dispatches to the mode's own scorer); a mode without one gets
:class:`UniformPolicy`, which scores every action alike and plays at random, so
a search still plays it (only weaker). A new mode's heuristic registers its
scorer in :data:`engine.ai.heuristic.SCORERS` to make the search player strong at it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.turn_rollout import TurnRollout
from engine.games.protocol import GameState
from engine.mapmodel import Mode
from engine.rules.actions import Action

__all__ = ["ROLLOUTS", "ScoringPlayer", "UniformPolicy", "policy_for"]


class ScoringPlayer(Protocol):
    """A player that can say how good each legal action is (a search's roll-out policy and prior)."""

    name: str

    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``."""
        ...

    def action_scores(self, state: GameState, acts: list[Action] | None = None) -> list[float]:
        """One score per action of ``acts`` (default: the legal actions), higher is better."""
        ...


class UniformPolicy:
    """Every action scores the same; plays uniformly at random with its own seeded generator."""

    name = "uniform"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """A legal action, uniformly at random; IndexError when there is none."""
        acts = state.legal_actions_view()
        return acts[self.rng.randrange(len(acts))]

    def action_scores(self, state: GameState, acts: list[Action] | None = None) -> list[float]:
        """0.0 for every action."""
        return [0.0] * len(acts if acts is not None else state.legal_actions_view())


#: Modes whose roll-outs a faster variant of the heuristic plays (made from a seed).
ROLLOUTS: dict[Mode, Callable[[int], ScoringPlayer]] = {Mode.PAYLOAD: TurnRollout}


def policy_for(mode: Mode, seed: int) -> ScoringPlayer:
    """The roll-out policy of ``mode`` seeded with ``seed``: its :data:`ROLLOUTS` entry, else the heuristic
    where it plays the mode, else :class:`UniformPolicy`."""
    if mode not in HeuristicPlayer.modes:
        return UniformPolicy(seed)
    fast = ROLLOUTS.get(mode)
    return fast(seed) if fast is not None else HeuristicPlayer(seed)
