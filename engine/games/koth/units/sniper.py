"""The Sniper (001 "Units"): scope stacks add damage, accuracy and minimum range while he stands still.

Each scope stack adds ``scope_damage`` (up to ``max_damage``), ``scope_accuracy``
to the throw and ``scope_min_range`` to the minimum range. He cannot scope
after moving this turn, and moving drops the stacks. Options: a scoped crit may
be capped too (``scope_cap_includes_crit``) and a shot may drop the stacks
(``scope_resets_on_shot``); see docs/rules.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.koth.pieces import KothUnit
from engine.games.koth.units.shooter import Shooter
from engine.games.units import UnitTurn
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb
from engine.rules.legal import NO_TARGET, Group

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Sniper"]

_V_SCOPE: Final = Verb.SCOPE


class Sniper(Shooter):
    """Scope stacks (see the module docstring); the unit's ``scope`` field counts them."""

    needs = ("max_damage", "scope_accuracy", "scope_damage", "scope_min_range")

    def min_range(self, u: KothUnit) -> int:
        return self.stats.min_range + u.scope * int(self.stats.param("scope_min_range"))

    def accuracy_bonus(self, u: KothUnit) -> int:
        return u.scope * int(self.stats.param("scope_accuracy"))

    def damage_to(self, state: KothState, u: KothUnit, cell: int) -> int:
        return self.scoped_damage(u)

    def scoped_damage(self, u: KothUnit) -> int:
        """Damage of a normal hit with ``u``'s scope stacks."""
        st = self.stats
        return min(int(st.param("max_damage")), st.damage + u.scope * int(st.param("scope_damage")))

    def hit(self, state: KothState, u: KothUnit, v: KothUnit, cell: int, damage: int, extra: int) -> None:
        if v.uid in state.units and not state.immune(v, u.team):
            hit = damage + extra
            if extra and self.accuracy_bonus(u) and state.options["scope_cap_includes_crit"]:
                hit = min(hit, max(damage, int(self.stats.param("max_damage"))))
            state.hurt(v, hit, u)

    def attack(self, state: KothState, u: KothUnit, cell: int, aim: Hex) -> None:
        super().attack(state, u, cell, aim)
        if state.options["scope_resets_on_shot"]:
            u.scope = 0

    def after_move(self, state: KothState, u: KothUnit) -> None:
        if u.scope:
            u.scope = 0

    def special_groups(self, state: KothState, u: KothUnit, done: UnitTurn) -> list[Group]:
        if done.moved or self.scoped_damage(u) >= int(self.stats.param("max_damage")):
            return []
        return [(_V_SCOPE, u.kind, state.board.hexes[u.cell], NO_TARGET, None, "")]

    def special(self, state: KothState, u: KothUnit, action: Action) -> None:
        u.scope += 1

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        if action.verb is not _V_SCOPE:
            return super().why_not(state, u, action)
        if state.done_of(u).moved:
            return "the Sniper cannot scope after moving this turn"
        return f"the scope is at its limit: {self.scoped_damage(u)} damage"

    def tip(self, verb: Verb) -> str:
        if verb is not _V_SCOPE:
            return super().tip(verb)
        p = self.stats.params
        return (f"Scope: +{p.get('scope_damage', 20)} damage, +{p.get('scope_accuracy', 1)} to the accuracy roll and "
                f"+{p.get('scope_min_range', 1)} minimum range per stack while the Sniper stays put "
                f"(up to {p.get('max_damage', 200)} damage). Moving clears it.")
