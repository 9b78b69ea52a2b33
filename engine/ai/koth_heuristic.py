"""How the heuristic player scores King of the Board decisions: take the point, focus fire, keep units alive.

:class:`~engine.ai.heuristic.HeuristicPlayer` scores each legal action of the
active unit with a :class:`KothScorer` (the terms are in its module docstring)
and plays the best. Only the public state API is used.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, cast

from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb

if TYPE_CHECKING:
    from engine.games.koth.units.base import KothBehaviour

__all__ = ["KothScorer", "cp_distance"]


_CP: weakref.WeakKeyDictionary[Any, tuple[list[int], tuple[int, ...]]] = weakref.WeakKeyDictionary()


def _cp_tables(board: Any) -> tuple[list[int], tuple[int, ...]]:
    """(control-point cells, each cell's distance to the nearest of them), once per board."""
    hit = _CP.get(board)
    if hit is None:
        cp = [i for i in range(board.n) if board.control[i] >= 0]
        dist = tuple(min(board.distance(c, t) for t in cp) if cp else 0 for c in range(board.n))
        hit = _CP[board] = (cp, dist)
    return hit


def _cp_cells(state: GameState) -> list[int]:
    return _cp_tables(state.board)[0]


def cp_distance(board: Any) -> tuple[int, ...]:
    """Distance from each cell to the nearest control-point cell (0 for every cell without a point)."""
    return _cp_tables(board)[1]


class KothScorer:
    """Per-decision cache of what the scorer needs."""

    def __init__(self, state: GameState, u: Any) -> None:
        self.state = state
        self.u = u
        self.b = state.board
        self.cp = _cp_cells(state)
        self.cp_dist = cp_distance(self.b)
        self.team: Team = u.team
        self.enemies = state.units_of(u.team.other)
        self.friends = [v for v in state.units_of(u.team) if v.uid != u.uid]
        self.st = state.stats(u.kind)
        self.full = state.max_health(u.kind)
        cp = set(self.cp)
        self.friend_on_cp = any(v.cell in cp and v.kind != "sentry" for v in self.friends)
        self.enemy_on_cp = any(v.cell in cp and v.kind != "sentry" for v in self.enemies)
        self._danger: dict[int, float] = {}
        self._firepower: dict[int, float] = {}
        self._hits: dict[int, float] = {}
        self._threats: list[tuple[int, int, int, int, int, int]] | None = None
        self._target_list: list[tuple[int, int, int, int]] | None = None
        st = self.st
        #: the unit's King of the Board behaviour: its line rule, whether it heals, its damage by distance
        self.beh = cast("KothBehaviour", state.behaviour(u.kind))
        # The Pyro's cone is estimated as its six straight lines, with no roll and one burn tick
        # (a look-ahead from hexes he does not stand on; his real options come from attack_options).
        burn = "burn" in st.specials
        # (straight lines only, burns, shots) of this unit's attack
        self._shooter = (bool(state.options["straight_line_attacks"]) and (self.beh.lined() or burn), burn,
                         int(st.params.get("shots", 1)))
        self.attacked = state.has_attacked

    # -- terms ------------------------------------------------------------------------

    def position(self, cell: int) -> float:
        if not self.cp:
            return 0.0
        d = self.cp_dist[cell]
        if d == 0:
            return 120.0 if (not self.friend_on_cp or self.enemy_on_cp) else 60.0
        return -8.0 * d

    def firepower(self, cell: int) -> float:
        """Best expected damage this unit could deal standing on ``cell`` (remembered per cell)."""
        hit = self._firepower.get(cell)
        if hit is None:
            hit = self._firepower[cell] = self._firepower_at(cell)
        return hit

    def _firepower_at(self, cell: int) -> float:
        st = self.st
        if not st.range or self.beh.heals:
            return 0.0
        b = self.b
        sees_at = self.state.sight.sees_at
        stand = b.stand
        q, r, h = b.q[cell], b.r[cell], stand[cell]
        lo, hi, damage = st.min_range, st.range, st.damage
        damage_at = self.beh.damage_at
        straight, burn, shots = self._shooter
        best = 0.0
        for vc, vq, vr, health in self._targets():
            dq, dr = vq - q, vr - r
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if d < lo or d > hi:
                continue
            if not sees_at(cell, vc, h, stand[vc]):
                continue
            if straight and not (dq == 0 or dr == 0 or dq == -dr):
                continue
            up = max(0, stand[vc] - h)
            if burn:
                p, dmg = 1.0, damage + 20
            else:
                p = self._hit(d + up)
                dmg = damage_at(d)
            ev = p * dmg * shots
            if ev >= health:
                ev += 40
            best = max(best, ev)
        return best

    def _targets(self) -> list[tuple[int, int, int, int]]:
        """(cell, q, r, health) of the enemies an attack could hurt: not ubercharged, not in their own base."""
        hit = self._target_list
        if hit is None:
            b = self.b
            hit = self._target_list = [(v.cell, b.q[v.cell], b.r[v.cell], v.health) for v in self.enemies
                                       if not v.uber and b.spawn_team(v.cell) is not v.team]
        return hit

    def _hit(self, need: int) -> float:
        """``state.hit_chance(need)``, remembered."""
        hit = self._hits.get(need)
        if hit is None:
            hit = self._hits[need] = self.state.hit_chance(need)
        return hit

    def danger(self, cell: int) -> float:
        """Rough expected damage the enemies could deal to a unit on ``cell`` next round."""
        hit = self._danger.get(cell)
        if hit is not None:
            return hit
        b = self.b
        total = 0.0
        if b.spawn_team(cell) is self.team:
            self._danger[cell] = 0.0
            return 0.0
        threats = self._threats
        if threats is None:
            threats = self._threats = []
            for v in self.enemies:
                st = self.state.stats(v.kind)
                if not st.range or cast("KothBehaviour", self.state.behaviour(v.kind)).heals:
                    continue
                reach = st.range + (st.speed if st.mobile else 0)
                threats.append((b.q[v.cell], b.r[v.cell], reach, st.range, st.damage, int(st.params.get("shots", 1))))
        q, r = b.q[cell], b.r[cell]
        for vq, vr, reach, rng, damage, shots in threats:
            dq, dr = q - vq, r - vr
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if d > reach:
                continue
            total += self._hit(min(d, rng)) * damage * shots * 0.5
        self._danger[cell] = total
        return total

    # -- scores -------------------------------------------------------------------------

    def score_end(self) -> float:
        return 0.0

    def score(self, a: Action) -> float:
        u, b = self.u, self.b
        here = u.cell
        if a.verb is Verb.END:
            return 0.0
        if a.verb is Verb.MOVE or a.verb is Verb.ROCKET_JUMP:
            assert a.target is not None
            dest = b.index[a.target]
            gain = self.position(dest) - self.position(here)
            if not self.attacked:
                gain += 0.8 * (self.firepower(dest) - self.firepower(here))
            risk = self.danger(dest) - self.danger(here)
            frail = 1.0 if u.health > self.full / 2 else 2.0
            gain -= 0.3 * frail * risk
            if b.kit[dest] and u.health < self.full:
                gain += (self.full - u.health) * 0.5
            if a.verb is Verb.ROCKET_JUMP:
                gain -= 45.0 + (40 if u.health < 120 else 0)
            return gain
        if a.verb is Verb.ATTACK:
            return self._attack_value(a)
        if a.verb is Verb.HEAL:
            assert a.target is not None
            v: Any = self.state.unit_at(a.target)  # a King of the Board unit (burn markers)
            if v is None:
                return 0.0
            missing = self.state.max_health(v.kind) - v.health
            return min(missing, self.st.damage) + 20 * v.burn + 10
        if a.verb is Verb.SCOPE:
            return 12.0 if self.firepower(here) == 0 else 4.0
        if a.verb is Verb.BUILD:
            assert a.target is not None
            return 70.0 - 3.0 * self.cp_dist[b.index[a.target]]
        if a.verb is Verb.PICKUP:
            return -5.0
        if a.verb is Verb.UBER:
            near = sum(1 for v in self.enemies if b.distance(v.cell, here) <= 6)
            return 25.0 * near
        return 0.0

    def _attack_value(self, a: Action) -> float:
        opts = [o for o in self.state.attack_options() if o.action == a]
        if not opts:
            return 0.0
        o = opts[0]
        crit = int(self.state.options["crit_bonus"])
        value = 0.0
        cp = set(self.cp)
        for h, dmg in o.area.items():
            v: Any = self.state.unit_at(h)  # a King of the Board unit (uber)
            if v is None:
                continue
            p = o.hit_chance
            ev = o.rolls * (p * dmg + o.crit_chance * crit) if len(o.area) == 1 else p * dmg
            if v.uber or (v.team is not self.team and self.b.spawn_team(v.cell) is v.team):
                ev = 0.0
            if v.team is self.team:
                value -= 1.5 * min(ev, v.health)
            else:
                value += min(ev, v.health)
                if ev >= v.health * 0.8:
                    value += 50
                if v.cell in cp:
                    value += 30
        if o.damage == 0 and not o.rolled:
            value *= 0.5  # nothing is thrown at nobody: a grenade on an empty hex only threatens
        return value
