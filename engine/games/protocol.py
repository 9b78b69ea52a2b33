"""What the rest of hexfort may rely on in a game state, whatever the mode.

AI players, replays, simulations and the playtest are typed to :class:`GameState`,
never to a mode's state class, so a new mode plugs in without touching them.
Every state made by :meth:`engine.games.game.Game.new_initial_state` satisfies it
(:class:`engine.games.state.TurnState` implements it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.board import Board
from engine.rules.dice import Dice
from engine.rules.sight import Sight
from engine.ruleset import Ruleset, UnitStats
from engine.scenario import Scenario

if TYPE_CHECKING:
    from engine.games.behaviour import AttackOption, Behaviour
    from engine.games.events import GameEvent
    from engine.games.game import Game
    from engine.games.phases import Phase
    from engine.games.units import Unit

__all__ = ["GameState", "Player", "narrow"]

S = TypeVar("S")


class GameState(Protocol):
    """A game in progress (OpenSpiel's State): decisions, actions, undo, clone, result, and UI queries."""

    game: Game
    scenario: Scenario
    ruleset: Ruleset
    options: Mapping[str, Any]
    board: Board
    sight: Sight
    dice: Dice
    phase: Phase
    team: Team
    turn: int
    points: dict[Team, int]
    history: list[Action]
    log: list[str]
    events: list[GameEvent] | None

    @property
    def units(self) -> Mapping[int, Unit]: ...

    # -- the decision loop
    @property
    def first_team(self) -> Team: ...
    def current_team(self) -> Team | None: ...
    def legal_actions(self) -> list[Action]: ...
    def legal_actions_view(self) -> Sequence[Action]: ...
    def is_legal(self, action: Action) -> bool: ...
    def apply(self, action: Action | str) -> None: ...
    def apply_unchecked(self, action: Action) -> None: ...
    def undo(self) -> Action: ...
    def can_undo(self) -> bool: ...
    def clone(self, keep_undo: bool | None = None, dice: Dice | None = None) -> GameState: ...
    def is_terminal(self) -> bool: ...
    def scores(self) -> dict[Team, int]: ...
    def scoring_cells(self, team: Team) -> list[int]: ...
    def winner(self) -> Team | None: ...
    def returns(self) -> dict[Team, float]: ...
    def fingerprint(self) -> tuple[Any, ...]: ...
    def watch(self) -> list[GameEvent]: ...

    # -- what the UI and the AI ask
    def describe_decision(self) -> str: ...
    def why_not(self, action: Action) -> str: ...
    def step_reason(self, action: Action) -> str: ...
    def stats(self, kind: str) -> UnitStats: ...
    def max_health(self, kind: str) -> int: ...
    def unit_at(self, h: Hex) -> Unit | None: ...
    def units_of(self, team: Team) -> list[Any]: ...
    def active_unit(self) -> Any: ...
    def behaviour(self, kind: str) -> Behaviour[Any, Any]: ...
    @property
    def has_attacked(self) -> bool: ...
    @property
    def has_moved(self) -> bool: ...
    def move_paths(self, h: Hex | None = None) -> dict[Hex, list[Hex]]: ...
    def attack_options(self, h: Hex | None = None) -> list[AttackOption]: ...
    def attack_area(self, action: Action) -> dict[Hex, int]: ...
    def hit_chance(self, need: int) -> float: ...
    def line_of_sight(self, a: Hex, b: Hex) -> bool: ...


class Player(Protocol):
    """Anything that picks a legal action for the side to move."""

    name: str

    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``."""
        ...


def narrow(state: GameState, cls: type[S], what: str) -> S:
    """``state`` as the state class ``cls`` of one mode, for code written for that mode only.

    Raises TypeError saying that ``what`` (e.g. "'Play from here'") needs a
    ``cls`` game and which mode ``state`` plays, instead of failing later on a
    missing attribute.
    """
    if not isinstance(state, cls):
        raise TypeError(f"{what} works on {cls.__name__} games only; this game is "
                        f"{state.game.rules.name} ({type(state).__name__})")
    return state
