"""King of the Board's part of the balance fixer (:mod:`engine.rebalance.modes`; ``ModeRules.rebalance``).

The sides race to the control point; the mode's own measure is how many hexes
each side can see the point from (the validator's exposure,
:func:`.map_checks.exposure_counts`), and its own edits are the **cover** by the
point: a low obstacle beside it on the other side's half, or a hex raised there;
the favoured side's cover cleared; and, on a map with no mirror, when the favoured side reaches more
ground hidden from the point first (the validator's :func:`.map_measures.point_ground`,
HF317), the walls and low obstacles by the point that hide it opened. This module sits at the rebalance layer
(pyproject's layers contract); nothing in :mod:`engine.games` imports it.
"""

from __future__ import annotations

from engine.games.game import playing_ruleset
from engine.games.koth import KOTH
from engine.games.koth.map_checks import exposure_counts
from engine.games.koth.map_measures import point_ground
from engine.games.modes import GAMES
from engine.hexgrid import Hex, hexes_within
from engine.mapmodel import Cell, Team, Terrain
from engine.rebalance.candidates import free_hex
from engine.rebalance.changes import Proposal, SetGround
from engine.rebalance.measures import Place
from engine.rebalance.mirror import team_mirror
from engine.rebalance.modes import ModeFixes, register_fixes
from engine.rules.board import Board
from engine.rules.movement import Reach
from engine.rules.sight import Sight
from engine.scenario import Scenario
from engine.validation.registry import CheckContext

__all__ = ["FIXES"]


def point_hexes(scenario: Scenario) -> tuple[Hex, ...] | None:
    """The (first) control point's hexes a unit can stand on; None for a map without one."""
    m = scenario.map
    if not m.control_points:
        return None
    return tuple(sorted(h for h in m.control_points[0] if m.cells[h].terrain is not Terrain.WALL))


def exposure(scenario: Scenario, board: Board, reach: dict[Team, Reach]) -> dict[str, dict[Team, int]]:
    """Per team, the hexes it walks to from which it sees the control point."""
    m = scenario.map
    if not m.control_points:
        return {}
    cp = [board.index[h] for h in m.control_points[0] if not board.wall[board.index[h]]]
    if not cp:
        return {}
    sight = Sight.for_board(board, GAMES[scenario.mode].heights_block_sight)
    return {"exposure": exposure_counts(sight, {t: reach[t].indices() for t in Team}, cp)}


def cover(scenario: Scenario, fav: Team, place: Place) -> list[Proposal]:
    """Cover by the point for the other side, the favoured side's cleared (see the module docstring)."""
    m = scenario.map
    if not m.control_points:
        return []
    dis = fav.other
    ring = sorted({h for g in place.goal_hexes for h in hexes_within(g, 2) if h in m.cells and h not in place.goal_hexes},
                  key=lambda h: (place.goal_distance(h), h))
    out = []
    theirs = [h for h in ring if place.side(h) is dis and free_hex(m, h)]
    for h in theirs[:2]:
        c = m.cells[h]
        out.append(Proposal((SetGround(h, c, Cell(c.height, Terrain.LOW)),), f"cover for {dis.value} by the point",
                            "cover"))
        if c.height < 2:
            out.append(Proposal((SetGround(h, c, Cell(c.height + 1)),), f"higher ground for {dis.value} by the point",
                                "cover"))
    for h in (h for h in ring if place.side(h) is fav and m.cells[h].terrain is Terrain.LOW):
        c = m.cells[h]
        out.append(Proposal((SetGround(h, c, Cell(c.height)),), f"{fav.value} loses cover by the point", "cover"))
        break
    return out + unhide(scenario, fav)


def unhide(scenario: Scenario, fav: Team) -> list[Proposal]:
    """Walls and low obstacles within two hexes of the point and beside ground only ``fav`` reaches first out
    of the point's sight, opened (nearest the point first) — when ``fav`` reaches more such ground than the
    other side: the validator's remedy for HF317. Only on a map with no team mirror (on a mirrored one the
    pair of openings would open both sides' ground alike; the symmetry repairs address the difference)."""
    m = scenario.map
    if team_mirror(m) is not None:
        return []
    ground = point_ground(CheckContext(m, (scenario.mode,), ruleset=playing_ruleset(scenario)))
    if ground is None or len(ground.hidden[fav]) <= len(ground.hidden[fav.other]):
        return []
    hidden = set(ground.hidden[fav])
    blocks = sorted({h for x in hidden for h in hexes_within(x, 2) if h in m.cells and not m.features_at(h)
                     and m.cells[h].terrain in (Terrain.WALL, Terrain.LOW)
                     and min(h.distance(p) for p in ground.point) <= 2},
                    key=lambda h: (min(h.distance(p) for p in ground.point), h))
    return [Proposal((SetGround(h, m.cells[h], Cell(m.cells[h].height)),),
                     f"{fav.value}'s hidden ground by the point comes into its sight", "cover") for h in blocks[:4]]


FIXES = register_fixes(KOTH, ModeFixes(goal="the point", goal_hexes=point_hexes, figures=exposure,
                                       candidates=cover))
