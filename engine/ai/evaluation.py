"""How good a position is, without playing it out: the search player's leaf evaluation.

:func:`position_value` answers with a number in ``[-1, 1]`` from RED's side
(``+1`` RED has won, ``-1`` BLU has): a finished game its result, an unfinished
one the expected result a logistic model (:class:`Evaluator`) gives from a few
features of the position, read through the public state API only.

Each mode registers its own model with its AI (:mod:`engine.ai.modes`): the
features it reads and weights fitted on positions of heuristic-vs-heuristic
games on its bundled maps (``bench/fit_evaluation.py`` refits them and prints
what to paste), so the evaluation says what usually happens from such a
position, not what a designer hopes. A mode without one gets
:func:`score_features` (score lead and health), which fits any game that counts
points.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.ai.modes import ai_of
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["Evaluator", "evaluator_for", "points_target", "position_value", "score_features"]


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


def points_target(state: GameState) -> int:
    """The points that win ``state``'s game (10 when its options set none)."""
    return max(1, int(state.options.get("points_to_win", 10) or 10))


def score_features(state: GameState) -> list[float]:
    """Features any points game has: the score lead (a share of the target), health lead, side to move."""
    t = points_target(state)
    pts = state.points
    health = {team: 0.0 for team in Team}
    for u in state.units.values():
        if u.cell >= 0:
            health[u.team] += u.health / max(1, state.max_health(u.kind))
    to_move = 1.0 if state.current_team() is Team.RED else -1.0
    return [(pts[Team.RED] - pts[Team.BLU]) / t, health[Team.RED] - health[Team.BLU], to_move]


SCORE_FEATURES: Final = ("lead", "health", "to_move")
SCORE_WEIGHTS: Final = (6.0, 0.5, 0.2)

_SCORE: Final = Evaluator(SCORE_FEATURES, SCORE_WEIGHTS, score_features)


def evaluator_for(state: GameState) -> Evaluator:
    """The evaluator of ``state``'s mode (the score-lead one for a mode without its own)."""
    return ai_of(state.game.rules.mode).evaluator or _SCORE


def position_value(state: GameState) -> float:
    """The expected result for RED in ``[-1, 1]``: the game's result once over, else the mode's model."""
    return evaluator_for(state).value(state)
