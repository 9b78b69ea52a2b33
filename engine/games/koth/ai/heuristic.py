"""How the heuristic player scores King of the Board decisions: take the point, focus fire, keep units alive.

:func:`koth_scores` is King of the Board's scorer for
:class:`~engine.ai.heuristic.HeuristicPlayer` (registered by :mod:`engine.games.koth.ai`): a
placement by the kind it likes best (:data:`PREFERENCE`) nearest the point, a
sentry's target the weakest, and each action of the active unit by a
:class:`KothScorer`. The terms of a unit's actions:

- **position**: being on the control point is worth much (more if no teammate
  holds it or an enemy contests it), otherwise every step closer to it counts —
  steps walked under the climbing rules (one level up a step, walls and low
  obstacles in the way, a Scout's double jump over them), not hexes as the crow
  flies, so a unit never heads for a cliff it cannot climb;
- **first-aid kits**: a wounded unit (lacking 30% of its health or more, burns
  counted) goes by a kit that is there now when the trip pays off: the kit is
  within one move (two for a unit lacking half its health or more) and the way to
  the point through it is longer than the straight way by no more than a step for
  every 25 points of health it lacks (a unit alone on the point stays).
  Then the walk to the point is counted through the kit, and ending a move on
  it heals it (worth the health regained). A kit that a hurt enemy would go by
  within its reach (one move, two when badly hurt) by this same rule, is worth
  standing on (one unit a hex: the enemy cannot use it), worth a share of the
  health that enemy lacks; a kit no
  enemy would take (one alone on the point stays there) is not worth guarding;
- **firepower**: a move is also worth the best expected damage the unit could
  deal from its destination, since it may still attack after moving (shooting up
  a level needs a point more on the dice: high ground shoots better);
- **attacks**: expected damage (hit chance x damage, crits included) against
  enemies, a bonus for likely kills and for enemies on the point, a penalty for
  friendly fire;
- **specials**: scope when nothing is in reach, build the sentry near the point,
  uber a teammate when enemies are close, heal hurt teammates;
- **safety**: a destination within reach of much enemy fire costs a share of
  that fire, more when the unit is low on health; an enemy below it needs more on
  the dice (height), and one that cannot see it from where it stands must move
  first and counts half (cover: walls, higher ground; low obstacles hide nothing);
- **tempo**: an attack before the unit has moved gives up its move (no move after
  an attack), so it is charged what the best move would have gained in place: a
  unit steps onto the point and shoots from there rather than shoot and stay off.

Only the public state API is used (King of the Board's kit timers are read as
``state.kit_timer``), and the scores are deterministic.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.ai.modes import Pick
from engine.ai.walks import walk_to
from engine.games.koth.ai.tables import KindFacts, Target, Threat, danger_map, fire_map, tables_of
from engine.games.phases import Phase
from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.koth.units.base import KothBehaviour

__all__ = ["KIT_DETOUR", "KIT_FAR_MOVES", "KIT_FAR_WOUNDED", "KIT_HEAL", "KIT_MOVES", "KIT_WOUNDED", "PREFERENCE",
           "KothScorer", "cp_distance", "kind_facts", "kit_moves", "koth_choose", "koth_scores", "point_walk"]

#: Health a hurt unit must lack for each step of detour a kit costs it (on the way to the point).
KIT_DETOUR = 25.0
#: A unit goes for a kit only when it lacks at least this share of its full health (smaller heals cost more
#: tempo than they give: in heuristic games a trip for any loss lost games, one from 30% won them).
KIT_WOUNDED = 0.3
#: A kit is only worth the trip when it is at most this many of the unit's moves away...
KIT_MOVES = 1
#: ... or :data:`KIT_FAR_MOVES` for a unit lacking at least :data:`KIT_FAR_WOUNDED` of its full health. With one
#: move for all, a Heavy at 30 of 300 whose teammate held the point walked past a kit four hexes back, and kits
#: on a side's way farther from the fight than a move were picked up 6 times in 400 games (an AI audit, session 17).
KIT_FAR_MOVES = 2
KIT_FAR_WOUNDED = 0.5
#: Score per point of health regained by ending a move on a kit.
KIT_HEAL = 0.5
#: Share of a hurt enemy's missing health a unit gains by standing on the kit that enemy could reach next.
KIT_DENY = 0.4


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


# The verbs the scorer tells apart, bound once (a member lookup on Verb costs a call).
_MOVE, _ATTACK, _HEAL, _END = Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.END
_ROCKET_JUMP, _SCOPE, _BUILD, _PICKUP, _UBER = (Verb.ROCKET_JUMP, Verb.SCOPE, Verb.BUILD, Verb.PICKUP,
                                                Verb.UBER)

_action = Action.trusted
#: Scores this far below the best are not handed to the tie-breaker (:func:`koth_choose`): a tie is 1e-9.
_NEAR_TOP = 1.0

#: Unit kinds in the order the heuristic likes to field them.
PREFERENCE = ("soldier", "heavy", "medic", "demoman", "scout", "pyro", "sniper", "engineer")


def koth_choose(state: GameState, pick: Pick) -> Action:
    """The heuristic's choice in ``state`` (:func:`koth_scores`' best, ``pick`` breaking ties): a unit's
    actions are scored from the legal-action groups, and only the best ones are built and handed to ``pick``
    (all within :data:`_NEAR_TOP` of the best: far more than any tie), so it chooses as from every action."""
    if state.phase is not Phase.ACT:
        acts = state.legal_actions()
        return pick(acts, koth_scores(state, acts))
    view = state.legal_actions_view()
    u = state.active_unit()
    assert u is not None
    scores = KothScorer(state, u).group_scores(view.groups)
    floor = max(scores) - _NEAR_TOP
    best = [k for k, s in enumerate(scores) if s >= floor]
    return pick([view[k] for k in best], [scores[k] for k in best])


def koth_scores(state: GameState, acts: list[Action]) -> list[float]:
    """The heuristic's score of each of ``acts``, a decision of ``state`` (see the module docstring)."""
    if state.phase is Phase.SPAWN:
        return _spawn_scores(state, acts)
    if state.phase is Phase.TARGET:
        return [-float(_health_at(state, a)) for a in acts]
    u = state.active_unit()
    assert u is not None
    return KothScorer(state, u).scores(acts)


