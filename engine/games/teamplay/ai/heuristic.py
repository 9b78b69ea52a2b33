"""Team Play's heuristic: fill the enemy buffer to a flush, aim it at killshots, keep the hands loaded.

:class:`~engine.ai.heuristic.HeuristicPlayer` hands Team Play games to
:func:`choose_teamplay`. It scores each legal action with hand-made terms and plays the
best (ties broken by the player's own seeded generator):

- **shots** are worth the damage they put in the enemy buffer (marks already
  there count, since they turn into damage), plus the value of the board when
  the damage on the board and in the buffer reaches its killshot space (a
  killshot that a flush this turn will score is worth most), plus a bonus for
  lifting the buffer to ``flush_at``, the marks they add, minus a little for
  the reload cost of the weapon spent;
- **moves** are worth what they grab (cubes the player lacks, a powerup, a
  weapon he can afford) and the best shot the character could fire from there
  next time; with nothing to shoot at it walks toward its goal, counted in steps
  walked round walls, low obstacles and ledges (not hexes as the crow flies):
  the enemy while its player holds a loaded weapon it may fire, else the weapon
  racks that still hold weapons, and the ammo tiles too when its player has
  weapons on the table to reload and too few cubes to pay for them;
- **end of turn**: it uses every ability, answers shots with Tagback Grenades,
  adds a Targeting Scope, heals the most slid tile, takes the cube colour its
  players lack most, and reloads its strongest weapons;
- **set-up**: drafts characters in a fixed order of preference; spawns (and
  respawns) discarding the powerup it uses least, on the spawnpoint nearest its
  goal: a few steps from the enemy when its player holds a loaded weapon, by the
  racks when his hand is empty.

It reads only the state's public API (the legal actions and their groups,
figures, buffers, hands). Moves, dashes and steps are scored a group at a time
(one character, one verb); what it remembers between decisions, and which
games share it, is :mod:`.tables`'s — the same scores, in the same order of
operations, as working everything out afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from engine.games.teamplay.ai.tables import (
    Arm,
    Reach,
    potential_map,
    reach_of,
    steps_to_goal,
    tables_of,
    walk_map,
)
from engine.games.teamplay.decisions import PlayerDecision
from engine.games.teamplay.economy import can_pay
from engine.games.teamplay.pieces import COLOURS, card_kind
from engine.games.teamplay.weapons import hits
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group, group_actions

if TYPE_CHECKING:
    from engine.games.teamplay.pieces import Character
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["choose_teamplay"]

#: Characters in the order the heuristic drafts them.
PREFERENCE: Final = ("echo", "violet", "banshee", "dstructor", "sprog", "dozer")
#: How much the heuristic wants to keep a powerup of each kind (it never plays Newton or Teleporter).
KEEP: Final = {"targeting_scope": 3.0, "tagback_grenade": 2.5, "teleporter": 1.0, "newton": 0.5}
#: Score of the team's ``end`` while a character could still act: below any move.
_END: Final = -50.0
_MOVE, _DASH, _STEP, _PASS, _END_V = Verb.MOVE, Verb.DASH, Verb.STEP, Verb.PASS, Verb.END
#: The power of no weapon (none reaches): below any power plus closeness.
_NONE: Final = float("-inf")
_POWER: Final = itemgetter(4)
#: A reach table's byte for "reaches" (0: not known yet, 1: does not).
_YES: Final = 2


def choose_teamplay(state: TeamPlayState, pick: Callable[[Sequence[Action], list[float]], Action]) -> Action:
    """The heuristic's choice in a Team Play decision (``pick`` plays the best score, breaking ties)."""
    view = state.legal_actions_view()
    if len(view) == 1:
        return view[0]
    # the view stays lazy: the scores read moves from their groups and build only the other actions, and ``pick``
    # builds the one it plays (writing out every action of every decision was a tenth of a game's time)
    return pick(view, _Context(state).scores(view.groups))


