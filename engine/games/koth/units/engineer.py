"""The Engineer (001 "Units"): a pistol, and the sentry gun he builds, carries and puts down.

Building puts his sentry (or the one he carries) on a free, flat hex next to
him outside the enemy base; picking up needs it next to him. A side's sentry
belongs to whichever slot fields its engineer (see
:meth:`~engine.games.koth.state.KothState.place`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.koth.pieces import KothUnit
from engine.games.koth.reasons import landing_reason
from engine.games.koth.units.shooter import Shooter
from engine.games.units import UnitTurn
from engine.rules.actions import Action, Verb
from engine.rules.legal import NO_TARGET, Group

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Engineer"]

_V_BUILD: Final = Verb.BUILD
_V_PICKUP: Final = Verb.PICKUP


class Engineer(Shooter):
    """Build and pick up the sentry (see the module docstring)."""

    def build_cells(self, state: KothState, u: KothUnit) -> list[int]:
        """Board indices next to ``u`` where a sentry may go."""
        b = state.board
        occupied = {v.cell for v in state.units.values()}
        return [c for c in b.neighbors[u.cell]
                if not b.wall[c] and not b.low[c] and c not in occupied and not b.in_enemy_spawn(c, u.team)]

    def special_groups(self, state: KothState, u: KothUnit, done: UnitTurn) -> list[Group]:
        here = state.board.hexes[u.cell]
        sentry = state.sentry_of(u)
        if sentry is None or sentry.carried:
            return [(_V_BUILD, u.kind, here, self.build_cells(state, u), state.board.hexes, "")]
        if sentry.cell >= 0 and state.board.distance(sentry.cell, u.cell) == 1:
            return [(_V_PICKUP, u.kind, here, NO_TARGET, None, "")]
        return []

    def special(self, state: KothState, u: KothUnit, action: Action) -> None:
        sentry = state.sentry_of(u)
        if action.verb is _V_BUILD:
            assert action.target is not None
            cell = state.board.index[action.target]
            if sentry is None:
                state.place_sentry(u, cell)
            else:
                sentry.carried = False
                sentry.cell = cell
                sentry.target = -1
        else:
            assert sentry is not None
            sentry.carried = True
            sentry.cell = -1
            sentry.target = -1

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        b = state.board
        if action.verb is _V_PICKUP:
            sentry = state.sentry_of(u)
            if sentry is None:
                return "the Engineer has no sentry to pick up"
            if sentry.carried:
                return "the Engineer already carries his sentry"
            return "the sentry must stand next to the Engineer to be picked up"
        if action.verb is not _V_BUILD:
            return super().why_not(state, u, action)
        assert action.target is not None
        sentry = state.sentry_of(u)
        if sentry is not None and not sentry.carried:
            return "the Engineer's sentry is already on the board; pick it up first"
        i = b.index.get(action.target)
        if i is None:
            return f"{action.target} is off the map"
        if b.distance(u.cell, i) != 1:
            return "the sentry goes on a hex next to the Engineer"
        return landing_reason(state, u, i, low_blocks=True) or f"cannot build on {action.target}"

    def tip(self, verb: Verb) -> str:
        if verb is _V_BUILD:
            return ("Build (or put down) the sentry gun on an adjacent free hex. "
                    "It fires at the start of each of your unit turns.")
        if verb is _V_PICKUP:
            return "Pick up the adjacent sentry gun and carry it; put it down again with Build."
        return super().tip(verb)
