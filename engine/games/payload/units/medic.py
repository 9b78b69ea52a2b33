"""The Medic (002 "Deploying kritz or uber"): heals, and the charge his weapon card builds.

His attack is a heal: a hurt teammate in range and sight regains the card's
damage in health, and a heal adds one to his charge (up to the card's
``charge_needed``; a charge is lost when he dies). A full charge is deployed by
the card's rule:

- kritz (Kritzkrieg), on his own turn as his special: a teammate in his reach
  adds the kritz die to every hit for the rest of this turn;
- uber (Medi Gun), when an enemy attack would hurt him or a teammate in his
  reach: his player may pop it (a ``react`` decision,
  :meth:`~engine.games.payload.state.PayloadState.uber_choices`), and the attack
  and every later one on him and the chosen teammate do nothing until the
  attacking team's turn ends (docs/rules-payload.md, decision on the cut
  sentence).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.behaviour import AttackOption
from engine.games.payload.moves import Crowd
from engine.games.payload.pieces import PayloadUnit
from engine.games.payload.units.armed import Armed
from engine.games.units import UnitTurn
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.payload.state import PayloadState

__all__ = ["Medic"]

_V_HEAL: Final = Verb.HEAL
_V_KRITZ: Final = Verb.KRITZ


class Medic(Armed):
    """Heals, kritz and uber (see the module docstring)."""

    def reach(self, state: PayloadState, u: PayloadUnit) -> list[PayloadUnit]:
        """Teammates (not himself) in his card's range and in sight, in unit order (the hexes in reach from his
        hex are the aim tables' :meth:`~engine.games.payload.aims.AimTables.in_reach`, kept per game)."""
        card = self.card(state, u)
        near = self.aims.in_reach(u.cell, card.min_range, card.range, False)
        team, uid = u.team, u.uid
        return [v for v in state.units.values() if v.team is team and v.uid != uid and v.cell in near]

    def charged(self, state: PayloadState, u: PayloadUnit, effect: str) -> bool:
        """Whether ``u`` holds a full charge of ``effect`` (``uber`` or ``kritz``)."""
        card = self.card(state, u)
        return card.charge == effect and u.charge >= card.charge_needed

    def attack_group(self, state: PayloadState, u: PayloadUnit, crowd: Crowd | None = None) -> Group | None:
        cells = [v.cell for v in self.reach(state, u) if v.health < state.max_health(v.kind)]
        return (_V_HEAL, u.kind, state.board.hexes[u.cell], cells, state.board.hexes, "")

    def attack_options(self, state: PayloadState, u: PayloadUnit, with_area: bool = True) -> list[AttackOption]:
        heal = self.card(state, u).damage
        hexes = state.board.hexes
        here = hexes[u.cell]
        return [AttackOption(Action(_V_HEAL, u.kind, here, hexes[v.cell]), 1.0, 0.0, -heal,
                             {hexes[v.cell]: -heal} if with_area else {}, rolled=False)
                for v in self.reach(state, u) if v.health < state.max_health(v.kind)]

    def attack(self, state: PayloadState, u: PayloadUnit, cell: int, aim: Hex) -> None:
        v = state.occupant(cell)
        assert v is not None
        card = self.card(state, u)
        v.health = min(state.max_health(v.kind), v.health + card.damage)
        if card.charge:
            u.charge = min(card.charge_needed, u.charge + 1)

    def special_groups(self, state: PayloadState, u: PayloadUnit, done: UnitTurn,
                       crowd: Crowd | None = None) -> list[Group]:
        if not self.charged(state, u, "kritz"):
            return []
        return [(_V_KRITZ, u.kind, state.board.hexes[u.cell], [v.cell for v in self.reach(state, u)],
                 state.board.hexes, "")]

    def special(self, state: PayloadState, u: PayloadUnit, action: Action) -> None:
        assert action.target is not None
        v = state.occupant(state.board.index[action.target])
        assert v is not None
        v.kritz = True
        u.charge = 0
        state.log.append(f"{state.unit_name(v)} is kritzed for the rest of this turn")

    def why_not(self, state: PayloadState, u: PayloadUnit, action: Action) -> str:
        card = self.card(state, u)
        if action.verb is _V_KRITZ:
            if card.charge != "kritz":
                return f"the {card.title} charges an UberCharge, not kritz"
            if u.charge < card.charge_needed:
                return f"kritz needs {card.charge_needed} charge; the Medic has {u.charge} (heal to build it)"
            return "kritz goes to a teammate in the Medic's reach and sight"
        if action.verb in (_V_HEAL, Verb.ATTACK):
            h = action.target
            assert h is not None
            i = state.board.index.get(h)
            v = None if i is None else state.occupant(i)
            if v is None or v.team is not u.team:
                return f"no teammate on {h} to heal"
            if v.uid == u.uid:
                return "the Medic cannot heal himself"
            if v.health >= state.max_health(v.kind):
                return f"the {state.unit_name(v)} is at full health"
            return "out of the Medic's reach or sight"
        return super().why_not(state, u, action)

    def tip(self, verb: Verb) -> str:
        if verb is _V_KRITZ:
            return "Kritz: a teammate in reach adds the kritz die to every hit for the rest of this turn (last action)."
        return super().tip(verb)
