"""The immutable half of a game: everything fixed once a scenario and a ruleset are chosen.

Like OpenSpiel's ``Game``: :func:`Game.of` builds it once from a scenario (and,
optionally, a ruleset other than the scenario's own), checking that the two fit
together, and :meth:`Game.new_initial_state` makes as many independent game
states from it as wanted — one per seed, each with its own dice. A game holds the
options (the ruleset's, with the scenario's overrides), the board, sight and
target tables, the unit statistics and one behaviour object per unit kind, and
each team's roster; states only hold what changes during play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.frozendict import FrozenDict
from engine.games.modes import GAMES, ModeRules
from engine.mapmodel import HexMap, Team
from engine.rules.board import Board
from engine.rules.dice import Dice, DiceSpec
from engine.rules.movement import MoveProfile
from engine.rules.sight import Sight
from engine.rules.targets import TargetTables
from engine.ruleset import OptionValue, Ruleset, RulesetError, UnitStats
from engine.scenario import Scenario

if TYPE_CHECKING:
    from engine.games.behaviour import Behaviour
    from engine.games.state import TurnState

__all__ = ["Game", "base_scenario", "new_game", "fielded_kinds", "playing_options", "playing_ruleset", "ruleset_of",
           "side_rules", "uneven_rules"]


def ruleset_of(scenario: Scenario) -> Ruleset:
    """The ruleset ``scenario`` plays by, before its option overrides.

    A loaded scenario carries the ruleset its reference resolved to; one made in
    code without a reference plays its mode's built-in ruleset. Raises
    RulesetError for a scenario that names a ruleset file but was not loaded
    from disk (there is no folder to find the file in).
    """
    if scenario.ruleset is not None:
        return scenario.ruleset
    from engine.formats.errors import LoadError
    from engine.formats.ruleset_file import resolve_ruleset

    ref = scenario.ruleset_ref or GAMES[scenario.mode].ruleset
    try:
        return resolve_ruleset(ref, None, scenario.name)
    except LoadError as e:
        raise RulesetError(str(e.problems[0].message)) from None


def playing_ruleset(scenario: Scenario, ruleset: Ruleset | None = None) -> Ruleset:
    """The ruleset a game of ``scenario`` plays by: ``ruleset`` (default: :func:`ruleset_of`) with the
    scenario's rule overrides applied. Raises RulesetError as :func:`ruleset_of` and for a bad override."""
    base = ruleset if ruleset is not None else ruleset_of(scenario)
    return base.with_overrides(scenario.rules) if scenario.rules else base


def side_rules(options: Mapping[str, OptionValue]) -> tuple[tuple[str, OptionValue, OptionValue], ...]:
    """The rule options each side has its own of (``NAME_red`` beside ``NAME_blu``: Team Play's ``players_red``)
    on which the sides differ in ``options``: (NAME, RED's value, BLU's), by name."""
    out = []
    for key in sorted(options):
        if key.endswith("_red") and (twin := key[:-4] + "_blu") in options and options[key] != options[twin]:
            out.append((key[:-4], options[key], options[twin]))
    return tuple(out)


def playing_options(scenario: Scenario, ruleset: Ruleset | None = None) -> dict[str, OptionValue]:
    """The options a game of ``scenario`` plays by: its mode's defaults, its ruleset's and its rule overrides
    (``ruleset``: that ruleset with its overrides applied, when the caller has it; the defaults and overrides alone
    when it cannot be had: the validator says why)."""
    rules = GAMES[scenario.mode]
    options: dict[str, OptionValue] = dict(rules.state_class.default_options) if rules.playable else {}
    try:
        options.update((ruleset if ruleset is not None else playing_ruleset(scenario)).options)
    except RulesetError:
        options.update(scenario.rules)
    return options


def uneven_rules(scenario: Scenario, ruleset: Ruleset | None = None) -> tuple[tuple[str, OptionValue, OptionValue], ...]:
    """:func:`side_rules` of the options a game of ``scenario`` plays by (:func:`playing_options`)."""
    return side_rules(playing_options(scenario, ruleset))


def fielded_kinds(scenario: Scenario, team: Team, ruleset: Ruleset | None = None) -> tuple[str, ...]:
    """The unit kinds ``team`` fields as set-up deals them, in its listing's order; () when it may field any kind.

    Its starting units, else its roster; in a mode that fills the places its units leave open from its roster
    (:attr:`~engine.games.modes.ModeRules.fills_teams`: Payload Race) those filled too; in a mode where each
    kind is fielded once (:attr:`~engine.games.modes.ModeRules.one_of_each`: Team Play) a side that lists
    none is dealt what the other's units leave of its roster. ``ruleset``: the scenario's with its overrides
    (default :func:`playing_ruleset`, which may raise RulesetError). The validator's HF607 and the balance
    fixer's exchanges read it, so both say what the games play (a new-user audit and a review found each
    reading only the scenario's lists).
    """
    rules, setup, other = GAMES[scenario.mode], scenario.team(team), scenario.team(team.other)
    rs = ruleset if ruleset is not None else playing_ruleset(scenario)
    roster = [k for k in (setup.roster or [k for k, u in rs.units.items() if u.pickable]) if k in rs.units]
    listed = [u.unit for u in setup.starting]
    if rules.fills_teams:
        size = int(rs.options.get("team_size", rules.team_size))
        return tuple(listed + [k for k in roster if k not in listed][: max(0, size - len(listed))])
    if rules.one_of_each and not listed and other.starting:
        taken = {u.unit for u in other.starting}
        return tuple(k for k in roster if k not in taken)
    return tuple(listed) or setup.roster


