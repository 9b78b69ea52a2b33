"""A Payload Race class token attacking with its weapon card (002 "Attacking examples").

Every class attacks the way its card says:

- ``direct``: a d8 throw (plus the card's accuracy) must reach the distance to an
  enemy in range and in line of sight; each of the card's shots throws once and
  deals the card's damage less its falloff per hex beyond the first;
- ``blast``: one throw at a hex in range and in sight (any sight, for a lobbed
  card); on a hit every enemy under the stencil centred there takes the
  shooter's distance to the centre as damage (002 "AOE blast and fire");
- ``fire``: no throw; the stencil is laid next to the holder in one of six
  directions and every enemy under it takes the number printed on its hex;
- ``heal``: a teammate in range and sight regains the card's damage in health
  (the Medic, :mod:`.medic`).

Line of sight is blocked by invalid terrain only (walls); elevation never blocks
and adds nothing to the throw. Enemies in their own spawn are out of reach with
``spawn_protection``. A kritzed attacker adds the kritz die to every hit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from engine.frozendict import FrozenDict
from engine.games.behaviour import AttackOption, Behaviour
from engine.games.payload.aims import aim_tables
from engine.games.payload.moves import Crowd
from engine.games.payload.pieces import PayloadUnit
from engine.games.payload.stencils import lay
from engine.games.units import UnitTurn
from engine.hexgrid import DIRECTIONS, Hex
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group
from engine.rules.memo import make_room
from engine.ruleset import UnitStats, WeaponCard

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.payload.state import PayloadState

__all__ = ["Armed", "Hit"]

_V_ATTACK: Final = Verb.ATTACK
#: One unit an attack would hurt and the damage of a normal hit on it (before kritz).
Hit = tuple[PayloadUnit, int]
#: The card kinds that aim at hexes (a ``heal`` card is the Medic's, :mod:`.medic`).
_AIMED: Final = frozenset({"direct", "blast", "fire"})


class Armed(Behaviour["PayloadState", PayloadUnit]):
    """Attacks by weapon card (see the module docstring)."""

    def __init__(self, game: Game, stats: UnitStats) -> None:
        super().__init__(game, stats)
        #: the map's share of where cards may aim, shared by the game's behaviours
        self.aims = aim_tables(game)
        # Armed answers special_groups for every class (with the crowd); only an override is a special
        self.has_specials = type(self).special_groups is not Armed.special_groups
        #: (with the areas, hex, card, hexes of the tokens it may hurt) -> attack_options' answer
        self._options: dict[tuple[int | str | bool, ...], tuple[AttackOption, ...]] = {}
        #: (hex, card, hexes of the tokens it may hurt) -> the attack group there (see attack_group)
        self._aimed: dict[tuple[int | str, ...], Group] = {}

    def card(self, state: PayloadState, u: PayloadUnit) -> WeaponCard:
        """The weapon card ``u`` carries."""
        return state.ruleset.weapons[u.weapon]

    # -- where an attack may go -------------------------------------------------------------------------

    def _in_reach(self, state: PayloadState, u: PayloadUnit, card: WeaponCard, cell: int) -> bool:
        b = state.board
        d = b.distance(u.cell, cell)
        return card.min_range <= d <= card.range and (card.lobbed or state.sight.sees(u.cell, cell))

    def victims(self, state: PayloadState, u: PayloadUnit, cells: Sequence[int]) -> list[PayloadUnit]:
        """The tokens on ``cells`` that an attack by ``u`` hurts (enemies out of their spawn; friends with friendly fire)."""
        return [v for v in state.units_on(cells) if state.can_hurt(u, v)]

    def attack_group(self, state: PayloadState, u: PayloadUnit, crowd: Crowd | None = None) -> Group | None:
        """The attacks of ``u``'s card (``crowd``: :meth:`PayloadState.crowd` now, if the caller has it).

        Where a card may aim depends on the map, the card, the hex and the hexes of
        the tokens it may hurt alone, so the answer is kept by those (the tokens
        that act seldom change the enemies' hexes in their own turn).
        """
        card = state.ruleset.weapons[u.weapon]
        kind = card.kind
        if kind not in _AIMED:
            return None
        hurt = (crowd or state.crowd()).hurt_by(u)
        key: tuple[int | str, ...] = (u.cell, u.weapon, *hurt)
        group = self._aimed.get(key)
        if group is None:
            make_room(self._aimed, 8_192)
            if not hurt:
                aims = ()
            elif kind == "direct":
                aims = self.direct_targets(state, u, card, hurt)
            elif kind == "blast":
                aims = self.blast_aims(state, u, card, hurt)
            else:
                cover = self.aims.cover
                ring = self.aims.ring(u.cell)
                aims = tuple([ring[d] for d in range(6) if not cover(card.stencil, u.cell, d).isdisjoint(hurt)])
            hexes = state.board.hexes
            group = self._aimed[key] = (_V_ATTACK, u.kind, hexes[u.cell], aims, hexes if kind != "fire" else None, "")
        return group

    def special_groups(self, state: PayloadState, u: PayloadUnit, done: UnitTurn,
                       crowd: Crowd | None = None) -> list[Group]:
        """The special actions ``u`` may take now (``crowd``: :meth:`PayloadState.crowd` now, if the caller has
        it); the Scout and the Demoman have none."""
        return []

    def direct_targets(self, state: PayloadState, u: PayloadUnit, card: WeaponCard,
                       hurt: Sequence[int]) -> tuple[int, ...]:
        """Board indices of the tokens ``u`` may shoot with the direct-fire ``card``: of those it may hurt
        (``hurt``, :meth:`~.moves.Crowd.hurt_by`), the ones in range and (unless the card is lobbed) in sight."""
        b = state.board
        qs, rs = b.q, b.r
        a = u.cell
        qa, ra = qs[a], rs[a]
        lo, hi, lobbed = card.min_range, card.range, card.lobbed
        sees = state.sight.sees
        out = []
        for c in hurt:
            dq = qs[c] - qa
            dr = rs[c] - ra
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if lo <= d <= hi and (lobbed or sees(a, c)):
                out.append(c)
        return tuple(out)

    def blast_aims(self, state: PayloadState, u: PayloadUnit, card: WeaponCard,
                   hurt: Sequence[int]) -> tuple[int, ...]:
        """Hexes a blast may be aimed at: in reach, not walls, and its stencil there would hurt one of the
        tokens on ``hurt`` (:meth:`~.moves.Crowd.hurt_by`)."""
        aims = self.aims
        ok = aims.in_reach(u.cell, card.min_range, card.range, card.lobbed)
        near = aims.centres_near
        name = card.stencil
        centres = {c for x in hurt for c in near(name, x) if c in ok}  # the centres whose stencil covers x
        cover = aims.cover
        return tuple(sorted([c for c in centres if not cover(name, c).isdisjoint(hurt)]))

    def blast_cells(self, state: PayloadState, centre: int, card: WeaponCard) -> list[int]:
        """Board indices under a blast centred on ``centre``."""
        return [c for c, _ in lay(state.sight, state.ruleset.stencils[card.stencil], centre)]

    def fire_cells(self, state: PayloadState, u: PayloadUnit, direction: int) -> list[int]:
        """Board indices under ``u``'s fire stencil laid toward ``direction``."""
        card = self.card(state, u)
        return [c for c, _ in lay(state.sight, state.ruleset.stencils[card.stencil], u.cell, direction)]

    # -- what it would do ---------------------------------------------------------------------------------

    def hits(self, state: PayloadState, u: PayloadUnit, aim: Hex) -> tuple[list[Hit], int]:
        """(units the attack at ``aim`` would hurt with the damage of a normal hit; the throw's target or 0)."""
        card = self.card(state, u)
        b = state.board
        cell = b.index.get(aim, -1)
        if card.kind == "direct":
            v = state.occupant(cell)
            if v is None:
                return [], 0
            d = b.distance(u.cell, cell)
            return [(v, max(1, card.damage - card.falloff * (d - 1)))], d - card.accuracy
        if card.kind == "blast":
            d = b.distance(u.cell, cell)
            dmg = d * int(state.options["blast_damage_per_hex"])
            return [(v, dmg) for v in self.victims(state, u, self.blast_cells(state, cell, card))], d - card.accuracy
        if card.kind == "fire":
            direction = DIRECTIONS.index(aim - b.hexes[u.cell])
            printed = dict(lay(state.sight, state.ruleset.stencils[card.stencil], u.cell, direction))
            cells = list(printed)
            return [(v, int(printed[v.cell] or 0)) for v in self.victims(state, u, cells)], 0
        return [], 0

    def attack_options(self, state: PayloadState, u: PayloadUnit, with_area: bool = True) -> list[AttackOption]:
        """Each attack ``u`` could make, with its odds, damage and area. Like :meth:`attack_group` they depend
        on ``u``'s hex and card and the hexes of the tokens it may hurt alone, so they are kept by those (a
        heuristic asks once per attack it scores); the areas are read-only."""
        return list(self.kept_options(state, u, None, with_area))

    def kept_options(self, state: PayloadState, u: PayloadUnit, crowd: Crowd | None = None,
                     with_area: bool = True) -> tuple[AttackOption, ...]:
        """:meth:`attack_options` as the kept tuple itself (read only; ``crowd``: :meth:`PayloadState.crowd`
        now, if the caller has it): one per aim of :meth:`attack_group`, in its order."""
        card = state.ruleset.weapons[u.weapon]
        if card.kind not in _AIMED:
            return ()
        crowd = crowd or state.crowd()
        key: tuple[int | str | bool, ...] = (with_area, u.cell, u.weapon, *crowd.hurt_by(u))
        hit = self._options.get(key)
        if hit is None:
            make_room(self._options, 1_024)
            hit = self._options[key] = tuple(self._attack_options(state, u, card, crowd, with_area))
        return hit

    def _attack_options(self, state: PayloadState, u: PayloadUnit, card: WeaponCard, crowd: Crowd,
                        with_area: bool) -> list[AttackOption]:
        group = self.attack_group(state, u, crowd)
        if group is None:
            return []
        b = state.board
        here = b.hexes[u.cell]
        rolled = card.kind in ("direct", "blast")
        out = []
        for t in group[3]:
            aim = t if group[4] is None else b.hexes[t]
            hits, need = self.hits(state, u, aim)
            area: dict[Hex, int] = {}
            if with_area:
                if card.kind == "blast":
                    hurt = {h.cell: x for h, x in hits}
                    area = {b.hexes[c]: hurt.get(c, 0) for c in self.blast_cells(state, b.index[aim], card)}
                elif card.kind == "fire":
                    direction = DIRECTIONS.index(aim - here)
                    area = {b.hexes[c]: int(x or 0) for c, x in
                            lay(state.sight, state.ruleset.stencils[card.stencil], u.cell, direction)}
                else:
                    area = {b.hexes[v.cell]: x * card.shots for v, x in hits}
            main = hits[0][1] if hits else 0
            out.append(AttackOption(Action.trusted(_V_ATTACK, u.kind, here, aim, ""),
                                    state.hit_chance(need) if rolled else 1.0, 0.0, main, FrozenDict(area),
                                    card.shots if card.kind == "direct" else 1, rolled, need if rolled else None))
        return out

    # -- doing it -------------------------------------------------------------------------------------------

    def attack(self, state: PayloadState, u: PayloadUnit, cell: int, aim: Hex) -> None:
        card = self.card(state, u)
        hits, need = self.hits(state, u, aim)
        if card.kind == "fire":
            self._deal(state, u, hits)
            return
        shots = card.shots if card.kind == "direct" else 1
        for _ in range(shots):
            if not any(v.uid in state.units for v, _ in hits):
                break  # the target is down: the rest of the burst is not thrown
            total, _crit = state.throw(f"{self.stats.name}'s {card.title}")
            if total >= need:
                self._deal(state, u, hits)
            else:
                state.log.append(f"{u.team.value} {self.stats.name}'s {card.title} misses {aim}")

    def _deal(self, state: PayloadState, u: PayloadUnit, hits: list[Hit]) -> None:
        extra = state.kritz_bonus(u) if hits else 0
        for v, dmg in hits:
            if v.uid in state.units:
                state.hurt(v, dmg + extra, u)

    def why_not(self, state: PayloadState, u: PayloadUnit, action: Action) -> str:
        if action.verb is not _V_ATTACK:
            return super().why_not(state, u, action)
        card = self.card(state, u)
        b = state.board
        h = action.target
        assert h is not None
        if card.kind == "fire":
            if b.hexes[u.cell].distance(h) != 1:
                return f"the {card.title} is laid on a hex next to the {self.stats.name} (the flame's direction)"
            return f"no enemy the {card.title} would reach that way"
        i = b.index.get(h)
        if i is None:
            return f"{h} is off the map"
        d = b.distance(u.cell, i)
        if d > card.range:
            return f"out of range: {d} hexes, the {card.title} reaches {card.range}"
        if d < card.min_range:
            return f"too close: the {card.title} needs {card.min_range} or more"
        if not card.lobbed and not state.sight.sees(u.cell, i):
            return state.sight_reason(u.cell, i)
        v = state.occupant(i)
        if card.kind == "direct":
            if v is None:
                return f"no token on {h} to shoot"
            if v.team is u.team:
                return f"the {state.unit_name(v)} is on your team"
            if not state.can_hurt(u, v):
                return f"the {state.unit_name(v)} is safe in its own spawn"
        elif b.wall[i]:
            return f"wall at {h}: aim at open ground"
        return f"no enemy under the {card.title}'s blast at {h}" if card.kind == "blast" else f"cannot attack {h}"
