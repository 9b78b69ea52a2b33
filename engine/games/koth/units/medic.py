"""The Medic (001 "Units"): heals teammates instead of attacking, and the UberCharge.

His attack is a heal of a hurt (or burning) mobile teammate in range and sight,
never himself; it puts out burns and adds one charge (up to ``max_charge``). A
turn without healing loses one charge. With a full charge his special makes him
and a teammate in range invulnerable for ``uber_turns`` of their own turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.behaviour import AttackOption
from engine.games.koth.pieces import KothUnit
from engine.games.koth.reasons import unit_name
from engine.games.koth.units.base import KothBehaviour
from engine.games.units import UnitTurn
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Medic"]

_V_HEAL: Final = Verb.HEAL
_V_UBER: Final = Verb.UBER


class Medic(KothBehaviour):
    """Heals and the UberCharge (see the module docstring)."""

    needs = ("max_charge", "uber_turns")
    heals = True

    def heal_targets(self, state: KothState, u: KothUnit) -> list[int]:
        """Board indices of the teammates ``u`` may heal now."""
        anyone = state.options["heal_full_health"]
        stats = state.game.stats
        out = []
        for v in state.units.values():
            if v.team is u.team and v.uid != u.uid and v.cell >= 0:
                vst = stats[v.kind]
                if (vst.mobile and (anyone or v.health < vst.max_health or v.burn > 0)
                        and self.can_shoot(state, u, v.cell)):
                    out.append(v.cell)
        return out

    def attack_group(self, state: KothState, u: KothUnit) -> Group | None:
        hexes = state.board.hexes
        return (_V_HEAL, u.kind, hexes[u.cell], self.heal_targets(state, u), hexes, "")

    def attack_options(self, state: KothState, u: KothUnit, with_area: bool = True) -> list[AttackOption]:
        hexes = state.board.hexes
        here = hexes[u.cell]
        heal = self.stats.damage
        return [AttackOption(Action(_V_HEAL, u.kind, here, hexes[c]), 1.0, 0.0, -heal,
                             {hexes[c]: -heal} if with_area else {}, rolled=False)
                for c in self.heal_targets(state, u)]

    def attack(self, state: KothState, u: KothUnit, cell: int, aim: Hex) -> None:
        v = state.occupant(cell)
        assert v is not None
        v.health = min(state.max_health(v.kind), v.health + self.stats.damage)
        v.burn = 0
        u.charge = min(int(self.stats.param("max_charge")), u.charge + 1)
        state.done_by(u).healed = True

    def end_of_own_turn(self, state: KothState, u: KothUnit, done: UnitTurn) -> None:
        if u.charge and not done.healed:
            u.charge = max(0, u.charge - 1)

    def special_groups(self, state: KothState, u: KothUnit, done: UnitTurn) -> list[Group]:
        if u.charge < int(self.stats.param("max_charge")):
            return []
        stats = state.game.stats
        cells = [v.cell for v in state.units.values()
                 if v.team is u.team and v.uid != u.uid and v.cell >= 0 and stats[v.kind].mobile
                 and self.can_shoot(state, u, v.cell)]
        return [(_V_UBER, u.kind, state.board.hexes[u.cell], cells, state.board.hexes, "")]

    def special(self, state: KothState, u: KothUnit, action: Action) -> None:
        assert action.target is not None
        v = state.occupant(state.board.index[action.target])
        assert v is not None
        turns = int(self.stats.param("uber_turns"))
        u.uber = turns
        v.uber = turns
        u.charge = 0

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        if action.verb is _V_UBER:
            need = int(self.stats.param("max_charge"))
            if u.charge < need:
                return f"UberCharge needs {need} charge; the Medic has {u.charge} (heal to build it)"
            return self._beam_reason(state, u, action, "UberCharge")
        if action.verb in (_V_HEAL, Verb.ATTACK):
            return self._beam_reason(state, u, action, "heal")
        return super().why_not(state, u, action)

    def _beam_reason(self, state: KothState, u: KothUnit, action: Action, what: str) -> str:
        h = action.target
        assert h is not None
        i = state.board.index.get(h)
        v = None if i is None else state.occupant(i)
        if i is None or v is None:
            return f"no teammate on {h} to {what}"
        if v.uid == u.uid:
            return "pick the ally who shares the UberCharge" if what == "UberCharge" else "the Medic cannot heal himself"
        if v.team is not u.team:
            return f"the Medic's beam only reaches teammates; the {unit_name(state, v)} is an enemy"
        if not state.stats(v.kind).mobile:
            return "sentry guns cannot be healed or ubercharged"
        reason = self.shot_reason(state, u, i)
        if reason:
            return reason
        if what == "heal" and v.health >= state.max_health(v.kind) and not v.burn:
            return f"the {unit_name(state, v)} is at full health"
        return f"cannot {what} {h} now"

    def tip(self, verb: Verb) -> str:
        if verb is _V_UBER:
            return (f"UberCharge: the Medic and one ally in range become invulnerable for "
                    f"{self.stats.params.get('uber_turns', 3)} of their own turns. Needs a full charge (heal to build it).")
        return super().tip(verb)
