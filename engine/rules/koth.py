"""King of the Board (rulebook 001): the game state, its turn structure and every unit.

Shaped like OpenSpiel / python-chess: :class:`KothState` is one mutable game
that exposes :meth:`~KothState.current_team`, :meth:`~KothState.legal_actions`,
:meth:`~KothState.apply`, :meth:`~KothState.undo`, :meth:`~KothState.is_terminal`,
:meth:`~KothState.scores`, :meth:`~KothState.winner`, :meth:`~KothState.returns`
and :meth:`~KothState.clone`. Actions are :class:`~engine.rules.actions.Action`
values. Dice are owned by the state (seeded from the scenario) and every throw is
recorded in ``state.dice.rolls``, so ``(scenario, seed, actions)`` replays exactly.

A game is a sequence of *decisions* by one team at a time:

- ``spawn`` decisions: set-up (each team places its starting units, first team
  first; scenario-given hexes are placed without asking) and respawns (when the
  blueprint marker reaches a slot whose timer ran out);
- ``target`` decisions: a sentry's owner picks among equidistant nearest enemies;
- unit actions of the active unit (move / attack or heal / a special / end).

Everything else (marker advance, grenades, sentry fire, burn, timers, kits,
capture) happens automatically between decisions, in the order of 001 "Turn
Checklist". Rule readings that the rulebook leaves open are ruleset options; see
docs/rules.md for each decision and the option that flips it.

Rule modules for other games (Payload Race, Team Play) are meant to subclass
:class:`KothState` and override the class attributes and hooks marked "hook".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from engine.hexgrid import DIRECTIONS, Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.areas import chance_at_least, crit_chance_at_least, splash_rings
from engine.rules.board import TEAM_CODE, Board
from engine.rules.dice import Dice
from engine.rules.legal import NO_TARGET, Excluding, Group, LegalActions
from engine.rules.movement import Climb, MoveProfile, flood
from engine.rules.sight import Sight
from engine.rules.targets import Cells, TargetTables
from engine.ruleset import Ruleset, RulesetError, UnitStats
from engine.scenario import Scenario

__all__ = [
    "AttackOption",
    "IllegalActionError",
    "KothState",
    "Phase",
    "Slot",
    "Unit",
    "DEFAULT_OPTIONS",
]


_OTHER: Mapping[Team, Team] = {t: t.other for t in Team}
#: Spawn code of each team's opponent (the base its units may not enter).
_THEIR_BASE: Mapping[Team, int] = {t: TEAM_CODE[t.other] for t in Team}


class IllegalActionError(ValueError):
    """An action is not legal in the current state; the message says why."""


class Phase(StrEnum):
    """What kind of decision the state waits for."""

    SPAWN = "spawn"
    TARGET = "target"
    ACT = "act"
    OVER = "over"


# Enum members as module constants: looking a member up on its Enum class costs about
# 0.1 us in Python 3.11, and the hot paths compare phases and verbs at every decision.
_P_SPAWN, _P_TARGET, _P_ACT, _P_OVER = Phase.SPAWN, Phase.TARGET, Phase.ACT, Phase.OVER
_V_MOVE, _V_ATTACK, _V_HEAL, _V_END = Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.END
_V_SPAWN, _V_TARGET = Verb.SPAWN, Verb.TARGET
_V_ROCKET_JUMP, _V_SCOPE, _V_BUILD, _V_PICKUP, _V_UBER = (
    Verb.ROCKET_JUMP, Verb.SCOPE, Verb.BUILD, Verb.PICKUP, Verb.UBER
)

#: Options this module reads, with the value used when a ruleset lacks them.
#: The bundled ruleset lists them all; see docs/rules.md for each.
DEFAULT_OPTIONS: Mapping[str, bool | int | str] = {
    "points_to_win": 10,
    "respawn_turns": 3,
    "crit_bonus": 20,
    "team_size": 3,
    "low_obstacle_height": 1,
    "straight_line_attacks": True,
    "sight_edge_rule": "lenient",
    "scout_keeps_height": True,
    "pyro_cone": "narrow",
    "kit_respawn_turns": 3,
    "sentry_contests": True,
    "sentry_straight_line": True,
    "carried_sentry_dies": False,
    "scope_cap_includes_crit": False,
    "splash_needs_sight": False,
    "rocket_jump_after_attack": False,
    "grenade_survives_death": False,
    "heal_full_health": False,
    "scope_resets_on_shot": False,
    "turn_limit": 400,
}


@dataclass(slots=True)
class Unit:
    """One unit on the board (or a sentry carried by its engineer).

    ``uid`` is unique within a game; ``cell`` is a board index (-1 while carried);
    ``slot`` is the blueprint slot (-1 for sentries). ``burn``: burn markers;
    ``uber``: own turns of invulnerability left; ``charge``: the Medic's
    UberCharge; ``scope``: the Sniper's scope stacks; sentries use ``owner`` (the
    engineer's uid), ``home`` (the engineer's blueprint slot), ``active``,
    ``target`` (sticky target uid) and ``carried``.
    """

    uid: int
    team: Team
    kind: str
    cell: int
    health: int
    slot: int
    burn: int = 0
    uber: int = 0
    charge: int = 0
    scope: int = 0
    owner: int = -1
    active: bool = True
    target: int = -1
    carried: bool = False
    home: int = -1

    def copy(self) -> Unit:
        """An independent copy."""
        return Unit(
            self.uid, self.team, self.kind, self.cell, self.health, self.slot, self.burn, self.uber,
            self.charge, self.scope, self.owner, self.active, self.target, self.carried, self.home,
        )


@dataclass(slots=True)
class Slot:
    """A blueprint slot: its unit (uid, -1 if dead or not yet placed) and respawn timer.

    ``kind`` is the kind last fielded there (decides whether an engineer's sentry
    survives a respawn, 001 "Units": Engineer).
    """

    uid: int = -1
    timer: int = 0
    kind: str = ""
    fixed_kind: str = ""
    fixed_hex: int = -1
    fixed_health: int = 0

    def copy(self) -> Slot:
        """An independent copy."""
        return Slot(self.uid, self.timer, self.kind, self.fixed_kind, self.fixed_hex, self.fixed_health)


@dataclass(frozen=True, slots=True)
class AttackOption:
    """An attack the UI can offer: the action, its odds and what it would do.

    ``hit_chance`` and ``crit_chance`` are probabilities (crit implies hit; for the
    Heavy they are per roll, and ``rolls`` is 5); ``damage`` is the damage to the
    aimed-at unit on a normal hit (negative = healing); ``area`` maps each hex the
    attack would reach to the damage dealt there on a normal hit.
    """

    action: Action
    hit_chance: float
    crit_chance: float
    damage: int
    area: Mapping[Hex, int] = field(default_factory=dict)
    rolls: int = 1


@dataclass(slots=True)
class _Turn:
    """Book-keeping of the active unit's turn."""

    moved: bool = False
    attacked: bool = False
    special: bool = False
    healed: bool = False
    actions: int = 0