def _health_at(state: GameState, a: Action) -> int:
    assert a.target is not None
    v = state.unit_at(a.target)
    return v.health if v is not None else 10_000


def _spawn_scores(state: GameState, acts: list[Action]) -> list[float]:
    """The favourite kind (:data:`PREFERENCE`) nearest the point first; other kinds by preference."""
    kinds = {a.kind for a in acts}
    kind = next((k for k in PREFERENCE if k in kinds), acts[0].kind)
    dist = cp_distance(state.board)
    b = state.board
    rank = {k: i for i, k in enumerate(PREFERENCE)}
    return [-float(dist[b.index[a.target]])  # type: ignore[index]  # a spawn always names its hex
            - (0.0 if a.kind == kind else 1000.0 * (1 + rank.get(a.kind, 99))) for a in acts]


class KothScorer:
    """Per-decision cache of what the scorer needs (the terms are in the module docstring).

    The danger and firepower of standing on a hex are read from maps the game
    keeps across decisions (:mod:`.tables`), under keys naming the enemies they
    depend on: a search's play-outs meet the same enemies again and again. The
    scores are the same whether a map was filled by this decision or an earlier one.
    """

    def __init__(self, state: GameState, u: Any) -> None:
        self.state = state
        self.u = u
        self.b = state.board
        self.cp = _cp_cells(state)
        self.cp_dist = cp_distance(self.b)
        self.team: Team = u.team
        self.enemies = state.units_of(u.team.other)
        self.friends = [v for v in state.units_of(u.team) if v.uid != u.uid]
        self._tables = tables = tables_of(state)
        facts = kind_facts(state, u.kind, u.team)
        #: the unit's statistics, full health, King of the Board behaviour (its line rule, whether it heals,
        #: its damage by distance), (straight lines only, burns, shots) of its attack, walk profile, and
        #: walked steps from each cell to the point (-1: no walk gets there)
        self.st, self.full, self.beh, self._shooter, profile, self.walk = facts
        cp = set(self.cp)
        self.friend_on_cp = any(v.cell in cp and v.kind != "sentry" for v in self.friends)
        self.enemy_on_cp = any(v.cell in cp and v.kind != "sentry" for v in self.enemies)
        # the game's remembered maps (:mod:`.tables`): this decision's danger and firepower maps are taken
        # from them on first use, under the enemies they depend on
        self._danger: dict[int, float] | None = None
        self._firepower: dict[int, float] | None = None
        self._place: dict[int, float] = {}
        self._here: tuple[float, float, float] | None = None  # see _place_terms
        self._options: dict[Action, Any] | None = None
        self._hits = tables.hits
        self._threats: tuple[Threat, ...] | None = None
        self._target_list: tuple[Target, ...] | None = None
        st = self.st
        self.attacked = state.has_attacked
        kits = _kits_here(state)
        burn = getattr(u, "burn", 0)
        self.missing = float(self.full - u.health) + (self._burn_tick() * burn if burn else 0.0)
        #: (the kit a hurt unit goes by, walked steps from each cell to it), or None
        wounded = self.missing >= KIT_WOUNDED * self.full
        self.kit_route = self._kit_route(kits, profile) if kits and wounded and st.mobile else None
        #: kit cell -> the health the hurt enemies that could reach it next lack (the most of them)
        self.kit_need = self._kit_need(kits) if kits and st.mobile else {}

    def _kit_route(self, kits: list[int], profile: Any) -> tuple[int, tuple[int, ...]] | None:
        """The kit worth a trip from here (see the module docstring) and the steps to it, or None."""
        alone = self.cp_dist[self.u.cell] == 0 and not self.friend_on_cp if self.cp else False
        return _kit_trip(self.b, self.cp, self.u.cell, self.st.speed, self.missing, alone, kits, profile, self.full)

    def _burn_tick(self) -> float:
        """The damage one burn marker will still deal (the Pyro's ``burn_damage``)."""
        burners = [st for st in self.state.game.stats.values() if "burn" in st.specials]
        return float(burners[0].param("burn_damage")) if burners else 20.0

    def _kit_need(self, kits: list[int]) -> dict[int, float]:
        """Kit cell -> the most health a hurt enemy lacks that would go for that kit within its reach
        (:func:`kit_moves`) by the rule this player follows itself (:func:`_kit_trip`): denying a kit nobody would
        take is worth nothing, and a unit that stands on it instead of the point gives the point away for it."""
        need: dict[int, float] = {}
        cp = set(self.cp)
        on_cp = [v for v in self.enemies if v.cell in cp and v.kind != "sentry"]
        for v in self.enemies:
            st = self.state.stats(v.kind)
            full = self.state.max_health(v.kind)
            lacks = full - v.health
            if lacks < KIT_WOUNDED * full or not st.mobile:
                continue
            reach = kit_moves(float(lacks), full) * max(1, st.speed)
            near = [k for k in kits if self.b.distance(v.cell, k) <= reach]
            if not near:
                continue
            alone = bool(self.cp) and on_cp == [v]
            trip = _kit_trip(self.b, self.cp, v.cell, st.speed, float(lacks), alone, near,
                             self.state.game.profile(v.kind, v.team), full)
            if trip is not None and lacks > need.get(trip[0], 0.0):
                need[trip[0]] = float(lacks)
        return need

    # -- terms ------------------------------------------------------------------------

    def position(self, cell: int) -> float:
        """How good standing on ``cell`` is: the point, the walk to it (through a kit for a hurt unit going
        by one), a kit to deny."""
        value = 0.0
        route = self.kit_route
        if route is not None:
            kit, to_kit = route
            d = to_kit[cell]
            if d < 0:
                d = 2 * self.b.distance(cell, kit)
            if d == 0:
                value = KIT_HEAL * self.missing  # healed here; from now on the way is the point's
            value -= 8.0 * (d + (self.walk[kit] if self.cp else 0))
        elif self.cp:
            d = self.walk[cell]
            if d < 0:
                d = 2 * self.cp_dist[cell]
            held = not self.friend_on_cp or self.enemy_on_cp
            value = (120.0 if held else 60.0) if d == 0 else -8.0 * d
        if self.kit_need:
            value += KIT_DENY * self.kit_need.get(cell, 0.0)
        return value

    def firepower(self, cell: int) -> float:
        """Best expected damage this unit could deal standing on ``cell`` (remembered per game, :mod:`.tables`)."""
        fire = self._firepower
        if fire is None:
            fire = self._firepower = fire_map(self._tables, self.u.kind, self._targets())
        hit = fire.get(cell)
        if hit is None:
            hit = fire[cell] = self._firepower_at(cell)
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

    def _targets(self) -> tuple[Target, ...]:
        """(cell, q, r, health) of the enemies an attack could hurt: not ubercharged, not in their own base."""
        hit = self._target_list
        if hit is None:
            b = self.b
            hit = self._target_list = tuple([(v.cell, b.q[v.cell], b.r[v.cell], v.health) for v in self.enemies
                                             if not v.uber and b.spawn_team(v.cell) is not v.team])
        return hit

    def _hit(self, need: int) -> float:
        """``state.hit_chance(need)``, remembered per game."""
        hit = self._hits.get(need)
        if hit is None:
            hit = self._hits[need] = self.state.hit_chance(need)
        return hit

    def _threat_list(self) -> tuple[Threat, ...]:
        """(cell, q, r, reach, range, damage, shots) of the enemies that could shoot next round."""
        threats = self._threats
        if threats is None:
            b = self.b
            out = []
            for v in self.enemies:
                st = self.state.stats(v.kind)
                if not st.range or cast("KothBehaviour", self.state.behaviour(v.kind)).heals:
                    continue
                reach = st.range + (st.speed if st.mobile else 0)
                out.append((v.cell, b.q[v.cell], b.r[v.cell], reach, st.range, st.damage,
                            int(st.params.get("shots", 1))))
            threats = self._threats = tuple(out)
        return threats

    def danger(self, cell: int) -> float:
        """Rough expected damage the enemies could deal to a unit on ``cell`` next round (remembered per
        game, :mod:`.tables`)."""
        known = self._danger
        if known is None:
            known = self._danger = danger_map(self._tables, self.team, self._threat_list())
        hit = known.get(cell)
        if hit is None:
            hit = known[cell] = self._danger_at(cell)
        return hit

    def _danger_at(self, cell: int) -> float:
        b = self.b
        total = 0.0
        if b.spawn_team(cell) is self.team:
            return 0.0
        q, r = b.q[cell], b.r[cell]
        stand = b.stand
        h = stand[cell]
        sees_at = self.state.sight.sees_at
        for vc, vq, vr, reach, rng, damage, shots in self._threat_list():
            dq, dr = q - vq, r - vr
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if d > reach:
                continue
            up = h - stand[vc]
            threat = self._hit(min(d, rng) + (up if up > 0 else 0)) * damage * shots * 0.5
            if not sees_at(vc, cell, stand[vc], h):
                threat *= 0.5  # it must move before it can shoot: cover
            total += threat
        return total

    # -- scores -------------------------------------------------------------------------

    def score_end(self) -> float:
        return 0.0

    def scores(self, acts: list[Action]) -> list[float]:
        """The score of each of ``acts`` (the active unit's legal actions), the last one also ending its turn.

        An attack before the unit has moved forgoes its move (no move after an
        attack, 001 "Movement"): it is charged what the best move would have gained
        in place (the point, a kit, safety), so a unit steps onto the point and
        shoots from there rather than shooting first and staying off it.
        """
        return self.group_scores([(a.verb, a.kind, a.actor, (a.target,), None, a.detail) for a in acts])

    def group_scores(self, groups: Sequence[Group]) -> list[float]:
        """:meth:`scores` of the actions of ``groups`` (legal-action groups, :mod:`engine.rules.legal`), in
        their order: moves and jumps are scored from their target's board index, without building them."""
        # Moves are most of a decision's actions: scored here, as score() would, without a call per move.
        out: list[float] = []
        add = out.append
        index = self.b.index
        place = self._place
        position, danger = self.position, self.danger
        known: dict[int, float] | None = None  # the danger map, once a move needs it
        here_place = here_danger = weight = 0.0
        firepower = self.firepower
        fire_here = None if self.attacked else firepower(self.u.cell)
        fire = self._firepower if fire_here is not None else None
        score = self.score
        jump = 45.0 + (40 if self.u.health < 120 else 0)  # what a rocket jump costs the Soldier
        forgone = 0.0  # the best move's gain in place, when positive
        charged: list[tuple[int, int]] = []  # where the attacks and heals are in ``out``
        for verb, kind, actor, targets, hexes, detail in groups:
            if verb is not _MOVE and verb is not _ROCKET_JUMP:
                if verb is _ATTACK or verb is _HEAL:
                    charged.append((len(out), len(out) + len(targets)))
                for t in targets:
                    add(score(_action(verb, kind, actor, t if hexes is None else hexes[t], detail)))
                continue
            moving = verb is _MOVE
            for t in targets:
                dest = t if hexes is not None else index[t]
                gain = place.get(dest)
                if gain is None:  # _place_gain_at(dest), written out
                    if known is None:
                        known, here_place, here_danger, weight = self._place_terms()
                    d = known.get(dest)
                    gain = place[dest] = ((position(dest) - here_place)
                                          - weight * ((danger(dest) if d is None else d) - here_danger))
                if moving and gain > forgone:
                    forgone = gain
                if fire is not None:
                    f = fire.get(dest)
                    gain += 0.8 * ((firepower(dest) if f is None else f) - fire_here)  # type: ignore[operator]
                add(gain if moving else gain - jump)
        out[-1] = max(out[-1], self.score_end())
        if forgone > 0 and not self.state.has_moved and not self.attacked:
            for lo, hi in charged:
                for i in range(lo, hi):
                    out[i] -= forgone
        return out

    def place_gain(self, a: Action) -> float:
        """What a move or jump gains in place: the point (or a kit), less the change in danger."""
        assert a.target is not None
        return self._place_gain_at(self.b.index[a.target])

    def _place_gain_at(self, dest: int) -> float:
        hit = self._place.get(dest)
        if hit is None:
            _known, here_place, here_danger, weight = self._place_terms()
            hit = self._place[dest] = (self.position(dest) - here_place) - weight * (self.danger(dest) - here_danger)
        return hit

    def _place_terms(self) -> tuple[dict[int, float], float, float, float]:
        """(the danger map, the position and danger of the unit's own hex, the weight of a change in danger:
        more for a unit at half health or less) — what a move's gain in place is made of."""
        here = self._here
        if here is None:
            cell = self.u.cell
            frail = 1.0 if self.u.health > self.full / 2 else 2.0
            here = self._here = (self.position(cell), self.danger(cell), 0.3 * frail)
        assert self._danger is not None  # made by danger() above
        return self._danger, here[0], here[1], here[2]

    def score(self, a: Action) -> float:
        """The score of ``a``, one of the active unit's actions (see the module docstring)."""
        verb = a.verb
        if verb is _MOVE or verb is _ROCKET_JUMP:
            assert a.target is not None
            dest = self.b.index[a.target]
            gain = self._place_gain_at(dest)
            if not self.attacked:
                gain += 0.8 * (self.firepower(dest) - self.firepower(self.u.cell))
            if verb is _ROCKET_JUMP:
                gain -= 45.0 + (40 if self.u.health < 120 else 0)
            return gain
        if verb is _END:
            return 0.0
        u, b = self.u, self.b
        here = u.cell
        if verb is _ATTACK:
            return self._attack_value(a)
        if verb is _HEAL:
            assert a.target is not None
            v: Any = self.state.unit_at(a.target)  # a King of the Board unit (burn markers)
            if v is None:
                return 0.0
            missing = self.state.max_health(v.kind) - v.health
            return min(missing, self.st.damage) + 20 * v.burn + 10
        if verb is _SCOPE:
            return 12.0 if self.firepower(here) == 0 else 4.0
        if verb is _BUILD:
            assert a.target is not None
            return 70.0 - 3.0 * self.cp_dist[b.index[a.target]]
        if verb is _PICKUP:
            return -5.0
        if verb is _UBER:
            near = sum(1 for v in self.enemies if b.distance(v.cell, here) <= 6)
            return 25.0 * near
        return 0.0

    def _attack_value(self, a: Action) -> float:
        if self._options is None:
            self._options = {}
            for o in self.state.attack_options():  # once a decision: a Demoman's are dear to build
                self._options.setdefault(o.action, o)
        o = self._options.get(a)
        if o is None:
            return 0.0
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


