"""One behaviour object per unit kind: what a unit of that kind may do, with what odds, and why not.

A game builds one :class:`Behaviour` per unit kind of its ruleset
(:meth:`~engine.games.state.TurnState.behaviour_class` picks the class from the
kind's specials). Behaviours hold no game state — they are handed the state —
so every state of a game shares them. The state's generic turn machine asks a
behaviour for a unit's attack and special actions (as legal-action groups, see
:mod:`engine.rules.legal`), resolves them through it, and asks it why an action
is not legal; the UI and the AI read a unit's options (odds, damage, area) from
it through the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from engine.games.units import Unit, UnitTurn
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group
from engine.rules.targets import Cells
from engine.ruleset import UnitStats

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.state import TurnState

#: The state and unit classes of the mode a behaviour belongs to.
StateT = TypeVar("StateT", bound="TurnState")
UnitT = TypeVar("UnitT", bound=Unit)

__all__ = ["AttackOption", "Behaviour"]


@dataclass(frozen=True, slots=True)
class AttackOption:
    """An attack the UI can offer: the action, its odds and what it would do.

    ``hit_chance`` and ``crit_chance`` are probabilities (crit implies hit; for a
    unit that rolls several times they are per roll, and ``rolls`` says how
    many); ``rolled`` is False when no dice are thrown (then the chance is 1);
    ``damage`` is the damage to the aimed-at unit on a normal hit (negative =
    healing); ``area`` maps each hex the attack would reach to the damage dealt
    there on a normal hit; ``need`` is the total the throw must reach (None when
    nothing is thrown), what the action log shows beside the dice.
    """

    action: Action
    hit_chance: float
    crit_chance: float
    damage: int
    area: Mapping[Hex, int] = field(default_factory=dict)
    rolls: int = 1
    rolled: bool = True
    need: int | None = None


class Behaviour(Generic[StateT, UnitT]):
    """The rules of one unit kind in one game (see the module docstring).

    The defaults describe a unit that only moves: no attack, no specials.
    ``game`` and ``stats`` are the game and the kind's ruleset numbers. A mode's
    behaviours are ``Behaviour[ItsState, ItsUnit]``.
    """

    #: the ruleset parameters (``params``) this behaviour reads; a kind without one is refused when the game is made
    needs: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game, stats: UnitStats) -> None:
        for name in self.needs:
            stats.param(name)  # a ruleset without it is refused now, naming unit and parameter, not mid-game
        self.game = game
        self.stats = stats
        self.kind = stats.kind
        #: whether units of this kind ever move (sentries do not)
        self.mobile = stats.mobile
        #: whether this class has specials or reacts to moving (the turn machine skips the calls otherwise)
        self.has_specials = type(self).special_groups is not Behaviour.special_groups
        self.reacts_to_moves = type(self).after_move is not Behaviour.after_move
        self.acts_at_turn_end = type(self).end_of_own_turn is not Behaviour.end_of_own_turn
        self._moves: dict[Team, dict[int, Cells]] = {}
        self._steps: dict[Team, dict[int, tuple[int, ...]]] = {}

    def moves(self, team: Team, cell: int) -> Cells:
        """Where a unit of this kind and ``team`` on ``cell`` could move if no unit stood anywhere.

        The game's cached destinations (:meth:`TargetTables.moves`) under the
        mode's climbing rule for this kind, with each one's position.
        """
        table = self._moves.get(team)
        if table is None:
            profile = self.game.profile(self.kind, team)
            table = self._moves[team] = self.game.targets.move_table(profile, self.stats.speed)
        hit = table.get(cell)
        if hit is None:
            hit = self.game.targets.moves(self.game.profile(self.kind, team), self.stats.speed, cell)
        return hit

    def move_steps(self, team: Team, cell: int) -> tuple[int, ...]:
        """The steps to each of :meth:`moves`' hexes, in the same order (:meth:`TargetTables.move_steps`)."""
        table = self._steps.get(team)
        if table is None:
            table = self._steps[team] = {}
        hit = table.get(cell)
        if hit is None:
            hit = table[cell] = self.game.targets.move_steps(self.game.profile(self.kind, team), self.stats.speed, cell)
        return hit

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}>"

    # -- what the unit may do --------------------------------------------------------------

    def attack_group(self, state: StateT, u: UnitT) -> Group | None:
        """The unit's attacks (or heals) from where it stands, as one legal-action group; None if none."""
        return None

    def special_groups(self, state: StateT, u: UnitT, done: UnitTurn) -> list[Group]:
        """The special actions the unit may take now (``done``: what it did this turn)."""
        return []

    def attack_options(self, state: StateT, u: UnitT, with_area: bool = True) -> list[AttackOption]:
        """The unit's attacks with their odds, damage and area (for the UI and the AI)."""
        return []

    # -- doing it -----------------------------------------------------------------------

    def attack(self, state: StateT, u: UnitT, cell: int, aim: Hex) -> None:
        """Resolve an attack (or heal) at board index ``cell`` (-1 off the board; ``aim`` is its hex)."""
        raise NotImplementedError(f"the {self.stats.name} has no attack")

    def special(self, state: StateT, u: UnitT, action: Action) -> None:
        """Resolve a special action."""
        raise NotImplementedError(f"the {self.stats.name} has no special {action.verb.value!r}")

    def after_move(self, state: StateT, u: UnitT) -> None:
        """Called after the unit moved (e.g. the Sniper loses his scope)."""

    def end_of_own_turn(self, state: StateT, u: UnitT, done: UnitTurn) -> None:
        """Called at the end of the unit's own turn while it lives (e.g. the Medic's charge fades)."""

    # -- explaining it ----------------------------------------------------------------------

    def why_not(self, state: StateT, u: UnitT, action: Action) -> str:
        """Plain words on why ``action`` by ``u`` is not legal (the state has ruled out turn-order reasons)."""
        if action.verb in (Verb.ATTACK, Verb.HEAL):
            return f"the {self.stats.name} has no attack"
        return f"the {self.stats.name} cannot {action.verb.value.replace('_', ' ')}"

    def tip(self, verb: Verb) -> str:
        """What a special does, in our words, with this ruleset's numbers (a button's tooltip)."""
        return verb.value.replace("_", " ").capitalize()

