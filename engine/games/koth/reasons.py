"""King of the Board's words for why an action is not legal (set-up, sentry targets, moves, landings).

:func:`koth_reason` is what :meth:`KothState.why_not
<engine.games.koth.state.KothState.why_not>` asks first; the unit behaviours use
the helpers for their own reasons. All of them only read the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.koth.pieces import KothUnit
from engine.games.phases import Phase, Step
from engine.rules.actions import Action, Verb
from engine.rules.movement import flood

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["hex_words", "koth_reason", "landing_reason", "sight_reason", "unit_name"]


def unit_name(state: KothState, u: KothUnit) -> str:
    """"BLU Heavy" style name of a unit."""
    return f"{u.team.value} {state.stats(u.kind).name}"


def hex_words(state: KothState, i: int) -> str:
    """"wall at 3,-2" style words for board index ``i``."""
    b = state.board
    h = b.hexes[i]
    if b.wall[i]:
        return f"wall at {h}"
    if b.low[i]:
        return f"low obstacle at {h}"
    return f"height-{b.height[i]} ground at {h}"


def sight_reason(state: KothState, a: int, b: int) -> str:
    """Why board index ``a`` does not see ``b``, naming up to three blockers."""
    blockers = state.sight.blockers(a, b)
    if not blockers:
        return "no line of sight"
    return "no line of sight: " + ", ".join(hex_words(state, i) for i in blockers[:3])


def landing_reason(state: KothState, u: KothUnit, i: int, low_blocks: bool = False) -> str:
    """Why ``u`` cannot put a unit (itself, its sentry) on board index ``i``, or ''."""
    b = state.board
    h = b.hexes[i]
    if b.wall[i]:
        return f"wall at {h}: nothing stands there"
    if low_blocks and b.low[i]:
        return f"low obstacle at {h}: the sentry needs flat ground"
    occ = state.occupant(i)
    if occ is not None and occ.uid != u.uid:
        return f"{h} is taken by the {unit_name(state, occ)}"
    if b.in_enemy_spawn(i, u.team):
        return f"{h} is in {u.team.other.value}'s spawn base: enemies may not enter"
    return ""


def koth_reason(state: KothState, action: Action) -> str:
    """Why ``action`` (not legal) cannot be played, for the decisions only King of the Board has; '' otherwise."""
    if state.phase is Phase.SPAWN and action.verb is Verb.SPAWN and action.target is not None:
        return _spawn_reason(state, action)
    if state.phase is Phase.TARGET:
        opts = ", ".join(str(a.target) for a in state.legal_actions())
        return f"the sentry must fire at one of its nearest enemies: {opts}"
    u = state.units.get(state.active)
    if (state.phase is Phase.ACT and action.verb is Verb.MOVE and u is not None
            and action.actor == state.board.hexes[u.cell] and state.allowed_steps(u, state.done_of(u)) & Step.MOVE):
        return _move_reason(state, u, action)
    return ""


def _spawn_reason(state: KothState, action: Action) -> str:
    b = state.board
    assert action.target is not None
    i = b.index.get(action.target)
    if i is None:
        return f"{action.target} is off the map"
    team, slot_i = state.spawn_slot()
    kinds = [k for k, _ in state.spawn_choices(team, slot_i)]
    if action.kind not in kinds:
        return f"{team.value} cannot field a {action.kind} now (it may field {', '.join(kinds)})"
    if b.spawn_team(i) is not team:
        return f"units enter in {team.value}'s own spawn base (the shaded hexes)"
    if b.wall[i] or b.low[i]:
        return f"{hex_words(state, i)}: a unit cannot stand there"
    occ = state.occupant(i)
    if occ is not None:
        return f"{action.target} is taken by the {unit_name(state, occ)}"
    return f"cannot place a unit on {action.target}"


def _move_reason(state: KothState, u: KothUnit, action: Action) -> str:
    b = state.board
    st = state.stats(u.kind)
    h = action.target
    assert h is not None
    i = b.index.get(h)
    if i is None:
        return f"{h} is off the map"
    if not st.mobile:
        return f"the {st.name} cannot move"
    if i == u.cell:
        return f"the {st.name} is already on {h}"
    if b.wall[i]:
        return f"wall at {h}: impassable"
    if b.in_enemy_spawn(i, u.team):
        return f"{h} is in {u.team.other.value}'s spawn base: enemies may not enter"
    occ = state.occupant(i)
    if occ is not None:
        return f"{h} is taken by the {unit_name(state, occ)}; units may pass through but not stop there"
    profile = state.profile(u)
    if b.low[i] and not profile.over_low:
        return f"low obstacle at {h}: only the Scout can jump onto it"
    occupied = {v.cell for v in state.units.values() if v.uid != u.uid and v.cell >= 0}
    steps = flood(b, [u.cell], profile, None, occupied).distance(i)
    if steps is None:
        return f"no way to {h}: cliffs or walls cut it off (a step climbs at most one level)"
    return f"out of reach: {h} is {steps} steps away, the {st.name} moves {st.speed}"
