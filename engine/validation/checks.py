"""``check_map``: every rules-aware check on a map, as a list of problems.

This is the one entry point the editor's live problems dock and the command
line share. Importing this module registers all checks.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.mapmodel import HexMap, Mode, Team
from engine.ruleset import Ruleset
from engine.validation import (  # noqa: F401 - importing registers the checks
    fairness,
    payload_fairness,
    reachability,
    sightlines,
    structure,
    symmetry,
    teamplay_fairness,
)
from engine.validation.problem import Problem
from engine.validation.registry import CHECKS, CheckContext, run_checks

__all__ = ["CHECKS", "check_map"]


def check_map(m: HexMap, mode: Mode | None = None, ruleset: Ruleset | None = None,
              rosters: Mapping[Team, tuple[str, ...]] | None = None) -> list[Problem]:
    """All problems of ``m`` for ``mode`` (default: every mode the map is made for).

    Unit numbers (ranges, jump reach, speeds) come from ``ruleset`` when given
    (a scenario's own, for its one ``mode``), else from each mode's built-in ruleset.
    ``rosters`` are a scenario's unit kinds per team (an empty one: every kind),
    for the measures that compare what the teams field.

    Pure and Qt-free; never raises for a bad map (a crashing check is reported as
    an ``HF999`` problem). Sorted by severity, code and hex.
    """
    ctx = CheckContext(m, (mode,) if mode is not None else (), ruleset=ruleset, rosters=dict(rosters or {}))
    return run_checks(ctx)
