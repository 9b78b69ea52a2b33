"""The scenario part of a document: everything of a scenario except its map."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from engine.mapmodel import HexMap, Mode, Team, default_modes
from engine.ruleset import OptionValue, Ruleset
from engine.scenario import Scenario, TeamSetup

__all__ = ["ScenarioSetup"]


@dataclass(frozen=True)
class ScenarioSetup:
    """Everything of a scenario except its map (which the document holds)."""

    name: str = "Untitled scenario"
    mode: Mode = field(default_factory=lambda: default_modes()[0])
    description: str = ""
    ruleset_ref: str | None = None
    rules: Mapping[str, OptionValue] = field(default_factory=lambda: MappingProxyType({}))
    teams: Mapping[Team, TeamSetup] = field(default_factory=lambda: MappingProxyType({}))
    first_team: Team = Team.RED
    seed: int = 0
    map_ref: str | None = None
    #: the ruleset ``ruleset_ref`` resolved to when the scenario was loaded (None: the mode's built-in one)
    ruleset: Ruleset | None = None

    @classmethod
    def of(cls, s: Scenario) -> ScenarioSetup:
        """The set-up part of a loaded scenario."""
        return cls(
            s.name, s.mode, s.description, s.ruleset_ref, s.rules, s.teams, s.first_team, s.seed, s.map_ref,
            s.ruleset,
        )

    def scenario(self, m: HexMap) -> Scenario:
        """A full scenario on map ``m``."""
        return Scenario(
            name=self.name,
            mode=self.mode,
            map=m,
            map_ref=self.map_ref,
            description=self.description,
            ruleset_ref=self.ruleset_ref,
            ruleset=self.ruleset,
            rules=MappingProxyType(dict(self.rules)),
            teams=MappingProxyType(dict(self.teams)),
            first_team=self.first_team,
            seed=self.seed,
        )

    def with_team(self, team: Team, setup: TeamSetup) -> ScenarioSetup:
        """A copy with one team's set-up replaced."""
        teams = dict(self.teams)
        teams[team] = setup
        return replace(self, teams=MappingProxyType(teams))
