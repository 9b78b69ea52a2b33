"""King of the Board (rulebook 001) as a variant of the generic turn machine.

A game is a sequence of *decisions* by one team at a time:

- ``spawn`` decisions: set-up (each team places its starting units, first team
  first; scenario-given hexes are placed without asking) and respawns (when the
  blueprint marker reaches a slot whose timer ran out);
- ``target`` decisions: a sentry's owner picks among equidistant nearest enemies;
- unit actions of the active unit: two different ones of move / attack / special,
  never a move after the attack, or ``end``.

Everything else (marker advance, grenades, sentry fire, burn, timers, kits,
capture) happens automatically between decisions, in the order of 001 "Turn
Checklist". The units' own rules are their behaviours (:mod:`engine.games.koth.units`);
rule readings the rulebook leaves open are ruleset options, see docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from engine.games.behaviour import Behaviour
from engine.games.decisions import ask
from engine.games.events import Pickup, Score
from engine.games.game import Game
from engine.games.koth.decisions import Place, SentryShot
from engine.games.koth.options import DEFAULT_OPTIONS
from engine.games.koth.pieces import KothUnit, Slot
from engine.games.koth.reasons import koth_reason
from engine.games.koth.units import BEHAVIOURS, Demoman, Sentry, Shooter
from engine.games.state import Phase, Saved, Step, TurnState
from engine.games.units import UnitTurn
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.areas import splash_rings
from engine.rules.board import TEAM_CODE
from engine.rules.legal import NO_TARGET, Group
from engine.ruleset import OptionValue, RulesetError, UnitStats

__all__ = ["KothSaved", "KothState"]

_P_SPAWN, _P_TARGET, _P_ACT, _P_OVER = Phase.SPAWN, Phase.TARGET, Phase.ACT, Phase.OVER
_V_END = Verb.END
#: allowed_steps answers: after a move (no second move), after an attack (no move after it, 001 "Movement")...
_AFTER_MOVE: Final = Step.ATTACK | Step.SPECIAL
_AFTER_ATTACK: Final = Step.SPECIAL
_AFTER_SPECIAL: Final = Step.MOVE | Step.ATTACK
#: Spawn code of each team's opponent (the base its units may not enter).
_THEIR_BASE: Final[Mapping[Team, int]] = {t: TEAM_CODE[t.other] for t in Team}


@dataclass(frozen=True, slots=True)
class KothSaved(Saved):
    """King of the Board's own saved state: the blueprint, grenades and kits (its decisions wait in the queue)."""

    slots: dict[Team, list[Slot]]
    pointer: dict[Team, int]
    grenades: dict[int, int]
    dropped_grenades: dict[Team, tuple[int, int, str]]
    kit_timer: dict[int, int]
    active_slot: int


