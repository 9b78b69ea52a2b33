"""Small maps for the balance fixer's tests: a two-row lane with the point in the middle, made unfair on purpose."""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap, MapMeta, Mode, Team
from engine.scenario import Scenario

LENGTH = 15


def lane(extra_red: tuple[Hex, ...] = (), kits: tuple[Hex, ...] = ()) -> HexMap:
    """Two rows of 15 hexes, the point (height 2) in the middle with height 1 on either side, RED's three
    spawn hexes at the west end and BLU's at the east (a 180° turn about the middle swaps them);
    ``extra_red`` hexes join RED's zone (one hex two steps nearer the point makes an almost symmetric,
    unfair map)."""
    mid = LENGTH // 2
    cells = {Hex(q, r): Cell(2 if q == mid else 1 if abs(q - mid) == 1 else 0) for q in range(LENGTH) for r in range(2)}
    red = [Hex(0, 0), Hex(0, 1), Hex(1, 0)]
    blu = [Hex(LENGTH - 1 - h.q, 1 - h.r) for h in red]
    return HexMap.create(MapMeta("Lane"), cells, {Team.RED: red + list(extra_red), Team.BLU: blu}, kits=kits,
                         control_points=[[Hex(mid, 0), Hex(mid, 1)]])


def scenario(m: HexMap, name: str = "Lane") -> Scenario:
    """King of the Board on ``m``, as ``hexfort`` plays a map file named lane.map.json."""
    return Scenario(name, Mode.KOTH, m, map_ref="lane.map.json")


#: The lane with RED's extra spawn hex two steps nearer the point (RED wins ~57% with two heuristic players).
UNFAIR = scenario(lane((Hex(3, 0),)))
FAIR = scenario(lane())
