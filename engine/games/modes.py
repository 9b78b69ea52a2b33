"""The one list of game modes: what each mode's rules are, and whether hexfort can play it.

:data:`GAMES` maps each :class:`~engine.mapmodel.Mode` to its :class:`ModeRules`.
Everything that differs between modes and is asked about outside the rules
engine — the validator's climbing and sight rules, team sizes, display names,
which modes the playtest and ``simulate`` accept, which ruleset is built in —
is read from here; no other module lists modes.

A mode's state class is named by import path and loaded on first use, so the
validator and the editor can ask about a mode without importing its engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from engine.frozendict import FrozenDict
from engine.mapmodel import Mode, Team
from engine.rules.dice import TWO_D6, Crit, DiceSpec
from engine.rules.movement import Climb, MoveProfile

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.goals import RacePlan
    from engine.games.state import TurnState
    from engine.ruleset import Ruleset

__all__ = ["GAMES", "ModeRules", "NotPlayableError", "game_rules", "playable_modes"]


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
    - ``dice``: the accuracy throw; ``ruleset``: the reference of its built-in ruleset
      (:meth:`builtin_ruleset` loads it);
    - ``state``: ``"module:Class"`` of its game state, empty while not playable;
    - ``spawn_zones``: whether teams start in painted spawn zones (Team Play uses
      coloured spawnpoints instead);
    - ``rules_version``: the version of hexfort's implementation of the mode's rules, which
      replays record; raise it when a change to the engine makes recorded games play
      differently, so such a replay says so instead of failing on an illegal action.
    - ``goals``: ``"module:function"`` of its races for the balance report
      (:meth:`race_plan`), empty for a mode without.
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
    rules_version: int = 1
    goals: str = ""

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
        """The mode's built-in ruleset (``ruleset``), loaded once; LoadError if hexfort does not ship it."""
        from engine.formats.ruleset_file import BUILTIN_PREFIX, builtin_ruleset

        return builtin_ruleset(self.ruleset.removeprefix(BUILTIN_PREFIX))

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


GAMES: Final[Mapping[Mode, ModeRules]] = FrozenDict({
    Mode.KOTH: ModeRules(
        Mode.KOTH, "King of the Board", "001", team_size=3, climb=Climb.ONE_LEVEL,
        heights_block_sight=True, dice=TWO_D6, ruleset="builtin:koth",
        state="engine.games.koth.state:KothState", goals="engine.games.koth.goals:race_plan",
    ),
    Mode.PAYLOAD: ModeRules(
        Mode.PAYLOAD, "Payload Race", "002", team_size=6, climb=Climb.STAIRS_ONLY,
        heights_block_sight=False, dice=DiceSpec(1, 8, Crit.NONE), ruleset="builtin:payload",
        state="engine.games.payload.state:PayloadState", free_climbers=frozenset({"double_jump"}),
        goals="engine.games.payload.goals:race_plan",
    ),
    Mode.TEAM_PLAY: ModeRules(
        Mode.TEAM_PLAY, "Team Play", "003", team_size=3, climb=Climb.ONE_LEVEL,
        heights_block_sight=True, dice=DiceSpec(1, 6, Crit.NONE), ruleset="builtin:teamplay",
        state="engine.games.teamplay.state:TeamPlayState", spawn_zones=False,
        goals="engine.games.teamplay.goals:race_plan",
    ),
})


def game_rules(mode: Mode) -> ModeRules:
    """The rules record of ``mode``."""
    return GAMES[mode]


def playable_modes() -> tuple[Mode, ...]:
    """The modes hexfort can play, in registry order."""
    return tuple(m for m, r in GAMES.items() if r.playable)


def playable_names() -> list[str]:
    """Display names of the playable modes."""
    return [GAMES[m].name for m in playable_modes()]
