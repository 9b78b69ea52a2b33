"""The Payload Race classes with a special (002 "Taking a turn": the special comes last).

- Soldier: the rocket jump — land on any free hex in reach whatever its height,
  for some health (002 "Moving examples": his special frees him from the stairs);
- Pyro: the airblast — every enemy next to him is blown one hex straight away;
- Heavy: the Sandvich — once a life, he eats and heals.

The Scout's double jump is passive: it is how he walks
(:meth:`~engine.games.modes.ModeRules.move_profile`). The Demoman has no special.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from engine.games.payload.moves import Crowd
from engine.games.payload.pieces import PayloadUnit
from engine.games.payload.units.armed import Armed
from engine.games.units import UnitTurn
from engine.rules.actions import Action, Verb
from engine.rules.board import TEAM_CODE
from engine.rules.legal import NO_TARGET, Excluding, Group

if TYPE_CHECKING:
    from engine.games.payload.state import PayloadState

__all__ = ["Heavy", "Pyro", "Soldier"]

_V_ROCKET_JUMP: Final = Verb.ROCKET_JUMP
_V_AIRBLAST: Final = Verb.AIRBLAST
_V_SANDVICH: Final = Verb.SANDVICH




class Soldier(Armed):
    """The rocket jump (see the module docstring)."""

    needs = ("rocket_jump_cost", "rocket_jump_range")

    def jump(self) -> tuple[int, int]:
        """(health cost, range) of a rocket jump."""
        return int(self.stats.param("rocket_jump_cost")), int(self.stats.param("rocket_jump_range"))

    def landings(self, state: PayloadState, u: PayloadUnit, crowd: Crowd | None = None) -> Sequence[int]:
        """Where ``u`` may land: free non-wall hexes in reach, outside the enemy spawn, not a cart's hex
        (:meth:`~engine.rules.targets.TargetTables.landing` without the hexes taken; ``crowd``:
        :meth:`PayloadState.crowd` now, if the caller has it)."""
        cost, reach = self.jump()
        if u.health <= cost:
            return []
        land, where = state.game.targets.landing(u.cell, reach, TEAM_CODE[u.team.other])
        taken = (crowd or state.crowd()).taken  # u's own hex among them
        return Excluding.of(land, where, taken)

    def special_groups(self, state: PayloadState, u: PayloadUnit, done: UnitTurn,
                       crowd: Crowd | None = None) -> list[Group]:
        return [(_V_ROCKET_JUMP, u.kind, state.board.hexes[u.cell], self.landings(state, u, crowd),
                 state.board.hexes, "")]

    def special(self, state: PayloadState, u: PayloadUnit, action: Action) -> None:
        assert action.target is not None
        u.health -= self.jump()[0]
        state.relocate(u, state.board.index[action.target])

    def why_not(self, state: PayloadState, u: PayloadUnit, action: Action) -> str:
        if action.verb is not _V_ROCKET_JUMP:
            return super().why_not(state, u, action)
        cost, reach = self.jump()
        if u.health <= cost:
            return f"a rocket jump costs {cost} health; the Soldier has only {u.health}"
        assert action.target is not None
        i = state.board.index.get(action.target)
        if i is None:
            return f"{action.target} is off the map"
        if state.board.distance(u.cell, i) > reach:
            return f"too far: a rocket jump reaches {reach} hexes"
        return state.landing_reason(u, i) or f"cannot land on {action.target}"

    def tip(self, verb: Verb) -> str:
        if verb is not _V_ROCKET_JUMP:
            return super().tip(verb)
        cost, reach = self.jump()
        return f"Rocket jump: land on any free hex within {reach}, at any height, for {cost} health (his last action)."


class Pyro(Armed):
    """The airblast (see the module docstring)."""

    def blown(self, state: PayloadState, u: PayloadUnit, crowd: Crowd | None = None) -> list[tuple[PayloadUnit, int]]:
        """(enemy, board index it would be blown to) for each adjacent enemy that can be moved (``crowd``:
        :meth:`PayloadState.crowd` now, if the caller has it)."""
        b = state.board
        crowd = crowd or state.crowd()
        unit_at = crowd.unit_at
        out = []
        for c, to in self.aims.airblasts(u.cell):
            v = unit_at.get(c)
            if v is None or v.team is u.team:
                continue
            if (to >= 0 and not b.wall[to] and to not in crowd.taken and b.stand[to] <= b.stand[c]
                    and not b.in_enemy_spawn(to, v.team)):
                out.append((v, to))
        return out

    def special_groups(self, state: PayloadState, u: PayloadUnit, done: UnitTurn,
                       crowd: Crowd | None = None) -> list[Group]:
        if not self.blown(state, u, crowd):
            return []
        return [(_V_AIRBLAST, u.kind, state.board.hexes[u.cell], NO_TARGET, None, "")]

    def special(self, state: PayloadState, u: PayloadUnit, action: Action) -> None:
        for v, to in self.blown(state, u):
            state.log.append(f"{state.unit_name(v)} is blown to {state.board.hexes[to]}")
            state.relocate(v, to)

    def why_not(self, state: PayloadState, u: PayloadUnit, action: Action) -> str:
        if action.verb is not _V_AIRBLAST:
            return super().why_not(state, u, action)
        return "no enemy next to the Pyro can be blown back (a wall, a cliff or a token behind each)"

    def tip(self, verb: Verb) -> str:
        if verb is not _V_AIRBLAST:
            return super().tip(verb)
        return "Airblast: every enemy next to the Pyro is blown one hex straight away, if there is room (his last action)."


class Heavy(Armed):
    """The Sandvich (see the module docstring)."""

    needs = ("sandvich_heal",)

    def special_groups(self, state: PayloadState, u: PayloadUnit, done: UnitTurn,
                       crowd: Crowd | None = None) -> list[Group]:
        if u.snack or u.health >= self.stats.max_health:
            return []
        return [(_V_SANDVICH, u.kind, state.board.hexes[u.cell], NO_TARGET, None, "")]

    def special(self, state: PayloadState, u: PayloadUnit, action: Action) -> None:
        u.health = min(self.stats.max_health, u.health + int(self.stats.param("sandvich_heal")))
        u.snack = True

    def why_not(self, state: PayloadState, u: PayloadUnit, action: Action) -> str:
        if action.verb is not _V_SANDVICH:
            return super().why_not(state, u, action)
        return "the Heavy ate his Sandvich this life" if u.snack else "the Heavy is at full health"

    def tip(self, verb: Verb) -> str:
        if verb is not _V_SANDVICH:
            return super().tip(verb)
        return f"Sandvich: heal {self.stats.param('sandvich_heal')}, once a life (his last action)."
