"""A heuristic player that plays to win: it takes the point, focuses fire and keeps units alive.

It scores each legal action with hand-made terms and plays the best one (ties
broken by its own seeded generator, so neither side is favoured): King of the
Board by :mod:`engine.ai.koth_heuristic` (the point, kits, height, cover, firepower,
safety, tempo), the other modes by their scorers in :data:`SCORERS`
(:mod:`engine.ai.payload_heuristic`, :mod:`engine.ai.teamplay`).

It only uses the public state API (legal actions, attack options, units, board,
sight) and is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from engine.ai.koth_heuristic import KothScorer, cp_distance
from engine.ai.payload_heuristic import choose_payload
from engine.ai.teamplay import choose_teamplay
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.mapmodel import Mode
from engine.rules.actions import Action

__all__ = ["HeuristicPlayer"]

#: The scorers of modes other than King of the Board: (state, tie-breaking pick) -> the chosen action.
SCORERS: dict[Mode, Callable[[Any, Callable[[list[Action], list[float]], Action]], Action]] = {
    Mode.PAYLOAD: choose_payload,
    Mode.TEAM_PLAY: choose_teamplay,
}

#: Unit kinds in the order the heuristic likes to field them.
PREFERENCE = ("soldier", "heavy", "medic", "demoman", "scout", "pyro", "sniper", "engineer")


class HeuristicPlayer:
    """Greedy one-decision scorer (see module docstring)."""

    name = "heuristic"

    #: The modes it plays: King of the Board by this module's terms, the others by their :data:`SCORERS`.
    modes: ClassVar[frozenset[Mode]] = frozenset({Mode.KOTH, *SCORERS})

    #: Scores closer than this count as equal; ties are broken by the player's own RNG.
    TIE: float = 1e-9

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # Ties broken in list order would favour one side: the action list follows hex
        # order, which a rotated or mirrored map reverses for the other team.
        self.rng = random.Random(seed)

    # -- entry point ----------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """The best-scoring legal action of ``state``; IndexError if there is none.

        A mode with its own scorer (:data:`SCORERS`) is scored by it; King of the
        Board by the terms of this module's docstring.
        """
        scorer = SCORERS.get(state.game.rules.mode)
        if scorer is not None:
            return scorer(state, self._pick)
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
        scorer = SCORERS.get(state.game.rules.mode)
        if scorer is not None:
            return _scores_of(scorer, state, acts)
        if state.phase is Phase.SPAWN:
            return self._spawn_scores(state, acts)
        if state.phase is Phase.TARGET:
            return [-float(self._health_at(state, a)) for a in acts]
        u = state.active_unit()
        assert u is not None
        return KothScorer(state, u).scores(acts)

    def _pick(self, acts: list[Action], scores: list[float]) -> Action:
        """The best-scoring action, ties broken at random (seeded), so neither side is favoured."""
        top = max(scores)
        best = [a for a, s in zip(acts, scores, strict=True) if s >= top - self.TIE]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    @staticmethod
    def _health_at(state: GameState, a: Action) -> int:
        assert a.target is not None
        v = state.unit_at(a.target)
        return v.health if v is not None else 10_000

    @staticmethod
    def _spawn_scores(state: GameState, acts: list[Action]) -> list[float]:
        """The favourite kind (:data:`PREFERENCE`) nearest the point first; other kinds by preference."""
        kinds = {a.kind for a in acts}
        kind = next((k for k in PREFERENCE if k in kinds), acts[0].kind)
        dist = cp_distance(state.board)
        b = state.board
        rank = {k: i for i, k in enumerate(PREFERENCE)}
        return [-float(dist[b.index[a.target]])  # type: ignore[index]  # a spawn always names its hex
                - (0.0 if a.kind == kind else 1000.0 * (1 + rank.get(a.kind, 99))) for a in acts]


def _scores_of(scorer: Callable[[Any, Callable[[list[Action], list[float]], Action]], Action], state: GameState,
               acts: list[Action]) -> list[float]:
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
