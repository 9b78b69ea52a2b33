"""Tag for the conformance suite (tests/engine/games/test_conformance.py): two small maps with beacons,
and what must hold after every action: two runners a side, always on the board; beacons score at most one
point each a turn, tags one each."""

from __future__ import annotations

from typing import Any

from engine.mapmodel import Team
from engine.scenario import Scenario
from engine.textmap import map_from_text
from tests.toymode.rules import TAG

MAPS = (
    ("""
modes: tag
0.R 0.R 0.  0.  0.  0.
0.R 0.  0.  0#  0.  0.B
0.  0.  0.  0.  0.B 0.B
""", ["2,1", "3,0"]),
    ("""
modes: tag
0.R 0.  1.  1.  0.  0.B
0.R 0#  2.  1.  0#  0.B
0.R 0.  1.  1.  0.  0.B
""", ["2,1"]),
)


def scenarios() -> list[Scenario]:
    """Two small Tag maps (beacons on the map feature the mode registered)."""
    return [Scenario("tag test", TAG, map_from_text(text, beacons=beacons)) for text, beacons in MAPS]


def bundled() -> list[Scenario]:
    """Tag ships no maps."""
    return []


def snapshot(state: Any) -> dict[str, Any]:
    return {"points": dict(state.points), "beacons": len(state.beacons)}


def check(state: Any, before: dict[str, Any]) -> None:
    """Tag's invariants (see the module docstring)."""
    for t in Team:
        assert len(state.units_of(t)) == 2, "a runner left the board"
        assert 0 <= state.points[t] - before["points"][t] <= before["beacons"] + 1
