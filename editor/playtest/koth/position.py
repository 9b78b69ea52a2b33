""""Play from here": a designer-made position turned into a game (Qt-free).

A list of :class:`Placement` values (team, unit kind, hex, health, markers)
becomes a :class:`~engine.scenario.Scenario` whose teams start exactly there, in
list order (which is each team's blueprint order). Health goes into the scenario;
burn, uber and scope markers have no place in a scenario file, so
:func:`apply_markers` sets them on the started game (such games cannot be saved
as replays that reproduce; :func:`has_markers` tells the UI to say so).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from engine.games.game import ruleset_of as rules_of
from engine.games.koth.state import KothState
from engine.games.protocol import GameState, narrow
from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain
from engine.scenario import Scenario, TeamSetup, UnitStart

__all__ = ["Placement", "apply_markers", "has_markers", "placement_problems", "placements_of",
           "position_scenario"]


@dataclass(frozen=True)
class Placement:
    """One unit of a set-up position; ``health`` None means full health."""

    team: Team
    kind: str
    hex: Hex
    health: int | None = None
    burn: int = 0
    uber: int = 0
    scope: int = 0


def has_markers(placements: list[Placement]) -> bool:
    """Whether any placement sets markers a replay file cannot record."""
    return any(p.burn or p.uber or p.scope for p in placements)


def placement_problems(base: Scenario, placements: list[Placement]) -> list[str]:
    """Plain reasons the position cannot be played (empty when it can)."""
    rules = rules_of(base)
    m = base.map
    out: list[str] = []
    seen: dict[Hex, Placement] = {}
    for p in placements:
        if p.kind not in rules.units or not rules.units[p.kind].pickable:
            out.append(f"{p.team.value} {p.kind}: not a unit a team can field")
            continue
        cell = m.cells.get(p.hex)
        if cell is None:
            out.append(f"{p.team.value} {p.kind}: {p.hex} is off the map")
        elif cell.terrain is Terrain.WALL:
            out.append(f"{p.team.value} {p.kind}: {p.hex} is a wall")
        elif p.hex in seen:
            out.append(f"{p.team.value} {p.kind}: {p.hex} already holds the {seen[p.hex].team.value} {seen[p.hex].kind}")
        elif m.spawn_team(p.hex) is p.team.other:
            out.append(f"{p.team.value} {p.kind}: {p.hex} is in {p.team.other.value}'s spawn base")
        seen.setdefault(p.hex, p)
        full = rules.units[p.kind].max_health
        if p.health is not None and not 1 <= p.health <= full:
            out.append(f"{p.team.value} {p.kind}: health must be 1..{full}")
    for team in Team:
        kinds = [p.kind for p in placements if p.team is team]
        if len(set(kinds)) != len(kinds):
            out.append(f"{team.value} fields the same unit twice; each unit tile is unique")
        if not kinds:
            out.append(f"{team.value} has no unit; put at least one on the board")
    return out


def position_scenario(base: Scenario, placements: list[Placement], seed: int | None = None) -> Scenario:
    """``base`` with each team starting as placed; the team size becomes the larger side's count.

    The caller checks :func:`placement_problems` first; the engine raises
    RulesetError for positions it refuses.
    """
    teams: dict[Team, TeamSetup] = {}
    for team in Team:
        starts = tuple(UnitStart(p.kind, p.hex, p.health) for p in placements if p.team is team)
        teams[team] = TeamSetup(base.team(team).roster, starts)
    size = max(1, *(len(t.starting) for t in teams.values()))
    rules = dict(base.rules)
    rules["team_size"] = size
    return replace(base, teams=MappingProxyType(teams), rules=MappingProxyType(rules),
                   seed=base.seed if seed is None else seed)


def apply_markers(state: GameState, placements: list[Placement]) -> None:
    """Set burn, uber and scope markers of the placed units on a freshly started King of the Board game
    (placements come only from one: "Play from here" is offered for King of the Board)."""
    for p in placements:
        u: Any = state.unit_at(p.hex)
        if u is None or u.team is not p.team or u.kind != p.kind:
            continue
        u.burn, u.uber, u.scope = p.burn, p.uber, p.scope


def placements_of(game: GameState) -> list[Placement]:
    """The units of a game in progress as placements (to set up "from here" the current position).

    Raises TypeError for a game of another mode than King of the Board (the only
    one whose presenter offers "Play from here").
    """
    state = narrow(game, KothState, "'Play from here'")
    out = []
    for team in Team:
        for s in state.slots.get(team, []):
            u = state.units.get(s.uid) if s.uid >= 0 else None
            if u is not None and u.cell >= 0:
                full = state.max_health(u.kind)
                out.append(Placement(team, u.kind, state.board.hexes[u.cell],
                                     None if u.health >= full else u.health, u.burn, u.uber, u.scope))
    return out

