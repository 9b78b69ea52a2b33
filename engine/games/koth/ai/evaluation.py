"""What the search's evaluation reads in a King of the Board position (RED minus BLU), and its fitted weights.

:func:`koth_features` returns the features of the mode's logistic model
(:class:`engine.ai.evaluation.Evaluator`); :data:`KOTH_WEIGHTS` were fitted on
positions of heuristic-vs-heuristic games on the bundled maps by
``bench/fit_evaluation.py``.
"""

from __future__ import annotations

from typing import Final

from engine.ai.evaluation import points_target
from engine.games.koth.ai.heuristic import point_walk
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["KOTH_FEATURES", "KOTH_WEIGHTS", "koth_features"]

KOTH_FEATURES: Final = ("lead", "near", "health", "to_move")
#: Fitted by bench/fit_evaluation.py (see the module docstring) when ``near`` counted the crow's hexes; not refitted
#: since it counts steps walked (27 November 2026), which on open ground are the same.
KOTH_WEIGHTS: Final = (1.37, 0.80, 0.27, 0.23)

#: Walked steps from the point at which a unit stops counting as near it (``near``).
NEAR_STEPS: Final = 6.0


def koth_features(state: GameState) -> list[float]:
    """King of the Board: the score lead, who is near the point, health, tempo.

    - ``lead``: the score lead as a share of the target;
    - ``near``: units close to the point by the steps they must walk, as the heuristic reads them
      (:func:`~engine.games.koth.ai.heuristic.point_walk`; 1 on it, fading to 0 at :data:`NEAR_STEPS`
      steps and beyond, or where it cannot be walked to). The crow's hexes made a unit under a cliff
      below the point look beside it, and the search idled there for good (an AI audit: 3 seeds of 6
      never reached the point);
    - ``health``: units' health as a share of their full health, summed;
    - ``to_move``: +1 when RED decides next.
    """
    t = points_target(state)
    pr, pb = state.points[Team.RED], state.points[Team.BLU]
    near = {Team.RED: 0.0, Team.BLU: 0.0}
    health = {Team.RED: 0.0, Team.BLU: 0.0}
    for u in state.units.values():
        c = u.cell
        if c < 0 or u.kind == "sentry":
            continue
        walk = point_walk(state, u.kind, u.team)
        steps = walk[c] if walk else -1
        if steps >= 0:
            near[u.team] += max(0.0, 1.0 - steps / NEAR_STEPS)
        health[u.team] += u.health / max(1, state.max_health(u.kind))
    to_move = 1.0 if state.current_team() is Team.RED else -1.0
    return [(pr - pb) / t, near[Team.RED] - near[Team.BLU],
            health[Team.RED] - health[Team.BLU], to_move]
