"""A heuristic player that plays to win by each mode's own hand-made terms.

It scores each legal action and plays the best one (ties broken by its own
seeded generator, so neither side is favoured). The terms are the mode's: its
package registers them with its AI (:class:`~engine.ai.modes.ModeAI`'s
``scores``, or ``choose`` for a mode that settles some decisions without
scoring every action); a mode without them has every action score alike, so
the player picks at random among them.

It only uses the public state API (legal actions, attack options, units, board,
sight) and is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.modes import Pick, ai_of
from engine.games.protocol import GameState
from engine.mapmodel import Mode
from engine.rules.actions import Action

__all__ = ["HeuristicPlayer"]


class HeuristicPlayer:
    """Greedy one-decision scorer (see module docstring)."""

    name = "heuristic"

    #: Scores closer than this count as equal; ties are broken by the player's own RNG.
    TIE: float = 1e-9

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # Ties broken in list order would favour one side: the action list follows hex
        # order, which a rotated or mirrored map reverses for the other team.
        self.rng = random.Random(seed)

    @staticmethod
    def plays(mode: Mode) -> bool:
        """Whether ``mode`` registered terms for the heuristic (without, it plays at random)."""
        return ai_of(mode).plays

    # -- entry point ----------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """The best-scoring legal action of ``state`` by its mode's terms; IndexError if there is none."""
        choose = ai_of(state.game.rules.mode).choose
        if choose is not None:
            return choose(state, self._pick)
        acts = state.legal_actions()
        return self._pick(acts, self.action_scores(state, acts))

    def action_scores(self, state: GameState, acts: list[Action] | None = None) -> list[float]:
        """A score per action of ``acts`` (default: ``state.legal_actions()``), in the same order.

        :meth:`choose` plays one of the best; a search (:mod:`engine.ai.search`)
        reads them as its prior. Higher is better; only the order within one
        decision means anything. IndexError when there is no legal action.
        """
        if acts is None:
            acts = state.legal_actions()
        ai = ai_of(state.game.rules.mode)
        if ai.scores is not None:
            return ai.scores(state, acts)
        if ai.choose is not None:
            return _scores_of(ai.choose, state, acts)
        if not acts:
            raise IndexError("no legal action to score")
        return [0.0] * len(acts)

    def _pick(self, acts: Sequence[Action], scores: list[float]) -> Action:
        """The best-scoring action, ties broken at random (seeded), so neither side is favoured.

        Reads only the actions it plays (``acts`` may be a lazy :class:`~engine.rules.legal.LegalActions`);
        ValueError when ``acts`` and ``scores`` differ in length."""
        if len(acts) != len(scores):
            raise ValueError(f"{len(acts)} actions but {len(scores)} scores")
        top = max(scores)
        floor = top - self.TIE
        best = [k for k, s in enumerate(scores) if s >= floor]
        return acts[best[0] if len(best) == 1 else self.rng.choice(best)]


def _scores_of(scorer: Callable[[Any, Pick], Action], state: GameState, acts: list[Action]) -> list[float]:
    """A mode scorer's score of each of ``acts``: the scores it hands its tie-breaker, read on the way.

    A decision the scorer settles without scoring every action (a reaction) gives
    its choice 1 and the rest 0; an action it did not score gets the lowest score.
    """
    seen: list[tuple[list[Action], list[float]]] = []

    def keep(options: list[Action], scores: list[float]) -> Action:
        seen.append((options, scores))
        return options[0]

    chosen = scorer(state, keep)
    if not seen:
        return [1.0 if a == chosen else 0.0 for a in acts]
    options, scores = seen[-1]
    by_action = dict(zip(options, scores, strict=True))
    low = min(scores, default=0.0) - 1.0
    return [by_action.get(a, low) for a in acts]
