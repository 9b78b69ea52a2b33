"""What the search's evaluation reads in a Payload Race position (RED minus BLU), and its fitted weights.

:func:`payload_features` returns the features of the mode's logistic model
(:class:`engine.ai.evaluation.Evaluator`), every one a RED-minus-BLU difference
(so 0 is an even position and the model needs no intercept), read through the
state's public attributes. :data:`PAYLOAD_WEIGHTS` are fitted on heuristic
self-play on the bundled maps by ``bench/fit_evaluation.py``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.games.payload.ai.heuristic import job_steps, job_walk
from engine.games.payload.ground import stops_push
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["PAYLOAD_FEATURES", "PAYLOAD_WEIGHTS", "payload_features"]

_RED, _BLU = Team.RED, Team.BLU

PAYLOAD_FEATURES: Final = ("race", "ready", "blocked", "escorts", "strength", "to_move")
#: Hexes from the nearer cart at which a token's health stops counting (``strength``).
REACH: Final = 12
#: Fitted by bench/fit_evaluation.py (see the module docstring) when ``escorts`` and ``strength`` counted the crow's
#: hexes; not refitted since they count steps walked (27 November 2026), which on open ground are nearly the same.
PAYLOAD_WEIGHTS: Final = (8.59, 0.00, 0.19, 0.19, 0.18, 0.33)


def payload_features(state: GameState) -> list[float]:
    """Payload Race: the race, who can push next, blockers, escorts, strength in the play, the side to move.

    - ``race``: the lead in pushes still needed, as a share of the longer track;
    - ``ready``: 1 for a side whose cart has a teammate beside it and no enemy that stops a push;
    - ``blocked``: enemies stopping the other side's push minus those stopping one's own (at most 2 each);
    - ``escorts``: teammates at a post beside one's own cart or a step from one (at most 3);
    - ``strength``: tokens' health as a share of full, each weighted by how near it stands to a cart (1
      at a post beside one, 0 from :data:`REACH` steps on), summed. Health alone would count a kill as a
      loss for the killer: the token is back in its spawn at once at full health (002 "Dying/respawning"),
      but far from both carts, where it neither pushes nor blocks; on Bridges, late in a race, it is many
      turns' walk from either.
    - ``to_move``: +1 when RED decides next.

    Nearness is in steps walked to the heuristic's posts (:func:`~engine.games.payload.ai.heuristic.job_steps`),
    never the crow's hexes: a token under a quay wall counted as an escort of the cart above it (an AI audit,
    session 17).
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
    strength = {_RED: 0.0, _BLU: 0.0}
    for u in state.units.values():
        c = u.cell
        if c < 0:
            continue
        t = u.team
        own = job_walk(b, job_steps(state, t, u.kind, False), c, carts[t])
        away = 1 + min(own, job_walk(b, job_steps(state, t, u.kind, True), c, carts[t.other]))
        if away < REACH:
            strength[t] += u.health / max(1, state.max_health(u.kind)) * (1.0 - away / REACH)
        if own <= 1:
            near[t] += 1
        beside[t] += b.distance(c, carts[t]) == 1  # a push needs only to stand next to the cart (002)
        if stops_push(b, c, t, carts[t.other], shielded):
            stops[t.other] += 1
    ready = {t: 1.0 if beside[t] and not stops[t] else 0.0 for t in Team}
    to_move = 1.0 if state.current_team() is _RED else -1.0
    return [(left[_BLU] - left[_RED]) / longest, ready[_RED] - ready[_BLU],
            float(min(2, stops[_BLU]) - min(2, stops[_RED])), float(min(3, near[_RED]) - min(3, near[_BLU])),
            strength[_RED] - strength[_BLU], to_move]