def kind_facts(state: GameState, kind: str, team: Team) -> KindFacts:
    """What the scorer reads of a ``kind`` unit of ``team``, kept in the game's tables (made on first use); the search's
    evaluation reads its walked steps to the point from them too."""
    tables = tables_of(state)
    facts = tables.kinds.get((kind, team))
    if facts is None:
        facts = tables.kinds[(kind, team)] = _kind_facts(state, kind, team, _cp_cells(state))
    return facts


def point_walk(state: GameState, kind: str, team: Team) -> tuple[int, ...]:
    """Per board index, the steps a ``kind`` unit of ``team`` walks to the point (-1: none; empty on a map with no
    point): the walk of :func:`kind_facts`, named, for the search's evaluation."""
    return kind_facts(state, kind, team)[5]


def _kind_facts(state: GameState, kind: str, team: Team, cp: list[int]) -> KindFacts:
    """What the scorer reads of a ``kind`` unit of ``team``, fixed for a game (:class:`KothScorer`'s ``__init__``
    names them)."""
    st = state.stats(kind)
    beh = cast("KothBehaviour", state.behaviour(kind))
    # The Pyro's cone is estimated as its six straight lines, with no roll and one burn tick
    # (a look-ahead from hexes he does not stand on; his real options come from attack_options).
    burn = "burn" in st.specials
    shooter = (bool(state.options["straight_line_attacks"]) and (beh.lined() or burn), burn,
               int(st.params.get("shots", 1)))
    profile = state.game.profile(kind, team)
    walk = walk_to(state.board, cp, profile, team) if cp else ()
    return st, state.max_health(kind), beh, shooter, profile, walk


