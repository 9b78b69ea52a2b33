"""The Pyro (001 "Units"): a flame cone that needs no roll, and burn markers.

He aims at one of the six hexes next to him; the cone
(:func:`~engine.rules.areas.cone`, narrow or wide by the ``pyro_cone`` option)
reaches the hexes at his standing height that he sees. Every enemy in it takes
the damage; mobile ones also get burn markers (at most ``max_burn_markers``),
each of which costs ``burn_damage`` at the end of the burning unit's own turn
(:meth:`~engine.games.koth.state.KothState.end_of_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.behaviour import AttackOption
from engine.games.koth.pieces import KothUnit
from engine.games.koth.units.base import KothBehaviour
from engine.hexgrid import DIRECTIONS, Hex
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.koth.state import KothState
    from engine.ruleset import UnitStats

__all__ = ["Pyro"]

_V_ATTACK: Final = Verb.ATTACK


class Pyro(KothBehaviour):
    """The flame cone and burn (see the module docstring)."""

    needs = ("burn_markers", "max_burn_markers", "burn_damage")

    def lined(self) -> bool:
        return False

    def __init__(self, game: Game, stats: UnitStats) -> None:
        super().__init__(game, stats)
        self._reaches: dict[tuple[int, object], tuple[dict[int, int], tuple[Hex, ...]]] = {}

    def cones(self, state: KothState, cell: int) -> tuple[tuple[int, ...], ...]:
        """Per direction 0..5, the board indices a Pyro on ``cell`` reaches (its height, in sight)."""
        return state.game.targets.cones(cell, self.stats.range, state.options["pyro_cone"] == "wide")

    def _reach(self, state: KothState, cell: int) -> tuple[dict[int, int], tuple[Hex, ...]]:
        """(board index -> bit mask of the directions whose cone reaches it; the six aim hexes) from ``cell``."""
        key = (cell, state.options["pyro_cone"])
        hit = self._reaches.get(key)
        if hit is None:
            dirs: dict[int, int] = {}
            for d, cells in enumerate(self.cones(state, cell)):
                for c in cells:
                    dirs[c] = dirs.get(c, 0) | (1 << d)
            here = state.board.hexes[cell]
            hit = self._reaches[key] = (dirs, tuple(Hex(here.q + v.q, here.r + v.r) for v in DIRECTIONS))
        return hit

    def attack_group(self, state: KothState, u: KothUnit) -> Group | None:
        b = state.board
        spawn = b.spawn
        their_base = state.their_base[u.team]
        team = u.team
        dirs, aims = self._reach(state, u.cell)
        mask = 0
        for v in state.units.values():
            c = v.cell
            if v.team is not team and c >= 0 and spawn[c] != their_base:
                mask |= dirs.get(c, 0)
        # the aims may lie off the map, so they are hexes, not board indices
        return (_V_ATTACK, u.kind, b.hexes[u.cell], [aims[d] for d in range(6) if mask >> d & 1], None, "")

    def attack_options(self, state: KothState, u: KothUnit, with_area: bool = True) -> list[AttackOption]:
        b = state.board
        here = b.hexes[u.cell]
        group = self.attack_group(state, u)
        assert group is not None
        out = []
        for aim in group[3]:
            cells = self.cones(state, u.cell)[DIRECTIONS.index(aim - here)]
            area = {b.hexes[c]: self.stats.damage for c in cells} if with_area else {}
            out.append(AttackOption(Action(_V_ATTACK, u.kind, here, aim), 1.0, 0.0, self.stats.damage, area,
                                    rolled=False))
        return out

    def attack(self, state: KothState, u: KothUnit, cell: int, aim: Hex) -> None:
        st = self.stats
        cone = self.cones(state, u.cell)[DIRECTIONS.index(aim - state.board.hexes[u.cell])]
        for v in state.units_on(cone):
            if v.team is not u.team and not state.immune(v, u.team):
                if state.stats(v.kind).mobile:
                    v.burn = min(int(st.param("max_burn_markers")), v.burn + int(st.param("burn_markers")))
                state.hurt(v, st.damage, u)

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        if action.verb is not _V_ATTACK:
            return super().why_not(state, u, action)
        assert action.target is not None
        if state.board.hexes[u.cell].distance(action.target) != 1:
            return self._not_an_aim(state, u, action.target)
        return "no enemy the Pyro can reach in that direction"

    def _not_an_aim(self, state: KothState, u: KothUnit, target: Hex) -> str:
        """Why a click on ``target``, not next to the Pyro, does not fire: he aims at a hex next to him; about an
        enemy there, also whether the flame reaches it at all (a new-user audit clicked one nine hexes away and was
        told only how to aim)."""
        aim = "the Pyro aims his flame at a hex next to him (the cone's direction)"
        cell = state.board.index.get(target)
        v = state.unit_at(target) if cell is not None else None
        if v is None or v.team is u.team:
            return aim
        name = f"the {v.team.value} {state.stats(v.kind).name}"
        far = state.board.hexes[u.cell].distance(target)
        dirs, aims = self._reach(state, u.cell)
        if far > self.stats.range:
            return f"out of range: {name} is {far} hexes away, the flame reaches {self.stats.range}; {aim}"
        if cell not in dirs:
            return (f"the flame cannot reach {name}: the cone covers only hexes at the Pyro's height that he sees; "
                    f"{aim}")
        toward = [str(aims[d]) for d in range(6) if dirs[cell] >> d & 1]
        return f"{aim}: aim at {' or '.join(toward)} to reach {name}"
