"""Scenario checks (HF6xx): starting units that the map or the rules cannot hold."""

from __future__ import annotations

from engine.formats.ruleset_file import builtin_ruleset
from engine.mapmodel import Team, Terrain
from engine.scenario import Scenario
from engine.validation.problem import Problem, Severity

__all__ = ["check_scenario_setup"]


def check_scenario_setup(s: Scenario) -> list[Problem]:
    """Problems with where and how many units each team starts (never raises)."""
    out: list[Problem] = []
    m = s.map
    team_size = int(builtin_ruleset().options.get("team_size", 3))
    taken: dict = {}
    for team in Team:
        setup = s.team(team)
        if len(setup.starting) > team_size:
            out.append(Problem(
                "HF603", Severity.WARNING,
                f"{team.value} starts with {len(setup.starting)} units; the rules field {team_size}",
                where=f"$.teams.{team.value}.units",
            ))
        for i, u in enumerate(setup.starting):
            h = u.hex
            if h is None:
                continue
            where = f"$.teams.{team.value}.units[{i}].hex"
            cell = m.cells.get(h)
            if cell is None:
                continue  # the loader refuses this
            if cell.terrain is Terrain.WALL or cell.terrain is Terrain.LOW and u.unit != "scout":
                out.append(Problem(
                    "HF602", Severity.ERROR,
                    f"{team.value}'s {u.unit} starts on a {cell.terrain.value.replace('_', ' ')} at {h}, "
                    "where it cannot stand; move it",
                    (h,), where,
                ))
            if m.spawn_team(h) is team.other:
                out.append(Problem(
                    "HF602", Severity.ERROR,
                    f"{team.value}'s {u.unit} starts inside the {team.other.value} spawn at {h}; "
                    "enemies may never enter a spawn base",
                    (h,), where,
                ))
            elif m.spawn_team(h) is not team:
                out.append(Problem(
                    "HF601", Severity.INFO,
                    f"{team.value}'s {u.unit} starts outside its spawn base at {h} "
                    "(fine for a 'play from here' situation)",
                    (h,), where,
                ))
            if h in taken:
                out.append(Problem(
                    "HF602", Severity.ERROR,
                    f"{team.value}'s {u.unit} starts on {h}, already taken by {taken[h]}; one unit per hex",
                    (h,), where,
                ))
            taken[h] = f"{team.value}'s {u.unit}"
    return out
