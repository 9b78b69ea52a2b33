"""The fixer's candidate edits (engine/rebalance/candidates.py), on the small lane maps."""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rebalance.candidates import proposals
from engine.rebalance.changes import MoveFeature
from engine.rebalance.measures import Place
from tests.engine.rebalance.lanes import lane, scenario


def test_kits_move_within_their_side_off_the_favoured_way_and_onto_the_other() -> None:
    """Besides kits taken from the favoured side or given to the other (which tip the count nearer each spawn, so a
    map with no mirror has them refused), a kit moves within its own side: the favoured side's off its shortest
    walk, the other side's onto it — the count stays level."""
    s = scenario(lane((Hex(3, 0),), kits=(Hex(4, 0), Hex(10, 0))))  # RED's kit on its way; BLU's one hex off
    place = Place(s)
    moves = [c for p in proposals(s, Team.RED, None) if p.family == "kits"
             for c in p.changes if isinstance(c, MoveFeature)]
    within = [c for c in moves if place.side(c.src) is place.side(c.dst)]
    assert {place.side(c.src) for c in within} == {Team.RED, Team.BLU}
    red = next(c for c in within if place.side(c.src) is Team.RED)
    blu = next(c for c in within if place.side(c.src) is Team.BLU)
    red_way, blu_way = [Hex(q, 0) for q in range(3, 8)], [Hex(q, 1) for q in range(7, 14)]  # the shortest walks
    assert red.src == Hex(4, 0) and min(red.dst.distance(h) for h in red_way) > 0
    assert blu.src == Hex(10, 0) and blu.dst in blu_way
