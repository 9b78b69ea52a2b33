"""The Demoman (001 "Units"): grenades that go off a turn later, or at once on a crit.

He lobs at any non-wall hex in range and sight (on a hex line when the line rule
is on). On an empty hex the grenade needs no roll; on a unit it needs the usual
accuracy throw, and a miss is lost. A hit lays the grenade, which explodes at
the start of his next turn (:meth:`~engine.games.koth.state.KothState.begin_unit_turn`);
a crit (Blind Eye, passive) explodes it at once with the crit bonus plus
``blind_eye_bonus`` on the target hex. The blast splashes like a rocket, friends
included. A side has one grenade marker: no new lob while one lies on the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.behaviour import AttackOption
from engine.games.koth.pieces import KothUnit
from engine.games.koth.reasons import unit_name
from engine.games.koth.units.base import KothBehaviour
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import Excluding, Group

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Demoman"]

_V_ATTACK: Final = Verb.ATTACK


class Demoman(KothBehaviour):
    """Delayed grenades (see the module docstring)."""

    def attack_group(self, state: KothState, u: KothUnit) -> Group | None:
        hexes = state.board.hexes
        here = hexes[u.cell]
        if u.uid in state.grenades or u.team in state.dropped_grenades:  # one grenade marker per side
            return (_V_ATTACK, u.kind, here, (), hexes, "")
        cells, where = state.game.targets.lob(u.cell, self.stats.min_range, self.stats.range, self.straight)
        # hexes holding an enemy inside its own base cannot be aimed at
        spawn = state.board.spawn
        their_base = state.their_base[u.team]
        shielded = [v.cell for v in state.units.values()
                    if v.team is not u.team and v.cell >= 0 and spawn[v.cell] == their_base]
        return (_V_ATTACK, u.kind, here, Excluding.of(cells, where, shielded), hexes, "")

    def attack_options(self, state: KothState, u: KothUnit, with_area: bool = True) -> list[AttackOption]:
        b = state.board
        here = b.hexes[u.cell]
        group = self.attack_group(state, u)
        assert group is not None
        out = []
        for c in group[3]:
            occupied = state.occupant(c) is not None
            need = state.need(u, c) if occupied else 0
            area = {b.hexes[k]: x for k, x in state.splash(c, self.stats, self.stats.damage).items()} if with_area else {}
            out.append(AttackOption(Action(_V_ATTACK, u.kind, here, b.hexes[c]), state.hit_chance(need),
                                    state.crit_chance(need) if occupied else 0.0,
                                    self.stats.damage if occupied else 0, area, rolled=occupied,
                                    need=need if occupied else None))
        return out

    def attack(self, state: KothState, u: KothUnit, cell: int, aim: Hex) -> None:
        if state.occupant(cell) is None:
            state.grenades[u.uid] = cell
            return
        total, crit = state.throw(f"{u.kind} grenade")
        if total < state.need(u, cell):
            state.log.append(f"{u.kind}'s grenade misses {aim}")
            return
        if crit:
            bonus = int(state.options["crit_bonus"]) + int(self.stats.param("blind_eye_bonus"))
            self.explode(state, u.team, cell, bonus, u)
        else:
            state.grenades[u.uid] = cell

    def explode(self, state: KothState, team: Team, cell: int, extra: int, source: KothUnit | None) -> None:
        """A grenade of ``team`` goes off on ``cell``; ``extra`` adds to the centre hex (a crit)."""
        state.log.append(f"grenade explodes at {state.board.hexes[cell]}")
        for c, x in state.splash(cell, self.stats, self.stats.damage).items():
            w = state.occupant(c)
            if w is not None and not state.immune(w, team):
                state.hurt(w, x + (extra if c == cell else 0), source)

    def why_not(self, state: KothState, u: KothUnit, action: Action) -> str:
        if action.verb is not _V_ATTACK:
            return super().why_not(state, u, action)
        b = state.board
        h = action.target
        assert h is not None
        if state.grenades.get(u.uid) is not None:
            return "the Demoman's grenade is still on the board; it goes off on his next turn"
        if u.team in state.dropped_grenades:
            return "your side's grenade from a fallen Demoman still lies on the board; it goes off first"
        i = b.index.get(h)
        if i is None:
            return f"{h} is off the map"
        if b.wall[i]:
            return f"wall at {h}: the grenade cannot land there"
        if i == u.cell:
            return "the Demoman does not lob a grenade at his own feet"
        v = state.occupant(i)
        if v is not None and v.team is not u.team and b.spawn_team(i) is v.team:
            return f"the {unit_name(state, v)} is safe in its own spawn base"
        return self.shot_reason(state, u, i) or f"cannot attack {h} now"
