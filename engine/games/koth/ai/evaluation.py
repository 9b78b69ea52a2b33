"""What the search's evaluation reads in a King of the Board position (RED minus BLU), and its fitted weights.

:func:`koth_features` returns the features of the mode's logistic model
(:class:`engine.ai.evaluation.Evaluator`); :data:`KOTH_WEIGHTS` were fitted on
positions of heuristic-vs-heuristic games on the bundled maps by
``bench/fit_evaluation.py``.
"""

from __future__ import annotations

from typing import Final

from engine.ai.evaluation import points_target
from engine.ai.walks import walk_to
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["KOTH_FEATURES", "KOTH_WEIGHTS", "koth_features"]

KOTH_FEATURES: Final = ("lead", "near", "health", "to_move")
#: Fitted by bench/fit_evaluation.py (see the module docstring) when ``near`` counted the crow's hexes; not refitted
#: since it counts steps walked (27 November 2026), which on open ground are the same.
KOTH_WEIGHTS: Final = (1.37, 0.80, 0.27, 0.23)

#: The name in the game's cache (:attr:`engine.games.game.Game.cache`) of each (kind, team)'s walked steps to the
#: point: a pure value of its key for the game's board and rules.
_POINT_WALKS: Final = __name__ + ".point_walks"
#: Walked steps from the point at which a unit stops counting as near it (``near``).
NEAR_STEPS: Final = 6.0


def _point_walk(state: GameState, kind: str, team: Team) -> tuple[int, ...]:
    """Per board index, the steps a ``kind`` unit of ``team`` walks to the point (:func:`~engine.ai.walks.walk_to`:
    -1 none, a pit's hexes far), once per game. The crow's hexes made a unit under a cliff below the point look
    beside it, and the search idled there for good (an AI audit: 3 of 6 seeds never reached the point)."""
    cache: dict[tuple[str, Team], tuple[int, ...]] = state.game.cache.setdefault(_POINT_WALKS, {})  # type: ignore[attr-defined]
    hit = cache.get((kind, team))
    if hit is None:
        b = state.board
        cp = [i for i in range(b.n) if b.control[i] >= 0]
        hit = cache[(kind, team)] = walk_to(b, cp, state.game.profile(kind, team), team) if cp else (-1,) * b.n  # type: ignore[attr-defined]
    return hit


def koth_features(state: GameState) -> list[float]:
    """King of the Board: the score lead, who is near the point, health, tempo.

    - ``lead``: the score lead as a share of the target;
    - ``near``: units close to the point by the steps they must walk (1 on it, fading to 0 at
      :data:`NEAR_STEPS` steps and beyond, or where it cannot be walked to);
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
        steps = _point_walk(state, u.kind, u.team)[c]
        if steps >= 0:
            near[u.team] += max(0.0, 1.0 - steps / NEAR_STEPS)
        health[u.team] += u.health / max(1, state.max_health(u.kind))
    to_move = 1.0 if state.current_team() is Team.RED else -1.0
    return [(pr - pb) / t, near[Team.RED] - near[Team.BLU],
            health[Team.RED] - health[Team.BLU], to_move]
