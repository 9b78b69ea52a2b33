"""HF402's side copies: make an almost symmetric map match its mirror image, one team's side as the model.

An almost symmetric map (HF402) breaks its best team symmetry at pairs of
hexes, a hex and its image. Which of the two is the slip only the designer
knows, so the repair is a choice between the two sides: copy every breaking hex
on RED's side onto its image on BLU's side ("make BLU's side match RED's"), or
the other way. A hex belongs to the side of the spawn zone it lies nearer; a
pair that distance does not split (equally near, or both nearer one zone) is
split by its one spawn hex, if it has just one, else left alone. A copy carries
the ground (height, terrain, stairs turned by the symmetry), the spawn zone (RED's becomes BLU's
across the mirror) and a kit. Pairs involving a control point or a cart track
are left alone: a track is one path (HF402's reversed-track fix and HF303
mend those), and a control point is not a side's. When every breaking pair can
be copied, the result is exactly symmetric (HF401).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexgrid import DIRECTIONS, Hex
from engine.mapmodel import Cell, HexMap, Team
from engine.validation.symmetry import SymmetryFit

__all__ = ["SideCopy", "side_copies"]


@dataclass(frozen=True, slots=True)
class SideCopy:
    """Copy each of ``pairs``' first hex (on ``model``'s side) onto its second (its image on the other side)."""

    model: Team
    pairs: tuple[tuple[Hex, Hex], ...]
    fit: SymmetryFit

    def apply(self, m: HexMap) -> tuple[HexMap, frozenset[Hex]]:
        """``m`` with every copy made, and the hexes that changed."""
        turn = tuple(DIRECTIONS.index(self.fit.symmetry.apply(d)) for d in DIRECTIONS)
        cells: dict[Hex, Cell | None] = {}
        zones = {t: set(m.spawns.get(t, ())) for t in Team}
        kits = set(m.kits)
        for src, dst in self.pairs:
            if src not in m.cells or dst not in m.cells:
                continue
            c = m.cells[src]
            want = Cell(c.height, c.terrain, None if c.stairs_up is None else turn[c.stairs_up])
            if m.cells[dst] != want:
                cells[dst] = want
            for t in Team:
                zones[t].discard(dst)
            owner = m.spawn_team(src)
            if owner is not None:
                zones[owner.other].add(dst)
            if src in m.kits:
                kits.add(dst)
            else:
                kits.discard(dst)
        out = m.with_cells(cells) if cells else m
        for t in Team:
            if zones[t] != set(m.spawns.get(t, ())):
                out = out.with_spawn_zone(t, zones[t])
        if kits != set(m.kits):
            out = out.with_kits(kits)
        changed = frozenset(dst for _, dst in self.pairs if _differs(m, out, dst))
        return out, changed


def _differs(a: HexMap, b: HexMap, h: Hex) -> bool:
    return (a.cells.get(h) != b.cells.get(h) or a.spawn_team(h) != b.spawn_team(h)
            or (h in a.kits) != (h in b.kits))


def _side(m: HexMap, h: Hex) -> Team | None:
    """The team whose spawn zone ``h`` lies nearer (None: equally near, or a team has no zone)."""
    near = {t: min((h.distance(s) for s in m.spawns.get(t, ())), default=None) for t in Team}
    red, blu = near[Team.RED], near[Team.BLU]
    if red is None or blu is None or red == blu:
        return None
    return Team.RED if red < blu else Team.BLU


def _by_spawn(m: HexMap, h: Hex, img: Hex) -> tuple[Team | None, Team | None]:
    """The sides of a pair that distance does not split, when just one of the two is a spawn hex: that hex is its
    team's side, its image the other's (a new-user audit grew RED's zone toward the point by 17 hexes; their images
    lay nearer RED's grown zone too, so no pair had two sides and neither quick fix was offered)."""
    t, u = m.spawn_team(h), m.spawn_team(img)
    if t is not None and u is None:
        return t, t.other
    if u is not None and t is None:
        return u.other, u
    return None, None


def side_copies(m: HexMap, fit: SymmetryFit) -> list[SideCopy]:
    """The two side copies of ``m`` under ``fit`` (RED's side as the model, then BLU's), or none when no breaking
    pair can be copied (module docstring). Always both or neither: each copyable pair has one hex on each side."""
    track = {h for t in Team for h in m.track(t)}
    seen: set[Hex] = set()
    by_side: dict[Team, list[tuple[Hex, Hex]]] = {t: [] for t in Team}
    for h in fit.mismatches:
        img = fit.image(h)
        if h in seen or img is None or img == h or img not in m.cells:
            continue
        seen |= {h, img}
        if {h, img} & track or m.control_point_at(h) is not None or m.control_point_at(img) is not None:
            continue
        a, b = _side(m, h), _side(m, img)
        if a is None or b is None or a is b:
            a, b = _by_spawn(m, h, img)
            if a is None or b is None:
                continue
        red, blu = (h, img) if a is Team.RED else (img, h)
        by_side[Team.RED].append((red, blu))
        by_side[Team.BLU].append((blu, red))
    if not by_side[Team.RED]:
        return []
    return [SideCopy(t, tuple(sorted(by_side[t])), fit) for t in Team]
