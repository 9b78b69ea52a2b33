"""Qt-free quick fixes: for a validator problem with an obvious repair, an edit that makes it.

:func:`suggest_fixes` looks at the problem's code and hexes and at the map, and
returns labelled fixes; applying one gives an :class:`~editor.edits.Edit` the
editor pushes on the undo stack. A fix never guesses: when the repair is not
obvious (several ways to close a gap, say) none is offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from editor.edits import Edit, HeightInk, TerrainInk, _strip_features, paint
from engine.hexgrid import Hex, hex_linedraw
from engine.mapmodel import HexMap, Team, Terrain
from engine.validation.problem import Problem

__all__ = ["QuickFix", "suggest_fixes"]


@dataclass(frozen=True)
class QuickFix:
    """A named repair: ``apply(map)`` returns the edit (raises MapEditError if it no longer fits)."""

    label: str
    apply: Callable[[HexMap], Edit]


def _walls(m: HexMap, hexes: tuple[Hex, ...]) -> list[Hex]:
    return [h for h in hexes if h in m.cells and m.cells[h].terrain is Terrain.WALL]


def _remove_features(hexes: list[Hex]) -> Callable[[HexMap], Edit]:
    def run(m: HexMap) -> Edit:
        gone = set(hexes)
        touched = set(gone)
        for path in m.tracks.values():
            if gone & set(path):
                touched |= set(path)
        return Edit(_strip_features(m, gone), frozenset(touched))

    return run


def _gap_filler(m: HexMap, team: Team, a: Hex, b: Hex) -> list[Hex] | None:
    """The hexes that join track steps ``a`` and ``b`` along a straight line, if all are usable."""
    between = hex_linedraw(a, b)[1:-1]
    used = {h for path in m.tracks.values() for h in path}
    if not between or any(h not in m.cells or h in used or m.cells[h].terrain is Terrain.WALL for h in between):
        return None
    return between


def _close_gap(team: Team, a: Hex, b: Hex) -> Callable[[HexMap], Edit]:
    def run(m: HexMap) -> Edit:
        path = list(m.track(team))
        fill = _gap_filler(m, team, a, b)
        if fill is None or a not in path or b not in path:
            return Edit(m, frozenset())
        i = path.index(a)
        new = path[: i + 1] + fill + path[i + 1 :]
        return Edit(m.with_track(team, new), frozenset(new))

    return run


def _turn_stairs(h: Hex, d: int) -> Callable[[HexMap], Edit]:
    def run(m: HexMap) -> Edit:
        return paint(m, [h], TerrainInk(Terrain.STAIRS, d))

    return run


def suggest_fixes(m: HexMap, p: Problem) -> list[QuickFix]:
    """Obvious repairs for ``p`` on ``m`` (possibly none)."""
    out: list[QuickFix] = []
    hexes = tuple(h for h in p.hexes if h in m.cells)
    if p.code == "HF101":
        walls = _walls(m, hexes)
        if walls:
            out.append(QuickFix("Remove the feature from the wall", _remove_features(walls)))
            out.append(
                QuickFix("Make the wall open ground", lambda mm, w=walls: paint(mm, w, TerrainInk(Terrain.OPEN)))
            )
    elif p.code == "HF102" and hexes:
        for team in Team:
            other = team.other
            out.append(
                QuickFix(
                    f"Give the shared hexes to {team.value}",
                    lambda mm, o=other, hs=hexes: Edit(
                        mm.with_spawn_zone(o, set(mm.spawns.get(o, ())) - set(hs)), frozenset(hs)
                    ),
                )
            )
    elif p.code == "HF103" and hexes:
        out.append(QuickFix("Raise the control point to height 2", lambda mm, hs=hexes: paint(mm, hs, HeightInk(2))))
    elif p.code == "HF107" and len(p.hexes) == 2:
        a, b = p.hexes
        for team in Team:
            path = m.track(team)
            if a in path and b in path and path.index(b) == path.index(a) + 1 and _gap_filler(m, team, a, b):
                n = a.distance(b) - 1
                out.append(QuickFix(f"Close the gap ({n} hex{'es' if n > 1 else ''})", _close_gap(team, a, b)))
    elif p.code == "HF110" and hexes:
        h = hexes[0]
        c = m.cells[h]
        ups = [
            d for d in range(6)
            if (n := h.neighbor(d)) in m.cells and m.cells[n].height == c.height + 1 and m.cells[n].terrain is not Terrain.WALL
        ]
        if len(ups) == 1:
            out.append(QuickFix(f"Turn the stairs toward {h.neighbor(ups[0])}", _turn_stairs(h, ups[0])))
    return out
