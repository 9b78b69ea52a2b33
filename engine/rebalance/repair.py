"""Repairs of an almost symmetric map: make each breaking hex match its mirror image.

A map one edit away from a team symmetry (the validator's HF402) breaks it at
pairs of hexes, a hex and its image. Each pair can be repaired two ways: copy
the hex onto its image, or the image onto the hex (RED features become BLU
ones across the mirror, stairs turn). Either way one hex changes and that
pair matches again; repairing every pair gives back an exactly symmetric map,
and the two sides of a symmetric map are even by construction when the batch
alternates the first team and swaps the players' sides.
"""

from __future__ import annotations

from itertools import product

from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.rebalance.changes import Change, Feature, PlaceFeature, Proposal, RemoveFeature, SetGround
from engine.rebalance.mirror import Mirror

__all__ = ["copy_across", "repairs"]

#: Pairs up to which every combination of directions is offered (2^k proposals); beyond, one per pair.
ALL_COMBINATIONS_UP_TO = 3


def copy_across(m: HexMap, mirror: Mirror, src: Hex, dst: Hex) -> list[Change] | None:
    """The changes that make ``dst`` the mirror image of ``src`` (ground, spawn zones, kits), or None when the
    difference is one no change here makes (a control point, a track step, a hex off the map)."""
    if src not in m.cells or dst not in m.cells:
        return None
    if (m.control_point_at(src) is None) != (m.control_point_at(dst) is None):
        return None
    if any((src in m.track(t)) or (dst in m.track(t)) for t in m.tracks):
        return None
    out: list[Change] = []
    want = mirror.cell(m.cells[src])
    if m.cells[dst] != want:
        out.append(SetGround(dst, m.cells[dst], want))
    team_src, team_dst = m.spawn_team(src), m.spawn_team(dst)
    if Mirror.team(team_src) != team_dst:
        if team_dst is not None:
            out.append(RemoveFeature(Feature("spawn", team_dst.value), dst))
        if team_src is not None:
            out.append(PlaceFeature(Feature("spawn", team_src.other.value), dst))
    if (src in m.kits) != (dst in m.kits):
        kit = Feature("kit")
        out.append(PlaceFeature(kit, dst) if src in m.kits else RemoveFeature(kit, dst))
    return out or None


def _pairs(mirror: Mirror) -> list[tuple[Hex, Hex]]:
    seen: set[Hex] = set()
    out = []
    for h in mirror.breaking:
        img = mirror.image(h)
        if h in seen or img is None:
            continue
        seen |= {h, img}
        out.append((h, img))
    return out


def repairs(m: HexMap, mirror: Mirror) -> list[Proposal]:
    """Proposals that make the breaking hexes of ``m`` match their images (module docstring), fewest changes
    first. Empty when the map is exactly symmetric."""
    pairs = _pairs(mirror)
    options: list[list[tuple[Hex, list[Change]]]] = []
    for a, b in pairs:
        ways = [(dst, cs) for src, dst in ((a, b), (b, a)) if (cs := copy_across(m, mirror, src, dst)) is not None]
        if ways:
            options.append(ways)
    if not options:
        return []
    why = f"the map is almost symmetric ({mirror.describe()}): make {{}} match {{}} mirror image"
    out = []
    if len(options) <= ALL_COMBINATIONS_UP_TO:
        for combo in product(*options):
            hexes = [str(dst) for dst, _ in combo]
            changes = tuple(c for _, cs in combo for c in cs)
            out.append(Proposal(changes, why.format(", ".join(hexes), "its" if len(hexes) == 1 else "their"),
                                "symmetry"))
    else:
        for ways in options:
            for dst, cs in ways:
                out.append(Proposal(tuple(cs), why.format(dst, "its"), "symmetry"))
    out.sort(key=lambda p: (len(p.hexes), p.why))
    return out
