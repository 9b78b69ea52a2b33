"""What the search's evaluation reads in a Team Play position (RED minus BLU), and its fitted weights.

:func:`teamplay_features` returns the features of the mode's logistic model
(:class:`engine.ai.evaluation.Evaluator`), every one a RED-minus-BLU difference
(so 0 is an even position and the model needs no intercept), read through the
state's public attributes. :data:`TEAMPLAY_WEIGHTS` are fitted on heuristic
self-play on the bundled maps by ``bench/fit_evaluation.py``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["TEAMPLAY_FEATURES", "TEAMPLAY_WEIGHTS", "teamplay_features"]

_RED, _BLU = Team.RED, Team.BLU

TEAMPLAY_FEATURES: Final = ("lead", "pressure", "damage", "arms", "to_move")
#: Fitted by bench/fit_evaluation.py (see the module docstring).
TEAMPLAY_WEIGHTS: Final = (2.66, 0.66, 1.36, 0.72, 0.46)


def teamplay_features(state: GameState) -> list[float]:
    """Team Play: points, how near each side is to its next killshots, damage dealt, loaded weapons, tempo.

    - ``lead``: the points lead, in tens;
    - ``pressure``: per enemy character, what its next killshot scores times the share of its damage track
      filled (on its board and waiting in its buffer), summed, in eights (a first killshot's worth);
    - ``damage``: damage on the enemy's boards and in its buffer (what leftover damage and flushes score), in twelves;
    - ``arms``: loaded weapons in the side's hands (own weapons included), in threes;
    - ``to_move``: +1 when RED decides next.
    """
    s: Any = state
    pressure = {_RED: 0.0, _BLU: 0.0}
    damage = {_RED: 0.0, _BLU: 0.0}
    for v in state.units.values():
        dealt = v.damage + s.buffer[v.team].get(v.kind, 0)
        attacker = v.team.other
        damage[attacker] += dealt
        pressure[attacker] += s.value_of(v) * min(1.0, dealt / max(1, s.killshot(v)))
    arms = {t: float(sum(len(h.weapons) for h in s.hands.get(t, ()))) for t in Team}
    to_move = 1.0 if state.current_team() is _RED else -1.0
    return [(state.points[_RED] - state.points[_BLU]) / 10, (pressure[_RED] - pressure[_BLU]) / 8,
            (damage[_RED] - damage[_BLU]) / 12, (arms[_RED] - arms[_BLU]) / 3, to_move]
