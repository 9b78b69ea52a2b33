"""The fixer's measures read the validator's typed measures (``engine.validation.measures``) and give the same
figures the fixer computed itself before: spawn zone sizes and the kit split, on every bundled map and every
campaign case."""

from __future__ import annotations

import math

import pytest

from engine.formats import load_map
from engine.games.game import base_scenario
from engine.mapmodel import Team
from engine.rebalance.measures import figures, walk
from engine.rules.board import Board
from engine.scenario import Scenario
from tests.playing import bench_module

with bench_module("rebalance_cases") as _cases:
    CASES = _cases.CASES
    FAIR = _cases.FAIR
    MAPS = _cases.MAPS

SCENARIOS = [(n, base_scenario(load_map(MAPS / f"{n}.map.json"), MAPS / f"{n}.map.json")) for n in FAIR]
SCENARIOS += [(f"{c.source}:{c.name}", c.build()) for c in CASES]


def own_count(s: Scenario) -> tuple[dict[Team, int], dict[Team, int]]:
    """Spawn hexes and kits nearer each side as the fixer counted them itself (its spawn flood, every zone hex)."""
    m = s.map
    board = Board.for_map(m)
    reach = {t: walk(board, s.mode, t) for t in Team}
    kits = {t: 0 for t in Team}
    for k in m.kits:
        d = {t: reach[t].distance(k) for t in Team}
        if d[Team.RED] != d[Team.BLU]:
            kits[min(Team, key=lambda t: math.inf if d[t] is None else d[t])] += 1  # type: ignore[arg-type,return-value]
    return {t: len(m.spawns.get(t, ())) for t in Team}, kits


@pytest.mark.parametrize("name, scenario", SCENARIOS, ids=[n for n, _ in SCENARIOS])
def test_the_validators_measures_give_the_figures_the_fixer_counted(name: str, scenario: Scenario) -> None:
    f = figures(scenario)
    spawn, kits = own_count(scenario)
    assert f.spawn == spawn and f.kits == kits
