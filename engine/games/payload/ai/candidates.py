"""The search's extra candidates in Payload Race: a token stepping beside the enemy cart to stop its last pushes.

The heuristic gives every token a job by its class (:mod:`.heuristic`): escorts
stay by their own cart and only the blockers, and the reserves while their side
is behind, walk to the enemy's. So when an escort could stop the enemy's next push
with one move, that move scores low and the search, which weighs only the
heuristic's best few actions, never tries it. When the enemy cart is
:data:`LAST_PUSHES` pushes or fewer from its end and the side would lose the race
unhindered (:func:`~.heuristic.behind`), its escorts' job no longer wins the game
and a stopped push can: :func:`blocking_moves` then names those moves
(:class:`~engine.ai.modes.ModeAI` ``candidates``), and the search plays them out
beside the heuristic's favourites; it sees their worth within its horizon (the
enemy's next turn without a push).

Offered all game long the same candidates cost games on Bridges (the same seeded
games: 2 of 5 won against 4 of 5 without them; 4 of 9 against 7 of 9 with a longer
horizon near the end besides, docs/balance.md): an escort sent to block leaves its own
cart to the enemy's blockers, which the two turns the search looks ahead do not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from engine.games.payload.ai.heuristic import behind
from engine.games.payload.ground import stops_push
from engine.games.state import Phase
from engine.rules.actions import Action, Verb

__all__ = ["BLOCKING_MOVES", "LAST_PUSHES", "blocking_moves"]

#: The most blocking moves a decision gets as extra candidates (the best-scored of different tokens).
BLOCKING_MOVES: Final = 2
#: Pushes to go on the enemy's track from which blocking moves are candidates.
LAST_PUSHES: Final = 2

_STEPS: Final = (Verb.MOVE, Verb.ROCKET_JUMP)


def blocking_moves(state: Any, acts: Sequence[Action], scores: list[float]) -> list[int]:
    """Indices of ``acts`` (a decision's legal actions, with the heuristic's ``scores``): while the acting side
    is behind and the enemy cart is at most :data:`LAST_PUSHES` from its end, per token not yet stopping
    its push, the best-scored move or rocket jump onto a hex where it does
    (:func:`~engine.games.payload.ground.stops_push`); of those the :data:`BLOCKING_MOVES` best-scored.
    Empty otherwise, and when two tokens already stop the push (one more adds little)."""
    if state.phase is not Phase.ACT:
        return []
    team = state.team
    enemy = team.other
    if not 0 < len(state.tracks[enemy]) - 1 - state.carts[enemy] <= LAST_PUSHES or not behind(state, team):
        return []
    b = state.board
    cart = state.cart_cell(enemy)
    shielded = bool(state.options["spawn_protection"])
    if sum(1 for u in state.units_of(team) if stops_push(b, u.cell, team, cart, shielded)) >= 2:
        return []
    index = b.index
    best: dict[Any, int] = {}  # actor -> index of its best blocking move
    for i, a in enumerate(acts):
        if a.verb not in _STEPS or a.target is None:
            continue
        if stops_push(b, index[a.target], team, cart, shielded) and (
                a.actor not in best or scores[i] > scores[best[a.actor]]):
            best[a.actor] = i
    blocking = [i for actor, i in best.items() if not stops_push(b, index[actor], team, cart, shielded)]
    return sorted(blocking, key=lambda i: -scores[i])[:BLOCKING_MOVES]
