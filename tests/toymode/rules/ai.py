"""Tag's AI scorer for the heuristic player: tag when you can, else stand on (or walk toward) a beacon.

Scores each legal action of a decision for :class:`~engine.ai.heuristic.HeuristicPlayer` (``pick`` breaks
ties with the player's own seeded dice); the search player's roll-outs use it too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules.actions import Action, Verb
from tests.toymode.rules import TAG_VERB

Pick = Callable[[list[Action], list[float]], Action]


def choose_tag(state: Any, pick: Pick) -> Action:
    """The heuristic's choice: a tag first; then the move ending nearest a beacon (on one best)."""
    acts = state.legal_actions()
    beacons = state.beacon_hexes()

    def score(a: Action) -> float:
        if a.verb is TAG_VERB:
            return 100.0
        if a.verb is Verb.MOVE and a.target is not None and beacons:
            return 50.0 - min(a.target.distance(h) for h in beacons)
        return 0.0

    return pick(acts, [score(a) for a in acts])
