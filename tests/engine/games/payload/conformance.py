"""Payload Race for the conformance suite (tests/engine/games/test_conformance.py): small maps with short
tracks, the bundled scenarios, and what must hold after every action.

After every action: no token on a wall, a cart or in the enemy spawn; each carries one
of its class's weapon cards; each cart on its own track, only forward and at most one
hex an action; each team's score is its cart's progress.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from engine.formats import load_scenario
from engine.mapmodel import Team
from engine.scenario import Scenario, TeamSetup
from tests.engine.games.payload.conftest import BLU_TRACK, RED_TRACK, STRIP, payload_scenario

PLAZA = """
0.R 0.R 0.  0#  0.  1.  0.  0.B
0.R 0.  0a  1.  1.  1.  0.  0.B
0.R 0.  0.  0.  0#  0.  0.  0.B
0.R 0.R 0.  1.  1.  0d  0.  0.B
"""
REPO = Path(__file__).resolve().parents[4]


def scenarios() -> list[Scenario]:
    """Two small maps with short tracks, sides of two and of three tokens, a d8 roll-off, 14 turns at most."""
    out = []
    for text, red_track, blu_track in ((STRIP, RED_TRACK[:4], BLU_TRACK[:4]),
                                       (PLAZA, [(1, 1), (2, 2), (3, 2), (3, 3)], [(6, 2), (5, 1), (4, 1), (4, 0)])):
        for red, blu in ((("heavy", "scout"), ("soldier", "medic")),
                         (("pyro", "demoman", "medic"), ("heavy", "soldier", "scout"))):
            s = payload_scenario(text, [], [], red_track=red_track, blu_track=blu_track, team_size=len(red),
                                 turn_limit=14, roll_for_first=True)
            out.append(dataclasses.replace(s, teams={Team.RED: TeamSetup(red), Team.BLU: TeamSetup(blu)}))
    return out


def bundled() -> list[Scenario]:
    """The bundled Payload Race scenarios."""
    return [load_scenario(p) for p in sorted((REPO / "maps").glob("payload_*.scenario.json"))]


def shorten(s: Scenario) -> Scenario:
    """``s`` with a nearer turn limit, for the suite's bundled-map games."""
    return dataclasses.replace(s, rules={**s.rules, "turn_limit": 12})


def snapshot(state: Any) -> dict[str, Any]:
    return {"carts": dict(state.carts)}


def check(state: Any, before: dict[str, Any]) -> None:
    """Payload Race's invariants of any reachable position (see the module docstring)."""
    b = state.board
    cart_cells = {state.cart_cell(t) for t in Team}
    for u in state.units.values():
        assert not b.wall[u.cell] and u.cell not in cart_cells, f"{u.kind} on a wall or a cart"
        assert not b.in_enemy_spawn(u.cell, u.team), f"{u.kind} inside the enemy spawn"
        assert u.weapon in state.stats(u.kind).weapons
    for t in Team:
        assert 0 <= state.carts[t] < len(state.tracks[t]), "a cart off its track"
        assert 0 <= state.carts[t] - before["carts"][t] <= 1, "a cart went back, or more than one hex"
        assert state.points[t] == state.carts[t]
