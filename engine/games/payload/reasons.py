"""Payload Race's words for why an action is not legal: pushes, spawns, moves, reactions.

:func:`payload_reason` is what :meth:`PayloadState.why_not
<engine.games.payload.state.PayloadState.why_not>` asks first; '' hands the
question on to the turn-order reasons and the token's behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.phases import Phase, Step
from engine.rules.actions import Action, Verb
from engine.rules.movement import flood

if TYPE_CHECKING:
    from engine.games.payload.pieces import PayloadUnit
    from engine.games.payload.state import PayloadState

__all__ = ["payload_reason", "push_reason"]


def payload_reason(state: PayloadState, action: Action) -> str:
    """Why ``action`` (not legal) cannot be played, for what only Payload Race has; '' otherwise."""
    if state.phase is Phase.REACT:
        if action.verb is Verb.UBER:
            return "the UberCharge covers the Medic himself or a teammate in his reach, against this attack"
        return "an UberCharge may be popped against the attack now, or pass"
    if state.phase is Phase.SPAWN:
        return _spawn_reason(state, action)
    if state.phase is not Phase.ACT or action.actor is None:
        return ""
    i = state.board.index.get(action.actor)
    u = None if i is None else state.occupant(i)
    if u is None or u.team is not state.team:
        return ""
    done = state.done_of(u)
    if u.uid in state.returned:
        return (f"the {state.stats(u.kind).name} came back to its spawn in this turn: it acts from "
                f"{u.team.value}'s next turn")
    if done.pushed and action.verb is not Verb.PUSH and not (action.verb is Verb.MOVE and not done.moved):
        return (f"the {state.stats(u.kind).name} pushed the cart: a push takes its attack and its special this "
                "turn (a move may still follow, if it has not moved)")
    if done.special and not done.pushed and action.verb is not Verb.PUSH:
        return f"the {state.stats(u.kind).name} used its special: that is its last action this turn"
    if action.verb is Verb.PUSH:
        return push_reason(state, u)
    if action.verb is Verb.MOVE and state.allowed_steps(u, done) & Step.MOVE:
        return _move_reason(state, u, action)
    return ""


def push_reason(state: PayloadState, u: PayloadUnit) -> str:
    """Why ``u`` may not push its cart now, or '' (002 "Pushing the cart")."""
    team = u.team
    track = state.tracks[team]
    i = state.carts[team]
    b = state.board
    cart = track[i]
    name = state.stats(u.kind).name
    done = state.done_of(u)
    if i >= len(track) - 1:
        return "the cart is already at the end of its track"
    if state.pushed[team]:
        return "the cart was already pushed this turn (one hex a turn)"
    if done.attacked or done.special:
        return f"the {name} attacked or used its special this turn; a push takes the place of those"
    if b.distance(u.cell, cart) != 1:
        return f"the {name} must stand next to the {team.value} cart at {b.hexes[cart]} to push it"
    enemies = state.blockers(team)
    if enemies:
        return f"an enemy is next to the cart ({state.unit_name(enemies[0])} at {b.hexes[enemies[0].cell]})"
    nxt = track[i + 1]
    occ = state.occupant(nxt)
    if occ is not None:
        return f"the {state.unit_name(occ)} stands on the track at {b.hexes[nxt]}, in the cart's way"
    if nxt == state.cart_cell(team.other):
        return f"the {team.other.value} cart stands on the track at {b.hexes[nxt]}, in the cart's way"
    return ""


def _spawn_reason(state: PayloadState, action: Action) -> str:
    b = state.board
    team, kind, _ = state.spawn_slot()
    if action.verb is not Verb.SPAWN or action.target is None:
        return f"{team.value} first places its {state.stats(kind).name}"
    if action.kind != kind:
        return f"{team.value} places its {state.stats(kind).name} now"
    if action.detail not in state.stats(kind).weapons:
        return f"a {state.stats(kind).name} carries one of: {', '.join(state.stats(kind).weapons)}"
    i = b.index.get(action.target)
    if i is None:
        return f"{action.target} is off the map"
    if b.spawn_team(i) is not team:
        return f"tokens are placed in {team.value}'s own spawn (the shaded hexes)"
    if b.wall[i]:
        return f"wall at {action.target}: nothing stands there"
    occ = state.occupant(i)
    if occ is not None:
        return f"{action.target} is taken by the {state.unit_name(occ)}"
    return f"cannot place a token on {action.target}"


def _move_reason(state: PayloadState, u: PayloadUnit, action: Action) -> str:
    b = state.board
    st = state.stats(u.kind)
    h = action.target
    assert h is not None
    i = b.index.get(h)
    if i is None:
        return f"{h} is off the map"
    if i == u.cell:
        return f"the {st.name} is already on {h}"
    reason = state.landing_reason(u, i)
    if reason:
        return reason
    occupied, blocked = state.move_blockers(u)
    free = flood(b, [u.cell], state.profile(u), None, occupied, blocked).distance(i)
    if free is not None:
        return f"out of reach: {h} is {free} steps away, the {st.name} moves {st.speed}"
    if flood(b, [u.cell], state.profile(u), None, occupied).distance(i) is not None:
        return f"enemies or a cart block every way to {h} (only teammates may be passed)"
    return f"no way to {h}: walls or cliffs cut it off (going up needs stairs, 002 \"Moving examples\")"
