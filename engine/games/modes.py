"""The registry of game modes: what each mode's rules are, and whether hexfort can play it.

:data:`GAMES` maps each :class:`~engine.mapmodel.Mode` to its :class:`ModeRules`.
Each mode package registers its own record when it is imported
(:func:`register`, at the end of ``engine/games/<mode>/__init__.py``, the way
OpenSpiel registers a game at the end of its file); the installed packages are
imported on the first question (:mod:`engine.installed_modes`). Everything that
differs between modes and is asked about outside the rules engine — the
validator's climbing and sight rules, team sizes, display names, which modes the
playtest and ``simulate`` accept, which ruleset is built in, the mode's verbs,
map features and validator checks — is read from here; nothing outside a mode
package names a mode.

A mode's state class, races and checks are named by import path and loaded on
first use, so the validator and the editor can ask about a mode without importing
its engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from engine import installed_modes
from engine.frozendict import FrozenDict
from engine.mapmodel import Mode, Team
from engine.rules.dice import DiceSpec
from engine.rules.movement import Climb, MoveProfile

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.goals import RacePlan
    from engine.games.state import TurnState
    from engine.ruleset import Ruleset

__all__ = ["GAMES", "ModeParts", "ModeRules", "NotPlayableError", "game_rules", "modes_for_features", "playable_modes",
           "plays_with", "register"]

P = TypeVar("P")


class NotPlayableError(ValueError):
    """The mode exists but hexfort cannot play it (yet); the message says which modes it plays."""


@dataclass(frozen=True)
class ModeRules:
    """The facts of one game mode.

    - ``name``: what players call it; ``rulebook``: the seed file it implements;
    - ``team_size``: units (characters, tokens) a side fields;
    - ``climb``: how walking gains height; ``free_climbers``: specials whose
      holders walk by King of the Board's one-level rule instead (002: the Scout);
    - ``heights_block_sight``: whether higher ground blocks shooters at equal height;
    - ``dice``: the accuracy throw; ``ruleset``: the reference of its own ruleset, ``builtin:<name>``
      or a file's path (:meth:`builtin_ruleset` loads it);
    - ``state``: ``"module:Class"`` of its game state, empty while not playable;
    - ``spawn_zones``: whether teams start in painted spawn zones (Team Play uses
      coloured spawnpoints instead);
    - ``unit_words``: what the reports call one of its pieces and several (``("character", "characters")``
      in Team Play, whose reports said "units" where its rulebook and playtest say characters);
    - ``uses_kits``: whether its units heal at first-aid kits (a core map feature that only some modes
      play with; the validator's HF113 names kits on a map none of whose modes uses them);
    - ``pickups``: whether its units take pickups (first-aid kits, ammo tiles, weapons from racks), which the
      reports count and map (Payload Race has none: its report showed an empty "Where pickups are taken");
    - ``rules_version``: the version of hexfort's implementation of the mode's rules, which
      replays record; raise it when a change to the engine makes recorded games play
      differently, so such a replay says so instead of failing on an illegal action.
    - ``goals``: ``"module:function"`` of its races for the balance report
      (:meth:`race_plan`), empty for a mode without;
    - ``verbs``: the verbs the mode defines beyond the core ones (its specials and choices);
    - ``features``: the map features it plays on beyond the core ones (:mod:`engine.mapfeatures`);
      a map with one of them was most likely made for this mode;
    - ``checks``: the module of its validator checks (importing it registers them), empty for none;
    - ``ai``: the module of its AI (importing it registers the heuristic's scorer, the search's evaluation
      and settings: :mod:`engine.ai.modes`), empty for none;
    - ``rebalance``: the module of its part of the balance fixer (importing it registers where the sides
      race to, the mode's own measures and edits: :mod:`engine.rebalance.modes`), empty for none;
    - ``game_costs``: what one watched game of the mode costs with two players of a kind (``random``,
      ``heuristic``, ``search``), in millions of iterations of bench/_common.py's reference loop; the
      default budget of ``--games auto`` is made from them (a player not listed counts 1.0); bench/game_costs.py
      measures them and says which have gone stale;
    - ``change_games``: the games per map version ``--compare`` plays at least by default with two heuristic
      players (as a budget, what they cost: fewer with costlier players), for a mode whose smallest known
      one-turn change needs more games than the default budget buys; 0 for none;
    - ``chance_first``: the ruleset option that makes the first team a throw of the dice (empty: the
      scenario's first team), and ``chance_words`` how the rulebook throws it;
    - ``fills_teams``: a team's places its scenario leaves open are filled at set-up from its roster, in roster
      order (Payload Race's six tokens), so a side listing three units still fields six kinds;
    - ``one_of_each``: every unit kind is fielded by one side at most (Team Play's six characters), so a side
      listing its kinds leaves the other the rest, and sides that list theirs always differ;
    - ``listed_turns``: a team's units take their turns one at a time in the order its scenario lists them (King of
      the Board's blueprint), so sides listing the same units in other orders do not take the same turns (HF404);
    - ``kill_credit``: which unit the mode credits with a kill, in words (the balance report's "Which picks win").
    """

    mode: Mode
    name: str
    rulebook: str
    team_size: int
    climb: Climb
    heights_block_sight: bool
    dice: DiceSpec
    ruleset: str
    state: str = ""
    free_climbers: frozenset[str] = frozenset()
    options: Mapping[str, Any] = field(default_factory=lambda: FrozenDict({}))
    spawn_zones: bool = True
    uses_kits: bool = False
    unit_words: tuple[str, str] = ("unit", "units")
    pickups: bool = False
    rules_version: int = 1
    goals: str = ""
    verbs: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    checks: str = ""
    ai: str = ""
    rebalance: str = ""
    game_costs: Mapping[str, float] = field(default_factory=lambda: FrozenDict({}))
    change_games: int = 0
    chance_first: str = ""
    chance_words: str = ""
    fills_teams: bool = False
    one_of_each: bool = False
    listed_turns: bool = False
    kill_credit: str = "the unit whose damage killed"

    @property
    def playable(self) -> bool:
        """Whether hexfort can play this mode."""
        return bool(self.state)

    @property
    def state_class(self) -> type[TurnState]:
        """The mode's game-state class; raises :class:`NotPlayableError` for a mode hexfort cannot play."""
        if not self.state:
            raise NotPlayableError(
                f"playing {self.name} is not available yet (hexfort plays {', '.join(playable_names())})")
        module, _, cls = self.state.partition(":")
        return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]

    def race_plan(self, game: Game) -> RacePlan | None:
        """What the sides race to on ``game``'s map (:mod:`engine.games.goals`); None for a mode without races."""
        if not self.goals:
            return None
        module, _, name = self.goals.partition(":")
        return getattr(importlib.import_module(module), name)(game)  # type: ignore[no-any-return]

    def builtin_ruleset(self) -> Ruleset:
        """The mode's own ruleset (``ruleset``: ``builtin:<name>`` for one hexfort ships, else the path of the
        file a mode outside the engine brings), loaded once; LoadError when it cannot be loaded."""
        from engine.formats.ruleset_file import BUILTIN_PREFIX, builtin_ruleset, ruleset_file

        if self.ruleset.startswith(BUILTIN_PREFIX):
            return builtin_ruleset(self.ruleset.removeprefix(BUILTIN_PREFIX))
        return ruleset_file(self.ruleset)

    def move_profile(self, specials: tuple[str, ...] | frozenset[str], team: Team | None,
                     keep_height: bool = True) -> MoveProfile:
        """How a unit with ``specials`` of ``team`` walks in this mode (the one place the climb rule lives).

        The Scout's double jump (001/002 "Units", "Moving examples") lets him onto
        low obstacles and, with ``keep_height``, keeps the height he reached;
        in a stairs-only mode it also frees him to climb one level per step.
        """
        scout = "double_jump" in specials
        climb = Climb.ONE_LEVEL if (scout or self.free_climbers.intersection(specials)) else self.climb
        return MoveProfile(climb, over_low=scout, keep_height=scout and keep_height, team=team)


class _Registry(Mapping[Mode, ModeRules]):
    """The registered modes by :class:`Mode`, in install order; asking loads the installed mode packages."""

    def __init__(self) -> None:
        self._rules: dict[Mode, ModeRules] = {}

    def __getitem__(self, mode: Mode) -> ModeRules:
        hit = self._rules.get(mode)
        if hit is None:
            installed_modes.load()
            hit = self._rules.get(Mode(mode))
        if hit is None:
            raise KeyError(f"no rules are registered for the mode {mode!r}")
        return hit

    def __iter__(self) -> Iterator[Mode]:
        installed_modes.load()
        return iter(sorted(self._rules, key=lambda m: m._rank))  # the order the packages are installed in

    def __len__(self) -> int:
        installed_modes.load()
        return len(self._rules)

    def add(self, rules: ModeRules) -> None:
        """Register ``rules`` (a mode registered twice must be registered the same)."""
        had = self._rules.get(rules.mode)
        if had is not None and had != rules:
            raise ValueError(f"the mode {rules.mode.value!r} is registered twice, differently")
        self._rules[rules.mode] = rules


#: Every registered mode's rules (filled by the mode packages, :func:`register`).
GAMES: Final = _Registry()


def register(rules: ModeRules) -> ModeRules:
    """Register a mode's rules (a mode package calls this when imported); returns ``rules``."""
    GAMES.add(rules)
    return rules


class ModeParts(Generic[P]):
    """Each mode's part of a layer above the games (its AI, its balance fixes), registered by the mode's own
    module, which the :class:`ModeRules` field ``field`` names and the first question imports.

    ``parts.register(mode, part)`` is called by that module; ``parts.of(mode)`` gives the part, or
    ``empty`` for a mode whose rules name no such module (or whose module registers none).
    """

    def __init__(self, field: str, empty: P) -> None:
        self.field = field
        self.empty = empty
        self._parts: dict[Mode, P] = {}

    def register(self, mode: Mode, part: P) -> P:
        """Register ``mode``'s part; returns it."""
        self._parts[mode] = part
        return part

    def of(self, mode: Mode) -> P:
        """``mode``'s part, importing the module its rules name on the first question."""
        hit = self._parts.get(mode)
        if hit is None:
            rules = GAMES.get(mode)
            module = getattr(rules, self.field) if rules is not None else ""
            if module:
                importlib.import_module(module)
            hit = self._parts.setdefault(mode, self.empty)
        return hit


def game_rules(mode: Mode) -> ModeRules:
    """The rules record of ``mode``."""
    return GAMES[mode]


def playable_modes() -> tuple[Mode, ...]:
    """The modes hexfort can play, in registry order."""
    return tuple(m for m, r in GAMES.items() if r.playable)


def plays_with(rules: ModeRules, feature: str) -> bool:
    """Whether ``rules``' game plays with the map feature ``feature``: ``"spawns"`` (team spawn zones), ``"kits"``,
    ``"control_points"`` or a registered feature's key (``"tracks"``...). The one answer the validator's HF113, the
    editor's feature tools and its overlays ask."""
    if feature == "spawns":
        return rules.spawn_zones
    if feature == "kits":
        return rules.uses_kits
    return feature in rules.features


def modes_for_features(present: set[str]) -> tuple[Mode, ...]:
    """What a map with the features ``present`` (their file names: ``"tracks"``...) was most likely made
    for: the registered mode sharing the most features with it (the first installed among equals), else
    the first installed mode."""
    best = max(GAMES.values(), key=lambda r: len(present.intersection(r.features)), default=None)
    if best is None or not present.intersection(best.features):
        return (next(iter(GAMES)),)
    return (best.mode,)


def playable_names() -> list[str]:
    """Display names of the playable modes."""
    return [GAMES[m].name for m in playable_modes()]
