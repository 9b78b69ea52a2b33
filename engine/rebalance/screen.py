"""Which candidate maps may be offered at all: valid, no new warning, as symmetric as before.

The real validator decides (:func:`engine.validation.runner.scenario_problems`:
every map check in the scenario's mode with its ruleset, and playability). A
candidate is refused when it has an error, a warning the original did not have,
or less symmetry: a map with an exact team symmetry must keep it, an almost
symmetric one (:func:`~engine.rebalance.mirror.team_mirror`) may not break
more hexes than before; a map with neither has no symmetry to keep.

A warning counts as the same when its code and the first side it names ("RED"
or "BLU", if any) match one of the original's: a turn gap that shrinks from two
turns to one is the same warning; one that flips to the other side is new.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.rebalance.mirror import team_fit, team_mirror
from engine.scenario import Scenario
from engine.validation.problem import Problem, Severity
from engine.validation.runner import scenario_problems

__all__ = ["FAIRNESS", "NotValid", "Screen", "open_fairness_warnings", "warning_key"]

_SIDE = re.compile(r"\b(RED|BLU)\b")
#: The code prefix of the validator's fairness checks (turns, kits, sightlines, spawn sizes, ground by the objective).
FAIRNESS = "HF3"
#: The validator's "almost symmetric" warning: named beside the fairness warnings on a map called already fair.
ALMOST_SYMMETRIC = "HF402"


class NotValid(ValueError):
    """The map to rebalance has errors; the message lists them (with hexes) and says to fix them first."""


def warning_key(p: Problem) -> tuple[str, str]:
    """(code, first side named or "") — what makes two warnings the same (see the module docstring). A symmetry
    warning (HF4xx) names no side: HF402 spells out a slip's hexes with the spawn each is nearer, which says where
    the slip is, not whom it favours."""
    if p.code.startswith("HF4"):
        return p.code, ""
    found = _SIDE.search(p.message)
    return p.code, found.group(1) if found else ""


def _errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity is Severity.ERROR]


@dataclass
class Screen:
    """The original's warnings and symmetry, against which candidates are screened."""

    warnings: Counter[tuple[str, str]]
    exact: bool
    breaking: int | None
    #: The hexes the original's warnings name (HF315 names the extra spawn hex): where a designer looks first.
    named: frozenset[Hex] = frozenset()
    #: The original's warnings in words: a refusal quotes a new one, not one the map already had.
    said: frozenset[str] = frozenset()

    @classmethod
    def of(cls, scenario: Scenario) -> Screen:
        """Screen for ``scenario``; raises NotValid when it has errors."""
        problems = scenario_problems(scenario)
        errors = _errors(problems)
        if errors:
            listed = "; ".join(str(p) for p in errors[:5])  # the validator's own line
            raise NotValid(f"it has {len(errors)} validator error{'s' if len(errors) != 1 else ''}: {listed}; "
                           "fix them first (hexfort validate lists them all; hexfort fix repairs the safe ones)")
        mirror = team_mirror(scenario.map)
        warnings = [p for p in problems if p.severity is Severity.WARNING]
        return cls(Counter(warning_key(p) for p in warnings), mirror is not None and mirror.exact,
                   None if mirror is None else len(mirror.breaking), frozenset(h for p in warnings for h in p.hexes),
                   frozenset(p.message for p in warnings))

    def refuse(self, scenario: Scenario) -> str | None:
        """Why ``scenario`` may not be offered (in words), or None when it may."""
        return self.judge(scenario)[0]

    def judge(self, scenario: Scenario) -> tuple[str | None, frozenset[str]]:
        """(:meth:`refuse`'s answer, the sides — ``"RED"``, ``"BLU"`` — that new warnings name when new
        fairness warnings (:data:`FAIRNESS`) are the only objection; empty otherwise)."""
        problems = scenario_problems(scenario)
        errors = _errors(problems)
        if errors:
            return f"{errors[0].code}: {errors[0].message}", frozenset()
        symmetry = None
        if self.exact or self.breaking is not None:
            fit = team_fit(scenario.map)
            if self.exact and (fit is None or not fit.exact):
                symmetry = "breaks the map's symmetry"
            elif self.breaking is not None and (fit is None or len(fit.mismatches) > self.breaking):
                symmetry = "breaks more of the map's symmetry"
        now = Counter(warning_key(p) for p in problems if p.severity is Severity.WARNING)
        new = [key for key, n in now.items() if n > self.warnings.get(key, 0)]
        if new:
            # the one of that kind the map did not have (an audit saw a refusal quote the original's own HF324)
            alike = [p for p in problems if p.severity is Severity.WARNING and warning_key(p) == new[0]]
            p = next((p for p in alike if p.message not in self.said), alike[0])
            # cover by the objective can level a fairness check (HF3xx), never a structural warning (a hex beside
            # a track out of reach, stairs onto a wall): only those name sides worth a compensated edit
            fairness = all(code.startswith(FAIRNESS) for code, _ in new)
            sides = frozenset(side for _, side in new if side) if fairness and not symmetry else frozenset()
            return f"new warning {p.code}: {p.message}", sides
        return symmetry, frozenset()


def open_fairness_warnings(scenario: Scenario) -> list[str]:
    """A note naming the validator's fairness warnings (HF3xx), and HF402 (almost symmetric: which hexes break the
    mirror), on a map its games showed fair, or none: the two answers to "is my map fair?" must not seem to
    contradict each other (new-user audits, sessions 9 and 11)."""
    warned = [p for p in scenario_problems(scenario) if p.severity is Severity.WARNING and
              (p.code.startswith(FAIRNESS) or p.code == ALMOST_SYMMETRIC)]
    if not warned:
        return []
    listed = "; ".join(f"{p.code} {p.message}" for p in warned[:3]) + ("; …" if len(warned) > 3 else "")
    if not GAMES[scenario.mode].spawn_zones:  # Team Play: both teams spawn at the same spawnpoints (an audit)
        return [f"the validator warns about the spawnpoints ({listed}): both teams share them, so they favour a "
                "spawnpoint colour, not a team, and no games between the teams can show it; the fixer balances the "
                "teams and leaves these to you (hexfort validate lists them, with the hexes)"]
    return [f"the validator still warns of a difference between the sides ({listed}): with these players the games "
            "show no side favoured, so nothing was changed; players who make more of what it measures may feel it "
            "(hexfort validate lists it, with the hexes)"]
