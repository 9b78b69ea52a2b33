"""Why an action is not legal: the turn-order reasons every mode shares.

:func:`turn_reason` answers for :meth:`TurnState.why_not
<engine.games.state.TurnState.why_not>` once the action is known to be illegal:
game over, another decision pending, no such unit, not its turn, or the part of
its turn already taken; anything else is the unit behaviour's to say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.phases import Phase, Step
from engine.rules.actions import Action, Verb

if TYPE_CHECKING:
    from engine.games.state import TurnState

__all__ = ["step_reason", "turn_reason"]

_UNIT_VERBS = (Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.END)


def turn_reason(state: TurnState, action: Action) -> str:
    """Plain words on why ``action``, which is not legal, cannot be played now."""
    reason = step_reason(state, action)
    if reason:
        return reason
    assert action.actor is not None
    u = state.unit_at(action.actor)
    assert u is not None
    return state.behaviour(u.kind).why_not(state, u, action) or f"{action} is not legal now"


def step_reason(state: TurnState, action: Action) -> str:
    """Why the turn order forbids ``action`` whatever its target (game over, another decision first, not the
    unit's turn, that part of its turn taken), or '' when the unit may still take an action of its verb."""
    if state.phase is Phase.OVER:
        return "the game is over"
    if state.phase is not Phase.ACT:
        return f"{state.team.value} must first decide: {state.describe_decision()}"
    if action.actor is None:
        return f"{action} needs the hex of the unit that acts"
    i = state.board.index.get(action.actor)
    u = None if i is None else state.occupant(i)
    if u is None:
        return f"no unit stands on {action.actor}"
    name = state.stats(u.kind).name
    if u.kind != action.kind:
        return f"the unit on {action.actor} is a {name}, not a {action.kind}"
    if u not in state.actors():
        return f"it is not the {u.team.value} {name}'s turn"
    done = state.done_of(u)
    steps = state.allowed_steps(u, done)
    verb = action.verb
    if verb is Verb.MOVE and not steps & Step.MOVE:
        if done.attacked:
            return f"the {name} attacked this turn; no moving after an attack"
        if done.moved:
            return f"the {name} already moved this turn"
        return f"the {name} has no action left to move with"
    if verb in (Verb.ATTACK, Verb.HEAL) and not steps & Step.ATTACK:
        return f"the {name} already attacked this turn" if done.attacked else f"the {name} has no action left"
    if verb not in _UNIT_VERBS and not steps & Step.SPECIAL:
        return (f"the {name} already used a special this turn" if done.special
                else f"the {name} has no action left for a special")
    return ""