def kit_moves(missing: float, full: float) -> int:
    """How many of its moves away a kit may be for a unit lacking ``missing`` of ``full`` health."""
    return KIT_FAR_MOVES if missing >= KIT_FAR_WOUNDED * full else KIT_MOVES


def _kit_trip(b: Any, cp: list[int], here: int, speed: int, missing: float, alone: bool, kits: list[int],
              profile: Any, full: float) -> tuple[int, tuple[int, ...]] | None:
    """The kit a unit on ``here`` lacking ``missing`` of ``full`` health goes by (the module docstring's rule:
    within :func:`kit_moves` moves, a detour of at most a step per ``KIT_DETOUR`` health lacked, never leaving the
    point it holds ``alone``) and the walked steps from each cell to it; None when no kit is worth the trip."""
    if alone:
        return None
    team = profile.team
    walk = walk_to(b, cp, profile, team) if cp else ()
    straight = walk[here] if cp else 0
    best: tuple[int, int, tuple[int, ...]] | None = None
    for k in kits:
        to_kit = walk_to(b, [k], profile, team)
        go = to_kit[here]
        if go < 0 or go > kit_moves(missing, full) * max(1, speed):
            continue
        via = go + (walk[k] if cp else 0)
        if (via - straight) * KIT_DETOUR <= missing and (best is None or via < best[0]):
            best = (via, k, to_kit)
    return None if best is None else (best[1], best[2])


def _kits_here(state: GameState) -> list[int]:
    """The kit cells with a kit on them now (King of the Board's ``kit_timer`` at 0), sorted."""
    timers = getattr(state, "kit_timer", None)
    return sorted(c for c, left in timers.items() if left == 0) if timers else []
