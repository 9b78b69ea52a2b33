"""The King of the Board unit that shoots one enemy with an accuracy roll (001 "Attacking").

:class:`Shooter` is every unit whose attack is a rolled shot at one unit: the
Heavy as it is (five rolls, 001 "Units": Heavy), and the base of the Scout,
Soldier, Engineer, Sniper and Sentry, which change its range, line rule, damage
or area. A shot needs the target in range, in sight, on one of the six hex lines
(unless the ``straight_line_attacks`` option is off or the unit is exempt) and
outside its own spawn base; it hits when the throw reaches the distance plus one
per level the target stands above the shooter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.behaviour import AttackOption
from engine.games.koth.pieces import KothUnit
from engine.games.koth.reasons import unit_name
from engine.games.koth.units.base import KothBehaviour
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.koth.state import KothState
    from engine.ruleset import UnitStats

__all__ = ["Shooter"]

_V_ATTACK: Final = Verb.ATTACK


class Shooter(KothBehaviour):
    """A unit with a rolled shot at one enemy (see the module docstring)."""

    def __init__(self, game: Game, stats: UnitStats) -> None:
        super().__init__(game, stats)
        #: accuracy rolls per attack (the Heavy makes 5)
        self.shots = int(stats.params.get("shots", 1))

    # -- numbers a subclass changes ----------------------------------------------------------------

    def accuracy_bonus(self, u: KothUnit) -> int:
        """What ``u`` adds to its accuracy throw now."""
        return 0

    def damage_to(self, state: KothState, u: KothUnit, cell: int) -> int:
        """The damage of a normal hit by ``u`` on board index ``cell``."""
        return self.stats.damage

    def area_of(self, state: KothState, u: KothUnit, cell: int, damage: int) -> dict[int, int]:
        """Board index -> damage of a normal hit aimed at ``cell`` (one hex for a plain shot)."""
        return {cell: damage * self.shots}

    # -- legal targets -----------------------------------------------------------------------------

    def targets(self, state: KothState, u: KothUnit) -> list[int]:
        """Board indices of the enemies ``u`` may shoot from where it stands, in unit order.

        The one place that decides which shots are legal (:meth:`attack_options`
        adds odds and areas). Written out for speed: hex line first (cheap, rules
        most out), then range, then sight.
        """
        b = state.board
        spawn = b.spawn
        team = u.team
        their_base = state.their_base[team]
        lo = self.min_range(u)
        hi = self.stats.range
        straight = self.straight
        a = u.cell
        qs, rs, stand = b.q, b.r, b.stand
        qa, ra, ha = qs[a], rs[a], stand[a]
        sees_at = state.sight.sees_at
        out = []
        for v in state.units.values():
            c = v.cell
            if c < 0 or v.team is team or spawn[c] == their_base:
                continue
            dq = qs[c] - qa
            dr = rs[c] - ra
            if straight and dq and dr and dq != -dr:
                continue
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if lo <= d <= hi and sees_at(a, c, ha, stand[c]):
                out.append(c)
        return out

    def attack_group(self, state: KothState, u: KothUnit) -> Group | None:
        hexes = state.board.hexes
        return (_V_ATTACK, u.kind, hexes[u.cell], self.targets(state, u), hexes, "")

    def attack_options(self, state: KothState, u: KothUnit, with_area: bool = True) -> list[AttackOption]:
        b = state.board
        here = b.hexes[u.cell]
        bonus = self.accuracy_bonus(u)
        out = []
        for cell in self.targets(state, u):
            h = b.hexes[cell]
            need = state.need(u, cell, bonus)
            dmg = self.damage_to(state, u, cell)
            area = {b.hexes[k]: x for k, x in self.area_of(state, u, cell, dmg).items()} if with_area else {}
            out.append(AttackOption(Action(_V_ATTACK, u.kind, here, h), state.hit_chance(need),
                                    state.crit_chance(need), dmg, area, self.shots, need=need))
        return out

    # -- resolving ---------------------------------------------------------------------------------

    def attack(self, state: KothState, u: KothUnit, cell: int, aim: Hex) -> None:
        v = state.occupant(cell)
        assert v is not None
        bonus = self.accuracy_bonus(u)
        dmg = self.damage_to(state, u, cell)
        need = state.need(u, cell, bonus)
        crit_bonus = int(state.options["crit_bonus"])
        for _ in range(self.shots):
            total, crit = state.throw(f"{u.kind} shot")
            if total < need:
                continue
            self.hit(state, u, v, cell, dmg, crit_bonus if crit else 0)

    def hit(self, state: KothState, u: KothUnit, v: KothUnit, cell: int, damage: int, extra: int) -> None:
        """One roll of ``u``'s attack on ``v`` (on ``cell``) hit; ``extra`` is the crit bonus (0 if none)."""
        if v.uid in state.units and not state.immune(v, u.team):
            state.hurt(v, damage + extra, u)

    # -- explaining ----------------------------------------------------------------------------------

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        if action.verb is not _V_ATTACK:
            return super().why_not(state, u, action)
        b = state.board
        h = action.target
        assert h is not None
        i = b.index.get(h)
        if i is None:
            return f"{h} is off the map"
        v = state.occupant(i)
        if v is None:
            return f"no unit on {h} to attack"
        if v.team is u.team:
            return f"the {unit_name(state, v)} is on your team"
        if b.spawn_team(i) is v.team:
            return f"the {unit_name(state, v)} is safe in its own spawn base"
        return self.shot_reason(state, u, i) or f"cannot attack {h} now"

