"""The Soldier (001 "Units"): rockets that splash, and the rocket jump.

A rocket hits the target hex and the two rings around it at the target's
standing height (:meth:`~engine.games.koth.state.KothState.splash`), friends
included. The rocket jump is his special: he lands on any free hex within the
jump range, at any height, for some health; he must have more health than it
costs, and (unless ``rocket_jump_after_attack``) not have attacked this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.koth.pieces import KothUnit
from engine.games.koth.reasons import landing_reason
from engine.games.koth.units.shooter import Shooter
from engine.games.units import UnitTurn
from engine.rules.actions import Action, Verb
from engine.rules.legal import Excluding, Group

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Soldier"]

_V_ROCKET_JUMP: Final = Verb.ROCKET_JUMP


class Soldier(Shooter):
    """Splash damage and the rocket jump (see the module docstring)."""

    needs = ("rocket_jump_cost", "rocket_jump_range", "splash_ring_1", "splash_ring_2")

    def area_of(self, state: KothState, u: KothUnit, cell: int, damage: int) -> dict[int, int]:
        return state.splash(cell, self.stats, damage)

    def hit(self, state: KothState, u: KothUnit, v: KothUnit, cell: int, damage: int, extra: int) -> None:
        for c, x in state.splash(cell, self.stats, damage).items():
            w = state.occupant(c)
            if w is not None and not state.immune(w, u.team):
                state.hurt(w, x + (extra if c == cell else 0), u)

    def jump(self) -> tuple[int, int]:
        """(health cost, range) of a rocket jump."""
        return int(self.stats.param("rocket_jump_cost")), int(self.stats.param("rocket_jump_range"))

    def special_groups(self, state: KothState, u: KothUnit, done: UnitTurn) -> list[Group]:
        cost, reach = self.jump()
        if u.health <= cost or (done.attacked and not state.options["rocket_jump_after_attack"]):
            return []
        land, where = state.game.targets.landing(u.cell, reach, state.their_base[u.team])
        cells = Excluding.of(land, where, [v.cell for v in state.units.values()])
        return [(_V_ROCKET_JUMP, u.kind, state.board.hexes[u.cell], cells, state.board.hexes, "")]

    def special(self, state: KothState, u: KothUnit, action: Action) -> None:
        assert action.target is not None
        u.health -= self.jump()[0]
        state.relocate(u, state.board.index[action.target])

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        if action.verb is not _V_ROCKET_JUMP:
            return super().why_not(state, u, action)
        cost, reach = self.jump()
        if u.health <= cost:
            return f"a rocket jump costs {cost} health; the {self.stats.name} has only {u.health}"
        if state.done_of(u).attacked and not state.options["rocket_jump_after_attack"]:
            return "no rocket jump after attacking"
        assert action.target is not None
        b = state.board
        i = b.index.get(action.target)
        if i is None:
            return f"{action.target} is off the map"
        if b.distance(u.cell, i) > reach:
            return f"too far: rocket jumps reach {reach} hexes, {action.target} is {b.distance(u.cell, i)} away"
        return landing_reason(state, u, i) or f"cannot rocket jump to {action.target}"

    def tip(self, verb: Verb) -> str:
        if verb is not _V_ROCKET_JUMP:
            return super().tip(verb)
        cost, reach = self.jump()
        return (f"Rocket jump: land on any free hex within {reach}, at any height, "
                f"for {cost} health. Counts as the special, not a move.")
