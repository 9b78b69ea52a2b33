"""Roll-out policies: the fast players a search asks "how good is each action?" and lets play on.

A :class:`ScoringPlayer` is a player that can also score every legal action.
The roll-out policy of a mode is the faster player its AI registers
(:attr:`ModeAI.rollout <engine.ai.modes.ModeAI.rollout>`), else the heuristic
when the mode registered terms for it (:meth:`HeuristicPlayer.plays
<engine.ai.heuristic.HeuristicPlayer.plays>`); a mode without any gets
:class:`UniformPolicy`, which scores every action alike and plays at random, so
a search still plays it (only weaker). A new mode registers its heuristic's
scorer (:mod:`engine.ai.modes`) to make the search player strong at it.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.modes import ai_of
from engine.games.protocol import GameState
from engine.mapmodel import Mode
from engine.rules.actions import Action

__all__ = ["ScoringPlayer", "UniformPolicy", "policy_for"]


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


def policy_for(mode: Mode, seed: int) -> ScoringPlayer:
    """The roll-out policy of ``mode`` seeded with ``seed``: its AI's faster roll-out player, else the
    heuristic where the mode has terms for it, else :class:`UniformPolicy`."""
    ai = ai_of(mode)
    if not ai.plays:
        return UniformPolicy(seed)
    return ai.rollout(seed) if ai.rollout is not None else HeuristicPlayer(seed)