class KothState:
    """A King of the Board game in progress; build with ``KothState(scenario)``.

    ``ruleset`` defaults to the bundled one with the scenario's overrides applied.
    ``keep_undo=False`` skips undo snapshots (faster self-play). Raises
    :class:`~engine.ruleset.RulesetError` for a scenario whose units the ruleset
    does not know or that breaks set-up rules (too many or repeated units).
    """

    #: hook: the climb rule of walking units.
    climb: ClassVar[Climb] = Climb.ONE_LEVEL
    #: hook: whether same-height shooters are blocked by higher ground.
    heights_block: ClassVar[bool] = True
    #: Dice per accuracy roll and sides per die.
    accuracy_dice: ClassVar[tuple[int, int]] = (2, 6)

    # -- construction -------------------------------------------------------------

    def __init__(self, scenario: Scenario, ruleset: Ruleset | None = None, keep_undo: bool = True) -> None:
        if ruleset is None:
            from engine.formats.ruleset_file import builtin_ruleset

            ruleset = builtin_ruleset()
        if scenario.rules:
            ruleset = ruleset.with_overrides(scenario.rules)
        self.scenario = scenario
        self.ruleset = ruleset
        opts: dict[str, Any] = dict(DEFAULT_OPTIONS)
        opts.update(ruleset.options)
        self.options: dict[str, Any] = opts
        self.board = Board.for_map(scenario.map, int(opts["low_obstacle_height"]))
        self.sight = Sight.for_board(self.board, self.heights_block, opts["sight_edge_rule"] == "strict")
        self.dice = Dice(scenario.seed)
        self.keep_undo = keep_undo
        self.units: dict[int, Unit] = {}
        self.slots: dict[Team, list[Slot]] = {}
        self.pointer: dict[Team, int] = {t: -1 for t in Team}
        self.points: dict[Team, int] = {t: 0 for t in Team}
        self.grenades: dict[int, int] = {}  # live demoman uid -> cell
        # team -> (blueprint slot, cell, kind) of a grenade whose Demoman died (grenade_survives_death)
        self.dropped_grenades: dict[Team, tuple[int, int, str]] = {}
        self.kit_timer: dict[int, int] = {i: 0 for i in range(self.board.n) if self.board.kit[i]}
        self._point_cells = frozenset(i for i in range(self.board.n) if self.board.control[i] >= 0)
        self.team: Team = scenario.first_team
        self.turn = 0
        self.phase = _P_SPAWN
        self.active = -1  # uid of the acting unit
        self.active_slot = -1
        self.pending_sentries: list[int] = []
        self.t = _Turn()
        self.history: list[Action] = []
        self.log: list[str] = []
        self._undo: list[tuple[Any, ...]] = []
        self._next_uid = 1
        self._setup: list[tuple[Team, int]] = []
        self._stats = {k: ruleset.unit(k) for k in ruleset.units}
        if "sentry" in self._stats and self._stats["sentry"].pickable:
            # decision 13: the sentry is built, never fielded; as a blueprint unit it would both act and fire
            raise RulesetError("the sentry cannot be pickable: the Engineer builds it (docs/rules.md, decision 13)")
        # kinds whose aimed actions must follow a hex line (decisions 2 and 25): not the Scout
        self._lined_kinds = frozenset(
            k for k, st in self._stats.items()
            if opts["straight_line_attacks"] and "double_jump" not in st.specials
            and (opts["sentry_straight_line"] or "upgrade" not in st.specials))
        self._profiles: dict[tuple[str, Team], MoveProfile] = {}
        self._rosters: dict[Team, tuple[str, ...]] = {}
        # static per-map tables shared by every game on the board (see _move_cells, _attack_targets)
        self._targets = TargetTables.for_sight(self.sight)
        self._movers: dict[tuple[str, Team], tuple[dict[int, Cells], MoveProfile, int]] = {}
        self._init_slots()
        if not self._setup:
            self.team = scenario.first_team
        self._advance()

    def _roster(self, team: Team) -> tuple[str, ...]:
        """Kinds ``team`` may field: its roster (default all) minus unpickable ones (the Sentry).

        Checked and computed once per team (scenario and ruleset do not change).
        """
        hit = self._rosters.get(team)
        if hit is None:
            kinds = self.scenario.team(team).roster or tuple(self.ruleset.units)
            for k in kinds:
                self.ruleset.unit(k)  # raises RulesetError naming an unknown kind
            hit = self._rosters[team] = tuple(k for k in kinds if self._stats[k].pickable)
        return hit

    def _init_slots(self) -> None:
        size = int(self.options["team_size"])
        order = [self.scenario.first_team, self.scenario.first_team.other]
        for team in order:
            roster = self._roster(team)
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
                    if self._occupant(c) is not None:
                        raise RulesetError(f"two starting units on {self.board.hexes[c]}")
                    self._place(team, i, slot.fixed_kind, c, slot.fixed_health or None)
                else:
                    self._setup.append((team, i))

    # -- small queries ---------------------------------------------------------------

    def stats(self, kind: str) -> UnitStats:
        """Ruleset numbers of a unit kind; raises RulesetError for an unknown kind."""
        try:
            return self._stats[kind]
        except KeyError:
            return self.ruleset.unit(kind)

    def max_health(self, kind: str) -> int:
        """Full health of ``kind`` (with the Heavy's sandwich, 001 "Units": Heavy)."""
        return self.stats(kind).max_health

    def _occupant(self, cell: int) -> Unit | None:
        for u in self.units.values():
            if u.cell == cell:
                return u
        return None

    def unit_at(self, h: Hex) -> Unit | None:
        """The unit standing on ``h``, or None (also None off the map)."""
        i = self.board.index.get(h)
        return None if i is None else self._occupant(i)

    def units_of(self, team: Team) -> list[Unit]:
        """``team``'s units on the board (carried sentries excluded), by uid."""
        return [u for u in self.units.values() if u.team is team and u.cell >= 0]

    def active_unit(self) -> Unit | None:
        """The unit whose turn it is (None outside the act/target phases)."""
        return self.units.get(self.active)

    @property
    def has_moved(self) -> bool:
        """Whether the active unit has moved this turn (then it may not scope; 001 "Units": Sniper)."""
        return self.t.moved

    @property
    def has_attacked(self) -> bool:
        """Whether the active unit has attacked this turn (then it may not move; 001 "Movement")."""
        return self.t.attacked

    def current_team(self) -> Team | None:
        """The team that must decide now, or None when the game is over."""
        if self.phase is _P_OVER:
            return None
        return self.team

    def is_terminal(self) -> bool:
        """True once a team has won or the turn limit is reached."""
        return self.phase is _P_OVER

    def scores(self) -> dict[Team, int]:
        """Captured points per team (001 "Capturing Points")."""
        return dict(self.points)

    def winner(self) -> Team | None:
        """The winning team, or None while playing or for a draw at the turn limit."""
        if self.phase is not _P_OVER:
            return None
        r, b = self.points[Team.RED], self.points[Team.BLU]
        return Team.RED if r > b else Team.BLU if b > r else None

    def returns(self) -> dict[Team, float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or an unfinished game."""
        w = self.winner()
        if w is None:
            return {t: 0.0 for t in Team}
        return {w: 1.0, w.other: -1.0}

    def _in_own_base(self, u: Unit) -> bool:
        return u.cell >= 0 and self.board.spawn[u.cell] == TEAM_CODE[u.team]

    def _immune(self, u: Unit, attacker_team: Team) -> bool:
        """001 "Map": enemy attacks never hit a unit in its own spawn base; uber protects too."""
        return (u.team is not attacker_team and self._in_own_base(u)) or u.uber > 0

    def profile(self, u: Unit) -> MoveProfile:
        """The movement profile of a unit (Scout: over low obstacles, kept height)."""
        key = (u.kind, u.team)
        p = self._profiles.get(key)
        if p is None:
            scout = "double_jump" in self.stats(u.kind).specials
            p = MoveProfile(
                climb=self.climb,
                over_low=scout,
                keep_height=scout and bool(self.options["scout_keeps_height"]),
                team=u.team,
            )
            self._profiles[key] = p
        return p

    # -- legal actions ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order (empty once the game is over)."""
        return self.legal_actions_view().to_list()

    def legal_actions_view(self) -> LegalActions:
        """The legal actions as a lazy sequence: ``len()`` and ``view[k]`` without building the others.

        ``view[k] == legal_actions()[k]`` for every ``k`` (both come from the same
        groups, see :mod:`engine.rules.legal`). A snapshot of this decision: do not
        use it after the state changes.
        """
        phase = self.phase
        if phase is not _P_ACT:
            if phase is _P_SPAWN:
                return LegalActions(self._spawn_groups())
            if phase is _P_TARGET:
                return LegalActions(self._target_groups())
            return LegalActions(())
        u = self.units[self.active]
        b = self.board
        here = b.hexes[u.cell]
        st = self._stats[u.kind]
        t = self.t
        groups: list[Group] = []
        if not t.moved and not t.attacked and st.mobile:
            groups.append((_V_MOVE, u.kind, here, self._move_cells(u), b.hexes))
        if not t.attacked:
            verb, targets, hexes = self._attack_targets(u, st)
            groups.append((verb, u.kind, here, targets, hexes))
        if not t.special:
            groups.extend(self._special_groups(u, st, here))
        groups.append((_V_END, u.kind, here, NO_TARGET, None))
        return LegalActions(groups)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is among :meth:`legal_actions`."""
        return action in self.legal_actions()

    def _spawn_groups(self) -> list[Group]:
        team, slot_i = self._spawn_slot()
        return [(_V_SPAWN, k, None, cells, self.board.hexes) for k, cells in self._spawn_choices(team, slot_i)]

    def _spawn_choices(self, team: Team, slot_i: int) -> list[tuple[str, list[int]]]:
        """(kind, free base hexes it may be placed on) for each kind the slot may field, in order."""
        slot = self.slots[team][slot_i]
        kinds = [slot.fixed_kind] if slot.fixed_kind else self._free_kinds(team)
        cells = self._spawn_cells(team)
        b = self.board
        return [(k, cells if "double_jump" in self._stats[k].specials else [c for c in cells if not b.low[c]])
                for k in kinds]

    def _can_spawn(self, team: Team, slot_i: int) -> bool:
        """Whether the slot could place a unit now (a free base hex it may stand on); else it waits."""
        return any(cells for _, cells in self._spawn_choices(team, slot_i))

    def _spawn_slot(self) -> tuple[Team, int]:
        if self._setup:
            return self._setup[0]
        return self.team, self.active_slot

    def _free_kinds(self, team: Team) -> list[str]:
        """Pickable kinds of ``team``'s roster not on the board (001 "Spawning")."""
        fielded = {self.units[s.uid].kind for s in self.slots[team] if s.uid >= 0}
        return [k for k in self._roster(team) if k not in fielded]

    def _spawn_cells(self, team: Team) -> list[int]:
        """Free hexes of ``team``'s base (low obstacles included: only the Scout may take those)."""
        b = self.board
        occupied = {u.cell for u in self.units.values()}
        return [c for c in b.spawn_zone(team) if not b.wall[c] and c not in occupied]

    def _target_groups(self) -> list[Group]:
        s = self.units[self.pending_sentries[0]]
        here = self.board.hexes[s.cell]
        cells = [self.units[v].cell for v in self._sentry_choices(s)[1]]
        return [(_V_TARGET, s.kind, here, cells, self.board.hexes)]

    def _move_cells(self, u: Unit) -> Sequence[int]:
        """Where ``u`` may move now, in flood order: the board's static destinations minus occupied hexes.

        Units never block movement, so this equals flooding with the other units'
        hexes as ``occupied`` (see :func:`~engine.rules.movement.destinations`).
        """
        mover = self._movers.get((u.kind, u.team))
        if mover is None:
            profile, speed = self.profile(u), self._stats[u.kind].speed
            mover = self._movers[(u.kind, u.team)] = (self._targets.move_table(profile, speed), profile, speed)
        ball = mover[0].get(u.cell)
        if ball is None:
            ball = self._targets.moves(mover[1], mover[2], u.cell)
        # u's own hex is never among its destinations, nor is -1 (a carried sentry)
        base, where = ball
        holes = [p for v in self.units.values() if (p := where.get(v.cell)) is not None]
        if not holes:
            return base
        holes.sort()
        return Excluding(base, holes)

    def move_paths(self, h: Hex | None = None) -> dict[Hex, list[Hex]]:
        """Hexes the active unit (or the unit on ``h``) can move to -> a shortest path.

        Empty when that unit may not move now. For the UI's move highlight.
        """
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or self.phase is not _P_ACT:
            return {}
        if u.uid == self.active and (self.t.moved or self.t.attacked):
            return {}
        occupied = {v.cell for v in self.units.values() if v.uid != u.uid and v.cell >= 0}
        reach = flood(self.board, [u.cell], self.profile(u), self.stats(u.kind).speed, occupied)
        return {self.board.hexes[c]: reach.path(c) for c in reach.distances() if c != u.cell}

    def line_of_sight(self, a: Hex, b: Hex) -> bool:
        """Whether units standing on ``a`` and ``b`` see each other; KeyError off the map."""
        return self.sight.sees(self.board.idx(a), self.board.idx(b))

    # -- attacks -------------------------------------------------------------------------

    def _need(self, a: Unit, cell: int, bonus: int = 0) -> int:
        """Accuracy target: distance plus one per level the target stands above (001 "Attacking")."""
        b = self.board
        up = b.stand[cell] - b.stand[a.cell]
        return b.distance(a.cell, cell) + (up if up > 0 else 0) - bonus

    def _lined_up(self, a: Unit, cell: int) -> bool:
        """Straight-line rule: on one of the six hex lines, unless the Scout (see docs/rules.md)."""
        if a.kind not in self._lined_kinds:
            return True
        b = self.board
        dq = b.q[cell] - b.q[a.cell]
        dr = b.r[cell] - b.r[a.cell]
        return dq == 0 or dr == 0 or dq == -dr

    def _can_shoot(self, a: Unit, cell: int, st: UnitStats, min_range: int | None = None) -> bool:
        """Range, hex line (see :meth:`_lined_up`) and sight from ``a`` (of stats ``st``) to ``cell``."""
        b = self.board
        src = a.cell
        dq = b.q[cell] - b.q[src]
        dr = b.r[cell] - b.r[src]
        if dq and dr and dq != -dr and self._straight(st):
            return False
        d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        lo = st.min_range if min_range is None else min_range
        return lo <= d <= st.range and self.sight.sees_at(src, cell, b.stand[src], b.stand[cell])

    def _sniper_numbers(self, u: Unit, st: UnitStats) -> tuple[int, int, int]:
        """(damage, accuracy bonus, minimum range) with ``u.scope`` stacks (001 "Units": Sniper)."""
        s = u.scope
        dmg = min(int(st.param("max_damage")), st.damage + s * int(st.param("scope_damage")))
        return dmg, s * int(st.param("scope_accuracy")), st.min_range + s * int(st.param("scope_min_range"))

    def _base_damage(self, u: Unit, st: UnitStats, cell: int) -> int:
        if "double_jump" in st.specials:  # Scout: 140 adjacent, -40 per hex between
            d = self.board.distance(u.cell, cell)
            return max(0, st.damage - int(st.param("falloff_per_hex")) * (d - 1))
        if "scope" in st.specials:
            return self._sniper_numbers(u, st)[0]
        if "upgrade" in st.specials:
            return st.damage + (int(st.param("upgrade_damage")) if self._engineer_adjacent(u) else 0)
        return st.damage

    def _engineer_adjacent(self, sentry: Unit) -> bool:
        eng = self.units.get(sentry.owner)
        return eng is not None and eng.cell >= 0 and self.board.distance(eng.cell, sentry.cell) == 1

    def _splash(self, cell: int, st: UnitStats, center_damage: int) -> dict[int, int]:
        """Hex -> damage of a blast at ``cell``: its height only; with splash_needs_sight, hexes it sees."""
        ring = {0: center_damage, 1: int(st.param("splash_ring_1")), 2: int(st.param("splash_ring_2"))}
        if self.options["splash_needs_sight"]:
            sees = self.sight.sees
            return {c: ring[k] for c, k in splash_rings(self.board, cell, 2) if k == 0 or sees(cell, c)}
        return {c: ring[k] for c, k in splash_rings(self.board, cell, 2)}

    def _cones(self, u: Unit) -> tuple[tuple[int, ...], ...]:
        """Per direction, the hexes ``u``'s flame cone reaches (its height, in sight)."""
        return self._targets.cones(u.cell, self._stats[u.kind].range, self.options["pyro_cone"] == "wide")

    def _cone_cells(self, u: Unit, direction: int) -> tuple[int, ...]:
        return self._cones(u)[direction]

    def _attack_targets(self, u: Unit, st: UnitStats) -> tuple[Verb, Sequence[Any], tuple[Hex, ...] | None]:
        """The attacks (or heals) ``u`` could make from where it stands: ``(verb, targets, hexes)``.

        ``targets`` are board indices looked up in ``hexes``, or (the Pyro's aims,
        which may lie off the map) hexes when ``hexes`` is None; in legal-action
        order. The one place that decides which attacks are legal
        (:meth:`_attack_options` adds odds and areas to these).
        """
        b = self.board
        hexes = b.hexes
        spawn = b.spawn
        units = self.units.values()
        specials = st.specials
        team = u.team
        their_base = _THEIR_BASE[team]
        if "ubercharge" in specials:  # Medic: the attack is a heal
            anyone = self.options["heal_full_health"]
            stats = self._stats
            heals = []
            for v in units:
                if v.team is team and v.uid != u.uid and v.cell >= 0:
                    vst = stats[v.kind]
                    if (vst.mobile and (anyone or v.health < vst.max_health or v.burn > 0)
                            and self._can_shoot(u, v.cell, st)):
                        heals.append(v.cell)
            return _V_HEAL, heals, hexes
        if "burn" in specials:  # Pyro: a cone toward one of six directions, no roll
            aims: list[Hex] = []
            targets = {v.cell for v in units if v.team is not team and v.cell >= 0 and spawn[v.cell] != their_base}
            if targets:
                here = hexes[u.cell]
                for d, cells in enumerate(self._cones(u)):
                    if not targets.isdisjoint(cells):
                        aims.append(Hex(here.q + DIRECTIONS[d].q, here.r + DIRECTIONS[d].r))
            return _V_ATTACK, aims, None
        if "blind_eye" in specials:  # Demoman: any hex in range and sight
            if u.uid in self.grenades or team in self.dropped_grenades:  # one grenade marker per side
                return _V_ATTACK, (), hexes
            cells, where = self._targets.lob(u.cell, st.min_range, st.range, self._straight(st))
            # hexes holding an enemy inside its own base cannot be aimed at
            shielded = [v.cell for v in units if v.team is not team and v.cell >= 0 and spawn[v.cell] == their_base]
            return _V_ATTACK, Excluding.of(cells, where, shielded), hexes
        lo = st.min_range
        if "scope" in specials:
            lo = self._sniper_numbers(u, st)[2]
        hi = st.range
        straight = self._straight(st)
        # _can_shoot written out: hex line first (cheap, rules most out), range, then sight
        a = u.cell
        qs, rs, stand = b.q, b.r, b.stand
        qa, ra, ha = qs[a], rs[a], stand[a]
        sees_at = self.sight.sees_at
        out = []
        for v in units:
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
        return _V_ATTACK, out, hexes

    def _straight(self, st: UnitStats) -> bool:
        """Whether ``st``'s attacks must follow a hex line (see :meth:`_lined_up`)."""
        return st.kind in self._lined_kinds

    def _attack_options(self, u: Unit, with_area: bool = True) -> list[AttackOption]:
        st = self._stats[u.kind]
        b = self.board
        here = b.hexes[u.cell]
        verb, found, hexes = self._attack_targets(u, st)
        targets: list[Hex] = list(found) if hexes is None else [hexes[c] for c in found]
        out: list[AttackOption] = []
        if "ubercharge" in st.specials:  # Medic: the attack is a heal
            for h in targets:
                out.append(AttackOption(Action(_V_HEAL, u.kind, here, h), 1.0, 0.0, -st.damage,
                                        {h: -st.damage} if with_area else {}))
            return out
        if "burn" in st.specials:  # Pyro: a cone toward one of six directions, no roll
            for aim in targets:
                d = DIRECTIONS.index(aim - here)
                cells = self._cone_cells(u, d)
                area = {b.hexes[c]: st.damage for c in cells} if with_area else {}
                out.append(AttackOption(Action(_V_ATTACK, u.kind, here, aim), 1.0, 0.0, st.damage, area))
            return out
        if "blind_eye" in st.specials:  # Demoman: any hex in range and sight
            for h in targets:
                c = b.index[h]
                occ = self._occupant(c)
                need = self._need(u, c) if occ is not None else 0
                area = {b.hexes[k]: v for k, v in self._splash(c, st, st.damage).items()} if with_area else {}
                out.append(AttackOption(Action(_V_ATTACK, u.kind, here, h),
                                        chance_at_least(need), crit_chance_at_least(need) if occ else 0.0,
                                        st.damage if occ else 0, area))
            return out
        bonus = 0
        if "scope" in st.specials:
            bonus = self._sniper_numbers(u, st)[1]
        shots = int(st.params.get("shots", 1))
        for h in targets:
            cell = b.index[h]
            need = self._need(u, cell, bonus)
            dmg = self._base_damage(u, st, cell)
            area = {}
            if with_area:
                if "rocket_jump" in st.specials:
                    area = {b.hexes[k]: x for k, x in self._splash(cell, st, dmg).items()}
                else:
                    area = {h: dmg * shots}
            out.append(AttackOption(Action(_V_ATTACK, u.kind, here, h), chance_at_least(need),
                                    crit_chance_at_least(need), dmg, area, shots))
        return out

    def _units_on(self, cells: Iterable[int]) -> list[Unit]:
        where = {u.cell: u for u in self.units.values() if u.cell >= 0}
        return [where[c] for c in cells if c in where]

    def attack_options(self, h: Hex | None = None) -> list[AttackOption]:
        """Attacks (and heals) the active unit, or the unit on ``h``, could make from where it stands.

        Each comes with its chance to hit, crit chance, damage and area, for the
        UI. Ignores whether the unit already attacked this turn.
        """
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or u.cell < 0 or not self.stats(u.kind).range:
            return []
        return self._attack_options(u)

    def attack_area(self, action: Action) -> dict[Hex, int]:
        """Hex -> damage on a normal hit for an attack action (empty if it is not one now)."""
        for o in self.attack_options(action.actor):
            if o.action == action:
                return dict(o.area)
        return {}

    # -- specials ----------------------------------------------------------------------------

    def _special_groups(self, u: Unit, st: UnitStats, here: Hex) -> list[Group]:
        """The special actions ``u`` could take now, as legal-action groups in order."""
        b = self.board
        groups: list[Group] = []
        if "rocket_jump" in st.specials:
            cost = int(st.param("rocket_jump_cost"))
            if u.health > cost and (not self.t.attacked or self.options["rocket_jump_after_attack"]):
                land, where = self._targets.landing(u.cell, int(st.param("rocket_jump_range")), _THEIR_BASE[u.team])
                cells = Excluding.of(land, where, [v.cell for v in self.units.values()])
                groups.append((_V_ROCKET_JUMP, u.kind, here, cells, b.hexes))
        if "scope" in st.specials and not self.t.moved:
            dmg, _, _ = self._sniper_numbers(u, st)
            if dmg < int(st.param("max_damage")):
                groups.append((_V_SCOPE, u.kind, here, NO_TARGET, None))
        if "build_sentry" in st.specials:
            sentry = self._sentry_of(u)
            if sentry is None or sentry.carried:
                groups.append((_V_BUILD, u.kind, here, self._build_cells(u), b.hexes))
            elif sentry.cell >= 0 and b.distance(sentry.cell, u.cell) == 1:
                groups.append((_V_PICKUP, u.kind, here, NO_TARGET, None))
        if "ubercharge" in st.specials and u.charge >= int(st.param("max_charge")):
            cells = [v.cell for v in self.units.values()
                     if v.team is u.team and v.uid != u.uid and v.cell >= 0 and self._stats[v.kind].mobile
                     and self._can_shoot(u, v.cell, st)]
            groups.append((_V_UBER, u.kind, here, cells, b.hexes))
        return groups

    def _sentry_of(self, eng: Unit) -> Unit | None:
        for v in self.units.values():
            if v.owner == eng.uid:
                return v
        return None

    def _build_cells(self, u: Unit) -> list[int]:
        b = self.board
        occupied = {v.cell for v in self.units.values()}
        return [c for c in b.neighbors[u.cell]
                if not b.wall[c] and not b.low[c] and c not in occupied and not b.in_enemy_spawn(c, u.team)]

    # -- applying actions -----------------------------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an Action or its text); raises :class:`IllegalActionError` if not legal.

        Dice are thrown as the action needs; automatic steps that follow (end of
        turn, next unit's turn start, sentry fire) run before this returns.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal now ({self.describe_decision()})")
        if self.keep_undo:
            self._undo.append(self._snapshot())
        self.history.append(action)
        self._do(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action taken from :meth:`legal_actions` without re-checking it (fast self-play)."""
        if self.keep_undo:
            self._undo.append(self._snapshot())
        self.history.append(action)
        self._do(action)

    def _do(self, a: Action) -> None:
        b = self.board
        if a.verb is _V_SPAWN:
            assert a.target is not None
            team, slot_i = self._spawn_slot()
            health = self.slots[team][slot_i].fixed_health or None
            if self._setup:
                self._setup.pop(0)
                self._place(team, slot_i, a.kind, b.index[a.target], health)
                if not self._setup:
                    self.team = self.scenario.first_team
                self._advance()
            else:
                self._place(team, slot_i, a.kind, b.index[a.target], health)
                self._start_unit_turn()
            return
        if a.verb is _V_TARGET:
            assert a.target is not None
            s = self.units[self.pending_sentries.pop(0)]
            tgt = self._occupant(b.index[a.target])
            assert tgt is not None
            s.target = tgt.uid
            self._sentry_shoot(s, tgt)
            self._after_unit_event()
            return
        u = self.units[self.active]
        t = self.t
        if a.verb is _V_END:
            self._end_turn()
            return
        assert a.target is not None or a.verb in (_V_SCOPE, _V_PICKUP)
        if a.verb is _V_MOVE:
            assert a.target is not None
            self._relocate(u, b.index[a.target])
            t.moved = True
            if u.scope:
                u.scope = 0  # 001 "Units": Sniper's scope only stacks while he has not moved
        elif a.verb in (_V_ATTACK, _V_HEAL):
            assert a.target is not None
            self._attack(u, b.index.get(a.target, -1), a.target)
            t.attacked = True
        else:
            self._special(u, a)
            t.special = True
        t.actions += 1
        if u.uid not in self.units or t.actions >= 2:
            self._end_turn()

    def _relocate(self, u: Unit, cell: int) -> None:
        u.cell = cell
        self._use_kit(u)

    def _use_kit(self, u: Unit) -> None:
        """001 "Map": a first-aid kit restores full health; see docs/rules.md for when it is used up."""
        if u.cell in self.kit_timer and self.kit_timer[u.cell] == 0:
            full = self.max_health(u.kind)
            if u.health < full or u.burn:
                u.health = full
                u.burn = 0
                self.kit_timer[u.cell] = int(self.options["kit_respawn_turns"])
                self.log.append(f"{u.kind} uses the first-aid kit at {self.board.hexes[u.cell]}")

    def _roll(self, purpose: str) -> tuple[int, bool]:
        n, sides = self.accuracy_dice
        r = self.dice.roll(n, sides, purpose)
        return r.total, r.doubles

    def _attack(self, u: Unit, cell: int, aim: Hex) -> None:
        st = self.stats(u.kind)
        crit_bonus = int(self.options["crit_bonus"])
        if "ubercharge" in st.specials:  # heal
            v = self._occupant(cell)
            assert v is not None
            v.health = min(self.max_health(v.kind), v.health + st.damage)
            v.burn = 0
            u.charge = min(int(st.param("max_charge")), u.charge + 1)
            self.t.healed = True
            return
        if "burn" in st.specials:
            d = DIRECTIONS.index(aim - self.board.hexes[u.cell])
            for v in self._units_on(self._cone_cells(u, d)):
                if v.team is not u.team and not self._immune(v, u.team):
                    if self.stats(v.kind).mobile:
                        v.burn = min(int(st.param("max_burn_markers")), v.burn + int(st.param("burn_markers")))
                    self._hurt(v, st.damage)
            return
        if "blind_eye" in st.specials:
            occ = self._occupant(cell)
            if occ is None:
                self.grenades[u.uid] = cell
                return
            total, doubles = self._roll(f"{u.kind} grenade")
            if total < self._need(u, cell):
                self.log.append(f"{u.kind}'s grenade misses {aim}")
                return
            if doubles:
                self._explode(u.team, st, cell, crit_bonus + int(st.param("blind_eye_bonus")))
            else:
                self.grenades[u.uid] = cell
            return
        v = self._occupant(cell)
        assert v is not None
        bonus = 0
        if "scope" in st.specials:
            bonus = self._sniper_numbers(u, st)[1]
        dmg = self._base_damage(u, st, cell)
        need = self._need(u, cell, bonus)
        for _ in range(int(st.params.get("shots", 1))):
            total, doubles = self._roll(f"{u.kind} shot")
            if total < need:
                continue
            extra = crit_bonus if doubles else 0
            if "rocket_jump" in st.specials:
                for c, x in self._splash(cell, st, dmg).items():
                    w = self._occupant(c)
                    if w is not None and not self._immune(w, u.team):
                        self._hurt(w, x + (extra if c == cell else 0))
            elif v.uid in self.units and not self._immune(v, u.team):
                hit = dmg + extra
                if bonus and extra and self.options["scope_cap_includes_crit"]:  # a scoped Sniper's crit
                    hit = min(hit, max(dmg, int(st.param("max_damage"))))
                self._hurt(v, hit)
        if "scope" in st.specials and self.options["scope_resets_on_shot"]:
            u.scope = 0

    def _explode(self, team: Team, st: UnitStats, cell: int, extra: int) -> None:
        self.log.append(f"grenade explodes at {self.board.hexes[cell]}")
        for c, x in self._splash(cell, st, st.damage).items():
            w = self._occupant(c)
            if w is not None and not self._immune(w, team):
                self._hurt(w, x + (extra if c == cell else 0))

    def _hurt(self, v: Unit, amount: int) -> None:
        if amount <= 0 or v.uber > 0:
            return
        v.health -= amount
        if v.health <= 0:
            self._kill(v)

    def _kill(self, v: Unit) -> None:
        """001 "Attacking"/"Spawning": remove the unit and start its slot's timer."""
        self.log.append(f"{v.team.value} {v.kind} dies")
        del self.units[v.uid]
        v.health = 0
        for w in self.units.values():
            if w.target == v.uid:
                w.target = -1
        if v.slot >= 0:
            slot = self.slots[v.team][v.slot]
            slot.uid = -1
            slot.timer = int(self.options["respawn_turns"])
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
        if v.uid in self.pending_sentries:
            self.pending_sentries.remove(v.uid)

    def _special(self, u: Unit, a: Action) -> None:
        st = self.stats(u.kind)
        b = self.board
        if a.verb is _V_ROCKET_JUMP:
            assert a.target is not None
            u.health -= int(st.param("rocket_jump_cost"))
            self._relocate(u, b.index[a.target])
        elif a.verb is _V_SCOPE:
            u.scope += 1
        elif a.verb is _V_BUILD:
            assert a.target is not None
            sentry = self._sentry_of(u)
            cell = b.index[a.target]
            if sentry is None:
                self._place_sentry(u, cell)
            else:
                sentry.carried = False
                sentry.cell = cell
                sentry.target = -1
        elif a.verb is _V_PICKUP:
            sentry = self._sentry_of(u)
            assert sentry is not None
            sentry.carried = True
            sentry.cell = -1
            sentry.target = -1
        elif a.verb is _V_UBER:
            assert a.target is not None
            v = self._occupant(b.index[a.target])
            assert v is not None
            turns = int(st.param("uber_turns"))
            u.uber = turns
            v.uber = turns
            u.charge = 0

    def _place_sentry(self, eng: Unit, cell: int) -> None:
        st = self.stats("sentry")
        s = Unit(self._next_uid, eng.team, "sentry", cell, st.max_health, -1, owner=eng.uid, home=eng.slot)
        self._next_uid += 1
        self.units[s.uid] = s

    def _place(self, team: Team, slot_i: int, kind: str, cell: int, health: int | None) -> None:
        slot = self.slots[team][slot_i]
        u = Unit(self._next_uid, team, kind, cell, health or self.max_health(kind), slot_i)
        self._next_uid += 1
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
        self._use_kit(u)

    # -- turn structure (001 "Turn Checklist") ---------------------------------------------------------

    def _advance(self) -> None:
        """Run automatic steps until a decision is needed."""
        while self._setup and not self._can_spawn(*self._setup[0]):
            self._setup.pop(0)  # no free hex: the slot stays ready and waits (see docs/rules.md)
            if not self._setup:
                self.team = self.scenario.first_team
        if self._setup:
            self.phase = _P_SPAWN
            self.team = self._setup[0][0]
            return
        while True:
            if self.phase is _P_OVER:
                return
            # 1. advance the active marker to the next available slot
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
                    self._explode(self.team, self.stats(dropped[2]), dropped[1], 0)
                    dropped = None
                slot = slots[i]
                if slot.uid >= 0 or (slot.timer == 0 and self._can_spawn(self.team, i)):
                    chosen = i
                    break
            self.t = _Turn()
            self.active = -1
            self.active_slot = chosen
            if chosen < 0:
                if self._stuck():
                    self.phase = _P_OVER  # nobody can ever act again: end as at the turn limit
                    return
                self._end_turn(advance=False)  # nobody can act: the turn passes
                continue
            self.pointer[self.team] = chosen
            if slots[chosen].uid < 0:
                self.phase = _P_SPAWN
                return
            self._start_unit_turn()
            return

    def _stuck(self) -> bool:
        """No unit but sentries on the board and no timer running: no turn can change anything."""
        return all(u.kind == "sentry" for u in self.units.values()) and not any(
            s.timer for slots in self.slots.values() for s in slots)

    def _start_unit_turn(self) -> None:
        slot = self.slots[self.team][self.active_slot]
        self.active = slot.uid
        u = self.units[slot.uid]
        # a grenade laid on the Demoman's last turn goes off now (001 "Units": Demoman)
        cell = self.grenades.pop(u.uid, None)
        if cell is not None:
            self._explode(u.team, self.stats(u.kind), cell, 0)
        # 2. sentry guns of this team fire
        team = self.team
        self.pending_sentries = [s.uid for s in self.units.values()
                                 if s.kind == "sentry" and s.team is team and s.active and not s.carried]
        if self.pending_sentries:
            self._after_unit_event()
        elif u.uid not in self.units:  # killed at the start of its own turn (grenade)
            self._end_turn()
        else:
            self.phase = _P_ACT

    def _after_unit_event(self) -> None:
        """Fire pending sentries until one needs its owner's choice; then let the unit act."""
        while self.pending_sentries:
            s = self.units.get(self.pending_sentries[0])
            if s is None:
                self.pending_sentries.pop(0)
                continue
            sticky, choices = self._sentry_choices(s)
            if sticky is not None:
                self.pending_sentries.pop(0)
                self._sentry_shoot(s, self.units[sticky])
                continue
            # 001 "Units": the target is dropped once it is out of range (or sight); choose afresh
            s.target = -1
            if len(choices) > 1:
                self.phase = _P_TARGET
                return
            self.pending_sentries.pop(0)
            if choices:
                s.target = choices[0]
                self._sentry_shoot(s, self.units[choices[0]])
        if self.active not in self.units:  # killed at the start of its own turn (grenade)
            self._end_turn()
            return
        self.phase = _P_ACT

    def _sentry_choices(self, s: Unit) -> tuple[int | None, list[int]]:
        """(sticky target uid or None, nearest equidistant candidates) for a sentry (001 "Units")."""
        st = self.stats(s.kind)
        ok = {v.uid: self.board.distance(s.cell, v.cell) for v in self.units.values()
              if v.team is not s.team and v.cell >= 0 and not self._in_own_base(v)
              and self._can_shoot(s, v.cell, st)}
        if s.target in ok:
            return s.target, []
        if not ok:
            return None, []
        best = min(ok.values())
        return None, sorted(uid for uid, d in ok.items() if d == best)

    def _sentry_shoot(self, s: Unit, v: Unit) -> None:
        st = self.stats(s.kind)
        total, doubles = self._roll("sentry shot")
        if total >= self._need(s, v.cell) and not self._immune(v, s.team):
            self._hurt(v, self._base_damage(s, st, v.cell) + (int(self.options["crit_bonus"]) if doubles else 0))

    def _end_turn(self, advance: bool = True) -> None:
        units = self.units
        u = units.get(self.active)
        if u is not None:
            # 4. burn damage at the end of the burning unit's own turn
            if u.burn > 0:
                u.burn -= 1
                self._hurt(u, int(self.stats("pyro").param("burn_damage")) if "pyro" in self._stats else 20)
            if u.uid in units:
                if u.charge and not self.t.healed and "ubercharge" in self._stats[u.kind].specials:
                    u.charge = max(0, u.charge - 1)
                if u.uber > 0:
                    u.uber -= 1
        # 5. respawn timers (and first-aid kits coming back)
        for slots in self.slots.values():
            for slot in slots:
                if slot.timer > 0 and slot.uid < 0:
                    slot.timer -= 1
        kits = self.kit_timer
        for c, left in kits.items():
            if left > 0:
                kits[c] = left - 1
        # 6. capture check for both teams
        point = self._point_cells
        on_point = [v for v in units.values() if v.cell in point]
        points = self.points
        if on_point:
            holders = {v.team for v in on_point if v.kind != "sentry"}
            if holders and self.options["sentry_contests"]:  # a sentry never captures, but may contest
                turrets = {v.team for v in on_point if v.kind == "sentry"}
                holders = {t for t in holders if t.other not in turrets}
            if len(holders) == 1:
                points[holders.pop()] += 1
        # 7. end the turn
        self.turn += 1
        limit = int(self.options["turn_limit"])
        if max(points.values()) >= int(self.options["points_to_win"]) or (limit and self.turn >= limit):
            self.phase = _P_OVER
            self.active = -1
            return
        self.team = _OTHER[self.team]
        self.active = -1
        self.pending_sentries = []
        if advance:
            self._advance()

    # -- cloning and undo ----------------------------------------------------------------------

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            {k: u.copy() for k, u in self.units.items()},
            {t: [s.copy() for s in v] for t, v in self.slots.items()},
            dict(self.pointer), dict(self.points), dict(self.grenades), dict(self.dropped_grenades),
            dict(self.kit_timer),
            self.team, self.turn, self.phase, self.active, self.active_slot, list(self.pending_sentries),
            _Turn(self.t.moved, self.t.attacked, self.t.special, self.t.healed, self.t.actions),
            len(self.history), len(self.log), self._next_uid, list(self._setup),
            self.dice.state, len(self.dice.rolls),
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self.units, self.slots, self.pointer, self.points, self.grenades, self.dropped_grenades, self.kit_timer,
         self.team, self.turn, self.phase, self.active, self.active_slot, self.pending_sentries,
         self.t, nhist, nlog, self._next_uid, self._setup, dstate, nrolls) = snap
        del self.history[nhist:]
        del self.log[nlog:]
        self.dice.restore(dstate, nrolls)

    def undo(self) -> Action:
        """Take back the last action (dice included) and return it; IndexError if none."""
        if not self._undo:
            raise IndexError("nothing to undo")
        action = self.history[-1]
        self._restore(self._undo.pop())
        return action

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has something to take back."""
        return bool(self._undo)

    def clone(self) -> KothState:
        """An independent copy in the same position, dice included (undo history is not copied)."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        snap = self._snapshot()
        other._undo = []
        other.history = list(self.history)
        other.log = list(self.log)
        other.dice = self.dice.copy()
        other._profiles = self._profiles
        other._restore(snap)
        return other

    # -- text ------------------------------------------------------------------------------------

    def describe_decision(self) -> str:
        """Plain words for what the state waits for (status bars, error messages)."""
        if self.phase is _P_OVER:
            w = self.winner()
            return f"game over: {w.value} wins" if w else "game over: draw"
        if self.phase is _P_SPAWN:
            team, _ = self._spawn_slot()
            return f"{team.value} places a unit in its spawn base"
        if self.phase is _P_TARGET:
            return f"{self.team.value} picks its sentry's target"
        u = self.units[self.active]
        return f"{u.team.value} {u.kind} at {self.board.hexes[u.cell]} acts"

    def fingerprint(self) -> tuple[Any, ...]:
        """A hashable summary of everything that decides the future (for replay checks)."""
        units = tuple(sorted(
            (u.uid, u.team.value, u.kind, u.cell, u.health, u.burn, u.uber, u.charge, u.scope, u.owner,
             u.active, u.target, u.carried)
            for u in self.units.values()))
        slots = tuple((t.value, tuple((s.uid, s.timer, s.kind) for s in v)) for t, v in self.slots.items())
        grenades = tuple(sorted(self.grenades.items()))
        if self.dropped_grenades:  # only with grenade_survives_death
            grenades += tuple(sorted((t.value, *g) for t, g in self.dropped_grenades.items()))
        return (units, slots, tuple(self.points.items()), grenades,
                tuple(sorted(self.kit_timer.items())), self.team.value, self.turn, self.phase.value,
                self.active, self.dice.state)
