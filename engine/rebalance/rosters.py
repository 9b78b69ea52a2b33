"""What the sides field, as the fixer's one scenario edit: a unit kind of RED's exchanged for one of BLU's.

On a map where no team has a place of its own (Team Play: both sides spawn at
the same spawnpoints, and a batch alternates the starting team) the games can
favour a side only through what it fields: a scenario's fixed rosters. No map
edit aims at that — measured on Arena, each single edit the fixer offers moved
an even split by −1 to +5 points, while the ten splits of the six characters run
from 3% to 61% for the side with Sprog (docs/balance.md, "What it tries",
**Rosters**). So on such a scenario the fixer also offers the edit a
designer would make: exchange one character of each side's. An exchange touches
no hex; the scenario written out carries the new rosters.

In the other modes a scenario's units are the designer's intent (an attacking
side, a handicap) and the map is what the fixer edits, so exchanges are offered
only where :func:`rosters_only` holds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.games.game import fielded_kinds
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from engine.rebalance.changes import Change, Proposal, Wording
from engine.rebalance.mirror import Mirror
from engine.ruleset import RulesetError
from engine.scenario import Scenario, TeamSetup

__all__ = ["ExchangeUnits", "exchanges", "fielded", "rosters_only"]


def fielded(scenario: Scenario, team: Team) -> tuple[str, ...]:
    """The unit kinds ``team`` fields as set-up deals them (:func:`~engine.games.game.fielded_kinds`; empty:
    ``("any",)``): a Team Play side that lists none is dealt the rest (a review found "BLU: any" and no exchange
    offered there)."""
    try:
        return fielded_kinds(scenario, team) or ("any",)
    except RulesetError:
        return tuple(u.unit for u in scenario.team(team).starting) or scenario.team(team).roster or ("any",)


def rosters_only(scenario: Scenario) -> bool:
    """Whether ``scenario``'s sides differ only by what they field: a mode whose teams have no place of their own
    on the map (Team Play: both spawn at the same spawnpoints) and sides fielding different units — an imbalance
    no map edit aims at (module docstring)."""
    red, blu = scenario.team(Team.RED), scenario.team(Team.BLU)
    return not GAMES[scenario.mode].spawn_zones and red.kinds() != blu.kinds()


def _swap(setup: TeamSetup, out: str, into: str) -> TeamSetup:
    """``setup`` with its first ``out`` unit (starting units and roster) fielding ``into`` instead; a starting
    unit keeps its hex and health and chooses its weapon afresh."""
    starting = list(setup.starting)
    k = next((i for i, u in enumerate(starting) if u.unit == out), None)
    if k is not None:
        starting[k] = replace(starting[k], unit=into, weapon=None)
    roster = tuple(into if r == out else r for r in setup.roster)
    return TeamSetup(roster, tuple(starting))


@dataclass(frozen=True)
class ExchangeUnits(Change):
    """RED's ``red`` and BLU's ``blu`` change sides (``red_name`` and ``blu_name`` are their names in words)."""

    red: str
    blu: str
    red_name: str = ""
    blu_name: str = ""
    kind = "roster"

    def apply(self, m: HexMap) -> HexMap:
        return m  # the map is as it was: the exchange is the scenario's (apply_to)

    def apply_to(self, s: Scenario) -> Scenario:
        r, b = s.team(Team.RED), s.team(Team.BLU)
        if self.red not in fielded(s, Team.RED) or self.blu not in fielded(s, Team.BLU):
            raise ValueError(f"RED no longer fields {self.red} or BLU {self.blu}")
        teams = {**s.teams, Team.RED: _swap(r, self.red, self.blu), Team.BLU: _swap(b, self.blu, self.red)}
        return replace(s, teams=teams)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return ()

    def words(self, w: Wording) -> str:
        a, b = self.red_name or self.red, self.blu_name or self.blu
        return f"exchange RED's {a} for BLU's {b} (RED fields {b}, BLU {a})"

    def mirrored(self, mirror: Mirror) -> Change | None:
        return self  # the same exchange seen from the other side

    def facts(self) -> dict[str, Any]:
        return {"units": {"RED": self.red, "BLU": self.blu}}


def exchanges(scenario: Scenario, names: dict[str, str]) -> list[Proposal]:
    """Every exchange of one kind RED fields for one BLU fields (kinds that differ), when :func:`rosters_only`
    holds; ``names`` gives a kind's name in words. The games decide which way helps."""
    if not rosters_only(scenario):
        return []
    red, blu = (fielded(scenario, t) for t in (Team.RED, Team.BLU))
    if "any" in red or "any" in blu:
        return []
    out = []
    for a in dict.fromkeys(red):
        for b in dict.fromkeys(blu):
            if a != b:
                change = ExchangeUnits(a, b, names.get(a, a), names.get(b, b))
                out.append(Proposal((change,), "the sides differ only by what they field", "rosters"))
    return out
