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

It reads only the state's public API (legal actions, figures, buffers, hands).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from engine.games.teamplay.economy import can_pay
from engine.games.teamplay.pieces import COLOURS, card_kind
from engine.games.teamplay.weapons import hits, in_reach
from engine.rules.actions import Action, Verb
from engine.rules.movement import steps_to

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


def choose_teamplay(state: TeamPlayState, pick: Callable[[list[Action], list[float]], Action]) -> Action:
    """The heuristic's choice in a Team Play decision (``pick`` plays the best score, breaking ties)."""
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    ctx = _Context(state)
    return pick(acts, [ctx.score(a) for a in acts])


class _Context:
    """What one decision's scoring needs, computed once."""

    def __init__(self, state: TeamPlayState) -> None:
        self.s = state
        self.b = state.board
        self.team = state.team
        self.enemies = [v for v in state.characters(state.team.other) if v.cell >= 0]
        self.flush_at = int(state.options["flush_at"])
        self._power: dict[str, float] = {}
        # per character (uid): its usable weapons' (card, power) and the goals of its walk; per (uid, hex): what
        # it could shoot from there and how far its goal is (moves and dashes to one hex share them)
        self._arms: dict[int, list[tuple[Any, float]]] = {}
        self._potential: dict[tuple[int, int], float] = {}
        self._goals: dict[int, list[int]] = {}
        self._closeness_of: dict[int, float] = {}
        self._score: dict[Verb, Callable[[Action], float]] = {
            Verb.ATTACK: self.shot, Verb.MOVE: self.move, Verb.DASH: self.move, Verb.STEP: self.step,
            Verb.DRAFT: lambda a: -float(PREFERENCE.index(a.kind)) if a.kind in PREFERENCE else -10.0,
            Verb.RELOAD: self.reload, Verb.CONTROL: self.control, Verb.SPAWN: self.spawn,
            Verb.TARGETING: lambda a: 2.0, Verb.TAGBACK: lambda a: 2.0,
            Verb.OVERWATCH: lambda a: 3.0, Verb.WAIL: lambda a: 3.0, Verb.SHOVE: lambda a: 1.0,
            Verb.SALVAGE: self.salvage, Verb.REVERB: self.reverb, Verb.RECOVER: self.recover, Verb.CUBE: self.cube,
            Verb.DRAW: self.draw, Verb.DROP: lambda a: -self.power(a.kind),
            Verb.RUSH: lambda a: -5.0, Verb.NEWTON: lambda a: -5.0, Verb.TELEPORT: lambda a: -5.0,
        }

    def score(self, a: Action) -> float:
        if a.verb is Verb.PASS:
            return 0.0
        if a.verb is Verb.END:
            return _END if a.actor is None else -10.0
        fn = self._score.get(a.verb)
        return fn(a) if fn is not None else 0.0

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
        key = (u.uid, cell)
        hit = self._potential.get(key)
        if hit is not None:
            return hit
        arms = self._arms.get(u.uid)
        if arms is None:
            arms = self._arms[u.uid] = [(self.s.card(w), self.power(w)) for w in self.s.usable_weapons(u)]
        best = 0.0
        s = self.s
        for card, power in arms:
            for v in self.enemies:
                if card.kind == "fire":
                    ok = self.b.distance(cell, v.cell) <= card.range
                else:
                    ok = in_reach(s, cell, card, v.cell)
                if ok:
                    best = max(best, power + self._closeness(v))
        self._potential[key] = best
        return best

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
        assert a.actor is not None and a.target is not None
        u = self.s.unit_at(a.actor)
        assert u is not None
        best = self.potential(u, self.b.index[a.target])
        return 90.0 + best if best > 0 else -20.0

    def move(self, a: Action) -> float:
        s = self.s
        assert a.actor is not None and a.target is not None
        u = s.unit_at(a.actor)
        assert u is not None
        dest = self.b.index[a.target]
        hand = s.hand_of(u)
        value = 0.0
        if a.detail:
            weapons = s.loaded_arena(hand)
            value += (6.0 + self.power(a.detail)) * (1.0 if weapons < int(s.options["max_loaded"]) else 0.2)
        elif s.ammo.get(dest):
            cap = int(s.options["max_cubes"])
            for letter in s.ammo[dest]:
                if letter == "P":
                    value += 1.0 if len(hand.cards) < int(s.options["max_powerups"]) else 0.0
                else:
                    have = hand.cubes["RBY".index(letter)]
                    value += (2.0 if have == 0 else 1.0) if have < cap else 0.0
        here = self.potential(u, dest)
        value += 0.8 * here
        if here == 0:
            value -= 0.4 * self._distance_to_goal(u, dest)
        if a.verb is Verb.DASH:
            value -= 0.5
        return value

    def _distance_to_goal(self, u: Character, cell: int) -> float:
        """Steps ``u`` walks from ``cell`` to its goal (see the module docstring); 0 without one."""
        goals = self._goals.get(u.uid)
        if goals is None:
            goals = self._goals[u.uid] = self.goals(u)
        profile = self.s.game.profile(u.kind, u.team)
        return float(_walk(self.b, profile, goals, cell))

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
        hand = s.hands[self.team][s.queue[0].player] if s.queue else None
        armed = hand is not None and bool(hand.weapons)
        profile = s.game.profile(a.kind, self.team)
        if armed or hand is None:
            if not self.enemies:
                return keep
            near = _walk(self.b, profile, [v.cell for v in self.enemies], cell)
            return keep - 0.1 * abs(near - 4)
        racks = [c for c, rack in s.racks.items() if rack] or [c for c, t in s.ammo.items() if t]
        return keep - 0.1 * _walk(self.b, profile, racks, cell) if racks else keep

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


def _walk(board: Any, profile: Any, goals: list[int], cell: int) -> int:
    """The fewest steps from ``cell`` to any of ``goals`` walked by ``profile`` (0 without goals; a goal no
    walk reaches counts twice its hexes as the crow flies). Each goal's table is kept per board and profile
    (:func:`~engine.rules.movement.steps_to` of that one hex), so goals that move cost nothing new."""
    best = -1
    for g in goals:
        d = steps_to(board, (g,), profile)[cell]
        if d < 0:
            d = 2 * board.distance(cell, g)
        if best < 0 or d < best:
            best = d
    return max(best, 0)
