"""What the search's evaluation reads in a King of the Board position (RED minus BLU), and its fitted weights.

:func:`koth_features` returns the features of the mode's logistic model
(:class:`engine.ai.evaluation.Evaluator`); :data:`KOTH_WEIGHTS` were fitted on
positions of heuristic-vs-heuristic games on the bundled maps by
``bench/fit_evaluation.py``.
"""

from __future__ import annotations

import weakref
from typing import Any, Final

from engine.ai.evaluation import points_target
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["KOTH_FEATURES", "KOTH_WEIGHTS", "koth_features"]

KOTH_FEATURES: Final = ("lead", "near", "health", "to_move")
#: Fitted by bench/fit_evaluation.py (see the module docstring).
KOTH_WEIGHTS: Final = (1.37, 0.80, 0.27, 0.23)

_POINT: weakref.WeakKeyDictionary[Any, tuple[frozenset[int], tuple[int, ...]]] = weakref.WeakKeyDictionary()


def _point_tables(board: Any) -> tuple[frozenset[int], tuple[int, ...]]:
    """(control-point cells, each cell's distance to the nearest), once per board."""
    hit = _POINT.get(board)
    if hit is None:
        cp = [i for i in range(board.n) if board.control[i] >= 0]
        dist = tuple(min((board.distance(c, t) for t in cp), default=0) for c in range(board.n))
        hit = _POINT[board] = (frozenset(cp), dist)
    return hit


def koth_features(state: GameState) -> list[float]:
    """King of the Board: the score lead, who is near the point, health, tempo.

    - ``lead``: the score lead as a share of the target;
    - ``near``: units close to the point (1 on it, fading to 0 six hexes away);
    - ``health``: units' health as a share of their full health, summed;
    - ``to_move``: +1 when RED decides next.
    """
    t = points_target(state)
    pr, pb = state.points[Team.RED], state.points[Team.BLU]
    dist = _point_tables(state.board)[1]
    near = {Team.RED: 0.0, Team.BLU: 0.0}
    health = {Team.RED: 0.0, Team.BLU: 0.0}
    for u in state.units.values():
        c = u.cell
        if c < 0 or u.kind == "sentry":
            continue
        near[u.team] += max(0.0, 1.0 - dist[c] / 6.0)
        health[u.team] += u.health / max(1, state.max_health(u.kind))
    to_move = 1.0 if state.current_team() is Team.RED else -1.0
    return [(pr - pb) / t, near[Team.RED] - near[Team.BLU],
            health[Team.RED] - health[Team.BLU], to_move]
