"""``check_map``: every rules-aware check on a map, as a list of problems.

This is the one entry point the editor's live problems dock and the command
line share. Importing this module registers all checks: the validator's own and
each registered mode's (its :attr:`~engine.games.modes.ModeRules.checks` module).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from engine.games.modes import GAMES
from engine.mapmodel import HexMap, Mode, Team
from engine.ruleset import Ruleset
from engine.validation import (  # noqa: F401 - importing registers the checks
    fairness,
    reachability,
    sightlines,
    structure,
    symmetry,
)
from engine.validation.problem import Problem
from engine.validation.registry import CHECKS, CheckContext, run_checks

__all__ = ["CHECKS", "check_map", "load_mode_checks"]


def load_mode_checks() -> None:
    """Import every registered mode's checks module (each registers its checks once; a mode installed later,
    such as a test's, is picked up on the next call)."""
    for rules in GAMES.values():
        if rules.checks:
            importlib.import_module(rules.checks)


load_mode_checks()


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
    load_mode_checks()
    ctx = CheckContext(m, (mode,) if mode is not None else (), ruleset=ruleset, rosters=dict(rosters or {}))
    return run_checks(ctx)
