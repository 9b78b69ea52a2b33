"""The generic turn machine every game mode is a small variant of.

Shaped like python-chess's ``Board`` and OpenSpiel's ``State``: a
:class:`TurnState` is one mutable game made by
:meth:`~engine.games.game.Game.new_initial_state`. It exposes
:meth:`~TurnState.current_team`, :meth:`~TurnState.legal_actions`,
:meth:`~TurnState.apply`, :meth:`~TurnState.undo`, :meth:`~TurnState.is_terminal`,
:meth:`~TurnState.scores`, :meth:`~TurnState.winner`, :meth:`~TurnState.returns`
and :meth:`~TurnState.clone`. Dice are injected (every throw is recorded in
``state.dice.rolls``), so ``(scenario, seed, actions)`` replays exactly.

What the machine does, and the **named hooks** a mode overrides (each a method
or class attribute documented where it is defined):

- decisions: the ``act`` phase offers the actions of the units that may act now
  (:meth:`actors`), each limited by :meth:`allowed_steps` and
  :attr:`actions_per_turn`; every other decision (set-up, respawn, a sentry's
  target, an answer to an attack, a choice) is a :class:`~engine.games.decisions.Decision`
  in :attr:`queue`, whose head gives the phase, the deciding team, the legal
  actions and what playing one does; :meth:`end_game` ends the game;
- a unit's attacks and specials come from its :class:`~engine.games.behaviour.Behaviour`;
- damage goes through :meth:`hurt` → :meth:`on_damage`, deaths through
  :meth:`on_kill` (both know the source; the kill knows the overkill), and a dead
  unit's slot waits :meth:`respawn_delay` turns;
- a turn ends with :meth:`end_of_turn`, then :meth:`score_turn`, then the win
  test :meth:`is_decided` (and the turn limit), then :meth:`begin_turn` of the
  other team.

Saved state (undo, clone, fingerprint) is a named record: :class:`Saved` holds
what every mode has; a mode subclasses it with its own fields and names the
subclass in :attr:`saved_class`. Capture, restore and fingerprint walk the
record's fields, so a new field is one line in one place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from engine.games.behaviour import Behaviour
from engine.games.decisions import Decision
from engine.games.events import Watched
from engine.games.explained import Explained
from engine.games.phases import IllegalActionError, Phase, Step
from engine.games.saved import Saved
from engine.games.units import Unit, UnitTurn
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.dice import Dice, Roll
from engine.rules.legal import NO_TARGET, Excluding, Group, LegalActions
from engine.rules.movement import MoveProfile
from engine.ruleset import OptionValue, UnitStats

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["IllegalActionError", "Phase", "Saved", "Step", "TurnState"]


# Enum members as module constants: looking a member up on its Enum class costs about
# 0.1 us in Python 3.11, and the hot paths compare phases and verbs at every decision.
_P_ACT, _P_OVER = Phase.ACT, Phase.OVER
_V_MOVE, _V_ATTACK, _V_HEAL, _V_END = Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.END
_S_MOVE, _S_ATTACK, _S_SPECIAL, _S_ALL = Step.MOVE, Step.ATTACK, Step.SPECIAL, Step.ALL
_OTHER: Final = {t: t.other for t in Team}
#: The group of the one action that ends a team's turn (text ``end``).
_TEAM_END: Final[Group] = (_V_END, "", None, NO_TARGET, None, "")
#: What a unit that has not acted this turn has done (shared; read only).
_NOTHING_DONE: Final = UnitTurn()


#: The unit class of a mode (``TurnState[KothUnit]``).
U = TypeVar("U", bound=Unit)


class TurnState(Explained, Watched, Generic[U]):
    """A game in progress (see the module docstring); made by :meth:`Game.new_initial_state`.

    Subclasses set the class attributes below and override the hook methods;
    ``TurnState[U]`` holds units of class ``U``.
    """

    #: hook: the options a mode reads, with the value used when a ruleset lacks them.
    default_options: ClassVar[Mapping[str, OptionValue]] = {}
    #: hook: behaviour classes by the special that selects them (first match in a kind's specials).
    behaviours: ClassVar[Mapping[str, type[Behaviour]]] = {}
    #: hook: the behaviour of kinds none of whose specials is in :attr:`behaviours`.
    default_behaviour: ClassVar[type[Behaviour]] = Behaviour
    #: hook: the record saved for undo and clone (a :class:`Saved` subclass with the mode's fields).
    saved_class: ClassVar[type[Saved]] = Saved
    #: hook: actions a unit takes in one turn before its turn ends by itself.
    actions_per_turn: ClassVar[int] = 2

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def behaviour_class(cls, stats: UnitStats) -> type[Behaviour]:
        """The behaviour of a unit kind: the first of its specials with a registered class, else the default."""
        for s in stats.specials:
            hit = cls.behaviours.get(s)
            if hit is not None:
                return hit
        return cls.default_behaviour

    @classmethod
    def check_game(cls, game: Game) -> None:
        """hook: raise RulesetError if ``game``'s ruleset breaks an invariant of this mode."""

    def __init__(self, game: Game, dice: Dice, keep_undo: bool = True) -> None:
        """Start a game of ``game`` with ``dice`` (prefer :meth:`Game.new_initial_state`).

        Raises RulesetError when the scenario's set-up cannot be made.
        """
        self.game = game
        self.scenario = game.scenario
        self.ruleset = game.ruleset
        self.options = game.options
        self.board = game.board
        self.sight = game.sight
        self.dice = dice
        self.keep_undo = keep_undo
        self._stats = game.stats
        self._beh = game.behaviours
        self._spec = game.rules.dice
        self._turn_limit = int(self.options.get("turn_limit", 0))
        self.units: dict[int, U] = {}
        self.points: dict[Team, int] = {t: 0 for t in Team}
        self.team: Team = self.scenario.first_team
        self.turn = 0
        self.phase = Phase.SPAWN
        self.active = -1
        self.done: dict[int, UnitTurn] = {}
        self.next_uid = 1
        self.history: list[Action] = []
        self.log: list[str] = []
        #: the decisions waiting between actions, the head first (:mod:`engine.games.decisions`)
        self.queue: list[Decision] = []
        self._undo: list[Saved] = []
        self.start()

    # -- hooks: the shape of a turn ------------------------------------------------------------

    def start(self) -> None:
        """hook: set the game up (place units, queue set-up decisions) and run to the first decision."""
        self.phase = _P_ACT

    def actors(self) -> Sequence[U]:
        """hook: the units that may act now (default: every unit of the deciding team)."""
        team = self.team
        return [u for u in self.units.values() if u.team is team and u.cell >= 0]

    def allowed_steps(self, u: U, done: UnitTurn) -> int:
        """hook: which parts of its turn ``u`` may still take, given what it did (``done``): a :class:`Step` mask.

        Default: each part once, in any order, up to :attr:`actions_per_turn`.
        """
        if done.actions >= self.actions_per_turn:
            return Step.NONE
        out = _S_ALL
        if done.moved:
            out &= ~_S_MOVE
        if done.attacked:
            out &= ~_S_ATTACK
        if done.special:
            out &= ~_S_SPECIAL
        return out

    def end_groups(self) -> list[Group]:
        """hook: the actions that end a turn: the acting unit's ``end`` when one unit acts, else the team's."""
        u = self.units.get(self.active)
        if u is None:
            return [_TEAM_END]
        return [(_V_END, u.kind, self.board.hexes[u.cell], NO_TARGET, None, "")]

    def after_action(self, u: U, done: UnitTurn) -> None:
        """hook: after a unit's action (default: its turn ends when it died or used all its actions)."""
        if u.uid not in self.units or done.actions >= self.actions_per_turn:
            self.end_turn()

    def decision_groups(self, phase: Phase) -> list[Group]:
        """hook: the legal actions of a phase other than ``act`` and ``over``."""
        return []

    def decide(self, a: Action) -> None:
        """hook: play an action of a phase other than ``act``."""
        raise IllegalActionError(f"{a} is not legal now ({self.describe_decision()})")

    def begin_turn(self) -> bool:
        """hook: start the deciding team's turn; True when a decision awaits, False if the turn passes."""
        self.done = {}
        self.phase = _P_ACT
        return any(True for _ in self.actors())

    def end_of_turn(self) -> None:
        """hook: what happens at the end of every turn before scoring (burns, timers...)."""

    def score_turn(self) -> None:
        """hook: end-of-turn scoring (default: none)."""

    def is_decided(self) -> bool:
        """hook: the win test, asked after each turn's scoring (default: never)."""
        return False

    def scoring_cells(self, team: Team) -> list[int]:
        """hook: board indices where ``team`` made the points it just gained (an observer's heat map; default none)."""
        return []

    def respawn_delay(self, u: U) -> int:
        """hook: turns before the slot of a unit that just died may field a unit again (default 0)."""
        return 0

    def on_damage(self, target: U, amount: int, source: U | None) -> int:
        """hook: the damage ``target`` really takes from ``amount`` dealt by ``source`` (None: no unit)."""
        return amount

    def on_kill(self, target: U, source: U | None, overkill: int) -> None:
        """hook: after ``target`` died (removed from :attr:`units`); ``overkill`` is the damage beyond 0 health."""

    # -- small queries ------------------------------------------------------------------------

    def stats(self, kind: str) -> UnitStats:
        """Ruleset numbers of a unit kind; raises RulesetError for an unknown kind."""
        return self.game.unit(kind)

    def behaviour(self, kind: str) -> Behaviour:
        """The behaviour of a unit kind; KeyError for a kind the ruleset does not have."""
        return self._beh[kind]

    def max_health(self, kind: str) -> int:
        """Full health of ``kind`` (with passive extra health such as the Heavy's sandwich)."""
        return self.stats(kind).max_health

    def occupant(self, cell: int) -> U | None:
        """The unit on board index ``cell``, or None."""
        for u in self.units.values():
            if u.cell == cell:
                return u
        return None

    def unit_at(self, h: Hex) -> U | None:
        """The unit standing on ``h``, or None (also None off the map)."""
        i = self.board.index.get(h)
        return None if i is None else self.occupant(i)

    def units_on(self, cells: Sequence[int]) -> list[U]:
        """The units on ``cells``, in that order."""
        where = {u.cell: u for u in self.units.values() if u.cell >= 0}
        return [where[c] for c in cells if c in where]

    def units_of(self, team: Team) -> list[U]:
        """``team``'s units on the board, by uid."""
        return [u for u in self.units.values() if u.team is team and u.cell >= 0]

    def active_unit(self) -> U | None:
        """The unit whose turn it is (None when no single unit is acting)."""
        return self.units.get(self.active)

    def done_by(self, u: U) -> UnitTurn:
        """The record of what ``u`` did this turn, to update (created when ``u`` has not acted yet)."""
        rec = self.done.get(u.uid)
        if rec is None:
            rec = self.done[u.uid] = UnitTurn()
        return rec

    def done_of(self, u: U) -> UnitTurn:
        """What ``u`` did this turn, to read only (a shared empty record when nothing; never change it)."""
        return self.done.get(u.uid) or _NOTHING_DONE

    @property
    def has_moved(self) -> bool:
        """Whether the active unit has moved this turn."""
        rec = self.done.get(self.active)
        return rec is not None and rec.moved

    @property
    def has_attacked(self) -> bool:
        """Whether the active unit has attacked this turn."""
        rec = self.done.get(self.active)
        return rec is not None and rec.attacked

    @property
    def first_team(self) -> Team:
        """The team that took the first turn (the scenario's, unless a mode decides otherwise)."""
        return self.scenario.first_team

    def current_team(self) -> Team | None:
        """The team that must decide now, or None when the game is over."""
        return None if self.phase is _P_OVER else self.team

    def is_terminal(self) -> bool:
        """True once the game is over (won, or the turn limit reached)."""
        return self.phase is _P_OVER

    def scores(self) -> dict[Team, int]:
        """Points per team."""
        return dict(self.points)

    def winner(self) -> Team | None:
        """The winning team once the game is over (the higher score), None while playing or for a draw."""
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

    def profile(self, u: U) -> MoveProfile:
        """How ``u`` walks (its mode's climbing rule)."""
        return self.game.profile(u.kind, u.team)

    def line_of_sight(self, a: Hex, b: Hex) -> bool:
        """Whether units standing on ``a`` and ``b`` see each other; KeyError off the map."""
        return self.sight.sees(self.board.idx(a), self.board.idx(b))

    def hit_chance(self, need: int) -> float:
        """Chance that this mode's accuracy throw reaches ``need``."""
        return self._spec.chance_at_least(need)

    def crit_chance(self, need: int) -> float:
        """Chance of a critical accuracy throw that also reaches ``need``."""
        return self._spec.crit_chance_at_least(need)

    def throw(self, purpose: str) -> tuple[int, bool]:
        """Throw the accuracy dice for ``purpose``: (total, crit)."""
        spec = self._spec
        r: Roll = self.dice.roll(spec.count, spec.sides, purpose)
        return r.total, spec.is_crit(r)

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order (empty once the game is over)."""
        return self.legal_actions_view().to_list()

    def legal_actions_view(self) -> LegalActions:
        """The legal actions as a lazy sequence: ``len()`` and ``view[k]`` without building the others.

        ``view[k] == legal_actions()[k]`` for every ``k``. A snapshot of this
        decision: do not use it after the state changes.
        """
        phase = self.phase
        if phase is _P_ACT:
            return LegalActions(self.act_groups())
        if phase is _P_OVER:
            return LegalActions(())
        q = self.queue
        return LegalActions(q[0].groups(self) if q else self.decision_groups(phase))

    def act_groups(self) -> list[Group]:
        """hook: the legal-action groups of the ``act`` phase: each actor's, then the ends of the turn.

        A mode where one known unit acts may override this with a shorter path
        (it is asked at every decision); it must give the same groups.
        """
        groups: list[Group] = []
        for u in self.actors():
            self.add_unit_groups(u, groups)
        groups.extend(self.end_groups())
        return groups

    def unit_groups(self, u: U) -> list[Group]:
        """The actions ``u`` may take now: moves, attacks, specials (by :meth:`allowed_steps`)."""
        groups: list[Group] = []
        self.add_unit_groups(u, groups)
        return groups

    def add_unit_groups(self, u: U, groups: list[Group]) -> None:
        """Append :meth:`unit_groups` of ``u`` to ``groups`` (the hot path of every decision)."""
        done = self.done.get(u.uid) or _NOTHING_DONE
        steps = self.allowed_steps(u, done)
        if not steps:
            return
        beh = self._beh[u.kind]
        if steps & _S_MOVE and beh.mobile:
            hexes = self.board.hexes
            groups.append((_V_MOVE, u.kind, hexes[u.cell], self.move_cells(u), hexes, ""))
        if steps & _S_ATTACK:
            g = beh.attack_group(self, u)
            if g is not None:
                groups.append(g)
        if steps & _S_SPECIAL and beh.has_specials:
            groups.extend(beh.special_groups(self, u, done))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is among :meth:`legal_actions`."""
        return action in self.legal_actions()

    def move_cells(self, u: U) -> Sequence[int]:
        """Where ``u`` may move now, in flood order: the board's static destinations minus occupied hexes.

        Units never block movement here (they pass through one another), so this
        equals a flood with the other units' hexes as ``occupied``.
        """
        beh = self._beh[u.kind]
        table = beh._moves.get(u.team)
        ball = table.get(u.cell) if table is not None else None
        base, where = ball if ball is not None else beh.moves(u.team, u.cell)
        holes = [p for v in self.units.values() if (p := where.get(v.cell)) is not None]
        if not holes:
            return base
        holes.sort()
        return Excluding(base, holes)

    # -- applying actions -------------------------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an Action or its text); raises :class:`IllegalActionError` if not legal.

        Dice are thrown as the action needs; automatic steps that follow run
        before this returns.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        if action not in self.legal_actions():
            reason = self.why_not(action)
            raise IllegalActionError(f"{action} is not legal now: {reason or self.describe_decision()}")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action taken from :meth:`legal_actions` without re-checking it (fast self-play)."""
        if self.keep_undo:
            self._undo.append(self.saved_class.capture(self))
        self.history.append(action)
        if self.phase is _P_ACT:
            self._act(action)
        elif self.queue:
            self.queue.pop(0).decide(self, action)
        else:
            self.decide(action)

    def actor_of(self, a: Action) -> U:
        """hook: the unit that plays unit action ``a`` (default: the one on its actor hex)."""
        assert a.actor is not None
        u = self.occupant(self.board.index[a.actor])
        assert u is not None
        return u

    def _act(self, a: Action) -> None:
        verb = a.verb
        if verb is _V_END:
            self.end_turn()
            return
        u = self.units.get(self.active) if self.active >= 0 else None
        if u is None:
            u = self.actor_of(a)
        done = self.done.get(u.uid)
        if done is None:
            done = self.done[u.uid] = UnitTurn()
        beh = self._beh[u.kind]
        target = a.target
        if verb is _V_MOVE:
            assert target is not None
            self.relocate(u, self.board.index[target])
            done.moved = True
            if beh.reacts_to_moves:
                beh.after_move(self, u)
        elif verb is _V_ATTACK or verb is _V_HEAL:
            assert target is not None
            beh.attack(self, u, self.board.index.get(target, -1), target)
            done.attacked = True
        else:
            beh.special(self, u, a)
            done.special = True
        done.actions += 1
        self.after_action(u, done)

    def relocate(self, u: U, cell: int) -> None:
        """Put ``u`` on board index ``cell`` (a move, a jump); modes add what standing there does."""
        u.cell = cell

    def hurt(self, target: U, amount: int, source: U | None) -> None:
        """Deal ``amount`` damage from ``source`` to ``target`` through :meth:`on_damage`; kill at 0 health."""
        amount = self.on_damage(target, amount, source)
        if amount <= 0:
            return
        target.health -= amount
        if target.health <= 0:
            overkill = -target.health
            self.log.append(f"{target.team.value} {target.kind} dies")
            del self.units[target.uid]
            target.health = 0
            if self.events is not None:  # an observer records deaths (engine.games.events)
                self.note_death(target, source)
            self.on_kill(target, source, overkill)

    # -- the turn cycle --------------------------------------------------------------------------

    def end_turn(self, advance: bool = True) -> None:
        """End the deciding team's turn: end-of-turn effects, scoring, win test, then the other team's turn."""
        self.end_of_turn()
        self.score_turn()
        self.turn += 1
        limit = self._turn_limit
        if self.is_decided() or (limit and self.turn >= limit):
            self.end_game()
            return
        self.team = _OTHER[self.team]
        self.active = -1
        if advance:
            self.advance()

    def end_game(self) -> None:
        """hook: the game is over (won, or out of turns): no decision waits any more."""
        self.phase = _P_OVER
        self.active = -1
        self.queue.clear()

    def advance(self) -> None:
        """Begin turns until one needs a decision (a turn nobody can act in passes)."""
        while self.phase is not _P_OVER:
            if self.begin_turn():
                return
            self.end_turn(advance=False)

    # -- undo and clone -------------------------------------------------------------------------

    def undo(self) -> Action:
        """Take back the last action (dice included) and return it; IndexError if none."""
        if not self._undo:
            raise IndexError("nothing to undo")
        action = self.history[-1]
        self._undo.pop().restore(self)
        return action

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has something to take back."""
        return bool(self._undo)

    def clone(self, keep_undo: bool | None = None, dice: Dice | None = None) -> TurnState:
        """An independent copy in the same position, dice included (undo history is not copied).

        ``keep_undo`` says whether the copy saves undo snapshots (default: as this
        state does); a search that plays thousands of throw-away moves on copies
        passes False. ``dice`` gives the copy its own dice instead of a copy of
        these (a search's play-outs must not foresee the real game's throws).
        """
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.events = None  # a copy is not the watched game
        if keep_undo is not None:
            other.keep_undo = keep_undo
        snap = self.saved_class.capture(self)
        other._undo = []
        other.history = list(self.history)
        other.log = list(self.log)
        other.dice = self.dice.copy()
        snap.restore(other)
        if dice is not None:
            other.dice = dice
        return other

    def fingerprint(self) -> tuple[Any, ...]:
        """A hashable summary of everything that decides the future (for replay and undo checks)."""
        return self.saved_class.capture(self).key()
