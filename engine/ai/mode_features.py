"""What the search's evaluation reads in a Payload Race or Team Play position (RED minus BLU).

Each function returns the features of one mode's logistic model in
:mod:`engine.ai.evaluation`, every one a RED-minus-BLU difference (so 0 is an
even position and the model needs no intercept), read through the mode's public
state attributes. The weights that go with them are fitted on heuristic
self-play by ``bench/fit_evaluation.py``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.games.payload.ground import stops_push
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["PAYLOAD_FEATURES", "TEAMPLAY_FEATURES", "payload_features", "teamplay_features"]

_RED, _BLU = Team.RED, Team.BLU

PAYLOAD_FEATURES: Final = ("race", "ready", "blocked", "escorts", "health", "to_move")


def payload_features(state: GameState) -> list[float]:
    """Payload Race: the race, who can push next, blockers, escorts, health, the side to move.

    - ``race``: the lead in pushes still needed, as a share of the longer track;
    - ``ready``: 1 for a side whose cart has a teammate beside it and no enemy that stops a push;
    - ``blocked``: enemies stopping the other side's push minus those stopping one's own (at most 2 each);
    - ``escorts``: teammates within two hexes of one's own cart (at most 3);
    - ``health``: tokens' health as a share of full, summed;
    - ``to_move``: +1 when RED decides next.
    """
    s: Any = state
    b = state.board
    shielded = bool(state.options["spawn_protection"])
    left = {t: len(s.tracks[t]) - 1 - s.carts[t] for t in Team}
    longest = max(1, max(len(s.tracks[t]) - 1 for t in Team))
    carts = {t: s.cart_cell(t) for t in Team}
    near = {_RED: 0, _BLU: 0}
    beside = {_RED: 0, _BLU: 0}
    stops = {_RED: 0, _BLU: 0}  # enemies stopping the push of this side's cart
    health = {_RED: 0.0, _BLU: 0.0}
    for u in state.units.values():
        c = u.cell
        if c < 0:
            continue
        t = u.team
        health[t] += u.health / max(1, state.max_health(u.kind))
        d = b.distance(c, carts[t])
        if d <= 2:
            near[t] += 1
            beside[t] += d == 1
        if stops_push(b, c, t, carts[t.other], shielded):
            stops[t.other] += 1
    ready = {t: 1.0 if beside[t] and not stops[t] else 0.0 for t in Team}
    to_move = 1.0 if state.current_team() is _RED else -1.0
    return [(left[_BLU] - left[_RED]) / longest, ready[_RED] - ready[_BLU],
            float(min(2, stops[_BLU]) - min(2, stops[_RED])), float(min(3, near[_RED]) - min(3, near[_BLU])),
            health[_RED] - health[_BLU], to_move]


TEAMPLAY_FEATURES: Final = ("lead", "pressure", "damage", "arms", "to_move")


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