def base_scenario(value: HexMap | Scenario, path: str | Path | None = None) -> Scenario:
    """The scenario to play or simulate: a scenario as it is, or a default one on a map (units picked
    at set-up), in the first mode the map declares that hexfort plays (else its first mode).

    ``path`` is the map's file; its name becomes the scenario's ``map_ref``.
    """
    if isinstance(value, Scenario):
        return value
    modes = value.meta.modes or tuple(GAMES)
    mode = next((m for m in modes if GAMES[m].playable), modes[0])
    return Scenario(name=value.meta.name, mode=mode, map=value, map_ref=Path(path).name if path else None)


@dataclass(frozen=True, eq=False)
class Game:
    """A scenario bound to its rules: build with :meth:`of`; make states with :meth:`new_initial_state`."""

    rules: ModeRules
    scenario: Scenario
    ruleset: Ruleset
    options: Mapping[str, Any]
    board: Board
    sight: Sight
    targets: TargetTables
    stats: Mapping[str, UnitStats]
    rosters: Mapping[Team, tuple[str, ...]]
    behaviours: Mapping[str, Behaviour] = field(default_factory=dict)
    _profiles: dict[tuple[str, Team | None], MoveProfile] = field(default_factory=dict, repr=False)
    #: tables a mode's rules build from the map and the ruleset on first use and read at every decision
    #: (by the name of the module that owns each): shared by all the game's states, never changed by one
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, scenario: Scenario, ruleset: Ruleset | None = None, rules: ModeRules | None = None) -> Game:
        """The game of ``scenario`` under ``ruleset`` (default: the scenario's own, see :func:`ruleset_of`).

        ``rules`` plays the scenario as another mode than the registered one of
        its :attr:`~engine.scenario.Scenario.mode` (a variant under test, an
        experiment). The scenario's rule overrides are applied to the ruleset. Raises
        :class:`~engine.games.modes.NotPlayableError` for a mode hexfort cannot
        play, and RulesetError when the scenario and the ruleset do not fit
        together (unknown units, a roster the rules forbid, a bad option value).
        """
        rules = rules or GAMES[scenario.mode]
        state_class = rules.state_class
        base = playing_ruleset(scenario, ruleset)
        opts: dict[str, OptionValue] = dict(state_class.default_options)
        opts.update(base.options)
        board = Board.for_map(scenario.map, int(opts.get("low_obstacle_height", 1)))
        sight = Sight.for_board(board, rules.heights_block_sight, opts.get("sight_edge_rule") == "strict")
        stats = FrozenDict({k: base.unit(k) for k in base.units})
        rosters: dict[Team, tuple[str, ...]] = {}
        for team in Team:
            kinds = scenario.team(team).roster or tuple(base.units)
            for k in kinds:
                base.unit(k)  # raises RulesetError naming an unknown kind
            rosters[team] = tuple(k for k in kinds if stats[k].pickable)
        game = cls(rules, scenario, base, FrozenDict(opts), board, sight, TargetTables.for_sight(sight), stats,
                   FrozenDict(rosters))
        object.__setattr__(game, "behaviours", FrozenDict(
            {k: state_class.behaviour_class(st)(game, st) for k, st in stats.items()}))
        state_class.check_game(game)
        return game

    @property
    def dice(self) -> DiceSpec:
        """The accuracy throw of this mode."""
        return self.rules.dice

    @property
    def state_class(self) -> type[TurnState]:
        """The class of this game's states."""
        return self.rules.state_class

    def new_initial_state(self, seed: int | None = None, dice: Dice | None = None,
                          keep_undo: bool = True) -> TurnState:
        """A new game at its start.

        ``dice`` (e.g. :class:`~engine.rules.dice.ScriptedDice` in a test) is used
        as given; otherwise the dice are seeded with ``seed`` (default: the
        scenario's seed). ``keep_undo=False`` skips undo snapshots (faster
        self-play). Raises RulesetError when the set-up cannot be made (too many
        or repeated starting units, a starting hex off the map or taken).
        """
        if dice is None:
            dice = Dice(self.scenario.seed if seed is None else seed)
        return self.state_class(self, dice, keep_undo)

    def profile(self, kind: str, team: Team | None) -> MoveProfile:
        """How a ``kind`` unit of ``team`` (None: of no team) walks (the mode's climbing rule,
        :meth:`ModeRules.move_profile`)."""
        key = (kind, team)
        hit = self._profiles.get(key)
        if hit is None:
            hit = self._profiles[key] = self.rules.move_profile(
                self.stats[kind].specials, team, bool(self.options.get("scout_keeps_height", True)))
        return hit

    def unit(self, kind: str) -> UnitStats:
        """Statistics of ``kind``; raises RulesetError naming the known kinds."""
        hit = self.stats.get(kind)
        return hit if hit is not None else self.ruleset.unit(kind)

    @property
    def team_size(self) -> int:
        """Units a side fields (the ``team_size`` option, else the mode's)."""
        return int(self.options.get("team_size", self.rules.team_size))


def new_game(scenario: Scenario, seed: int | None = None, dice: Dice | None = None, keep_undo: bool = True,
             ruleset: Ruleset | None = None) -> TurnState:
    """``Game.of(scenario, ruleset).new_initial_state(seed, dice, keep_undo)``: one game, when only one is wanted."""
    return Game.of(scenario, ruleset).new_initial_state(seed, dice, keep_undo)
