"""King of the Board for the conformance suite (tests/engine/games/test_conformance.py): small maps, the
bundled scenarios, and what must hold after every action.

After every action: at most one sentry per side; nobody in the enemy spawn base; a
low obstacle holds only a Scout (or a Soldier who rocket-jumped there); burn,
UberCharge and charge markers within their bounds; no side past the points to win;
a carried sentry is the only unit off the board.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from engine.formats import load_scenario
from engine.mapmodel import Team
from engine.scenario import Scenario
from engine.textmap import scenario_from_text

MAPS = {
    "small": """
0.R 0.R 0.  0.  0.  1.  0.  0.  0.  0.
0.R 0.R 0.  0#  0.  1.  0o  0.  0.  0.
0.R 0.  0.  1.  2.C 2.C 1.  0.  0.B 0.B
0.  0.  0o  1.  2.C 2.C 1.  0.  0.B 0.B
0.  0.  0.  0.  1.  0#  0.+ 0.  0.B 0.B
""",
    "tall": """
0.R 0.R 0.  1.  1.  1.  0.  0.
0.R 0.  0o  1.  2.  1.  0#  0.
0.  0.  0#  2.C 2.C 0#  0.  0.
0.  0#  1.  2.C 2.C 1.  0o  0.
0.  0.+ 1.  1.  2.  1.  0.B 0.B
0.  0.  0.  0.  0.  0.  0.B 0.B
""",
    # bases too small for a side (two usable hexes, one a low obstacle): slots must wait, never stall
    "cramped": """
0.R 0oR 0#R 0.  1.  0.  0.
0.  0.  0.  2.C 2.C 0.  0.
0.  0.  1.  0.  0#B 0oB 0.B
""",
}
REPO = Path(__file__).resolve().parents[4]


def scenarios() -> list[Scenario]:
    """Small maps whose games end in a few hundred decisions (units picked at set-up)."""
    return [scenario_from_text(text) for text in MAPS.values()]


def bundled() -> list[Scenario]:
    """The bundled King of the Board scenarios."""
    return [load_scenario(p) for p in sorted((REPO / "maps").glob("koth_*.scenario.json"))]


def shorten(s: Scenario) -> Scenario:
    """``s`` with fewer points to win, for the suite's bundled-map games."""
    return dataclasses.replace(s, rules={**s.rules, "points_to_win": 4})


def snapshot(state: Any) -> dict[str, Any]:
    return {}


def check(state: Any, before: dict[str, Any]) -> None:
    """King of the Board's invariants of any reachable position (see the module docstring)."""
    b = state.board
    for u in state.units.values():
        assert 0 <= u.burn <= 2 and u.uber >= 0 and 0 <= u.charge <= 3, u
        if u.cell >= 0:
            assert not b.in_enemy_spawn(u.cell, u.team), f"{u.kind} inside the enemy base"
            assert not b.low[u.cell] or u.kind in ("scout", "soldier"), f"{u.kind} on a low obstacle"
        else:
            assert u.carried and u.kind == "sentry"
    for t in Team:
        assert sum(1 for u in state.units.values() if u.team is t and u.kind == "sentry") <= 1
        assert state.points[t] <= int(state.options["points_to_win"])
