"""Qt-free overlay data computed with the engine's own rules: reach, sight, exposure, symmetry.

Each function returns plain per-hex values; :mod:`editor.docks.overlays` turns
them into colours. The game rules come from :mod:`engine.rules` (movement floods
and line of sight) so the overlay shows exactly what the game and the validator
compute.
"""

from __future__ import annotations

import math

from editor.geometry import SymmetryMode, transform_cell
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Colour, HexMap, Mode, Team, Terrain
from engine.rules.board import Board
from engine.rules.fov import seers
from engine.rules.movement import flood
from engine.rules.sight import Sight
from engine.ruleset import Ruleset

__all__ = ["control_point_exposure", "sight_from", "symmetry_mismatches", "turns_to_reach", "unit_kinds"]


def unit_kinds(mode: Mode, ruleset: Ruleset | None = None) -> list[str]:
    """The mobile unit kinds of ``ruleset`` (default: ``mode``'s built-in one), in blueprint order."""
    rs = ruleset if ruleset is not None else GAMES[mode].builtin_ruleset()
    return [k for k, u in rs.units.items() if u.mobile]


def _mode(m: HexMap, mode: Mode | None) -> Mode:
    return mode if mode is not None else m.meta.modes[0]


def turns_to_reach(m: HexMap, source: Team | Colour, kind: str, mode: Mode | None = None,
                   ruleset: Ruleset | None = None) -> dict[Hex, int]:
    """Turns a ``kind`` unit needs to each hex from ``source`` (0 = there): a team's spawn zone, or — in a game
    whose characters enter at coloured spawnpoints (Team Play) — one colour's spawnpoints.

    Uses the engine's movement flood under ``mode``'s climbing rule (default:
    the map's first mode) and the unit's speed from ``ruleset`` (default: the
    mode's built-in one); hexes it cannot reach are absent. Raises RulesetError
    for a kind the ruleset does not have.
    """
    at = m.spawns.get(source, ()) if isinstance(source, Team) else m.spawnpoints.get(source, ())
    starts = [h for h in at if m.cells[h].terrain is not Terrain.WALL]
    if not starts:
        return {}
    md = _mode(m, mode)
    unit = (ruleset if ruleset is not None else GAMES[md].builtin_ruleset()).unit(kind)
    speed = max(1, unit.speed)
    team = source if isinstance(source, Team) else None
    reach = flood(Board.for_map(m), starts, GAMES[md].move_profile(unit.specials, team)).reachable()
    return {h: math.ceil(steps / speed) for h, steps in reach.items()}


def sight_from(m: HexMap, h: Hex, radius: int = 14, heights_block: bool = True) -> dict[Hex, bool]:
    """For hexes within ``radius`` of ``h``: whether a unit on ``h`` sees a unit there.

    Empty when ``h`` is off the map or a wall. Walls are left out of the result.
    """
    if h not in m.cells or m.cells[h].terrain is Terrain.WALL:
        return {}
    board = Board.for_map(m)
    sight = Sight.for_board(board, heights_block)
    i = board.idx(h)
    out: dict[Hex, bool] = {}
    for j in board.within(i, radius):
        if j == i or board.wall[j]:
            continue
        out[board.hexes[j]] = sight.sees(i, j)
    return out


def control_point_exposure(m: HexMap, team: Team, mode: Mode | None = None) -> dict[Hex, int]:
    """Hexes ``team`` can walk to from its spawn that see the control point, with how many of its hexes.

    Empty without a control point or spawn zone.
    """
    cp = {h for point in m.control_points for h in point}
    if not cp:
        return {}
    starts = [h for h in m.spawns.get(team, ()) if m.cells[h].terrain is not Terrain.WALL]
    if not starts:
        return {}
    board = Board.for_map(m)
    md = _mode(m, mode)
    reach = flood(board, starts, GAMES[md].move_profile((), team))
    sight = Sight.for_board(board, GAMES[md].heights_block_sight)
    cp_idx = [board.idx(h) for h in cp]
    candidates = set(reach.indices()).difference(cp_idx)
    counts: dict[int, int] = {}
    for j in cp_idx:  # one field-of-view sweep per point hex, not one sight check per pair
        for i in seers(sight, j, candidates):
            counts[i] = counts.get(i, 0) + 1
    return {board.hexes[i]: n for i, n in counts.items()}


def symmetry_mismatches(m: HexMap, sym: SymmetryMode) -> set[Hex]:
    """Hexes whose symmetric image differs: ground, or features (RED↔BLU swapped in two-fold modes).

    A hex whose image is off the map, or not a whole hex, counts as a mismatch.
    """
    syms = sym.symmetries()
    if not syms:
        return set()
    out: set[Hex] = set()
    swap = sym.swaps_teams

    def feature_sig(h: Hex, swapped: bool) -> tuple[object, ...]:
        t = m.spawn_team(h)
        if t is not None and swapped:
            t = t.other
        return (t, h in m.kits, m.control_point_at(h) is not None, m.spawnpoint_colour(h), h in m.ammo, h in m.racks)

    for s in syms:
        for h, c in m.cells.items():
            img = s.apply_about(h, sym.center2)
            if img is None or img not in m.cells:
                out.add(h)
                continue
            if m.cells[img] != transform_cell(c, s):
                out.add(h)
                continue
            if feature_sig(img, False) != feature_sig(h, swap):
                out.add(h)
    return out
