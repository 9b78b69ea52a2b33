"""How good a position is, without playing it out: the search player's leaf evaluation.

:func:`position_value` answers with a number in ``[-1, 1]`` from RED's side
(``+1`` RED has won, ``-1`` BLU has): a finished game its result, an unfinished
one the expected result a logistic model gives from a few features of the
position, read through the public state API only. The model's weights were fitted
on positions of heuristic-vs-heuristic games on the bundled King of the Board
maps (``bench/fit_evaluation.py`` refits them and prints what to paste below), so
the evaluation says what usually happens from such a position, not what a
designer hopes.

Modes have their own features: :data:`EVALUATORS` maps a mode to its
evaluator; a mode without one gets :func:`score_features` (score lead and
health), which fits any game that counts points.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.ai.mode_features import PAYLOAD_FEATURES, TEAMPLAY_FEATURES, payload_features, teamplay_features
from engine.games.protocol import GameState
from engine.mapmodel import Mode, Team

__all__ = ["EVALUATORS", "Evaluator", "koth_features", "position_value", "score_features"]


@dataclass(frozen=True)
class Evaluator:
    """A logistic model: ``P(RED wins) = sigmoid(weights . features(state))``; value ``2P - 1``."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    features: Callable[[GameState], list[float]]

    def value(self, state: GameState) -> float:
        """The expected result for RED in ``[-1, 1]`` (exact once the game is over)."""
        if state.is_terminal():
            return state.returns()[Team.RED]
        x = sum(w * f for w, f in zip(self.weights, self.features(state), strict=True))
        return math.tanh(x / 2)  # 2 * sigmoid(x) - 1


def _target(state: GameState) -> int:
    return max(1, int(state.options.get("points_to_win", 10) or 10))


def score_features(state: GameState) -> list[float]:
    """Features any points game has: the score lead (a share of the target), health lead, side to move."""
    t = _target(state)
    pts = state.points
    health = {team: 0.0 for team in Team}
    for u in state.units.values():
        if u.cell >= 0:
            health[u.team] += u.health / max(1, state.max_health(u.kind))
    to_move = 1.0 if state.current_team() is Team.RED else -1.0
    return [(pts[Team.RED] - pts[Team.BLU]) / t, health[Team.RED] - health[Team.BLU], to_move]


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
    t = _target(state)
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


KOTH_FEATURES: Final = ("lead", "near", "health", "to_move")
# Fitted by bench/fit_evaluation.py (see the module docstring).
KOTH_WEIGHTS: Final = (1.37, 0.80, 0.27, 0.23)

SCORE_FEATURES: Final = ("lead", "health", "to_move")
SCORE_WEIGHTS: Final = (6.0, 0.5, 0.2)

# Fitted by bench/fit_evaluation.py on the bundled maps of each mode (engine/ai/mode_features.py).
PAYLOAD_WEIGHTS: Final = (8.16, 0.26, 0.19, 0.19, 0.24, 0.28)
TEAMPLAY_WEIGHTS: Final = (2.66, 0.66, 1.36, 0.72, 0.46)

#: The evaluator of each mode that has its own; others get the score one (:func:`evaluator_for`).
EVALUATORS: Final[Mapping[Mode, Evaluator]] = {
    Mode.KOTH: Evaluator(KOTH_FEATURES, KOTH_WEIGHTS, koth_features),
    Mode.PAYLOAD: Evaluator(PAYLOAD_FEATURES, PAYLOAD_WEIGHTS, payload_features),
    Mode.TEAM_PLAY: Evaluator(TEAMPLAY_FEATURES, TEAMPLAY_WEIGHTS, teamplay_features),
}
_SCORE: Final = Evaluator(SCORE_FEATURES, SCORE_WEIGHTS, score_features)


def evaluator_for(state: GameState) -> Evaluator:
    """The evaluator of ``state``'s mode (the score-lead one for a mode without its own)."""
    return EVALUATORS.get(state.game.rules.mode, _SCORE)


def position_value(state: GameState) -> float:
    """The expected result for RED in ``[-1, 1]``: the game's result once over, else the mode's model."""
    return evaluator_for(state).value(state)