class KothState(TurnState[KothUnit]):
    """A King of the Board game in progress; make it with ``Game.of(scenario).new_initial_state()``."""

    default_options: ClassVar[Mapping[str, OptionValue]] = DEFAULT_OPTIONS
    behaviours: ClassVar[Mapping[str, type[Behaviour[Any, Any]]]] = BEHAVIOURS
    default_behaviour: ClassVar[type[Behaviour[Any, Any]]] = Shooter
    saved_class: ClassVar[type[Saved]] = KothSaved
    #: 001 "Turns": a unit takes two different actions.
    actions_per_turn: ClassVar[int] = 2
    #: the spawn code of each team's opponent (the base its units may not enter, 001 "Map")
    their_base: ClassVar[Mapping[Team, int]] = _THEIR_BASE
    #: who is credited with damage no unit deals (burn, a fallen Demoman's grenade) while it is dealt
    cause: tuple[Team, str] | None = None

    @classmethod
    def check_game(cls, game: Game) -> None:
        sentry = game.stats.get("sentry")
        if sentry is not None and sentry.pickable:
            # decision 13: the sentry is built, never fielded; as a blueprint unit it would both act and fire
            raise RulesetError("the sentry cannot be pickable: the Engineer builds it (docs/rules.md, decision 13)")

    # -- set-up ----------------------------------------------------------------------------

    def start(self) -> None:
        self.slots: dict[Team, list[Slot]] = {}
        self.pointer: dict[Team, int] = {t: -1 for t in Team}
        self.grenades: dict[int, int] = {}  # live demoman uid -> cell
        # team -> (blueprint slot, cell, kind) of a grenade whose Demoman died (grenade_survives_death)
        self.dropped_grenades: dict[Team, tuple[int, int, str]] = {}
        b = self.board
        self.kit_timer: dict[int, int] = {i: 0 for i in range(b.n) if b.kit[i]}
        self._point_cells = frozenset(i for i in range(b.n) if b.control[i] >= 0)
        self.active_slot = -1
        burners = [st for st in self._stats.values() if "burn" in st.specials]
        self._burn_damage = int(burners[0].param("burn_damage")) if burners else 20
        self._burner = burners[0].kind if burners else ""
        self._points_to_win = int(self.options["points_to_win"])
        self._init_slots()
        self.finish_setup()

    def _init_slots(self) -> None:
        size = int(self.options["team_size"])
        order = [self.scenario.first_team, self.scenario.first_team.other]
        for team in order:
            roster = self.game.rosters[team]
            starts = self.scenario.team(team).starting
            if len(starts) > size:
                raise RulesetError(f"{team.value} starts with {len(starts)} units; the team size is {size}")
            kinds = [s.unit for s in starts]
            if len(set(kinds)) != len(kinds):
                raise RulesetError(f"{team.value} starts with the same unit twice; each tile is unique")
            slots = []
            for s in starts:
                self.ruleset.unit(s.unit)
                if s.unit not in roster:
                    raise RulesetError(f"{team.value} cannot field {s.unit!r} (not pickable or not in roster)")
                slot = Slot(fixed_kind=s.unit, fixed_health=s.health or 0)
                if s.hex is not None:
                    if s.hex not in self.board.index:
                        raise RulesetError(f"{team.value} {s.unit} starts off the map at {s.hex}")
                    slot.fixed_hex = self.board.index[s.hex]
                slots.append(slot)
            while len(slots) < size:
                slots.append(Slot())
            self.slots[team] = slots
        for team in order:
            for i, slot in enumerate(self.slots[team]):
                if slot.fixed_hex >= 0:
                    c = slot.fixed_hex
                    if self.occupant(c) is not None:
                        raise RulesetError(f"two starting units on {self.board.hexes[c]}")
                    self.place(team, i, slot.fixed_kind, c, slot.fixed_health or None)
                else:
                    self.queue.append(Place(team, i, setup=True))

    # -- small queries ------------------------------------------------------------------------

    def in_own_base(self, u: KothUnit) -> bool:
        """Whether ``u`` stands in its own team's spawn base."""
        return u.cell >= 0 and self.board.spawn[u.cell] == TEAM_CODE[u.team]

    def immune(self, u: KothUnit, attacker_team: Team) -> bool:
        """001 "Map": enemy attacks never hit a unit in its own spawn base; uber protects too."""
        return (u.team is not attacker_team and self.in_own_base(u)) or u.uber > 0

    def need(self, a: KothUnit, cell: int, bonus: int = 0) -> int:
        """Accuracy target: distance plus one per level the target stands above (001 "Attacking")."""
        b = self.board
        up = b.stand[cell] - b.stand[a.cell]
        return b.distance(a.cell, cell) + (up if up > 0 else 0) - bonus

    def splash(self, cell: int, st: UnitStats, center_damage: int) -> dict[int, int]:
        """Board index -> damage of a blast at ``cell`` (001 "Attacking": its height only).

        With the ``splash_needs_sight`` option, only the hexes the centre sees.
        """
        ring = {0: center_damage, 1: int(st.param("splash_ring_1")), 2: int(st.param("splash_ring_2"))}
        if self.options["splash_needs_sight"]:
            sees = self.sight.sees
            return {c: ring[k] for c, k in splash_rings(self.board, cell, 2) if k == 0 or sees(cell, c)}
        return {c: ring[k] for c, k in splash_rings(self.board, cell, 2)}

    def sentry_of(self, eng: KothUnit) -> KothUnit | None:
        """The sentry gun engineer ``eng`` owns, or None."""
        for v in self.units.values():
            if v.owner == eng.uid:
                return v
        return None

    # -- the shape of a turn -------------------------------------------------------------------

    def actors(self) -> Sequence[KothUnit]:
        u = self.units.get(self.active)
        return (u,) if u is not None else ()

    def actor_of(self, a: Action) -> KothUnit:
        return self.units[self.active]

    def act_groups(self) -> list[Group]:
        """The active unit's actions and its ``end`` (the generic path without the calls for a list of actors)."""
        u = self.units[self.active]
        groups: list[Group] = []
        self.add_unit_groups(u, groups)
        groups.append((_V_END, u.kind, self.board.hexes[u.cell], NO_TARGET, None, ""))
        return groups

    def allowed_steps(self, u: KothUnit, done: UnitTurn) -> int:
        """001 "Turns": two different actions; 001 "Movement": no move after attacking."""
        if done.actions >= 2:
            return Step.NONE
        if done.attacked:
            return Step.NONE if done.special else _AFTER_ATTACK
        if done.moved:
            return Step.ATTACK if done.special else _AFTER_MOVE
        if done.special:
            return _AFTER_SPECIAL
        return Step.ALL

    def relocate(self, u: KothUnit, cell: int) -> None:
        u.cell = cell
        self.use_kit(u)

    def use_kit(self, u: KothUnit) -> None:
        """001 "Map": a first-aid kit restores full health; see docs/rules.md for when it is used up."""
        if self.kit_timer.get(u.cell) == 0:
            full = self.max_health(u.kind)
            if u.health < full or u.burn:
                u.health = full
                u.burn = 0
                self.kit_timer[u.cell] = int(self.options["kit_respawn_turns"])
                self.log.append(f"{u.kind} uses the first-aid kit at {self.board.hexes[u.cell]}")
                if self.events is not None:
                    self.events.append(Pickup(u.team, u.kind, "kit", u.cell))

    # -- decisions other than unit actions (engine.games.koth.decisions) -----------------------------

    def spawn_choices(self, team: Team, slot_i: int) -> list[tuple[str, list[int]]]:
        """(kind, free base hexes it may be placed on) for each kind the slot may field, in order."""
        slot = self.slots[team][slot_i]
        kinds = [slot.fixed_kind] if slot.fixed_kind else self.free_kinds(team)
        cells = self.spawn_cells(team)
        b = self.board
        return [(k, cells if "double_jump" in self._stats[k].specials else [c for c in cells if not b.low[c]])
                for k in kinds]

    def can_spawn(self, team: Team, slot_i: int) -> bool:
        """Whether the slot could place a unit now (a free base hex it may stand on); else it waits."""
        return any(cells for _, cells in self.spawn_choices(team, slot_i))

    def spawn_slot(self) -> tuple[Team, int]:
        """(team, blueprint slot) of the unit the current spawn decision places."""
        head = self.queue[0] if self.queue else None
        if isinstance(head, Place):
            return head.team, head.slot
        return self.team, self.active_slot

    def free_kinds(self, team: Team) -> list[str]:
        """Pickable kinds of ``team``'s roster not on the board (001 "Spawning")."""
        fielded = {self.units[s.uid].kind for s in self.slots[team] if s.uid >= 0}
        return [k for k in self.game.rosters[team] if k not in fielded]

    def spawn_cells(self, team: Team) -> list[int]:
        """Free hexes of ``team``'s base (low obstacles included: only the Scout may take those)."""
        b = self.board
        occupied = {u.cell for u in self.units.values()}
        return [c for c in b.spawn_zone(team) if not b.wall[c] and c not in occupied]

    # -- placing units ------------------------------------------------------------------------------

    def place(self, team: Team, slot_i: int, kind: str, cell: int, health: int | None) -> None:
        """Field ``kind`` from ``team``'s slot ``slot_i`` on ``cell`` (``health`` None: full)."""
        slot = self.slots[team][slot_i]
        u = KothUnit(self.next_uid, team, kind, cell, health or self.max_health(kind), slot_i)
        self.next_uid += 1
        self.units[u.uid] = u
        slot.uid = u.uid
        slot.timer = 0
        slot.kind = kind
        slot.fixed_kind, slot.fixed_hex, slot.fixed_health = "", -1, 0
        # 001 "Units": Engineer — the side's sentry belongs to whichever slot fields its engineer: an
        # engineer spawning anywhere takes over an orphaned sentry (so there is never a second one);
        # another class spawning in the dead engineer's slot destroys it (see docs/rules.md)
        engineer = "build_sentry" in self._stats[kind].specials
        for s in list(self.units.values()):
            if s.kind == "sentry" and s.team is team and s.owner not in self.units:
                if engineer:
                    s.owner = u.uid
                    s.home = slot_i
                    s.active = True
                    s.target = -1
                elif s.home == slot_i:
                    del self.units[s.uid]
        self.use_kit(u)

    def place_sentry(self, eng: KothUnit, cell: int) -> None:
        """Engineer ``eng`` builds his sentry on ``cell``."""
        st = self.stats("sentry")
        s = KothUnit(self.next_uid, eng.team, "sentry", cell, st.max_health, -1, owner=eng.uid, home=eng.slot)
        self.next_uid += 1
        self.units[s.uid] = s

    # -- damage ----------------------------------------------------------------------------------------

    def on_damage(self, target: KothUnit, amount: int, source: KothUnit | None) -> int:
        """001 "Units": Medic — an ubercharged unit takes no damage."""
        return 0 if target.uber > 0 else amount

    def kill_credit(self, target: KothUnit, source: KothUnit | None) -> tuple[Team | None, str]:  # type: ignore[override]
        """A sentry's kill goes to its Engineer (he built it and keeps it firing); burn to the enemy Pyro's kind,
        a fallen Demoman's grenade to his (:attr:`cause`)."""
        if source is None:
            return self.cause or (None, "")
        eng = self.units.get(source.owner) if source.owner >= 0 else None
        return (eng.team, eng.kind) if eng is not None else (source.team, source.kind)

    def respawn_delay(self, u: KothUnit) -> int:
        """001 "Spawning": the slot waits ``respawn_turns`` turns."""
        return int(self.options["respawn_turns"])

    def on_kill(self, v: KothUnit, source: KothUnit | None, overkill: int) -> None:
        """001 "Attacking"/"Spawning": free the slot and start its timer; the dead unit's grenade and sentry."""
        for w in self.units.values():
            if w.target == v.uid:
                w.target = -1
        if v.slot >= 0:
            slot = self.slots[v.team][v.slot]
            slot.uid = -1
            slot.timer = self.respawn_delay(v)
            slot.kind = v.kind
        cell = self.grenades.pop(v.uid, -1)
        if cell >= 0 and self.options["grenade_survives_death"]:
            # the side's one grenade marker stays; it goes off when the marker reaches his slot
            self.dropped_grenades[v.team] = (v.slot, cell, v.kind)
        sentry = next((w for w in self.units.values() if w.owner == v.uid), None)
        if sentry is not None:
            if sentry.carried and self.options["carried_sentry_dies"]:
                del self.units[sentry.uid]
            else:
                if sentry.carried:  # decision 14: dropped where he fell
                    sentry.carried = False
                    sentry.cell = v.cell
                sentry.active = False  # 001 "Units": Engineer dead -> turret inactive
                sentry.target = -1
        if self.queue:  # a dead sentry fires no more
            self.queue[:] = [d for d in self.queue if not (isinstance(d, SentryShot) and d.sentry == v.uid)]

    # -- the turn cycle (001 "Turn Checklist") -------------------------------------------------------

    def finish_setup(self) -> None:
        """Ask the set-up placements still open (a slot with no free hex waits), then run turns."""
        q = self.queue
        while q and not self.can_spawn(q[0].team, q[0].slot):  # type: ignore[attr-defined]
            q.pop(0)  # no free hex: the slot stays ready and waits (see docs/rules.md)
        if q:
            self.phase = _P_SPAWN
            self.team = q[0].team
            return
        self.team = self.scenario.first_team
        self.advance()

    def begin_turn(self) -> bool:
        """1. Move the marker to the next slot that can act (a dead Demoman's kept grenade goes off on the way)."""
        slots = self.slots[self.team]
        start = self.pointer[self.team]
        chosen = -1
        size = len(slots)
        dropped = self.dropped_grenades.get(self.team)
        for k in range(1, size + 1):
            i = (start + k) % size
            if dropped is not None and dropped[0] == i:
                # a dead Demoman's grenade goes off when his next turn would begin
                del self.dropped_grenades[self.team]
                self.cause = (self.team, dropped[2])
                self._demoman(dropped[2]).explode(self, self.team, dropped[1], 0, None)
                self.cause = None
                dropped = None
            slot = slots[i]
            if slot.uid >= 0 or (slot.timer == 0 and self.can_spawn(self.team, i)):
                chosen = i
                break
        self.done = {}
        self.active = -1
        self.active_slot = chosen
        if chosen < 0:
            if self._stuck():
                self.phase = _P_OVER  # nobody can ever act again: end as at the turn limit
                return True
            return False  # nobody can act: the turn passes
        self.pointer[self.team] = chosen
        if slots[chosen].uid < 0:
            ask(self, Place(self.team, chosen))
            return True
        self.begin_unit_turn()
        return True

    def _stuck(self) -> bool:
        """No unit but sentries on the board and no timer running: no turn can change anything."""
        return all(u.kind == "sentry" for u in self.units.values()) and not any(
            s.timer for slots in self.slots.values() for s in slots)

    def begin_unit_turn(self) -> None:
        """The active slot's unit starts its turn: its grenade goes off, then 2. its side's sentries fire."""
        slot = self.slots[self.team][self.active_slot]
        self.active = slot.uid
        u = self.units[slot.uid]
        cell = self.grenades.pop(u.uid, None)
        if cell is not None:  # a grenade laid on the Demoman's last turn goes off now (001 "Units": Demoman)
            self._demoman(u.kind).explode(self, u.team, cell, 0, u)
        team = self.team
        self.queue[:] = [SentryShot(team, s.uid) for s in self.units.values()
                         if s.kind == "sentry" and s.team is team and s.active and not s.carried]
        if self.queue:
            self.fire_sentries()
        elif u.uid not in self.units:  # killed at the start of its own turn (grenade)
            self.end_turn()
        else:
            self.phase = _P_ACT

    def fire_sentries(self) -> None:
        """Fire the queued sentries until one needs its owner's choice; then let the unit act."""
        q = self.queue
        while q:
            head = q[0]
            assert isinstance(head, SentryShot)
            s = self.units.get(head.sentry)
            if s is None:
                q.pop(0)
                continue
            beh = self._sentry(s)
            sticky, choices = beh.choices(self, s)
            if sticky is not None:
                q.pop(0)
                beh.fire(self, s, self.units[sticky])
                continue
            # 001 "Units": the target is dropped once it is out of range (or sight); choose afresh
            s.target = -1
            if len(choices) > 1:
                self.phase = _P_TARGET
                self.team = head.team
                return
            q.pop(0)
            if choices:
                s.target = choices[0]
                beh.fire(self, s, self.units[choices[0]])
        if self.active not in self.units:  # killed at the start of its own turn (grenade)
            self.end_turn()
            return
        self.phase = _P_ACT

    def end_of_turn(self) -> None:
        """4. burn damage, the active unit's own end-of-turn rules and uber; 5. timers and kits."""
        units = self.units
        u = units.get(self.active)
        if u is not None:
            if u.burn > 0:
                u.burn -= 1
                self.cause = (u.team.other, self._burner)  # only an enemy Pyro sets burn markers
                self.hurt(u, self._burn_damage, None)
                self.cause = None
            if u.uid in units:
                beh = self._beh[u.kind]
                if beh.acts_at_turn_end:
                    beh.end_of_own_turn(self, u, self.done_of(u))
                if u.uber > 0:
                    u.uber -= 1
        for slots in self.slots.values():
            for slot in slots:
                if slot.timer > 0 and slot.uid < 0:
                    slot.timer -= 1
        kits = self.kit_timer
        for c, left in kits.items():
            if left > 0:
                kits[c] = left - 1
        self.queue.clear()

    def score_turn(self) -> None:
        """6. One point to the side that alone holds the control point (001 "Capturing Points")."""
        point = self._point_cells
        on_point = [v for v in self.units.values() if v.cell in point]
        if not on_point:
            return
        holders = {v.team for v in on_point if v.kind != "sentry"}
        if holders and self.options["sentry_contests"]:  # a sentry never captures, but may contest
            turrets = {v.team for v in on_point if v.kind == "sentry"}
            holders = {t for t in holders if t.other not in turrets}
        if len(holders) == 1:
            team = holders.pop()
            self.points[team] += 1
            if self.events is not None:
                self.events.append(Score(team, 1, tuple(self.scoring_cells(team))))

    def scoring_cells(self, team: Team) -> list[int]:
        """The point's hexes ``team``'s units hold (sentries never capture): where it scored."""
        point = self._point_cells
        return sorted(u.cell for u in self.units_of(team) if u.cell in point and self._stats[u.kind].pickable)

    def is_decided(self) -> bool:
        """The first side to ``points_to_win`` wins."""
        return max(self.points.values()) >= self._points_to_win

    # -- behaviours by role --------------------------------------------------------------------------

    def sentry_behaviour(self, s: KothUnit) -> Sentry:
        """The behaviour of the sentry ``s``."""
        beh = self._beh[s.kind]
        assert isinstance(beh, Sentry)
        return beh

    _sentry = sentry_behaviour

    def _demoman(self, kind: str) -> Demoman:
        beh = self._beh[kind]
        assert isinstance(beh, Demoman)
        return beh

    # -- explanations --------------------------------------------------------------------------------

    def why_not(self, action: Action) -> str:
        if action in self.legal_actions():
            return ""
        return koth_reason(self, action) or super().why_not(action)