class _Context:
    """What one decision's scoring needs, computed once; what a game's decisions share is in its
    :class:`~engine.games.teamplay.ai.tables.GameTables`."""

    def __init__(self, state: TeamPlayState) -> None:
        self.s = state
        self.b = state.board
        self.team = state.team
        self.tables = tables_of(state)
        self.enemies = [v for v in state.characters(state.team.other) if v.cell >= 0]
        self.flush_at = int(state.options["flush_at"])
        self._power = self.tables.power
        # per character (uid): what it could shoot from each hex (moves and dashes to one hex share it) and each
        # of its arms with its reach table; the enemies' (hex, closeness)
        self._potentials: dict[int, dict[int, float]] = {}
        self._reach: dict[int, list[tuple[Reach, Arm]]] = {}
        self._foes: tuple[tuple[int, float], ...] | None = None
        self._closeness_of: dict[int, float] = {}

    def scores(self, groups: Sequence[Group]) -> list[float]:
        """A score per action of ``groups`` (the decision's legal-action groups), in the order of their actions:
        moves, dashes and steps scored a group at a time, verbs scored alike whatever the target (:data:`_SAME`) a
        group at once, every other action built (:func:`~engine.rules.legal.group_actions`) and scored by
        :meth:`score`."""
        out: list[float] = []
        for g in groups:
            verb = g[0]
            if (verb is _MOVE or verb is _DASH) and g[4] is not None:
                self._moves(g, out)
            elif verb is _STEP and g[4] is not None:
                self._steps(g, out)
            elif verb in _SAME:  # a Teleporter's hundreds of hexes, one score
                out.extend([_SAME[verb]] * len(g[3]))
            else:
                out.extend([self.score(a) for a in group_actions(g)])
        return out

    def score(self, a: Action) -> float:
        verb = a.verb
        if verb is _PASS:
            return 0.0
        if verb is _END_V:
            return _END if a.actor is None else -10.0
        fn = _SCORE.get(verb)
        return fn(self, a) if fn is not None else 0.0

    # -- weapons -----------------------------------------------------------------------------------------

    def power(self, weapon: str) -> float:
        """How much a weapon is worth holding: its damage, marks and area."""
        hit = self._power.get(weapon)
        if hit is None:
            card = self.s.card(weapon)
            stencil = self.s.ruleset.stencils.get(card.stencil) if card.stencil else None
            top = max([card.damage] + [int(d) for _, _, d in stencil.cells if d is not None] if stencil else [card.damage])
            hit = self._power[weapon] = top + 0.5 * card.marks + (0.7 if card.kind != "direct" else 0.0) + \
                0.1 * card.range + (1.5 if card.venom else 0.0)
        return hit

    def potential(self, u: Character, cell: int) -> float:
        """The best damage ``u`` could deal from ``cell`` with the weapons its player holds (a rough look ahead)."""
        pot = self._potentials.get(u.uid)
        if pot is None:
            pot = self._potential_map(u)
        hit = pot.get(cell)
        if hit is None:
            hit = pot[cell] = self._potential_at(u, cell)
        return hit

    def _potential_map(self, u: Character) -> dict[int, float]:
        """``u``'s potential by hex, kept by its board under its weapons and the enemies' hexes and closeness."""
        foes = self._foes
        if foes is None:
            foes = self._foes = tuple((v.cell, self._closeness(v)) for v in self.enemies)
        arms = self._arms(u)
        sight = self.s.sight
        self._reach[u.uid] = [(reach_of(self.tables, sight, arm), arm) for arm in arms]
        pot = self._potentials[u.uid] = potential_map(self.tables, arms, foes)
        return pot

    def _potential_at(self, u: Character, cell: int) -> float:
        """The best of a weapon's power plus an enemy's closeness over the enemies ``u`` could shoot from ``cell``:
        against each enemy the most powerful weapon that reaches it (the first of the arms, most powerful first)."""
        reach = self._reach[u.uid]
        n = self.b.n
        best = 0.0
        for at, close in self._foes:  # type: ignore[union-attr]  # set by _potential_map
            key = cell * n + at
            top = _NONE
            for table, arm in reach:
                ok = table[key]
                if not ok:
                    ok = table[key] = _reaches(self.s, arm, cell, at)
                if ok == _YES:
                    top = arm[4]
                    break
            if top + close > best:  # max() as a comparison: a fifth of this function's time was the call
                best = top + close
        return best

    def _arms(self, u: Character) -> tuple[Arm, ...]:
        """The weapons ``u`` may fire as (flame, min range, range, lobbed, power), each once, the most powerful first
        (the first that reaches an enemy is the best against it; characters whose weapons shoot alike share maps)."""
        s = self.s
        return tuple(sorted({(c.kind == "fire", c.min_range, c.range, c.lobbed, self.power(w))
                             for w in s.usable_weapons(u) for c in (s.card(w),)}, key=_POWER, reverse=True))

    def _closeness(self, v: Character) -> float:
        """How near ``v`` is to a killshot, counting the damage waiting in its buffer (0..~3)."""
        hit = self._closeness_of.get(v.uid)
        if hit is None:
            left = self.s.killshot(v) - v.damage - self.s.buffer[v.team].get(v.kind, 0)
            hit = self._closeness_of[v.uid] = max(0.0, 3.0 - 0.4 * left)
        return hit

    # -- the acting team's actions ------------------------------------------------------------------------

    def shot(self, a: Action) -> float:
        s = self.s
        assert a.actor is not None and a.target is not None
        u = s.unit_at(a.actor)
        assert u is not None
        card = s.card(a.detail)
        total = s.buffer_total(self.team.other)
        value = 100.0 - 0.3 * len(card.cost)
        added = 0
        for v, dmg in hits(s, u, card, a.target):
            marks = s.marks[v.team].get(v.kind, 0)
            eff = dmg + marks if dmg > 0 else 0
            added += eff
            before = v.damage + s.buffer[v.team].get(v.kind, 0)
            kill = s.killshot(v)
            if before < kill <= before + eff:
                value += s.value_of(v) * 1.5 + 6.0
            value += min(eff, max(0, kill + 1 - before)) * 1.2
            value += 0.5 * min(card.marks, int(s.options["max_marks"]) - (0 if eff else marks))
            if card.venom and not v.venom:
                value += 1.0
        if total < self.flush_at <= total + added:
            value += 4.0
        return value

    def step(self, a: Action) -> float:
        """One step (a group's worth is scored by :meth:`_steps`; this is the same score)."""
        assert a.target is not None
        out: list[float] = []
        self._steps((a.verb, a.kind, a.actor, (self.b.index[a.target],), self.b.hexes, a.detail), out)
        return out[0]

    def _steps(self, g: Group, out: list[float]) -> None:
        """Append the score of each step of group ``g`` (targets are board indices): a shot from there is worth
        most; a step with nothing to shoot at after it, little."""
        u = self.s.unit_at(g[2])
        assert u is not None
        potential = self.potential
        for dest in g[3]:
            best = potential(u, dest)
            out.append(90.0 + best if best > 0 else -20.0)

    def move(self, a: Action) -> float:
        """One move or dash (a group's worth is scored by :meth:`_moves`; this is the same score)."""
        assert a.target is not None
        out: list[float] = []
        self._moves((a.verb, a.kind, a.actor, (self.b.index[a.target],), self.b.hexes, a.detail), out)
        return out[0]

    def _moves(self, g: Group, out: list[float]) -> None:
        """Append the score of each move of group ``g`` (targets are board indices): what it grabs (cubes the
        player lacks, a powerup, a weapon he can afford), the best shot from there, else the walk to the goal."""
        verb, _kind, actor, targets, _hexes, detail = g
        s = self.s
        u = s.unit_at(actor)
        assert u is not None
        hand = s.hand_of(u)
        grab = 0.0
        if detail:
            weapons = s.loaded_arena(hand)
            grab = (6.0 + self.power(detail)) * (1.0 if weapons < int(s.options["max_loaded"]) else 0.2)
        ammo = s.ammo.get
        tiles: dict[str, float] = {}  # an ammo tile's worth to this hand (0.0 plus it: the score's first term)
        pot = self._potentials.get(u.uid)
        if pot is None:
            pot = self._potential_map(u)
        known = pot.get
        walk: dict[int, int] | None = None
        ways: list[tuple[int, tuple[int, ...]]] = []
        dash = verb is _DASH
        first = 0.0 + grab
        add = out.append
        for dest in targets:
            if detail:
                value = first
            elif tile := ammo(dest):
                got = tiles.get(tile)
                if got is None:
                    got = tiles[tile] = 0.0 + self._ammo_worth(tile, hand)
                value = got
            else:
                value = 0.0
            here = known(dest)
            if here is None:
                here = pot[dest] = self._potential_at(u, dest)
            value += 0.8 * here
            if here == 0:
                if walk is None:
                    goals = tuple(self.goals(u))
                    profile = s.game.profile(u.kind, u.team)
                    walk = walk_map(self.tables, profile, goals)
                    ways = [(g, steps_to_goal(self.tables, self.b, profile, g)) for g in goals]
                d = walk.get(dest)
                if d is None:
                    d = walk[dest] = _walk(self.b, ways, dest)
                value -= 0.4 * d
            if dash:
                value -= 0.5
            add(value)

    def _ammo_worth(self, tile: str, hand: Any) -> float:
        """What grabbing ammo tile ``tile`` gives ``hand``'s player: cubes he lacks, a powerup he has room for."""
        s = self.s
        value = 0.0
        cap = int(s.options["max_cubes"])
        for letter in tile:
            if letter == "P":
                value += 1.0 if len(hand.cards) < int(s.options["max_powerups"]) else 0.0
            else:
                have = hand.cubes["RBY".index(letter)]
                value += (2.0 if have == 0 else 1.0) if have < cap else 0.0
        return value

    def goals(self, u: Character) -> list[int]:
        """Where ``u`` heads with nothing to shoot (see the module docstring)."""
        s = self.s
        if s.usable_weapons(u) and self.enemies:
            return [v.cell for v in self.enemies]
        goals = [c for c, rack in s.racks.items() if rack]
        hand = s.hand_of(u)
        if not goals or any(not can_pay(hand, s.card(w).cost) for w in s.table[u.team]):
            goals += [c for c, t in s.ammo.items() if t]
        return goals

    # -- decisions outside the actions --------------------------------------------------------------------

    def reload(self, a: Action) -> float:
        hand = self.s.hand(self.team, a.detail)
        return 5.0 + self.power(a.kind) - 0.2 * len(hand.weapons)

    def control(self, a: Action) -> float:
        u = self.s.character(a.kind)
        hand = self.s.hand(self.team, a.detail)
        return 1.0 if u is not None and u.weapon in hand.weapons else 0.5 if a.detail == "p1" else 0.0

    def spawn(self, a: Action) -> float:
        """Discard the powerup kept least; spawn a few steps from the enemy with a loaded weapon in hand,
        else by the racks (the spawnpoints nearest the goal of :meth:`goals`)."""
        assert a.target is not None
        s = self.s
        cell = self.b.index[a.target]
        keep = -KEEP.get(card_kind(a.detail), 1.0)
        head = s.queue[0] if s.queue else None  # the spawn being answered: whose hand discards
        hand = s.hands[self.team][head.player] if isinstance(head, PlayerDecision) else None
        armed = hand is not None and bool(hand.weapons)
        profile = s.game.profile(a.kind, self.team)
        if armed or hand is None:
            if not self.enemies:
                return keep
            near = _walk(self.b, self._ways(profile, [v.cell for v in self.enemies]), cell)
            return keep - 0.1 * abs(near - 4)
        racks = [c for c, rack in s.racks.items() if rack] or [c for c, t in s.ammo.items() if t]
        return keep - 0.1 * _walk(self.b, self._ways(profile, racks), cell) if racks else keep

    def _ways(self, profile: Any, goals: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Each of ``goals`` with its walking steps by ``profile`` (for :func:`_walk`)."""
        return [(g, steps_to_goal(self.tables, self.b, profile, g)) for g in goals]

    def salvage(self, a: Action) -> float:
        assert a.actor is not None
        u = self.s.unit_at(a.actor)
        assert u is not None
        hand = self.s.hand_of(u)
        return 3.0 - hand.cubes[[c.value for c in COLOURS].index(a.detail)]

    def reverb(self, a: Action) -> float:
        assert a.target is not None
        v = self.s.unit_at(a.target)
        total = self.s.buffer_total(self.team.other)
        return 4.0 + (4.0 if total + 1 == self.flush_at else 0.0) + (self._closeness(v) if v is not None else 0.0)

    def recover(self, a: Action) -> float:
        u = self.s.character(a.kind)
        return float(u.tile) if u is not None else 0.0

    def cube(self, a: Action) -> float:
        hand = self.s.hand(self.team, a.detail)
        i = [c.value for c in COLOURS].index(a.kind)
        return 3.0 - hand.cubes[i] - 0.1 * sum(hand.cubes)

    def draw(self, a: Action) -> float:
        return 3.0 - len(self.s.hand(self.team, a.kind).cards)


#: The score of each verb's actions besides moves (pass and end are scored by :meth:`_Context.score`).
#: The score of every action of a verb scored alike, whatever its target: abilities, powerups, the rush.
_SAME: Final[dict[Verb, float]] = {
    Verb.TARGETING: 2.0, Verb.TAGBACK: 2.0, Verb.OVERWATCH: 3.0, Verb.WAIL: 3.0, Verb.SHOVE: 1.0,
    Verb.RUSH: -5.0, Verb.NEWTON: -5.0, Verb.TELEPORT: -5.0,
}
#: The score of each verb's other actions (pass and end are scored by :meth:`_Context.score`).
_SCORE: Final[dict[Verb, Callable[[_Context, Action], float]]] = {
    Verb.ATTACK: _Context.shot, Verb.MOVE: _Context.move, Verb.DASH: _Context.move, Verb.STEP: _Context.step,
    Verb.DRAFT: lambda c, a: -float(PREFERENCE.index(a.kind)) if a.kind in PREFERENCE else -10.0,
    Verb.RELOAD: _Context.reload, Verb.CONTROL: _Context.control, Verb.SPAWN: _Context.spawn,
    Verb.SALVAGE: _Context.salvage, Verb.REVERB: _Context.reverb, Verb.RECOVER: _Context.recover,
    Verb.CUBE: _Context.cube, Verb.DRAW: _Context.draw, Verb.DROP: lambda c, a: -c.power(a.kind),
    **{v: (lambda c, a, x=x: x) for v, x in _SAME.items()},
}

def _reaches(s: TeamPlayState, arm: Arm, cell: int, at: int) -> int:
    """Whether ``arm`` fired from ``cell`` reaches hex ``at`` as a reach table's byte (2 yes, 1 no): a flame by
    distance alone, any other card by its range and, unless lobbed, sight
    (:func:`~engine.games.teamplay.weapons.in_reach`)."""
    fire, lo, hi, lobbed, _ = arm
    d = s.board.distance(cell, at)
    if fire:
        return _YES if d <= hi else 1
    return _YES if lo <= d <= hi and (lobbed or s.sight.sees(cell, at)) else 1



def _walk(board: Any, ways: list[tuple[int, tuple[int, ...]]], cell: int) -> int:
    """The fewest steps from ``cell`` to any goal of ``ways`` (each goal with its steps from every hex, kept per
    board: :func:`~engine.games.teamplay.ai.tables.steps_to_goal`): 0 without goals; a goal no walk reaches
    counts twice its hexes as the crow flies."""
    best = -1
    for g, steps in ways:
        d = steps[cell]
        if d < 0:
            d = 2 * board.distance(cell, g)
        if best < 0 or d < best:
            best = d
    return max(best, 0)
