"""The scenario model: a map, a mode, both teams' set-up, rule overrides and a seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.frozendict import FrozenDict
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Mode, Team, Terrain
from engine.ruleset import OptionValue, Ruleset

__all__ = ["Scenario", "TeamSetup", "UnitStart", "start_refusals"]


@dataclass(frozen=True, slots=True)
class UnitStart:
    """A unit a team starts with; ``hex`` None means "anywhere in the spawn zone".

    ``health`` None means full health (set it for "play from here" situations);
    ``weapon`` names the weapon card it carries (Payload Race), None to choose at set-up.
    """

    unit: str
    hex: Hex | None = None
    health: int | None = None
    weapon: str | None = None

    def health_below(self, full: int | None) -> int | None:
        """The health it starts with when that is below ``full`` (its kind's full health), else None: a health
        written out at or above full is full health (HF607 and "even by construction" read it alike). With ``full``
        None (unknown) the health as written."""
        if full is None or self.health is None:
            return self.health
        return self.health if self.health < full else None


def start_refusals(m: HexMap, team: Team, kind: str, h: Hex) -> tuple[str, ...]:
    """Why ``team``'s ``kind`` may not start on ``h``, each reason a phrase that follows the unit's name
    (``cannot stand on the wall at 1,0``); empty when it may. The validator's HF602 and the editor's Starting units
    tool both ask here (a review found the tool's own copy of the rules). A hex off the map is the loader's to refuse,
    and a hex another unit holds the caller's: neither is said here."""
    cell = m.cells.get(h)
    if cell is None:
        return ()
    out = []
    if cell.terrain is Terrain.WALL or cell.terrain is Terrain.LOW and kind != "scout":  # only the Scout stands on one
        out.append(f"cannot stand on the {cell.terrain.value.replace('_', ' ')} at {h}")
    if m.spawn_team(h) is team.other:
        out.append(f"cannot start inside {team.other.value}'s spawn zone at {h}: enemies may never enter a spawn base")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TeamSetup:
    """One team's roster (unit kinds it may field; empty = all) and starting units.

    The order of ``starting`` is the blueprint order (the order units take turns).
    """

    roster: tuple[str, ...] = ()
    starting: tuple[UnitStart, ...] = ()

    def kinds(self) -> tuple[str, ...]:
        """The unit kinds this team fields, sorted: its starting units', else its roster (empty: any kind)."""
        return tuple(sorted(u.unit for u in self.starting) or sorted(self.roster))


@dataclass(frozen=True)
class Scenario:
    """Everything needed to start a game: map, mode, ruleset, teams, first team, seed.

    ``map_ref`` is the map file's path relative to the scenario file, or None when
    the map is embedded; ``map`` is always the resolved map. ``ruleset_ref`` is
    ``builtin:<name>`` or a path relative to the scenario file, None for the
    mode's built-in ruleset; ``ruleset`` is the ruleset it resolved to when the
    scenario was loaded (None for scenarios made in code: the mode's built-in one
    is used, see :func:`engine.games.game.ruleset_of`). Equality compares the
    reference, not the resolved ruleset (which depends on where the file was read).
    """

    name: str
    mode: Mode
    map: HexMap
    map_ref: str | None = None
    description: str = ""
    ruleset_ref: str | None = None
    ruleset: Ruleset | None = None
    rules: Mapping[str, OptionValue] = field(default_factory=lambda: FrozenDict({}))
    teams: Mapping[Team, TeamSetup] = field(default_factory=lambda: FrozenDict({}))
    first_team: Team = Team.RED
    seed: int = 0

    def __post_init__(self) -> None:
        # Any mapping the caller passes becomes a FrozenDict: read-only, and picklable so
        # scenarios can go to worker processes (a MappingProxyType cannot).
        object.__setattr__(self, "rules", FrozenDict(self.rules))
        object.__setattr__(self, "teams", FrozenDict(self.teams))

    def team(self, team: Team) -> TeamSetup:
        """The set-up of ``team`` (an empty one if the file names none)."""
        return self.teams.get(team, TeamSetup())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scenario):
            return NotImplemented
        return (
            self.name == other.name
            and self.mode == other.mode
            and self.map == other.map
            and self.map_ref == other.map_ref
            and self.description == other.description
            and self.ruleset_ref == other.ruleset_ref
            and dict(self.rules) == dict(other.rules)
            and dict(self.teams) == dict(other.teams)
            and self.first_team == other.first_team
            and self.seed == other.seed
        )

    __hash__ = None  # type: ignore[assignment]
