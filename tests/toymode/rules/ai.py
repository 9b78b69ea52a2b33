"""Tag's AI: tag when you can, else stand on (or walk toward) a beacon; registered when imported.

``ModeRules.ai`` names this module, so the AI players import it on their first
question about Tag (:mod:`engine.ai.modes`). :func:`tag_scores` scores each legal
action of a decision for :class:`~engine.ai.heuristic.HeuristicPlayer`, which plays
one of the best (ties broken by its own seeded dice); the search player's
roll-outs use it too. Tag registers no evaluation of its own: the search values
its positions by the score lead and health.
"""

from __future__ import annotations

from typing import Any

from engine.ai.modes import ModeAI, register_ai
from engine.rules.actions import Action, Verb
from tests.toymode.rules import TAG, TAG_VERB


def tag_scores(state: Any, acts: list[Action]) -> list[float]:
    """A tag first; then the move ending nearest a beacon (on one best); anything else 0."""
    beacons = state.beacon_hexes()

    def score(a: Action) -> float:
        if a.verb is TAG_VERB:
            return 100.0
        if a.verb is Verb.MOVE and a.target is not None and beacons:
            return 50.0 - min(a.target.distance(h) for h in beacons)
        return 0.0

    return [score(a) for a in acts]


AI = register_ai(TAG, ModeAI(scores=tag_scores))
